import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPageRevisions, webPages } from "~/db/schema.server";
import type { Saver } from "~/models/post-writes.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import {
  blocksAsText,
  listPageRevisions,
  pageRevisionWithDiff,
  restorePageRevision,
} from "./page-revisions.server";
import { createPage, getPage, type PageInput, updatePage } from "./pages.server";

const ada: Saver = { id: null, name: "ada@example.com", source: "editor" };
const bob: Saver = { id: null, name: "bob@example.com", source: "editor" };

const cards = (second: string): Block => ({
  id: "cards1",
  type: "cardGrid",
  v: 3,
  anchor: "",
  eyebrow: "",
  title: "Why us",
  intro: "",
  tone: "plain",
  tightTop: false,
  style: "stacked",
  columns: 3,
  linkStyle: "card",
  cards: [
    {
      icon: "",
      badge: "",
      title: "Fast setup",
      text: "Live in a week.",
      checks: [],
      href: "",
      linkLabel: "",
    },
    { icon: "", badge: "", title: second, text: "", checks: [], href: "", linkLabel: "" },
  ],
  cardsFrom: "block",
});

const faq: Block = {
  id: "faq1",
  type: "faq",
  v: 2,
  anchor: "faq",
  title: "Questions",
  items: [{ question: "Sundays?", answer: "Yes,\nevery one." }],
};

const input = (over: Partial<PageInput> = {}): PageInput => ({
  title: "Spring offer",
  path: "/spring-offer",
  kind: "landing",
  status: "published",
  blocks: [cards("Fair prices"), faq],
  metaTitle: "Spring offer",
  noindex: false,
  ...over,
});

describe("blocks as text", () => {
  it("gives one line per filled field, named by the block's position, label and field", () => {
    expect(blocksAsText([cards("Fair prices"), faq])).toBe(
      [
        "1. Card grid",
        "1. Card grid › title: Why us",
        "1. Card grid › tone: plain",
        "1. Card grid › tightTop: false",
        "1. Card grid › style: stacked",
        "1. Card grid › columns: 3",
        "1. Card grid › linkStyle: card",
        "1. Card grid › cards › 1 › title: Fast setup",
        "1. Card grid › cards › 1 › text: Live in a week.",
        "1. Card grid › cards › 2 › title: Fair prices",
        "1. Card grid › cardsFrom: block",
        "2. FAQ",
        "2. FAQ › anchor: faq",
        "2. FAQ › title: Questions",
        "2. FAQ › items › 1 › question: Sundays?",
        "2. FAQ › items › 1 › answer: Yes, ⏎ every one.",
        "",
      ].join("\n"),
    );
    expect(blocksAsText([])).toBe("");
  });
});

describe.each(backends)("page revisions on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("keeps every save, diffs blocks line by line, and restores content but not the address", async () => {
    const created = await createPage(database.db, input(), { saver: ada });
    if (created.status !== "saved") throw new Error("not saved");
    await updatePage(
      database.db,
      created.id,
      input({
        title: "Summer offer",
        path: "/summer-offer",
        blocks: [cards("Honest prices")],
        metaTitle: null,
        noindex: true,
      }),
      { saver: bob },
    );

    const revisions = await listPageRevisions(database.db, created.id);
    expect(revisions.map((r) => [r.savedByName, r.title, r.version])).toEqual([
      ["bob@example.com", "Summer offer", 2],
      ["ada@example.com", "Spring offer", 1],
    ]);
    const first = revisions[1];
    if (!first) throw new Error("no first revision");

    const detail = await pageRevisionWithDiff(database.db, created.id, first.id);
    expect(detail?.revision).toMatchObject({ id: first.id, title: "Spring offer" });
    expect(detail?.diff.map((d) => d.label)).toEqual([
      "Title",
      "Address",
      "Blocks",
      "Meta title",
      "Hidden from search engines",
    ]);
    const blocks = detail?.diff.find((d) => d.field === "blocks");
    const removed = blocks?.parts.filter((p) => p.removed).map((p) => p.value);
    const added = blocks?.parts.filter((p) => p.added).map((p) => p.value);
    expect(removed).toEqual([
      "1. Card grid › cards › 2 › title: Fair prices\n",
      "2. FAQ\n2. FAQ › anchor: faq\n2. FAQ › title: Questions\n2. FAQ › items › 1 › question: Sundays?\n2. FAQ › items › 1 › answer: Yes, ⏎ every one.\n",
    ]);
    expect(added).toEqual(["1. Card grid › cards › 2 › title: Honest prices\n"]);
    expect(await pageRevisionWithDiff(database.db, created.id, 999_999)).toBeNull();

    // Someone saved in between: the restore is refused and nothing changes.
    expect(
      await restorePageRevision(database.db, created.id, first.id, {
        saver: ada,
        expectedVersion: 1,
      }),
    ).toEqual({ status: "conflict" });
    expect(await restorePageRevision(database.db, created.id, 999_999, { saver: ada })).toEqual({
      status: "no-revision",
    });
    expect(await restorePageRevision(database.db, 999_999, first.id, { saver: ada })).toEqual({
      status: "missing",
    });

    const restored = await restorePageRevision(database.db, created.id, first.id, {
      saver: { ...ada, source: "restore" },
      expectedVersion: 2,
    });
    expect(restored).toEqual({
      status: "saved",
      id: created.id,
      path: "/summer-offer",
      version: 3,
    });
    const page = await getPage(database.db, created.id);
    expect(page).toMatchObject({
      title: "Spring offer",
      path: "/summer-offer",
      status: "published",
      metaTitle: "Spring offer",
      noindex: false,
      blocks: [cards("Fair prices"), faq],
    });
    const after = await listPageRevisions(database.db, created.id);
    expect(after[0]).toMatchObject({ source: "restore", version: 3 });
    // Nothing differs from the first save's content now but its address.
    const again = await pageRevisionWithDiff(database.db, created.id, first.id);
    expect(again?.diff.map((d) => d.label)).toEqual(["Address"]);
  });

  it("keeps a block it cannot read when a revision from before it is restored", async () => {
    const created = await createPage(database.db, input(), { saver: ada });
    if (created.status !== "saved") throw new Error("not saved");
    const [first] = await listPageRevisions(database.db, created.id);
    if (!first) throw new Error("no first revision");
    // A newer version of the site adds a block this one cannot read, after the card grid.
    const future = { id: "future", type: "carousel", v: 1 };
    await database.db
      .update(webPages)
      .set({ blocks: [cards("Fair prices"), future, faq], title: "Newer" })
      .where(eq(webPages.id, created.id));

    const restored = await restorePageRevision(database.db, created.id, first.id, { saver: ada });
    expect(restored.status).toBe("saved");
    const [row] = await database.db
      .select({ title: webPages.title, blocks: webPages.blocks })
      .from(webPages)
      .where(eq(webPages.id, created.id));
    expect(row).toEqual({ title: "Spring offer", blocks: [cards("Fair prices"), future, faq] });
  });

  it("keeps the newest N revisions and always the one published last", async () => {
    const created = await createPage(database.db, input(), { saver: ada, keepRevisions: 3 });
    if (created.status !== "saved") throw new Error("not saved");
    for (const title of ["Draft 1", "Draft 2", "Draft 3", "Draft 4"]) {
      await updatePage(database.db, created.id, input({ title, status: "draft" }), {
        saver: ada,
        keepRevisions: 3,
      });
    }
    const kept = await database.db
      .select({ title: webPageRevisions.title, status: webPageRevisions.status })
      .from(webPageRevisions)
      .where(eq(webPageRevisions.pageId, created.id))
      .orderBy(webPageRevisions.id);
    expect(kept).toEqual([
      { title: "Spring offer", status: "published" },
      { title: "Draft 2", status: "draft" },
      { title: "Draft 3", status: "draft" },
      { title: "Draft 4", status: "draft" },
    ]);
  });
});
