import { desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPageRevisions, webPages } from "~/db/schema.server";
import { isUniqueViolation } from "~/models/admin-blog.server";
import {
  publishedAtAfterSave,
  publishedAtOfNewPost,
  type Saver,
} from "~/models/post-writes.server";
import { recordMovedPath, releaseRedirectFrom } from "~/models/redirects.server";
import { DEFAULT_REVISIONS_KEPT, pruneRevisions } from "~/models/revision-history.server";
import { type Block, readBlocks, type UnreadableBlock } from "./blocks";
import { storeLegalVersions } from "./legal-versions.server";
import { keepMenusInStep, type MenuName } from "./page-links.server";
import { HOME_ADDRESS, type PageKind, type PageStatus } from "./page-schema";

export type { PageKind, PageStatus, Saver };

/** What the page editor (and later an API) writes; validated by the caller (pageFormSchema). */
export interface PageInput {
  title: string;
  path: string;
  kind: PageKind;
  status: PageStatus;
  /** Required for "scheduled" (UTC); for "published" an explicit publish time; else ignored. */
  publishedAt?: Date | null;
  blocks: Block[];
  metaTitle?: string | null;
  metaDescription?: string | null;
  ogImageUrl?: string | null;
  canonicalUrl?: string | null;
  noindex: boolean;
  /** A legal document's version label, effective date (YYYY-MM-DD) and summary of changes. */
  legalVersion?: string;
  effectiveDate?: string | null;
  changeSummary?: string;
}

export interface PageRecord {
  id: number;
  title: string;
  path: string;
  kind: PageKind;
  status: PageStatus;
  /** ISO 8601. */
  publishedAt: string | null;
  /** The stored blocks at their current shapes (see readBlocks). */
  blocks: Block[];
  /** Stored blocks that could not be read (left out of `blocks`), for the editor to say so. */
  unreadable: UnreadableBlock[];
  metaTitle: string | null;
  metaDescription: string | null;
  ogImageUrl: string | null;
  canonicalUrl: string | null;
  noindex: boolean;
  legalVersion: string;
  /** YYYY-MM-DD, or null. */
  effectiveDate: string | null;
  changeSummary: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PageSummary {
  id: number;
  title: string;
  path: string;
  kind: PageKind;
  status: PageStatus;
  publishedAt: string | null;
  updatedAt: string;
  noindex: boolean;
}

export interface SavePageOptions {
  saver: Saver;
  /** How many revisions a page keeps (the Settings tab's "Revisions kept per post"). */
  keepRevisions?: number;
}

type PageRow = typeof webPages.$inferSelect;

function recordOf(row: PageRow): PageRecord {
  const { blocks, unreadable } = readBlocks(row.blocks);
  return {
    id: row.id,
    title: row.title,
    path: row.path,
    kind: row.kind,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    blocks,
    unreadable,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    ogImageUrl: row.ogImageUrl,
    canonicalUrl: row.canonicalUrl,
    noindex: row.noindex,
    legalVersion: row.legalVersion,
    effectiveDate: row.effectiveDate,
    changeSummary: row.changeSummary,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const summaryColumns = {
  id: webPages.id,
  title: webPages.title,
  path: webPages.path,
  kind: webPages.kind,
  status: webPages.status,
  publishedAt: webPages.publishedAt,
  updatedAt: webPages.updatedAt,
  noindex: webPages.noindex,
};

/** Every page, the one changed last first. */
export async function listPages(db: Db): Promise<PageSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(webPages)
    .orderBy(desc(webPages.updatedAt), desc(webPages.id));
  return rows.map((row) => ({
    ...row,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getPage(db: Db, id: number): Promise<PageRecord | null> {
  const [row] = await db.select().from(webPages).where(eq(webPages.id, id));
  return row ? recordOf(row) : null;
}

/** The page the public sees at `path`: only a published one (a scheduled one is not yet). */
export async function getPublishedPageByPath(db: Db, path: string): Promise<PageRecord | null> {
  const [row] = await db
    .select()
    .from(webPages)
    .where(sql`${webPages.path} = ${path} and ${webPages.status} = 'published'`);
  return row ? recordOf(row) : null;
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The stored columns of an input (the publish time aside). */
function columnsOf(input: PageInput) {
  if (input.status === "scheduled" && !input.publishedAt) {
    throw new Error("a scheduled page needs its publish time");
  }
  return {
    title: input.title.trim(),
    path: input.path.trim(),
    kind: input.kind,
    status: input.status,
    blocks: input.blocks as unknown[],
    metaTitle: blankToNull(input.metaTitle),
    metaDescription: blankToNull(input.metaDescription),
    ogImageUrl: blankToNull(input.ogImageUrl),
    canonicalUrl: blankToNull(input.canonicalUrl),
    noindex: input.noindex,
    legalVersion: input.legalVersion?.trim() ?? "",
    effectiveDate: input.effectiveDate || null,
    changeSummary: input.changeSummary?.trim() ?? "",
  };
}

/**
 * Copies the pages as they now stand into their histories, then prunes each to the newest `keep`
 * revisions (never the last published one). In the save's transaction, so a revision exists
 * exactly when the save does. A page this leaves a published legal document also keeps this text
 * as the version of its effective date (storeLegalVersions): every write that publishes (a save,
 * a restore, the scheduler) comes through here.
 */
export async function writePageRevisions(
  db: Db,
  pageIds: number[],
  saver: Saver,
  keep = DEFAULT_REVISIONS_KEPT,
) {
  if (pageIds.length === 0) return;
  const ids = sql.join(
    pageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${webPageRevisions} (page_id, version, title, path, kind, status, published_at,
      blocks, meta_title, meta_description, og_image_url, canonical_url, noindex,
      legal_version, effective_date, change_summary, saved_by, saved_by_name, source)
    select id, version, title, path, kind, status, published_at, blocks, meta_title,
      meta_description, og_image_url, canonical_url, noindex, legal_version, effective_date,
      change_summary, ${saver.id}, ${saver.name}, ${saver.source}
    from ${webPages} where id in (${ids})`);
  await storeLegalVersions(db, pageIds);
  await pruneRevisions(db, { table: webPageRevisions, owner: "page_id" }, pageIds, keep);
}

/**
 * A page goes public at an address a redirect still leads away from (a page that moved from it,
 * or an admin's): the redirect goes, or it would be answered in place of the page.
 */
export function releasePageAddress(tx: Db, path: string) {
  return releaseRedirectFrom(tx, path);
}

function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/** A new page and its first revision; `duplicate-path` when another page has the address. */
export async function createPage(
  db: Db,
  input: PageInput,
  o: SavePageOptions,
): Promise<
  { status: "saved"; id: number; path: string; version: number } | { status: "duplicate-path" }
> {
  const columns = columnsOf(input);
  try {
    return await inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(webPages)
        .values({ ...columns, publishedAt: publishedAtOfNewPost(input), createdBy: o.saver.id })
        .returning({ id: webPages.id, path: webPages.path, version: webPages.version });
      if (!row) throw new Error("the page was not stored");
      await writePageRevisions(tx, [row.id], o.saver, o.keepRevisions);
      if (columns.status === "published") await releasePageAddress(tx, row.path);
      return { status: "saved" as const, ...row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-path" };
    throw error;
  }
}

/** The page `id` if it is still at `expectedVersion` (any version when none is given). */
export function pageAtVersion(id: number, expectedVersion: number | null | undefined): SQL {
  return expectedVersion == null
    ? sql`${webPages.id} = ${id}`
    : sql`${webPages.id} = ${id} and ${webPages.version} = ${expectedVersion}`;
}

/** Locks the page for the rest of the transaction; its address, status and blocks before the change. */
export async function lockPage(tx: Db, id: number) {
  const [row] = await tx
    .select({ path: webPages.path, status: webPages.status, blocks: webPages.blocks })
    .from(webPages)
    .where(eq(webPages.id, id))
    .for("update");
  return row ?? null;
}

const storedId = (raw: unknown) =>
  raw && typeof raw === "object" && typeof (raw as { id?: unknown }).id === "string"
    ? (raw as { id: string }).id
    : null;

/**
 * The blocks to store when `next` replaces `stored`. The stored blocks that could not be read (a
 * newer version's, or damaged) were never shown in the editor, so a save must not drop them: each
 * goes back right after the block it followed (first, when none of the blocks before it is left),
 * as it was. One that `next` holds unread too (a restored revision that had it) is not added twice.
 */
export function keepUnreadableBlocks(stored: unknown, next: readonly unknown[]): unknown[] {
  const list: unknown[] = Array.isArray(stored) ? stored : [];
  const { unreadable } = readBlocks(list);
  const result = [...next];
  const positionOf = (raw: unknown) => {
    const same = result.indexOf(raw);
    if (same >= 0) return same;
    const id = storedId(raw);
    return id === null ? -1 : result.findIndex((block) => storedId(block) === id);
  };
  const alreadyHeld = new Set(readBlocks(next).unreadable.map((u) => storedId(next[u.index])));
  for (const { index } of unreadable) {
    const raw = list[index];
    const id = storedId(raw);
    if (id !== null && alreadyHeld.has(id)) continue;
    let at = 0;
    for (let before = index - 1; before >= 0; before--) {
      const position = positionOf(list[before]);
      if (position >= 0) {
        at = position + 1;
        break;
      }
    }
    result.splice(at, 0, raw);
  }
  return result;
}

export type PageUpdateOutcome =
  | {
      status: "saved";
      id: number;
      path: string;
      version: number;
      previousPath: string;
      /** The site's menus whose links to the page moved with it or went (keepMenusInStep). */
      menus: MenuName[];
    }
  | { status: "conflict" }
  | { status: "missing" }
  | { status: "duplicate-path" }
  /** The home page asked to move, or another page to take its address (HOME_ADDRESS_KEPT). */
  | { status: "home-address" }
  /** The home page asked to stop being published (HOME_STAYS_PUBLISHED). */
  | { status: "home-unpublished" };

/**
 * Changes a page and records the revision. With `expectedVersion` (what the editor opened) the
 * write happens only if nobody saved in between: the check is part of the UPDATE. A published
 * page whose address changes leaves a 301 from the old one; a page going public at an address
 * releases any redirect from it.
 */
export async function updatePage(
  db: Db,
  id: number,
  input: PageInput,
  o: SavePageOptions & { expectedVersion?: number | null },
): Promise<PageUpdateOutcome> {
  const columns = columnsOf(input);
  try {
    return await inTransaction(db, async (tx): Promise<PageUpdateOutcome> => {
      const before = await lockPage(tx, id);
      if (!before) return { status: "missing" };
      if ((before.path === HOME_ADDRESS) !== (columns.path === HOME_ADDRESS)) {
        return { status: "home-address" };
      }
      if (before.path === HOME_ADDRESS && columns.status !== "published") {
        return { status: "home-unpublished" };
      }
      const [row] = await tx
        .update(webPages)
        .set({
          ...columns,
          blocks: keepUnreadableBlocks(before.blocks, columns.blocks),
          publishedAt: publishedAtAfterSave(input, webPages.publishedAt),
          version: sql`${webPages.version} + 1`,
        })
        .where(pageAtVersion(id, o.expectedVersion))
        .returning({ id: webPages.id, path: webPages.path, version: webPages.version });
      if (!row) return { status: "conflict" };
      await writePageRevisions(tx, [row.id], o.saver, o.keepRevisions);
      const moved = before.path !== row.path;
      if (before.status === "published" && columns.status === "published" && moved) {
        await recordMovedPath(tx, before.path, row.path, "page", o.saver.id);
      } else if (columns.status === "published" && (moved || before.status !== "published")) {
        await releasePageAddress(tx, row.path);
      }
      const menus = await keepMenusInStep(tx, before, { path: row.path, status: columns.status });
      return { status: "saved", ...row, previousPath: before.path, menus };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-path" };
    throw error;
  }
}

/**
 * Deletes a page with its history. With `redirectTo` (a site path or an https address) its
 * address answers 301 there from now on, so links to it keep working. The home page stays
 * (`home-address`): the site's front door cannot be deleted or redirected.
 */
export async function deletePage(
  db: Db,
  id: number,
  o: { redirectTo?: string | null; createdBy?: string | null } = {},
): Promise<
  | { status: "deleted"; path: string; menus?: MenuName[] }
  | { status: "missing" }
  | { status: "home-address" }
> {
  return inTransaction(db, async (tx) => {
    const before = await lockPage(tx, id);
    if (before?.path === HOME_ADDRESS) return { status: "home-address" as const };
    const [row] = await tx
      .delete(webPages)
      .where(eq(webPages.id, id))
      .returning({ path: webPages.path, status: webPages.status });
    if (!row) return { status: "missing" as const };
    const target = o.redirectTo?.trim();
    if (target) {
      await recordMovedPath(tx, row.path, target, "page", o.createdBy ?? null, {
        targetIsNewAddress: false,
      });
    }
    // Its links in the site's menu and footer go with it (a redirect answers old links elsewhere).
    const menus = await keepMenusInStep(tx, row, null);
    return { status: "deleted" as const, path: row.path, ...(menus.length > 0 ? { menus } : {}) };
  });
}
