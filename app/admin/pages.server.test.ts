import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/auth/session.server";
import { servicePages } from "~/content/service-paths";
import type { Database } from "~/db/client.server";
import { auditLog, profiles, users } from "~/db/schema.server";
import { EFFECTIVE_DATE_MISSING } from "~/pages/legal-versions";
import {
  DUPLICATE_PATH,
  HOME_ADDRESS_KEPT,
  HOME_STAYS_PUBLISHED,
  SERVED_PATH,
} from "~/pages/page-schema";
import { getPage, getPublishedPageByPath } from "~/pages/pages.server";
import { readPreview } from "~/pages/preview.server";
import { blocksFromTemplate } from "~/pages/templates";
import { LEGAL_PUBLISH_FOR_ADMINS } from "~/schemas/admin/pages";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { pageEditorAction, pagesListAction } from "./pages.server";

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

function request(body: unknown, path = "/admin/pages") {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** An action's answer as the browser gets it: a refusal is `data(…, { status })`. */
function answerOf(result: unknown): { status: number; body: Record<string, unknown> } {
  const refusal = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (refusal?.type === "DataWithResponseInit") {
    return {
      status: refusal.init?.status ?? 200,
      body: refusal.data as Record<string, unknown>,
    };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

const create = async (
  user: CurrentUser,
  fields: { title: string; path: string; template: string },
) => answerOf(await pagesListAction(request({ intent: "create", ...fields }), user));

const save = async (user: CurrentUser, id: number, fields: Record<string, unknown>) =>
  answerOf(
    await pageEditorAction(request({ intent: "save", ...fields }, `/admin/pages/${id}`), user, id),
  );

describe.each(backends)("the Pages tab's actions on %s", (backend) => {
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

  /** A page made through "New page", as the editor then opens it. */
  async function newPage(user: CurrentUser, template: string, path = "/spring-offer") {
    const created = await create(user, { title: "Spring offer", path, template });
    expect(created.status).toBe(200);
    const id = (created.body.result as { id: number }).id;
    const page = await getPage(database.db, id);
    if (!page) throw new Error("the page was not stored");
    return page;
  }

  const formOf = (page: NonNullable<Awaited<ReturnType<typeof getPage>>>) => ({
    title: page.title,
    path: page.path,
    kind: page.kind,
    status: page.status,
    blocks: page.blocks,
    noindex: page.noindex,
    version: page.version,
  });

  it("creates a draft from the landing template, audited as a page", async () => {
    const page = await newPage(EDITOR, "landing");
    expect(page).toMatchObject({ title: "Spring offer", kind: "landing", status: "draft" });
    expect(page.blocks.map((b) => b.type)).toEqual(["hero", "cardGrid", "faq", "cta"]);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entity, "page"));
    expect(audit).toMatchObject([{ action: "created", entityId: String(page.id) }]);
  });

  it("refuses a taken address at the address field, and one the site already serves", async () => {
    await newPage(ADMIN, "blank");
    const again = await create(ADMIN, { title: "Again", path: "/spring-offer", template: "blank" });
    expect(again.status).toBe(409);
    expect(again.body.fieldErrors).toEqual({ path: DUPLICATE_PATH });
    const served = await create(ADMIN, { title: "Blog", path: "/blog", template: "blank" });
    expect(served.status).toBe(400);
    expect(served.body.fieldErrors).toEqual({ path: SERVED_PATH });
  });

  it("saves the blocks with the version, and refuses a save over a newer one with theirs", async () => {
    const page = await newPage(ADMIN, "landing");
    const [hero, ...rest] = page.blocks;
    const edited = [{ ...hero, title: "Twenty per cent off in spring" }, ...rest];
    const saved = await save(ADMIN, page.id, { ...formOf(page), blocks: edited });
    expect(saved.status).toBe(200);
    const stored = await getPage(database.db, page.id);
    expect(stored?.blocks[0]).toMatchObject({ title: "Twenty per cent off in spring" });
    expect(stored?.version).toBe(page.version + 1);

    // Someone else's editor, opened before that save.
    const stale = await save(EDITOR, page.id, { ...formOf(page), title: "Stale" });
    expect(stale.status).toBe(409);
    expect(stale.body.conflict).toMatchObject({
      title: "Spring offer",
      savedByName: ADMIN.email,
      version: page.version + 1,
    });
    expect((await getPage(database.db, page.id))?.title).toBe("Spring offer");
  });

  it("saves a service page the site came with, at its address, as staff change it", async () => {
    for (const address of servicePages.map((slug) => `/${slug}`)) {
      const page = await getPublishedPageByPath(database.db, address);
      if (!page) throw new Error(`the seed left out ${address}`);
      const saved = await save(EDITOR, page.id, { ...formOf(page), title: `${page.title} (new)` });
      expect(saved.status, address).toBe(200);
      expect(await getPage(database.db, page.id)).toMatchObject({
        path: address,
        title: `${page.title} (new)`,
        status: "published",
      });
    }
  });

  it("saves the home page at its address, and keeps it there and no other page", async () => {
    const home = await getPublishedPageByPath(database.db, "/");
    if (!home) throw new Error("the seed left out the home page");
    const saved = await save(EDITOR, home.id, { ...formOf(home), title: "Home (new)" });
    expect(saved.status).toBe(200);
    const current = await getPage(database.db, home.id);
    expect(current).toMatchObject({ path: "/", title: "Home (new)", status: "published" });
    if (!current) throw new Error("the home page went");

    // Moved: refused at the address field, nothing written.
    const moved = await save(ADMIN, home.id, { ...formOf(current), path: "/welcome" });
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual({ path: HOME_ADDRESS_KEPT });
    expect((await getPage(database.db, home.id))?.version).toBe(current.version);

    // Unpublished (a draft, archived, scheduled for later): refused at the status, nothing written.
    for (const status of ["draft", "archived"] as const) {
      const hidden = await save(ADMIN, home.id, { ...formOf(current), status });
      expect(hidden.status).toBe(400);
      expect(hidden.body.fieldErrors).toEqual({ status: HOME_STAYS_PUBLISHED });
    }
    expect(await getPage(database.db, home.id)).toMatchObject({
      status: "published",
      version: current.version,
    });

    // Another page may not take it, by a save or as a new page.
    const other = await newPage(ADMIN, "blank", "/elsewhere");
    const taken = await save(ADMIN, other.id, { ...formOf(other), path: "/" });
    expect(taken.status).toBe(400);
    expect(taken.body.fieldErrors).toEqual({ path: HOME_ADDRESS_KEPT });
    const created = await create(ADMIN, { title: "Second home", path: "/", template: "blank" });
    expect(created.status).toBe(400);
    expect(created.body.fieldErrors).toEqual({ path: HOME_ADDRESS_KEPT });

    // Nor may it be deleted.
    const deleted = answerOf(
      await pagesListAction(request({ intent: "delete", id: home.id }), ADMIN),
    );
    expect(deleted.status).toBe(400);
    expect((deleted.body.toast as { description: string }).description).toBe(HOME_ADDRESS_KEPT);
    expect(await getPage(database.db, home.id)).not.toBeNull();
  });

  it("names the block field of a refused save, and stores nothing", async () => {
    const page = await newPage(ADMIN, "landing");
    const blocks = structuredClone(page.blocks);
    const grid = blocks[1];
    if (grid?.type !== "cardGrid") throw new Error("expected the card grid second");
    const [firstCard] = grid.cards;
    if (firstCard) firstCard.title = "";
    const refused = await save(ADMIN, page.id, { ...formOf(page), blocks });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({
      "blocks.1.cards.0.title": "Block 2 (Card grid), cards › 1 › title: Enter a card's title.",
    });
    expect((await getPage(database.db, page.id))?.version).toBe(page.version);
  });

  it("lets only admins publish or schedule a legal document", async () => {
    const page = await newPage(EDITOR, "legal", "/imprint");
    for (const status of ["published", "scheduled"]) {
      const refused = await save(EDITOR, page.id, {
        ...formOf(page),
        status,
        publishAt: "2099-01-01T09:00",
      });
      expect(refused.status).toBe(403);
      expect((refused.body.toast as { description: string }).description).toBe(
        LEGAL_PUBLISH_FOR_ADMINS,
      );
    }
    const untouched = await getPage(database.db, page.id);
    expect(untouched).toMatchObject({ status: "draft", version: page.version });
    // A draft of it is the editor's to save; publishing it the admin's.
    expect((await save(EDITOR, page.id, { ...formOf(page), title: "Imprint" })).status).toBe(200);
    const current = await getPage(database.db, page.id);
    if (!current) throw new Error("the page is gone");
    const undated = await save(ADMIN, page.id, { ...formOf(current), status: "published" });
    expect(undated.status).toBe(400);
    expect(undated.body.fieldErrors).toEqual({ effectiveDate: EFFECTIVE_DATE_MISSING });
    const published = await save(ADMIN, page.id, {
      ...formOf(current),
      status: "published",
      effectiveDate: "2026-01-01",
    });
    expect(published.status).toBe(200);
    expect((await getPage(database.db, page.id))?.status).toBe("published");
  });

  it("takes a legal document far larger than a form's 64 KB in the editor only", async () => {
    const page = await newPage(ADMIN, "legal", "/terms-2");
    const [legal] = blocksFromTemplate("legal");
    if (legal?.type !== "legal") throw new Error("expected a legal block");
    const long = Array.from({ length: 6 }, (_, i) => ({
      heading: `Section ${i + 1}`,
      markdown: "Words of the law. ".repeat(2000),
    }));
    const body = { ...formOf(page), blocks: [{ ...legal, sections: long }] };
    expect(JSON.stringify(body).length).toBeGreaterThan(200_000);
    expect((await save(ADMIN, page.id, body)).status).toBe(200);
    const list = answerOf(
      await pagesListAction(request({ intent: "create", padding: "x".repeat(70_000) }), ADMIN),
    );
    expect(list.status).toBe(413);
  });

  it("previews the unsaved blocks at an unguessable address, leaving the page as it was", async () => {
    const page = await newPage(ADMIN, "landing");
    const [hero, ...rest] = page.blocks;
    const blocks = [{ ...hero, title: "Not saved yet" }, ...rest];
    const answer = answerOf(
      await pageEditorAction(
        request({ intent: "preview", ...formOf(page), status: "scheduled", blocks }),
        ADMIN,
        page.id,
      ),
    );
    expect(answer.status).toBe(200);
    const url = answer.body.url as string;
    expect(url).toMatch(/^\/preview\/[\w-]{20,}$/);
    const preview = await readPreview(database.db, url.slice("/preview/".length));
    expect(preview && "blocks" in preview ? preview.blocks[0] : null).toMatchObject({
      title: "Not saved yet",
    });
    expect((await getPage(database.db, page.id))?.blocks[0]).toMatchObject({
      title: page.blocks[0] && "title" in page.blocks[0] ? page.blocks[0].title : "",
    });
  });

  it("deletes a page, leaving a redirect from its address when asked", async () => {
    const page = await newPage(ADMIN, "blank", "/old-offer");
    const bad = answerOf(
      await pagesListAction(
        request({ intent: "delete", id: page.id, redirectTo: "//evil.example" }),
        ADMIN,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty("redirectTo");
    const deleted = answerOf(
      await pagesListAction(
        request({ intent: "delete", id: page.id, redirectTo: "/about" }),
        ADMIN,
      ),
    );
    expect(deleted.status).toBe(200);
    expect(await getPage(database.db, page.id)).toBeNull();
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "deleted"));
    expect(audit).toMatchObject([
      { entity: "page", details: { path: "/old-offer", redirectTo: "/about" } },
    ]);
  });
});
