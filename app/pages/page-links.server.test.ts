import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pageEditorAction, pagesListAction } from "~/admin/pages.server";
import type { CurrentUser } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { auditLog, profiles, users, webNavItems } from "~/db/schema.server";
import { listNavMenu, replaceNavMenu } from "~/models/admin-content.server";
import { readEditorVersions } from "~/models/editor-versions.server";
import { getFooter, listNavItems } from "~/models/site.server";
import { NAV_ITEMS_MAX } from "~/schemas/admin/content";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import { FOOTER_FOR_ADMINS, NOT_PUBLISHED_FOR_LINKS, pageLinkStateOf } from "./page-links";
import { readSiteMenus } from "./page-links.server";
import { createPage, getPage, type PageStatus, updatePage } from "./pages.server";

const ADMIN: CurrentUser = {
  id: "admin-1",
  email: "admin@example.com",
  role: "admin",
  isAdmin: true,
  isStaff: true,
};
const EDITOR: CurrentUser = {
  id: "editor-1",
  email: "editor@example.com",
  role: "editor",
  isAdmin: false,
  isStaff: true,
};

const hero: Block = {
  id: "hero1",
  type: "hero",
  v: 3,
  anchor: "",
  variant: "centred",
  badge: "",
  title: "Spring is here",
  text: "",
  image: "",
  imageAlt: "",
  figures: [],
  figuresFrom: "block",
  highlights: { label: "", style: "pills", items: [] },
  backButton: false,
};

function post(body: unknown, path = "/admin/pages") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

function answerOf(result: unknown): { status: number; body: Record<string, unknown> } {
  const refusal = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (refusal?.type === "DataWithResponseInit") {
    return { status: refusal.init?.status ?? 200, body: refusal.data as Record<string, unknown> };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const description = (answer: { body: Record<string, unknown> }) =>
  (answer.body.toast as { description?: string }).description;

describe.each(backends)("pages in the navigation and the footer on %s", (backend) => {
  let database: Database;

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    await database.db.insert(users).values([
      { id: ADMIN.id, name: "Admin", email: ADMIN.email },
      { id: EDITOR.id, name: "Editor", email: EDITOR.email },
    ]);
    await database.db.insert(profiles).values([
      { id: ADMIN.id, role: "admin" },
      { id: EDITOR.id, role: "editor" },
    ]);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  const saver = { id: ADMIN.id, name: ADMIN.email, source: "editor" as const };

  async function newPage(status: PageStatus, title = "Spring offer", path = "/spring-offer") {
    const outcome = await createPage(
      database.db,
      {
        title,
        path,
        kind: "landing",
        status,
        blocks: [hero],
        noindex: false,
        publishedAt: status === "scheduled" ? new Date(Date.now() + 86_400_000) : null,
      },
      { saver },
    );
    if (outcome.status !== "saved") throw new Error("the page was not stored");
    return outcome.id;
  }

  async function change(id: number, over: { path?: string; status?: PageStatus }) {
    const page = await getPage(database.db, id);
    if (!page) throw new Error("the page is gone");
    const publishedAt = page.publishedAt ? new Date(page.publishedAt) : null;
    const outcome = await updatePage(database.db, id, { ...page, publishedAt, ...over }, { saver });
    if (outcome.status !== "saved") throw new Error(`the save answered ${outcome.status}`);
    return outcome;
  }

  const act = async (user: CurrentUser, intent: string, fields: Record<string, unknown>) =>
    answerOf(await pagesListAction(post({ intent, ...fields }), user));

  const navUrls = async () => (await listNavMenu(database.db)).map((item) => item.url);
  const footerLinks = async () => {
    const footer = await getFooter();
    return [...Object.values(footer.groups).flat(), ...footer.legal];
  };

  it("adds a published page to the end of the menu through the menu's own save, once", async () => {
    const id = await newPage("published");
    // The public header read the menu (and cached it) before.
    expect((await listNavItems()).map((item) => item.url)).not.toContain("/spring-offer");
    const before = await readEditorVersions(database.db, ["navigation"]);

    const added = await act(EDITOR, "add-to-navigation", { id });
    expect(added.status).toBe(200);
    expect(added.body.toast).toMatchObject({ title: "Added to the navigation" });
    const menu = await listNavMenu(database.db);
    expect(menu.at(-1)).toMatchObject({ label: "Spring offer", url: "/spring-offer" });
    // The cache was cleared: the next public page shows it.
    expect((await listNavItems()).at(-1)).toEqual({ label: "Spring offer", url: "/spring-offer" });
    // A Content tab opened before sees its menu changed (its save would be a conflict).
    const after = await readEditorVersions(database.db, ["navigation"]);
    expect(after.navigation).toBe(before.navigation + 1);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "navigation menu"));
    expect(entry).toMatchObject({ action: "updated", actorId: EDITOR.id });
    expect(entry?.details).toMatchObject({
      added: { page: "Spring offer", url: "/spring-offer" },
      editor: "navigation",
      before: {
        items: expect.not.arrayContaining([expect.objectContaining({ url: "/spring-offer" })]),
      },
    });

    // Twice is still once.
    expect((await act(EDITOR, "add-to-navigation", { id })).status).toBe(200);
    expect((await navUrls()).filter((url) => url === "/spring-offer")).toHaveLength(1);
    expect(pageLinkStateOf(await readSiteMenus(database.db), "/spring-offer")).toEqual({
      inNavigation: true,
      footerSections: [],
    });

    const removed = await act(EDITOR, "remove-from-navigation", { id });
    expect(removed.body.toast).toMatchObject({ title: "Removed from the navigation" });
    expect(await navUrls()).not.toContain("/spring-offer");
  });

  it("refuses a page that is not published, and changes nothing", async () => {
    for (const status of ["draft", "scheduled", "archived"] as const) {
      const id = await newPage(status, `A ${status} page`, `/a-${status}-page`);
      for (const intent of ["add-to-navigation", "add-to-footer"]) {
        const refused = await act(ADMIN, intent, { id, label: "A page", section: "company" });
        expect(refused.status).toBe(409);
        expect(description(refused)).toBe(NOT_PUBLISHED_FOR_LINKS);
      }
    }
    expect(await navUrls()).toEqual([
      "/#home",
      "/#products",
      "/#services",
      "/blog",
      "/about",
      "/contact",
    ]);
    expect((await readEditorVersions(database.db, ["navigation", "footer"])).footer).toBe(0);
  });

  it("keeps the menu's limit and the length of its labels", async () => {
    const id = await newPage("published");
    await replaceNavMenu(
      database.db,
      Array.from({ length: NAV_ITEMS_MAX }, (_, i) => ({ label: `Item ${i}`, url: `/item-${i}` })),
    );
    const full = await act(ADMIN, "add-to-navigation", { id });
    expect(full.status).toBe(400);
    expect(description(full)).toBe(`The menu holds at most ${NAV_ITEMS_MAX} items`);
    expect(await navUrls()).toHaveLength(NAV_ITEMS_MAX);

    await replaceNavMenu(database.db, [{ label: "Home", url: "/" }]);
    const long = await newPage(
      "published",
      "A title far longer than any menu label may be",
      "/long",
    );
    const refused = await act(ADMIN, "add-to-navigation", { id: long });
    expect(refused.status).toBe(400);
    expect(description(refused)).toMatch(/^A menu label must be at most 40 characters: shorten/);
    expect(await navUrls()).toEqual(["/"]);
  });

  it("lets only admins change the footer, in the section they choose", async () => {
    const id = await newPage("published");
    const refused = await act(EDITOR, "add-to-footer", { id, label: "Offer", section: "company" });
    expect(refused.status).toBe(403);
    expect(description(refused)).toBe(FOOTER_FOR_ADMINS);
    expect((await act(EDITOR, "remove-from-footer", { id })).status).toBe(403);

    const added = await act(ADMIN, "add-to-footer", { id, label: "Offer", section: "company" });
    expect(added.body.toast).toMatchObject({ title: "Added to the footer" });
    const footer = await getFooter();
    expect(footer.groups.Company?.at(-1)).toEqual({ name: "Offer", href: "/spring-offer" });
    // The links it did not touch are all still there.
    expect(footer.groups.Company?.map((link) => link.href)).toEqual([
      "/about",
      "/blog",
      "/contact",
      "/spring-offer",
    ]);
    expect(footer.legal).toHaveLength(4);
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.entity, "footer"));
    expect(entry?.details).toMatchObject({ editor: "footer", added: { url: "/spring-offer" } });

    const noLabel = await act(ADMIN, "add-to-footer", { id, label: " ", section: "nowhere" });
    expect(noLabel.status).toBe(400);
    expect(noLabel.body.fieldErrors).toMatchObject({ section: "Choose a section" });

    await act(ADMIN, "remove-from-footer", { id });
    expect((await footerLinks()).map((link) => link.href)).not.toContain("/spring-offer");
  });

  it("moves the links with a published page's new address, anchors kept", async () => {
    const id = await newPage("published");
    await act(ADMIN, "add-to-navigation", { id });
    await act(ADMIN, "add-to-footer", { id, label: "Offer", section: "support" });
    await database.db
      .update(webNavItems)
      .set({ url: "/spring-offer#prices" })
      .where(eq(webNavItems.url, "/spring-offer"));

    const moved = await change(id, { path: "/summer-offer" });
    expect(moved.menus).toEqual(["navigation", "footer"]);
    expect(await navUrls()).toContain("/summer-offer#prices");
    expect(await navUrls()).not.toContain("/spring-offer#prices");
    const hrefs = (await footerLinks()).map((link) => link.href);
    expect(hrefs).toContain("/summer-offer");
    expect(hrefs).not.toContain("/spring-offer");
    // A save that leaves the address alone leaves the menus alone.
    expect((await change(id, {})).menus).toEqual([]);
  });

  it("takes the links away when the page is unpublished or deleted, and the save says so", async () => {
    const id = await newPage("published");
    await act(ADMIN, "add-to-navigation", { id });
    await act(ADMIN, "add-to-footer", { id, label: "Offer", section: "company" });
    const page = await getPage(database.db, id);
    if (!page) throw new Error("the page is gone");
    const saved = answerOf(
      await pageEditorAction(
        post(
          {
            intent: "save",
            title: page.title,
            path: page.path,
            kind: page.kind,
            status: "archived",
            blocks: page.blocks,
            noindex: page.noindex,
            version: page.version,
          },
          `/admin/pages/${id}`,
        ),
        ADMIN,
        id,
      ),
    );
    expect(saved.status).toBe(200);
    expect(await navUrls()).not.toContain("/spring-offer");
    expect((await footerLinks()).map((link) => link.href)).not.toContain("/spring-offer");
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "updated"))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((row) => row.entity === "page"));
    expect(entry?.details).toMatchObject({ menusChanged: ["navigation", "footer"] });

    const other = await newPage("published", "Autumn offer", "/autumn-offer");
    await act(ADMIN, "add-to-navigation", { id: other });
    const deleted = await act(ADMIN, "delete", { id: other });
    expect(deleted.status).toBe(200);
    expect(await navUrls()).not.toContain("/autumn-offer");
  });

  it("leaves the menus alone for a page that was not published", async () => {
    const id = await newPage("draft");
    // Someone put its address in the menu by hand, before it went live.
    await replaceNavMenu(database.db, [
      { label: "Home", url: "/" },
      { label: "Soon", url: "/spring-offer" },
    ]);
    expect((await change(id, { path: "/later-offer" })).menus).toEqual([]);
    expect(await navUrls()).toEqual(["/", "/spring-offer"]);
  });
});
