import { eq, sql } from "drizzle-orm";
import { slugify } from "~/lib/slug";
import type { z } from "~/schemas/zod";
import type { Db } from "../client.server";
import type { webCategories, webPosts } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";

/** What every table's import uses: a savepoint per row, natural keys, slugs, ids. */

export type Tx = Db;

export function firstIssue(error: z.ZodError): string {
  return error.issues.map((issue) => issue.message).join("; ");
}

export const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Runs one row in a savepoint: a row the database refuses is reported, the others go on. */
export async function eachRow<T>(
  tx: Tx,
  records: CsvRecord[],
  schema: z.ZodType<T>,
  report: TableReport,
  work: (tx: Tx, row: T, record: CsvRecord) => Promise<"imported" | "updated" | "unchanged" | null>,
) {
  for (const record of records) {
    const parsed = schema.safeParse(record.values);
    if (!parsed.success) {
      report.skipped.push({ row: record.row, reason: firstIssue(parsed.error) });
      continue;
    }
    try {
      const outcome = await tx.transaction((sp) => work(sp as unknown as Tx, parsed.data, record));
      if (outcome) report[outcome]++;
    } catch (error) {
      report.skipped.push({
        row: record.row,
        reason: `the database refused it: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
}

/** Skips a second row with the same natural key, naming the row that came first. */
export function firstOfKey(seen: Map<string, number>, label: string) {
  return (key: string, record: CsvRecord, report: TableReport) => {
    const first = seen.get(key);
    if (first !== undefined) {
      report.skipped.push({
        row: record.row,
        reason: `duplicate ${label} "${key}" (row ${first} has it)`,
      });
      return false;
    }
    seen.set(key, record.row);
    return true;
  };
}

/**
 * A post's or category's slug as stored here: the exported one (or one made from the name),
 * normalised. Null, with the row reported as skipped, when none can be made or an earlier row of
 * the file has it; a slug that changed on the way is reported as a warning.
 */
export function slugOfRow(
  exported: string | null | undefined,
  name: string,
  record: CsvRecord,
  report: TableReport,
  unique: ReturnType<typeof firstOfKey>,
): string | null {
  const slug = slugify(exported ?? name);
  if (!slug) {
    report.skipped.push({ row: record.row, reason: "has no slug and none can be made" });
    return null;
  }
  if (!unique(slug, record, report)) return null;
  if (exported && slug !== exported) {
    report.warnings.push({ row: record.row, reason: `slug "${exported}" stored as "${slug}"` });
  }
  return slug;
}

export async function idIsFree(
  tx: Tx,
  table: typeof webPosts | typeof webCategories,
  id: number | null,
) {
  if (id === null || id < 1) return false;
  const [row] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return !row;
}

/** Moves a serial column's sequence past the ids the import wrote, never back. */
export async function advanceSequence(tx: Tx, table: "web_posts" | "web_categories") {
  await tx.execute(
    sql.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), m.id)
      from (select max(id) as id from ${table}) m, ${table}_id_seq s
      where m.id is not null and m.id > s.last_value`),
  );
}
