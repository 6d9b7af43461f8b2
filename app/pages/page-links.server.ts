import { eq } from "drizzle-orm";
import type { FooterSection } from "~/content/footer";
import type { Db } from "~/db/client.server";
import { webPages } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { listNavMenu, replaceNavMenu } from "~/models/admin-content.server";
import { readSettings, saveSettingsEditor, settingsViewFrom } from "~/models/admin-settings.server";
import { isEditorConflict, readEditorVersions } from "~/models/editor-versions.server";
import { type NavItemInput, navMenuSchema } from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { type FooterLinkValue, footerSchema } from "~/schemas/admin/settings";
import type { z } from "~/schemas/zod";
import { linksTo, type SiteMenus } from "./page-links";
import type { PageStatus } from "./page-schema";

/**
 * Pages in the navigation menu and the footer. Every change goes through the Content tab's own
 * writers (replaceNavMenu, saveSettingsEditor) and schemas, so its limits, versions and audit
 * restores hold; a change based on a menu someone saved meanwhile is read again and retried.
 */

export type MenuName = "navigation" | "footer";

/** The links of the menu and the footer as the public site shows them now. */
export async function readSiteMenus(db: Db): Promise<SiteMenus> {
  const [navigation, settings] = await Promise.all([listNavMenu(db), readSettings(db)]);
  return {
    navigation: navigation.map((item) => item.url),
    footer: settingsViewFrom(settings).footer.links.map(({ url, section }) => ({ url, section })),
  };
}

type EditOutcome =
  | { status: "unchanged" }
  | { status: "invalid"; message: string }
  | { status: "saved"; before: unknown; version: number };

const ATTEMPTS = 3;

/** `work` in its own (nested) transaction, again when another save of the menu got in first. */
async function retrying(db: Db, work: (tx: Db) => Promise<EditOutcome>): Promise<EditOutcome> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction((tx) => work(tx as unknown as Db));
    } catch (error) {
      if (!isEditorConflict(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

function firstProblem(error: z.ZodError) {
  return Object.values(fieldErrorsOf(error))[0] ?? "The change is not valid.";
}

/** The menu after `edit` (null: nothing to change), checked and saved as the Content tab saves it. */
function editNavigation(db: Db, edit: (items: NavItemInput[]) => NavItemInput[] | null) {
  return retrying(db, async (tx) => {
    const { navigation: version } = await readEditorVersions(tx, ["navigation"]);
    const items = (await listNavMenu(tx)).map(({ label, url }) => ({ label, url }));
    const next = edit(items);
    if (!next) return { status: "unchanged" };
    const parsed = navMenuSchema.safeParse({ items: next });
    if (!parsed.success) return { status: "invalid", message: firstProblem(parsed.error) };
    const saved = await replaceNavMenu(tx, parsed.data.items, version);
    return { status: "saved", before: saved.before, version: saved.version };
  });
}

/** The footer after `edit` to its links, checked and saved as the footer dialog saves it. */
function editFooter(db: Db, edit: (links: FooterLinkValue[]) => FooterLinkValue[] | null) {
  return retrying(db, async (tx) => {
    const { footer: version } = await readEditorVersions(tx, ["footer"]);
    const footer = settingsViewFrom(await readSettings(tx)).footer;
    const next = edit(footer.links);
    if (!next) return { status: "unchanged" };
    const parsed = footerSchema.safeParse({ ...footer, links: next });
    if (!parsed.success) return { status: "invalid", message: firstProblem(parsed.error) };
    const saved = await saveSettingsEditor(tx, "footer", parsed.data, version);
    return { status: "saved", before: saved.before, version: saved.version };
  });
}

export type PageLinkOutcome =
  | { status: "missing" }
  | { status: "not-published" }
  | ({ title: string; path: string } & EditOutcome);

/**
 * `work` on the page `id`, locked so that it cannot be unpublished, moved or deleted meanwhile
 * (those change the links too: see keepMenusInStep).
 */
async function onPage(
  db: Db,
  id: number,
  o: { published: boolean },
  work: (tx: Db, page: { title: string; path: string }) => Promise<EditOutcome>,
): Promise<PageLinkOutcome> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [page] = await tx
      .select({ title: webPages.title, path: webPages.path, status: webPages.status })
      .from(webPages)
      .where(eq(webPages.id, id))
      .for("update");
    if (!page) return { status: "missing" };
    if (o.published && page.status !== "published") return { status: "not-published" };
    const outcome = await work(tx, page);
    return { ...outcome, title: page.title, path: page.path };
  });
}

/** Adds the published page `id` at the end of the menu, labelled with its title. */
export function addPageToNavigation(db: Db, id: number) {
  return onPage(db, id, { published: true }, (tx, page) =>
    editNavigation(tx, (items) =>
      items.some((item) => linksTo(item.url, page.path))
        ? null
        : [...items, { label: page.title, url: page.path }],
    ),
  );
}

/** Takes every menu item that leads to the page `id` out of the menu. */
export function removePageFromNavigation(db: Db, id: number) {
  return onPage(db, id, { published: false }, (tx, page) =>
    editNavigation(tx, (items) => {
      const kept = items.filter((item) => !linksTo(item.url, page.path));
      return kept.length === items.length ? null : kept;
    }),
  );
}

/** Adds the published page `id` at the end of a footer section. */
export function addPageToFooter(
  db: Db,
  input: { id: number; label: string; section: FooterSection },
) {
  return onPage(db, input.id, { published: true }, (tx, page) =>
    editFooter(tx, (links) =>
      links.some((link) => linksTo(link.url, page.path))
        ? null
        : [...links, { label: input.label, url: page.path, section: input.section }],
    ),
  );
}

/** Takes every footer link that leads to the page `id` out of the footer. */
export function removePageFromFooter(db: Db, id: number) {
  return onPage(db, id, { published: false }, (tx, page) =>
    editFooter(tx, (links) => {
      const kept = links.filter((link) => !linksTo(link.url, page.path));
      return kept.length === links.length ? null : kept;
    }),
  );
}

/**
 * In the transaction of a page's save or delete: a published page that moves takes its menu and
 * footer links along (the query or #anchor of each stays); one that is deleted, unpublished or
 * archived leaves them. Answers the menus it changed. A change the menu's own rules refuse (the
 * last menu item) is left, logged: the page's save goes on, and the 301 or a 404 answers the link.
 */
export async function keepMenusInStep(
  tx: Db,
  before: { path: string; status: PageStatus },
  after: { path: string; status: PageStatus } | null,
): Promise<MenuName[]> {
  if (before.status !== "published") return [];
  const gone = after === null || after.status !== "published";
  if (!gone && after.path === before.path) return [];
  const step = <T extends { url: string }>(links: T[]): T[] | null => {
    if (!links.some((link) => linksTo(link.url, before.path))) return null;
    if (gone) return links.filter((link) => !linksTo(link.url, before.path));
    return links.map((link) =>
      linksTo(link.url, before.path)
        ? { ...link, url: link.url.trim().replace(/^[^?#]*/, after.path) }
        : link,
    );
  };
  const changed: MenuName[] = [];
  const outcomes = [
    ["navigation", await editNavigation(tx, step)],
    ["footer", await editFooter(tx, step)],
  ] as const;
  for (const [menu, outcome] of outcomes) {
    if (outcome.status === "saved") changed.push(menu);
    if (outcome.status === "invalid") {
      logger.warn(
        { menu, path: before.path, problem: outcome.message },
        "a page's link in the site's menus was left as it is",
      );
    }
  }
  return changed;
}
