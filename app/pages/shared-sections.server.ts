import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPages, webSharedSections } from "~/db/schema.server";
import { isUniqueViolation } from "~/models/admin-blog.server";
import { type Block, readBlocks } from "./blocks";
import { NESTED_SHARED, sharedSectionBlockSchema } from "./shared-section-schema";

/**
 * Shared sections: one block edited once and shown on every page that places it (a page's
 * `shared` block names it by id). Which pages use a section is read from the pages themselves
 * with a JSONB containment query, so it can never drift from what the pages hold.
 */

export interface SharedSectionSummary {
  id: number;
  name: string;
  /** The block's type as stored ("cta"). */
  type: string;
  /** How many pages (of any status) place it. */
  usedOn: number;
  updatedAt: string;
}

export interface SharedSectionRecord {
  id: number;
  name: string;
  /** The block at its current shape; null when it cannot be read (see `unreadable`). */
  block: Block | null;
  /** Why the stored block could not be read (written by a newer site, damaged by hand). */
  unreadable: string | null;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PageUsingSection {
  id: number;
  title: string;
  path: string;
}

export interface SharedSectionInput {
  name: string;
  block: Block;
}

/** The condition "this page's blocks place section `id`" (JSONB containment). */
function placesSection(id: number | SQL): SQL {
  return sql`${webPages.blocks} @> jsonb_build_array(jsonb_build_object('type', 'shared', 'sharedId', ${id}::int))`;
}

/** The stored block as the current code reads it, or why it cannot be. */
function readSectionBlock(stored: unknown): { block: Block | null; unreadable: string | null } {
  const { blocks, unreadable } = readBlocks([stored]);
  const block = blocks[0];
  if (block && block.type !== "shared") return { block, unreadable: null };
  return {
    block: null,
    unreadable: block ? NESTED_SHARED : (unreadable[0]?.problem ?? "not valid"),
  };
}

/** Every shared section by name, each with how many pages place it. */
export async function listSharedSections(db: Db): Promise<SharedSectionSummary[]> {
  const rows = await db
    .select({
      id: webSharedSections.id,
      name: webSharedSections.name,
      type: sql<string>`coalesce(${webSharedSections.block}->>'type', '')`,
      usedOn: sql<number>`(select count(*) from ${webPages} where ${placesSection(sql`${webSharedSections.id}`)})::int`,
      updatedAt: webSharedSections.updatedAt,
    })
    .from(webSharedSections)
    .orderBy(sql`lower(${webSharedSections.name})`, webSharedSections.id);
  return rows.map((row) => ({
    ...row,
    usedOn: Number(row.usedOn),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function getSharedSection(db: Db, id: number): Promise<SharedSectionRecord | null> {
  const [row] = await db.select().from(webSharedSections).where(eq(webSharedSections.id, id));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    ...readSectionBlock(row.block),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The pages (of any status) that place section `id`, by title. */
export async function pagesUsingSharedSection(db: Db, id: number): Promise<PageUsingSection[]> {
  return db
    .select({ id: webPages.id, title: webPages.title, path: webPages.path })
    .from(webPages)
    .where(placesSection(id))
    .orderBy(webPages.title, webPages.id);
}

/** Validated here too (any block but a shared one): the model is the last line before storage. */
function columnsOf(input: SharedSectionInput) {
  return {
    name: input.name.trim(),
    block: sharedSectionBlockSchema.parse(input.block) as Record<string, unknown>,
  };
}

export async function createSharedSection(
  db: Db,
  input: SharedSectionInput,
  o: { createdBy?: string | null } = {},
): Promise<{ status: "saved"; id: number; version: number } | { status: "duplicate-name" }> {
  const columns = columnsOf(input);
  try {
    const [row] = await db
      .insert(webSharedSections)
      .values({ ...columns, createdBy: o.createdBy ?? null })
      .returning({ id: webSharedSections.id, version: webSharedSections.version });
    if (!row) throw new Error("the shared section was not stored");
    return { status: "saved", ...row };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-name" };
    throw error;
  }
}

export type SharedSectionUpdateOutcome =
  | { status: "saved"; id: number; version: number }
  | { status: "conflict" }
  | { status: "missing" }
  | { status: "duplicate-name" };

/**
 * Changes a section. With `expectedVersion` (what the editor opened) the write happens only if
 * nobody saved in between: the check is part of the UPDATE.
 */
export async function updateSharedSection(
  db: Db,
  id: number,
  input: SharedSectionInput,
  o: { expectedVersion?: number | null } = {},
): Promise<SharedSectionUpdateOutcome> {
  const columns = columnsOf(input);
  const where =
    o.expectedVersion == null
      ? eq(webSharedSections.id, id)
      : sql`${webSharedSections.id} = ${id} and ${webSharedSections.version} = ${o.expectedVersion}`;
  try {
    const [row] = await db
      .update(webSharedSections)
      .set({ ...columns, version: sql`${webSharedSections.version} + 1` })
      .where(where)
      .returning({ id: webSharedSections.id, version: webSharedSections.version });
    if (row) return { status: "saved", ...row };
    const [exists] = await db
      .select({ id: webSharedSections.id })
      .from(webSharedSections)
      .where(eq(webSharedSections.id, id));
    return { status: exists ? "conflict" : "missing" };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: "duplicate-name" };
    throw error;
  }
}

/**
 * Deletes a section no page places. While pages place it the delete is refused with those pages,
 * so staff know what to change first (a page would otherwise lose the section silently).
 */
export async function deleteSharedSection(
  db: Db,
  id: number,
): Promise<
  | { status: "deleted"; name: string }
  | { status: "missing" }
  | { status: "in-use"; pages: PageUsingSection[] }
> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .select({ id: webSharedSections.id })
      .from(webSharedSections)
      .where(eq(webSharedSections.id, id))
      .for("update");
    if (!row) return { status: "missing" as const };
    const pages = await pagesUsingSharedSection(tx, id);
    if (pages.length > 0) return { status: "in-use" as const, pages };
    const [deleted] = await tx
      .delete(webSharedSections)
      .where(eq(webSharedSections.id, id))
      .returning({ name: webSharedSections.name });
    return deleted
      ? { status: "deleted" as const, name: deleted.name }
      : { status: "missing" as const };
  });
}

/** The shared blocks `blocks` place, for a page's render: only ids of sections that exist. */
export async function loadSharedBlocks(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, Block>> {
  const wanted = [...new Set(ids)];
  const found = new Map<number, Block>();
  if (wanted.length === 0) return found;
  const rows = await db
    .select({ id: webSharedSections.id, block: webSharedSections.block })
    .from(webSharedSections)
    .where(inArray(webSharedSections.id, wanted));
  for (const row of rows) {
    const { block } = readSectionBlock(row.block);
    if (block) found.set(row.id, block);
  }
  return found;
}

/** Which of `ids` name no shared section (a save placing one is refused). */
export async function missingSharedSections(db: Db, ids: readonly number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: webSharedSections.id })
    .from(webSharedSections)
    .where(inArray(webSharedSections.id, wanted));
  const present = new Set(rows.map((row) => row.id));
  return wanted.filter((id) => !present.has(id));
}

/** The section ids a page's blocks place. */
export function sharedIdsOf(blocks: readonly Block[]): number[] {
  return blocks.flatMap((block) => (block.type === "shared" ? [block.sharedId] : []));
}
