import { eq } from "drizzle-orm";
import { webMainPageStats } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { eachRow, firstOfKey, type Tx } from "./rows.server";

export async function importStats(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "stat_key");
  await eachRow(tx, records, rowSchemas.web_main_page_stats, report, async (tx, row, record) => {
    if (!unique(row.stat_key, record, report)) return null;
    const values = {
      statValue: row.stat_value ?? "",
      statLabel: row.stat_label ?? "",
      displayOrder: row.display_order ?? 0,
    };
    const [existing] = await tx
      .select()
      .from(webMainPageStats)
      .where(eq(webMainPageStats.statKey, row.stat_key))
      .limit(1);
    if (existing) {
      if (
        existing.statValue === values.statValue &&
        existing.statLabel === values.statLabel &&
        existing.displayOrder === values.displayOrder
      ) {
        return "unchanged";
      }
      await tx.update(webMainPageStats).set(values).where(eq(webMainPageStats.id, existing.id));
      return "updated";
    }
    await tx.insert(webMainPageStats).values({ statKey: row.stat_key, ...values });
    return "imported";
  });
}
