import { eq } from "drizzle-orm";
import { webCategories } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { advanceSequence, eachRow, firstOfKey, idIsFree, slugOfRow, type Tx } from "./rows.server";

/** Answers the old id → ours of every category the export names by id. */
export async function importCategories(tx: Tx, records: CsvRecord[], report: TableReport) {
  const ids = new Map<number, number>();
  const unique = firstOfKey(new Map(), "slug");
  await eachRow(tx, records, rowSchemas.web_categories, report, async (tx, row, record) => {
    const slug = slugOfRow(row.slug, row.name, record, report, unique);
    if (!slug) return null;
    const values = { name: row.name, description: row.description?.trim() || null };
    const [existing] = await tx
      .select()
      .from(webCategories)
      .where(eq(webCategories.slug, slug))
      .limit(1);
    if (existing) {
      if (row.id !== null) ids.set(row.id, existing.id);
      if (existing.name === values.name && existing.description === values.description) {
        return "unchanged";
      }
      await tx.update(webCategories).set(values).where(eq(webCategories.id, existing.id));
      return "updated";
    }
    const keepId = await idIsFree(tx, webCategories, row.id);
    const [inserted] = await tx
      .insert(webCategories)
      .values({ ...values, slug, ...(keepId && row.id !== null ? { id: row.id } : {}) })
      .returning({ id: webCategories.id });
    if (!inserted) throw new Error("the category was not written");
    if (row.id !== null) {
      ids.set(row.id, inserted.id);
      if (!keepId) {
        report.warnings.push({
          row: record.row,
          reason: `id ${row.id} is taken here; the category is now ${inserted.id}`,
        });
      }
    }
    return "imported";
  });
  await advanceSequence(tx, "web_categories");
  return ids;
}
