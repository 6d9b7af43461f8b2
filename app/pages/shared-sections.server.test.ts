import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webSharedSections } from "~/db/schema.server";
import type { Saver } from "~/models/post-writes.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import { createPage, deletePage, type PageInput, updatePage } from "./pages.server";
import {
  createSharedSection,
  deleteSharedSection,
  getSharedSection,
  listSharedSections,
  loadSharedBlocks,
  missingSharedSections,
  pagesUsingSharedSection,
  updateSharedSection,
} from "./shared-sections.server";

const o = { saver: { id: null, name: "ada@example.com", source: "editor" } satisfies Saver };

const cta = (title: string): Block => ({
  id: "cta1",
  type: "cta",
  v: 3,
  anchor: "",
  eyebrow: "",
  title,
  text: "",
  primary: { label: "Talk to us", href: "/contact", icon: "", style: "" },
  style: "band",
});

const placing = (sharedId: number, id = "s1"): Block => ({
  id,
  type: "shared",
  v: 1,
  anchor: "",
  sharedId,
});

const page = (path: string, blocks: Block[], over: Partial<PageInput> = {}): PageInput => ({
  title: `Page ${path}`,
  path,
  kind: "landing",
  status: "published",
  blocks,
  noindex: false,
  ...over,
});

describe.each(backends)("shared sections on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  async function section(name: string, block: Block = cta(name)) {
    const created = await createSharedSection(database.db, { name, block });
    if (created.status !== "saved") throw new Error("not saved");
    return created.id;
  }

  it("lists each section with its block type and how many pages place it", async () => {
    const offer = await section("Spring offer");
    const help = await section("Need help?");
    await createPage(database.db, page("/a", [placing(offer)]), o);
    await createPage(
      database.db,
      page("/b", [cta("own"), placing(offer, "x"), placing(help, "y")], { status: "draft" }),
      o,
    );
    // A page that only mentions the number elsewhere does not count.
    await createPage(database.db, page("/c", [{ ...cta(String(offer)), id: "c" }]), o);

    const list = await listSharedSections(database.db);
    expect(list.map(({ name, type, usedOn }) => ({ name, type, usedOn }))).toEqual([
      { name: "Need help?", type: "cta", usedOn: 1 },
      { name: "Spring offer", type: "cta", usedOn: 2 },
    ]);
    expect((await pagesUsingSharedSection(database.db, offer)).map((p) => p.path)).toEqual([
      "/a",
      "/b",
    ]);
  });

  it("refuses a second section of the same name", async () => {
    await section("Footer offer");
    expect(
      await createSharedSection(database.db, { name: " Footer offer ", block: cta("x") }),
    ).toEqual({ status: "duplicate-name" });
  });

  it("refuses a shared section inside a shared section, and any invalid block", async () => {
    await expect(
      createSharedSection(database.db, { name: "Loop", block: placing(1) }),
    ).rejects.toThrow(/cannot hold another shared section/);
    await expect(
      createSharedSection(database.db, {
        name: "Empty",
        block: { ...cta(""), title: "" } as Block,
      }),
    ).rejects.toThrow(/Enter the heading/);
    expect(await listSharedSections(database.db)).toEqual([]);
  });

  it("saves a change only at the version the editor opened", async () => {
    const id = await section("Offer");
    const first = await updateSharedSection(
      database.db,
      id,
      { name: "Offer", block: cta("Twenty percent off") },
      { expectedVersion: 1 },
    );
    expect(first).toEqual({ status: "saved", id, version: 2 });
    expect(
      await updateSharedSection(
        database.db,
        id,
        { name: "Offer", block: cta("Stale") },
        { expectedVersion: 1 },
      ),
    ).toEqual({ status: "conflict" });
    expect(
      await updateSharedSection(database.db, id + 100, { name: "X", block: cta("x") }),
    ).toEqual({
      status: "missing",
    });
    const record = await getSharedSection(database.db, id);
    expect(record).toMatchObject({ name: "Offer", version: 2, unreadable: null });
    expect(record?.block).toMatchObject({ type: "cta", title: "Twenty percent off" });
  });

  it("refuses to delete a section while pages place it, naming them; deletes it after", async () => {
    const id = await section("Offer");
    const a = await createPage(database.db, page("/a", [placing(id)]), o);
    if (a.status !== "saved") throw new Error("not saved");

    const refused = await deleteSharedSection(database.db, id);
    expect(refused).toEqual({
      status: "in-use",
      pages: [{ id: a.id, title: "Page /a", path: "/a" }],
    });
    expect(await getSharedSection(database.db, id)).not.toBeNull();

    await updatePage(database.db, a.id, page("/a", [cta("No longer shared")]), o);
    expect(await deleteSharedSection(database.db, id)).toEqual({
      status: "deleted",
      name: "Offer",
    });
    expect(await deleteSharedSection(database.db, id)).toEqual({ status: "missing" });
    await deletePage(database.db, a.id);
  });

  it("loads the blocks a render needs, upgraded, leaving out what is missing or unreadable", async () => {
    const id = await section("Offer");
    const damaged = await section("Damaged");
    // An old shape (cta v1) is upgraded on read; a nested shared block put in by hand is not shown.
    await database.db
      .update(webSharedSections)
      .set({
        block: { id: "old", type: "cta", v: 1, title: "Old", buttonLabel: "Go", buttonHref: "/go" },
      })
      .where(eq(webSharedSections.id, id));
    await database.db
      .update(webSharedSections)
      .set({ block: placing(id) as unknown as Record<string, unknown> })
      .where(eq(webSharedSections.id, damaged));

    const blocks = await loadSharedBlocks(database.db, [id, damaged, id + 100, id]);
    expect([...blocks.keys()]).toEqual([id]);
    expect(blocks.get(id)).toMatchObject({ type: "cta", primary: { label: "Go", href: "/go" } });
    expect(await getSharedSection(database.db, damaged)).toMatchObject({
      block: null,
      unreadable: expect.stringMatching(/another shared section/),
    });
    expect(await missingSharedSections(database.db, [id, id + 100])).toEqual([id + 100]);
  });
});
