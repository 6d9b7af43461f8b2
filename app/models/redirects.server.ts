import { desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users, webPages, webRedirects } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import {
  canonicalAddress,
  followRedirects,
  matchRedirect,
  type RedirectEntry,
  redirectKey,
  redirectTable,
  withoutTrailingSlash,
} from "~/lib/redirect-paths";
import { liveRedirects, switchedOffNote } from "~/lib/redirect-sources";
import { listPublicPages } from "~/models/overview.server";
import { type RedirectInput, redirectCreateSchema } from "~/schemas/admin/redirects";

export type RedirectOrigin = (typeof webRedirects.$inferSelect)["origin"];

/** A redirect as the Redirects tab lists it. */
export interface RedirectSummary {
  id: number;
  fromPath: string;
  target: string;
  origin: RedirectOrigin;
  hits: number;
  /** ISO 8601, or null when no one has followed it yet. */
  lastHitAt: string | null;
  createdAt: string;
  createdByEmail: string | null;
  /** Why it is not followed (its old address is one the site serves), or null. */
  switchedOff: string | null;
}

/** Newest first, with how often each was followed and when last. */
export async function listRedirects(db: Db): Promise<RedirectSummary[]> {
  const rows = await db
    .select({ redirect: webRedirects, createdByEmail: users.email })
    .from(webRedirects)
    .leftJoin(users, eq(users.id, webRedirects.createdBy))
    .orderBy(desc(webRedirects.createdAt), desc(webRedirects.id));
  return rows.map(({ redirect, createdByEmail }) => ({
    id: redirect.id,
    fromPath: redirect.fromPath,
    target: redirect.target,
    origin: redirect.origin,
    hits: redirect.hits,
    lastHitAt: redirect.lastHitAt?.toISOString() ?? null,
    createdAt: redirect.createdAt.toISOString(),
    createdByEmail: createdByEmail ?? null,
    switchedOff: switchedOffNote(redirect.fromPath),
  }));
}

// Any 64-bit number, the same in every process, other than the migration and audit locks'.
const REDIRECTS_LOCK_ID = 7_240_215_116;

interface StoredRow extends RedirectEntry {
  id: number;
}

const storedColumns = {
  id: webRedirects.id,
  fromPath: webRedirects.fromPath,
  target: webRedirects.target,
};

/**
 * Runs `work` with the redirects table to itself: an advisory lock held to the end of the
 * transaction, so two writers (two admins, a rename beside an admin) cannot make a loop together,
 * each checking a table without the other's row. Inside a caller's transaction (a post's rename)
 * this is a savepoint, and the lock is held until that transaction ends.
 */
function withRedirectsLocked<T>(db: Db, work: (tx: Db, rows: StoredRow[]) => Promise<T>) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(${REDIRECTS_LOCK_ID})`);
    const rows = await tx.select(storedColumns).from(webRedirects);
    return work(tx, rows);
  });
}

/**
 * Points every redirect straight at where its chain ends (X→A, A→C: X→C), as a browser
 * following them would end up. A redirect that goes round in a circle is answered as `loop`,
 * with nothing changed; with `skipLoops` such rows are left as they are (and logged) instead.
 */
async function collapseChains(tx: Db, rows: StoredRow[], options: { skipLoops?: boolean } = {}) {
  const table = redirectTable(liveRedirects(rows));
  const changes: { id: number; target: string }[] = [];
  for (const row of rows) {
    const followed = followRedirects(table, row.target, [row.fromPath]);
    if (followed.loop) {
      if (!options.skipLoops) {
        return { collapsed: 0, loop: { fromPath: row.fromPath, via: followed.via } };
      }
      logger.warn({ fromPath: row.fromPath, via: followed.via }, "redirect loop left as it was");
      continue;
    }
    if (followed.final !== row.target) changes.push({ id: row.id, target: followed.final });
  }
  for (const change of changes) {
    await tx
      .update(webRedirects)
      .set({ target: change.target })
      .where(eq(webRedirects.id, change.id));
  }
  return { collapsed: changes.length, loop: null };
}

/**
 * A page now answers at `path` (a new post or category took an address that once moved): its
 * redirect goes, however it was spelled (`/a/`, percent-encoded), or it would hide the page.
 * Works inside the writer's transaction.
 */
export async function releaseRedirectFrom(db: Db, path: string) {
  const key = redirectKey(path);
  const rows = await db.select(storedColumns).from(webRedirects);
  const ids = rows.filter((row) => redirectKey(row.fromPath) === key).map((row) => row.id);
  if (ids.length > 0) await db.delete(webRedirects).where(inArray(webRedirects.id, ids));
}

/**
 * After a published post's or a category's address changed (`/blog/old` → `/blog/new`, or
 * `/blog?category=old` → `/blog?category=new`): the old address answers 301 to the new one. A
 * redirect from the new address goes (it is a real page again), redirects to the old one now go
 * straight to the new one, and the table stays free of chains. Call it inside the rename's
 * transaction, so the redirect exists exactly when the rename does.
 */
export async function recordMovedPath(
  db: Db,
  fromPath: string,
  toPath: string,
  origin: "post" | "category" | "page",
  actorId: string | null,
  options: { targetIsNewAddress?: boolean } = {},
): Promise<void> {
  if (redirectKey(fromPath) === redirectKey(toPath)) return;
  await withRedirectsLocked(db, async (tx) => {
    // The new address is a page again (unless the target is only where a deleted page's visitors
    // go, whose own redirects stay); the old one gets this redirect in place of any it had.
    if (options.targetIsNewAddress !== false) await releaseRedirectFrom(tx, toPath);
    await releaseRedirectFrom(tx, fromPath);
    await tx.insert(webRedirects).values({ fromPath, target: toPath, origin, createdBy: actorId });
    const rows = await tx.select(storedColumns).from(webRedirects);
    // A rename never fails over a redirect an admin made: a circle (only possible through a
    // redirect of a whole path such as /blog) is logged and left for the admin.
    await collapseChains(tx, rows, { skipLoops: true });
  });
}

export const PAGE_AT_ADDRESS =
  "A page of the site has this address; change the page's address instead.";

export type RedirectWrite =
  | { ok: true; redirect: RedirectEntry & { id: number }; collapsed: number }
  | { ok: false; status: 400 | 404 | 409; field?: "fromPath" | "target"; message: string };

function loopRefusal(fromPath: string, via: string[]): RedirectWrite {
  const path = [...new Set(via.filter((step) => step !== fromPath))];
  const through = path.length > 0 ? ` (through ${path.join(" → ")})` : "";
  return {
    ok: false,
    status: 409,
    field: "target",
    message: `This would make a loop: the new address leads back to ${fromPath}${through}.`,
  };
}

/**
 * Adds or changes a redirect an admin wrote. Chains collapse both ways: a target that itself
 * redirects is stored as where it ends up (A→B with B→C stores A→C), and redirects that led to
 * the from path now go to that end too (X→A becomes X→C). A target that leads back to the from
 * path is refused, and so is a from path that already has a redirect.
 */
async function writeRedirect(
  db: Db,
  id: number | null,
  input: RedirectInput,
  actorId: string | null,
): Promise<RedirectWrite> {
  return withRedirectsLocked(db, async (tx, rows): Promise<RedirectWrite> => {
    const existing = id === null ? undefined : rows.find((row) => row.id === id);
    if (id !== null && !existing) {
      return { ok: false, status: 404, message: "There is no such redirect." };
    }
    const key = redirectKey(input.fromPath);
    // A redirect is answered before any page: from a page's address it would hide the page.
    const pages = await tx.select({ path: webPages.path }).from(webPages);
    if (pages.some((page) => redirectKey(page.path) === key)) {
      return { ok: false, status: 409, field: "fromPath", message: PAGE_AT_ADDRESS };
    }
    const taken = rows.find((row) => row.id !== id && redirectKey(row.fromPath) === key);
    if (taken) {
      return {
        ok: false,
        status: 409,
        field: "fromPath",
        message: `A redirect from ${taken.fromPath} already exists. Edit that one instead.`,
      };
    }
    const others = rows.filter((row) => row.id !== id);
    const followed = followRedirects(redirectTable(liveRedirects(others)), input.target, [
      input.fromPath,
    ]);
    if (followed.loop) return loopRefusal(input.fromPath, followed.via);
    const target = followed.final;

    let saved: StoredRow;
    if (existing) {
      const [row] = await tx
        .update(webRedirects)
        .set({ fromPath: input.fromPath, target })
        .where(eq(webRedirects.id, existing.id))
        .returning(storedColumns);
      saved = row as StoredRow;
    } else {
      const [row] = await tx
        .insert(webRedirects)
        .values({ fromPath: input.fromPath, target, origin: "admin", createdBy: actorId })
        .returning(storedColumns);
      saved = row as StoredRow;
    }
    const outcome = await collapseChains(tx, [...others, saved]);
    // Only a redirect of a whole path (the query passed on) can come round this way; thrown so
    // that the transaction takes the row back.
    if (outcome.loop) throw new RedirectLoop(loopRefusal(outcome.loop.fromPath, outcome.loop.via));
    return {
      ok: true,
      redirect: saved,
      collapsed: outcome.collapsed + (target !== input.target ? 1 : 0),
    };
  }).catch((error: unknown) => {
    if (error instanceof RedirectLoop) return error.refusal;
    throw error;
  });
}

class RedirectLoop extends Error {
  constructor(readonly refusal: RedirectWrite) {
    super("redirect loop");
  }
}

export function createRedirect(db: Db, input: RedirectInput, actorId: string | null) {
  return writeRedirect(db, null, input, actorId);
}

export function updateRedirect(db: Db, id: number, input: RedirectInput) {
  return writeRedirect(db, id, input, null);
}

/** Deletes a redirect; null when there is no such redirect. */
export async function deleteRedirect(db: Db, id: number) {
  const rows = await db
    .delete(webRedirects)
    .where(eq(webRedirects.id, id))
    .returning(storedColumns);
  return rows[0] ?? null;
}

/** The words of an address's last segment: `/blog/ai-voice-agents` → ai, voice, agents. */
function lastSegmentWords(path: string) {
  const last = canonicalAddress(withoutTrailingSlash(path)).split("/").pop() ?? "";
  let text = last;
  try {
    text = decodeURIComponent(last);
  } catch {}
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 1),
  );
}

const parentOf = (path: string) => withoutTrailingSlash(path).replace(/\/[^/]*$/, "") || "/";

/**
 * Where a broken address of this site should most likely go: the page whose last segment shares
 * the most words with its own (a post whose slug was changed: `/blog/ai-agents-guide` →
 * `/blog/ai-agents`; a sibling wins a tie), else its nearest parent that is a page
 * (`/blog/gone` → `/blog`), else the home page.
 */
export function suggestRedirectTarget(path: string, pages: readonly string[]): string {
  const wanted = lastSegmentWords(path);
  const parent = parentOf(path);
  let best: { page: string; score: number } | null = null;
  for (const page of pages) {
    if (redirectKey(page) === redirectKey(path)) continue;
    let shared = 0;
    for (const word of lastSegmentWords(page)) if (wanted.has(word)) shared += 1;
    const score = shared * 2 + (parentOf(page) === parent ? 1 : 0);
    if (shared > 0 && (!best || score > best.score)) best = { page, score };
  }
  if (best) return best.page;
  const known = new Set(pages.map(redirectKey));
  for (let at = parent; at !== "/"; at = parentOf(at)) {
    if (known.has(redirectKey(at))) return at;
  }
  return "/";
}

export interface RedirectSuggestion {
  fromPath: string;
  /** The redirect's target when one exists already, else the suggested one. */
  target: string;
  exists: boolean;
}

/**
 * The link audit's broken links to this site (a 404) with a redirect each: the one that exists
 * since the audit ran, or a suggested target. Other links come back as they were.
 */
export async function withRedirectSuggestions<
  T extends { url: string; type: string; status: string; detail?: string },
>(db: Db, links: T[]): Promise<(T & { redirect?: RedirectSuggestion })[]> {
  const broken = links.filter(
    (link) => link.type === "internal" && link.status === "missing" && link.detail === "HTTP 404",
  );
  if (broken.length === 0) return links;
  const [pages, rows] = await Promise.all([
    listPublicPages(db),
    db.select(storedColumns).from(webRedirects),
  ]);
  const table = redirectTable(liveRedirects(rows));
  return links.map((link) => {
    if (!broken.includes(link)) return link;
    const fromPath = withoutTrailingSlash(link.url.replace(/[?#].*$/, ""));
    const existing = matchRedirect(table, fromPath, "");
    if (existing)
      return { ...link, redirect: { fromPath, target: existing.location, exists: true } };
    const target = suggestRedirectTarget(fromPath, pages);
    // An address the form would refuse (a reserved path) gets no offer.
    if (!redirectCreateSchema.safeParse({ fromPath, target }).success) return link;
    return { ...link, redirect: { fromPath, target, exists: false } };
  });
}
