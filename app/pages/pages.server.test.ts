import { desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPageRevisions, webPages, webRedirects } from "~/db/schema.server";
import { publishDuePages } from "~/jobs/publish-scheduled.server";
import type { Saver } from "~/models/post-writes.server";
import { createRedirect, PAGE_AT_ADDRESS } from "~/models/redirects.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import { listPageAddresses } from "./page-addresses.server";
import {
  createPage,
  deletePage,
  getPage,
  getPublishedPageByPath,
  keepUnreadableBlocks,
  listPages,
  type PageInput,
  updatePage,
} from "./pages.server";

const editor: Saver = { id: null, name: "ada@example.com", source: "editor" };
const o = { saver: editor };

const hero = (title: string): Block => ({
  id: "hero1",
  type: "hero",
  v: 3,
  anchor: "",
  variant: "centred",
  badge: "",
  title,
  text: "",
  image: "",
  imageAlt: "",
  figures: [],
  figuresFrom: "block",
  highlights: { label: "", style: "pills", items: [] },
  backButton: false,
});

const page = (over: Partial<PageInput> = {}): PageInput => ({
  title: "Spring offer",
  path: "/spring-offer",
  kind: "landing",
  status: "draft",
  blocks: [hero("Spring is here")],
  noindex: false,
  ...over,
});

describe("keeping the blocks the editor could not read", () => {
  const unread = (id: string) => ({ id, type: "fromTheFuture", v: 1 });
  const ids = (blocks: unknown[]) => blocks.map((b) => (b as { id: string }).id);
  const a = { ...hero("A"), id: "a" };
  const b = { ...hero("B"), id: "b" };
  const c = { ...hero("C"), id: "c" };

  it("puts each after the block it followed, or first when those before it are gone", () => {
    const stored = [unread("u0"), a, unread("u1"), unread("u2"), b, unread("u3")];
    expect(ids(keepUnreadableBlocks(stored, [b, a]))).toEqual(["u0", "b", "u3", "a", "u1", "u2"]);
    expect(ids(keepUnreadableBlocks(stored, [c]))).toEqual(["u0", "u1", "u2", "u3", "c"]);
    expect(ids(keepUnreadableBlocks([a, unread("u")], []))).toEqual(["u"]);
  });

  it("changes nothing when every stored block was read, and adds none twice", () => {
    expect(keepUnreadableBlocks([a, b], [b])).toEqual([b]);
    expect(keepUnreadableBlocks(null, [a])).toEqual([a]);
    // A restored revision that holds the same unread block keeps its copy, once.
    expect(ids(keepUnreadableBlocks([a, unread("u")], [unread("u"), a]))).toEqual(["u", "a"]);
  });
});

describe.each(backends)("pages on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  const redirects = () =>
    database.db
      .select({ from: webRedirects.fromPath, to: webRedirects.target, origin: webRedirects.origin })
      .from(webRedirects);

  it("stores a page, lists it, and serves it at its address only once published", async () => {
    const created = await createPage(
      database.db,
      page({ metaTitle: "  ", metaDescription: " Offer " }),
      o,
    );
    if (created.status !== "saved") throw new Error("not saved");
    expect(created).toMatchObject({ path: "/spring-offer", version: 1 });

    const record = await getPage(database.db, created.id);
    expect(record).toMatchObject({
      title: "Spring offer",
      kind: "landing",
      status: "draft",
      publishedAt: null,
      metaTitle: null,
      metaDescription: "Offer",
      unreadable: [],
    });
    expect(record?.blocks).toEqual([hero("Spring is here")]);
    expect(await getPublishedPageByPath(database.db, "/spring-offer")).toBeNull();
    expect(await listPageAddresses(database.db)).toMatchObject([{ status: "draft" }]);

    const saved = await updatePage(database.db, created.id, page({ status: "published" }), o);
    expect(saved).toMatchObject({ status: "saved", version: 2, previousPath: "/spring-offer" });
    const live = await getPublishedPageByPath(database.db, "/spring-offer");
    expect(live?.title).toBe("Spring offer");
    expect(live?.publishedAt).not.toBeNull();
    expect(await getPublishedPageByPath(database.db, "/other")).toBeNull();
    expect(await listPageAddresses(database.db)).toEqual([
      { path: "/spring-offer", status: "published", updatedAt: expect.any(String), noindex: false },
    ]);

    // A second save keeps the first publish time.
    await updatePage(database.db, created.id, page({ status: "published", title: "Renamed" }), o);
    expect((await getPage(database.db, created.id))?.publishedAt).toBe(live?.publishedAt);

    const second = await createPage(database.db, page({ path: "/second", title: "Second" }), o);
    expect((await listPages(database.db)).map((p) => p.path)).toEqual(["/second", "/spring-offer"]);
    expect(second.status).toBe("saved");
  });

  it("refuses a save over someone else's, a page that is gone and an address taken", async () => {
    const created = await createPage(database.db, page(), o);
    if (created.status !== "saved") throw new Error("not saved");
    const first = await updatePage(database.db, created.id, page({ title: "Mine" }), {
      ...o,
      expectedVersion: 1,
    });
    expect(first).toMatchObject({ status: "saved", version: 2 });
    const stale = await updatePage(database.db, created.id, page({ title: "Theirs" }), {
      ...o,
      expectedVersion: 1,
    });
    expect(stale).toEqual({ status: "conflict" });
    expect((await getPage(database.db, created.id))?.title).toBe("Mine");

    expect(await updatePage(database.db, 9999, page(), o)).toEqual({ status: "missing" });

    expect(await createPage(database.db, page({ title: "Again" }), o)).toEqual({
      status: "duplicate-path",
    });
    const other = await createPage(database.db, page({ path: "/other" }), o);
    if (other.status !== "saved") throw new Error("not saved");
    expect(await updatePage(database.db, other.id, page({ path: "/spring-offer" }), o)).toEqual({
      status: "duplicate-path",
    });
    // Nothing of the refused saves was kept: one revision per successful write.
    const revisions = await database.db
      .select({ id: webPageRevisions.id })
      .from(webPageRevisions)
      .where(eq(webPageRevisions.pageId, created.id));
    expect(revisions).toHaveLength(2);
  });

  it("needs a time to schedule", async () => {
    await expect(createPage(database.db, page({ status: "scheduled" }), o)).rejects.toThrow(
      /publish time/,
    );
  });

  it("leaves a 301 when a published page moves, and a page published at that address takes it back", async () => {
    const created = await createPage(database.db, page({ status: "published" }), o);
    if (created.status !== "saved") throw new Error("not saved");
    const moved = await updatePage(
      database.db,
      created.id,
      page({ status: "published", path: "/summer-offer" }),
      o,
    );
    expect(moved).toMatchObject({ path: "/summer-offer", previousPath: "/spring-offer" });
    expect(await redirects()).toEqual([
      { from: "/spring-offer", to: "/summer-offer", origin: "page" },
    ]);

    // A draft at the old address does not take it over; publishing it does.
    const newcomer = await createPage(database.db, page({ title: "New spring" }), o);
    if (newcomer.status !== "saved") throw new Error("not saved");
    expect(await redirects()).toHaveLength(1);
    await updatePage(database.db, newcomer.id, page({ status: "published" }), o);
    expect(await redirects()).toEqual([]);

    // A draft that moves leaves nothing behind: nobody could have linked to it.
    const draft = await createPage(database.db, page({ path: "/draft-a" }), o);
    if (draft.status !== "saved") throw new Error("not saved");
    await updatePage(database.db, draft.id, page({ path: "/draft-b" }), o);
    expect(await redirects()).toEqual([]);
  });

  it("deletes a page, leaving a 301 to the address it names", async () => {
    const created = await createPage(database.db, page({ status: "published" }), o);
    if (created.status !== "saved") throw new Error("not saved");
    expect(
      await deletePage(database.db, created.id, { redirectTo: "/contact", createdBy: null }),
    ).toEqual({ status: "deleted", path: "/spring-offer" });
    expect(await getPage(database.db, created.id)).toBeNull();
    expect(await redirects()).toEqual([{ from: "/spring-offer", to: "/contact", origin: "page" }]);
    expect(await deletePage(database.db, created.id, {})).toEqual({ status: "missing" });

    const plain = await createPage(database.db, page({ path: "/plain" }), o);
    if (plain.status !== "saved") throw new Error("not saved");
    await deletePage(database.db, plain.id, {});
    expect(await redirects()).toHaveLength(1);
  });

  it("keeps the Redirects tab from taking a page's address", async () => {
    await createPage(database.db, page(), o);
    const refused = await createRedirect(
      database.db,
      { fromPath: "/spring-offer", target: "/contact" },
      null,
    );
    expect(refused).toEqual({
      ok: false,
      status: 409,
      field: "fromPath",
      message: PAGE_AT_ADDRESS,
    });
    expect(await redirects()).toEqual([]);
    const other = await createRedirect(
      database.db,
      { fromPath: "/spring", target: "/spring-offer" },
      null,
    );
    expect(other.ok).toBe(true);
  });

  it("shows blocks stored in an older shape in the current one, and reports what it cannot read", async () => {
    const created = await createPage(database.db, page(), o);
    if (created.status !== "saved") throw new Error("not saved");
    await database.db
      .update(webPages)
      .set({
        blocks: [
          {
            id: "old",
            type: "hero",
            v: 1,
            heading: "Welcome",
            subheading: "Since 1999",
            ctaText: "Call us",
            ctaLink: "/contact",
          },
          { id: "gone", type: "carousel", v: 1 },
          { id: "later", type: "faq", v: 9, items: [] },
        ],
      })
      .where(eq(webPages.id, created.id));
    const record = await getPage(database.db, created.id);
    expect(record?.blocks).toEqual([
      {
        id: "old",
        type: "hero",
        v: 3,
        anchor: "",
        variant: "centred",
        badge: "",
        title: "Welcome",
        text: "Since 1999",
        primary: { label: "Call us", href: "/contact", icon: "", style: "" },
        image: "",
        imageAlt: "",
        figures: [],
        figuresFrom: "block",
        highlights: { label: "", style: "pills", items: [] },
        backButton: false,
      },
    ]);
    expect(record?.unreadable.map((u) => [u.index, u.type])).toEqual([
      [1, "carousel"],
      [2, "faq"],
    ]);
  });

  it("keeps the blocks it cannot read at their places when the editor saves the page", async () => {
    const created = await createPage(database.db, page(), o);
    if (created.status !== "saved") throw new Error("not saved");
    const future = { id: "future", type: "carousel", v: 1, slides: ["a", "b"] };
    await database.db
      .update(webPages)
      .set({ blocks: [hero("First"), future, { ...hero("Second"), id: "hero2" }] })
      .where(eq(webPages.id, created.id));
    const opened = await getPage(database.db, created.id);
    expect(opened?.blocks.map((b) => b.id)).toEqual(["hero1", "hero2"]);
    expect(opened?.unreadable).toHaveLength(1);

    // The editor sees two blocks, edits the second and adds one at the top, and publishes.
    const third: Block = { ...hero("New"), id: "hero3" };
    const [first] = opened?.blocks ?? [];
    if (!first) throw new Error("blocks not read");
    const saved = await updatePage(
      database.db,
      created.id,
      page({ status: "published", blocks: [third, first, { ...hero("Edited"), id: "hero2" }] }),
      { ...o, expectedVersion: opened?.version },
    );
    expect(saved.status).toBe("saved");

    const [row] = await database.db
      .select({ blocks: webPages.blocks })
      .from(webPages)
      .where(eq(webPages.id, created.id));
    const stored = (row?.blocks ?? []) as { id: string }[];
    expect(stored.map((b) => b.id)).toEqual(["hero3", "hero1", "future", "hero2"]);
    expect(stored[2]).toEqual(future);
    // Its history holds it too, and the public never gets it.
    const [revision] = await database.db
      .select({ blocks: webPageRevisions.blocks })
      .from(webPageRevisions)
      .where(eq(webPageRevisions.pageId, created.id))
      .orderBy(desc(webPageRevisions.id))
      .limit(1);
    expect(revision?.blocks).toEqual(row?.blocks);
    const live = await getPublishedPageByPath(database.db, "/spring-offer");
    expect(live?.blocks.map((b) => b.id)).toEqual(["hero3", "hero1", "hero2"]);
    expect(JSON.stringify(live?.blocks)).not.toContain("carousel");
  });

  it("publishes a scheduled page once when two processes' ticks come at once", async () => {
    const soon = new Date(Date.now() + 300);
    const created = await createPage(
      database.db,
      page({ status: "scheduled", publishedAt: soon }),
      o,
    );
    if (created.status !== "saved") throw new Error("not saved");
    await database.db
      .insert(webRedirects)
      .values({ fromPath: "/spring-offer", target: "/elsewhere", origin: "admin" });
    expect(await publishDuePages(database.db)).toEqual([]);
    expect(await getPublishedPageByPath(database.db, "/spring-offer")).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 500));
    const [a, b] = await Promise.all([publishDuePages(database.db), publishDuePages(database.db)]);
    expect([...a, ...b].map((p) => p.path)).toEqual(["/spring-offer"]);
    const live = await getPublishedPageByPath(database.db, "/spring-offer");
    expect(live?.publishedAt).toBe(soon.toISOString());
    expect(await redirects()).toEqual([]);
    const sources = await database.db
      .select({ source: webPageRevisions.source, status: webPageRevisions.status })
      .from(webPageRevisions)
      .where(eq(webPageRevisions.pageId, created.id))
      .orderBy(sql`${webPageRevisions.id} desc`);
    expect(sources).toEqual([
      { source: "scheduler", status: "published" },
      { source: "editor", status: "scheduled" },
    ]);
  });
});
