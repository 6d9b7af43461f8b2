import { diffLines, diffWords } from "diff";
import { desc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import type { webPageRevisions, webPostRevisions } from "~/db/schema.server";

/**
 * What posts' and pages' histories share: the pruning rule and the History panel's diff. Each
 * history is a table of revisions with an `id` that grows with every save, a `status`, and a
 * column naming what it is a revision of (post_id, page_id).
 */

export const DEFAULT_REVISIONS_KEPT = 50;

/** One line of the History panel. */
export interface RevisionSummary {
  id: number;
  version: number;
  title: string;
  status: string;
  savedByName: string;
  source: string;
  /** ISO 8601. */
  createdAt: string;
}

type RevisionRow = Omit<RevisionSummary, "createdAt"> & { createdAt: Date };

/** A stored revision as the History panel lists it. */
export function revisionSummaryOf(row: RevisionRow): RevisionSummary {
  return {
    id: row.id,
    version: row.version,
    title: row.title,
    status: row.status,
    savedByName: row.savedByName,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A history's table with the column naming what each revision is of. */
export type History =
  | { table: typeof webPostRevisions; owner: (typeof webPostRevisions)["postId"] }
  | { table: typeof webPageRevisions; owner: (typeof webPageRevisions)["pageId"] };

/** The revisions of `ownerId`, the newest first. */
export async function listRevisionSummaries(
  db: Db,
  { table, owner }: History,
  ownerId: number,
): Promise<RevisionSummary[]> {
  const rows: RevisionRow[] = await db
    .select({
      id: table.id,
      version: table.version,
      title: table.title,
      status: table.status,
      savedByName: table.savedByName,
      source: table.source,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(eq(owner, ownerId))
    .orderBy(desc(table.id));
  return rows.map(revisionSummaryOf);
}

/**
 * Prunes the histories of `ownerIds` to the newest `keep` revisions each, never dropping the
 * newest one that was published (the text readers last saw). Runs in the save's transaction.
 */
export async function pruneRevisions(
  db: Db,
  history: { table: PgTable; owner: string },
  ownerIds: number[],
  keep = DEFAULT_REVISIONS_KEPT,
) {
  if (ownerIds.length === 0) return;
  const ids = sql.join(
    ownerIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const { table } = history;
  const owner = sql.identifier(history.owner);
  const kept = Math.max(1, Math.floor(keep));
  await db.execute(sql`
    delete from ${table} r
    where r.${owner} in (${ids})
      and r.id < (select id from ${table} n where n.${owner} = r.${owner}
                  order by n.id desc offset ${kept - 1} limit 1)
      and r.id <> coalesce((select max(p.id) from ${table} p
                            where p.${owner} = r.${owner} and p.status = 'published'), 0)`);
}

export interface DiffPart {
  value: string;
  added?: boolean;
  removed?: boolean;
}

/** A field that differs: the parts from the revision's text (removed) to the current (added). */
export interface FieldDiff<F extends string = string> {
  field: F;
  label: string;
  parts: DiffPart[];
}

/** A field a diff compares: long text ("lines": a body, a page's blocks) or short ("words"). */
export type ComparedField<F extends string = string> = readonly [
  field: F,
  label: string,
  by: "lines" | "words",
];

/** How `revision` differs from `current`, field by field in the order given; equal ones left out. */
export function diffFields<F extends string>(
  fields: readonly ComparedField<F>[],
  revision: Record<F, string>,
  current: Record<F, string>,
): FieldDiff<F>[] {
  const diffs: FieldDiff<F>[] = [];
  for (const [field, label, by] of fields) {
    const before = revision[field];
    const after = current[field];
    if (before === after) continue;
    const changes = by === "lines" ? diffLines(before, after) : diffWords(before, after);
    diffs.push({
      field,
      label,
      parts: changes.map((c) => ({
        value: c.value,
        ...(c.added ? { added: true } : {}),
        ...(c.removed ? { removed: true } : {}),
      })),
    });
  }
  return diffs;
}
