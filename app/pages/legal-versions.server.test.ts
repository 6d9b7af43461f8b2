import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webIntegrations, webSettings } from "~/db/schema.server";
import { publishDuePages } from "~/jobs/publish-scheduled.server";
import type { Saver } from "~/models/post-writes.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import { getLegalVersion, legalFactsOf, listLegalVersions } from "./legal-versions.server";
import {
  listPageRevisions,
  pageRevisionWithDiff,
  restorePageRevision,
} from "./page-revisions.server";
import { createPage, getPage, type PageInput, updatePage } from "./pages.server";

const editor: Saver = { id: null, name: "ada@example.com", source: "editor" };
const o = { saver: editor };

const legalBlock = (sentence: string): Block => ({
  id: "legal1",
  type: "legal",
  v: 2,
  anchor: "",
  numbered: true,
  intro: "These terms bind every visitor.",
  sections: [{ heading: "Scope", anchor: "", when: "always", style: "text", markdown: sentence }],
});

const terms = (over: Partial<PageInput> = {}): PageInput => ({
  title: "Terms",
  path: "/terms",
  kind: "legal",
  status: "published",
  blocks: [legalBlock("The terms apply to the website.")],
  noindex: false,
  legalVersion: "1.0",
  effectiveDate: "2026-01-01",
  changeSummary: "",
  ...over,
});

/** The sentence of the version's only section. */
const sentenceOf = (blocks: Block[]) => {
  const [block] = blocks;
  return block?.type === "legal" ? block.sections[0]?.markdown : undefined;
};

describe.each(backends)("legal versions on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  async function created(input: PageInput) {
    const outcome = await createPage(database.db, input, o);
    if (outcome.status !== "saved") throw new Error("not saved");
    return outcome;
  }

  async function saved(id: number, input: PageInput) {
    const outcome = await updatePage(database.db, id, input, o);
    if (outcome.status !== "saved") throw new Error(`not saved: ${outcome.status}`);
    return outcome;
  }

  it("keeps what a published legal document says under its effective date", async () => {
    const { id } = await created(terms());
    const [version] = await listLegalVersions(database.db, id);
    expect(version).toMatchObject({ effectiveDate: "2026-01-01", legalVersion: "1.0" });
    const stored = await getLegalVersion(database.db, id, "2026-01-01");
    expect(stored?.title).toBe("Terms");
    expect(sentenceOf(stored?.blocks ?? [])).toBe("The terms apply to the website.");
    expect(await getPage(database.db, id)).toMatchObject({
      legalVersion: "1.0",
      effectiveDate: "2026-01-01",
      changeSummary: "",
    });
  });

  it("keeps a version as it read when published: settings values and conditions frozen", async () => {
    await database.db
      .insert(webSettings)
      .values({ key: "site_name", value: "Old Name Inc" })
      .onConflictDoUpdate({ target: webSettings.key, set: { value: "Old Name Inc" } });
    const { id } = await created(
      terms({
        blocks: [
          legalBlock(
            "{company_name} sets {if optional_cookies}optional{else}only essential{end} cookies.\n\n{contact_card}",
          ),
        ],
      }),
    );
    // Later the name changes and the live chat is switched on.
    await database.db
      .update(webSettings)
      .set({ value: "New Name Inc" })
      .where(eq(webSettings.key, "site_name"));
    await database.db
      .insert(webIntegrations)
      .values({
        name: "chatwoot",
        enabled: true,
        config: { websiteToken: "tok", baseUrl: "https://chat.example.com" },
      })
      .onConflictDoUpdate({
        target: webIntegrations.name,
        set: {
          enabled: true,
          config: { websiteToken: "tok", baseUrl: "https://chat.example.com" },
        },
      });
    const stored = await getLegalVersion(database.db, id, "2026-01-01");
    expect(sentenceOf(stored?.blocks ?? [])).toBe(
      "Old Name Inc sets only essential cookies.\n\n{contact_card}",
    );
    expect(stored?.frozen?.values.company_name).toBe("Old Name Inc");
    expect(stored?.frozen?.cookies).toEqual({ integrations: [] });
  });

  it("replaces the version when the same date is published again (a correction)", async () => {
    const { id } = await created(terms());
    await saved(id, terms({ blocks: [legalBlock("The terms apply to the whole website.")] }));
    const versions = await listLegalVersions(database.db, id);
    expect(versions.map((v) => v.effectiveDate)).toEqual(["2026-01-01"]);
    const stored = await getLegalVersion(database.db, id, "2026-01-01");
    expect(sentenceOf(stored?.blocks ?? [])).toBe("The terms apply to the whole website.");
  });

  it("adds a version for a new date, keeps the older ones, and lists them newest first", async () => {
    const { id } = await created(terms());
    await saved(
      id,
      terms({
        blocks: [legalBlock("The terms apply to the website and the app.")],
        legalVersion: "2.0",
        effectiveDate: "2026-11-01",
        changeSummary: "The app is covered too.",
      }),
    );
    await saved(id, terms({ legalVersion: "1.5", effectiveDate: "2026-06-01" }));
    const versions = await listLegalVersions(database.db, id);
    expect(versions.map((v) => [v.effectiveDate, v.legalVersion, v.changeSummary])).toEqual([
      ["2026-11-01", "2.0", "The app is covered too."],
      ["2026-06-01", "1.5", ""],
      ["2026-01-01", "1.0", ""],
    ]);
    const old = await getLegalVersion(database.db, id, "2026-01-01");
    expect(sentenceOf(old?.blocks ?? [])).toBe("The terms apply to the website.");
    expect(await getLegalVersion(database.db, id, "2026-01-02")).toBeNull();
  });

  it("lists the earlier versions on the page, linked, with their dates and summaries", async () => {
    const { id } = await created(terms({ changeSummary: "First version." }));
    await saved(id, terms({ legalVersion: "2.0", effectiveDate: "2026-11-01" }));
    const page = await getPage(database.db, id);
    if (!page) throw new Error("no page");
    expect(await legalFactsOf(database.db, page)).toEqual({
      effectiveDate: "2026-11-01",
      dateLabel: "November 1, 2026",
      legalVersion: "2.0",
      summary: "",
      previous: [
        {
          effectiveDate: "2026-01-01",
          dateLabel: "January 1, 2026",
          legalVersion: "1.0",
          summary: "First version.",
          href: "/terms/versions/2026-01-01",
        },
      ],
      currentHref: null,
    });
  });

  it("stores a version when the scheduler publishes a legal document", async () => {
    const soon = new Date(Date.now() + 300);
    const { id } = await created(terms({ status: "scheduled", publishedAt: soon }));
    expect(await listLegalVersions(database.db, id)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const published = await publishDuePages(database.db);
    expect(published.map((p) => [p.path, p.effectiveDate])).toEqual([["/terms", "2026-01-01"]]);
    expect((await listLegalVersions(database.db, id)).map((v) => v.effectiveDate)).toEqual([
      "2026-01-01",
    ]);
  });

  it("stores a version when a restore changes a published legal document", async () => {
    const { id } = await created(terms());
    await saved(id, terms({ blocks: [legalBlock("A changed sentence.")] }));
    const revisions = await listPageRevisions(database.db, id);
    const first = revisions.at(-1);
    if (!first) throw new Error("no revision");
    const restored = await restorePageRevision(database.db, id, first.id, o);
    expect(restored.status).toBe("saved");
    const stored = await getLegalVersion(database.db, id, "2026-01-01");
    expect(sentenceOf(stored?.blocks ?? [])).toBe("The terms apply to the website.");
  });

  it("shows a changed version, date and summary in the history's comparison, by name", async () => {
    const { id } = await created(terms());
    await saved(
      id,
      terms({ legalVersion: "2.0", effectiveDate: "2026-11-01", changeSummary: "The app too." }),
    );
    const first = (await listPageRevisions(database.db, id)).at(-1);
    const detail = await pageRevisionWithDiff(database.db, id, first?.id ?? 0);
    expect(detail?.diff.map((d) => d.label)).toEqual([
      "Legal version",
      "Effective date",
      "Summary of changes",
    ]);
    const date = detail?.diff.find((d) => d.field === "effectiveDate");
    const side = (keep: (p: { added?: boolean; removed?: boolean }) => boolean) =>
      date?.parts
        .filter(keep)
        .map((p) => p.value)
        .join("");
    expect(side((p) => !p.added)).toBe("2026-01-01");
    expect(side((p) => !p.removed)).toBe("2026-11-01");
  });

  it("stores none for a draft, an undated legal page, or a page of another kind", async () => {
    const draft = await created(terms({ status: "draft" }));
    const undated = await created(terms({ path: "/undated", effectiveDate: null }));
    const landing = await created(terms({ path: "/offer", kind: "landing" }));
    for (const { id } of [draft, undated, landing]) {
      expect(await listLegalVersions(database.db, id)).toEqual([]);
    }
  });
});
