import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPages, webRedirects } from "~/db/schema.server";
import type { Saver } from "~/models/post-writes.server";
import { createRedirect } from "~/models/redirects.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { listLegalVersions } from "./legal-versions.server";
import { listPageRevisions } from "./page-revisions.server";
import { createPage, getPublishedPageByPath } from "./pages.server";
import { type BlockSeed, type PageSeed, seedPages } from "./seed-pages.server";

const garage: BlockSeed = {
  id: "story-1",
  type: "richText",
  v: 2,
  markdown: "We started in a garage.",
};

const story: PageSeed = {
  address: "/our-story",
  title: "Our story",
  kind: "page",
  metaDescription: "How the company began.",
  blocks: [
    garage,
    {
      id: "story-2",
      type: "cardGrid",
      v: 3,
      title: "What we value",
      cards: [{ icon: "Handshake", title: "Trust" }],
    },
  ],
};

const notice: PageSeed = {
  address: "/privacy-notice",
  title: "Privacy notice",
  kind: "legal",
  legalEffectiveDate: "2024-09-09",
  blocks: [
    {
      id: "notice-1",
      type: "legal",
      v: 2,
      sections: [{ heading: "What we collect", markdown: "Your e-mail address." }],
    },
  ],
};

describe.each(backends)("seeding pages on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  /** As a seed step runs: in one transaction. */
  const seed = (seeds: PageSeed[]) => database.db.transaction((tx) => seedPages(tx, seeds));

  it("publishes each page with one revision by Site setup, freeing its address and keeping a legal version", async () => {
    await createRedirect(database.db, { fromPath: "/our-story", target: "/contact" }, null);

    const outcomes = await seed([story, notice]);
    expect(outcomes.map((o) => [o.address, o.status])).toEqual([
      ["/our-story", "created"],
      ["/privacy-notice", "created"],
    ]);

    const page = await getPublishedPageByPath(database.db, "/our-story");
    expect(page?.title).toBe("Our story");
    expect(page?.metaDescription).toBe("How the company began.");
    // The seed's ids are kept, and the defaults filled in as a staff save's would be.
    expect(page?.blocks.map((block) => block.id)).toEqual(["story-1", "story-2"]);
    expect(page?.blocks[1]).toMatchObject({ style: "stacked", cards: [{ icon: "Handshake" }] });
    const legal = await getPublishedPageByPath(database.db, "/privacy-notice");
    expect(legal?.effectiveDate).toBe("2024-09-09");

    for (const created of [page, legal]) {
      if (!created) throw new Error("not published");
      const revisions = await listPageRevisions(database.db, created.id);
      expect(revisions.map((r) => [r.savedByName, r.source, r.status])).toEqual([
        ["Site setup", "seed", "published"],
      ]);
    }
    // A redirect from the address would be answered in place of the page.
    expect(await database.db.select().from(webRedirects)).toEqual([]);
    if (!legal) throw new Error("not published");
    expect((await listLegalVersions(database.db, legal.id)).map((v) => v.effectiveDate)).toEqual([
      "2024-09-09",
    ]);
  });

  it("skips a page whose address is taken and still creates the others", async () => {
    const editor: Saver = { id: null, name: "ada@example.com", source: "editor" };
    await createPage(
      database.db,
      {
        title: "Staff's own story",
        path: "/our-story",
        kind: "page",
        status: "draft",
        blocks: [],
        noindex: false,
      },
      { saver: editor },
    );

    const outcomes = await seed([story, notice]);
    expect(outcomes.map((o) => [o.address, o.status])).toEqual([
      ["/our-story", "skipped"],
      ["/privacy-notice", "created"],
    ]);
    const rows = await database.db
      .select({ path: webPages.path, title: webPages.title, status: webPages.status })
      .from(webPages)
      .orderBy(webPages.path);
    expect(rows).toEqual([
      { path: "/our-story", title: "Staff's own story", status: "draft" },
      { path: "/privacy-notice", title: "Privacy notice", status: "published" },
    ]);

    // A second run of the same seeds changes nothing.
    expect((await seed([story, notice])).map((o) => o.status)).toEqual(["skipped", "skipped"]);
    expect(await database.db.select().from(webPages)).toHaveLength(2);
  });

  it("refuses a seed with a block that is not valid, naming the block, and writes nothing", async () => {
    const typo: PageSeed = {
      ...story,
      blocks: [
        garage,
        {
          id: "story-2",
          type: "cardGrid",
          v: 3,
          cards: [{ icon: "Handshake", title: "" }],
        },
      ],
    };
    // Outside a transaction too: every seed is checked before the first is written.
    await expect(seedPages(database.db, [notice, typo])).rejects.toThrow(
      "The seed page /our-story has blocks that are not valid: Block 2 (Card grid), cards › 1 › title: Enter a card's title.",
    );
    await expect(seed([{ ...notice, legalEffectiveDate: undefined }])).rejects.toThrow(
      "The seed page /privacy-notice is a legal document without an effective date",
    );
    await expect(seed([{ ...notice, address: "/Privacy_Notice" }])).rejects.toThrow(
      "The seed page /Privacy_Notice has an address that is not valid: Start the address with /",
    );
    expect(
      await database.db.select().from(webPages).where(eq(webPages.path, "/privacy-notice")),
    ).toEqual([]);
  });
});
