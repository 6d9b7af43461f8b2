import { eq } from "drizzle-orm";
import { claimEditorVersion } from "~/models/editor-versions.server";
import { z } from "~/schemas/zod";
import { webSettings } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { eachRow, firstOfKey, type Tx } from "./rows.server";

/** The settings the old backend kept (spec: admin area, section 3). */
const oldSettingKeys = new Set([
  "footer_description",
  "footer_copyright",
  "footer_links",
  "contact_email",
  "contact_phone",
  "contact_address",
  "support_email",
  "sales_email",
  "website_url",
  "business_city",
  "business_state",
  "business_zip",
  "business_country",
]);

const footerLinksSchema = z.record(
  z.string(),
  z.array(
    z.object({
      name: z.string(),
      href: z.string(),
      external: z.boolean().optional(),
    }),
  ),
);

export async function importSettings(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "key");
  let changed = false;
  await eachRow(tx, records, rowSchemas.web_settings, report, async (tx, row, record) => {
    if (!unique(row.key, record, report)) return null;
    if (!oldSettingKeys.has(row.key)) {
      report.skipped.push({
        row: record.row,
        reason: `"${row.key}" is not one of the old backend's settings`,
      });
      return null;
    }
    const value = row.value ?? "";
    if (row.key === "footer_links" && value.trim() !== "") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        report.skipped.push({ row: record.row, reason: "footer_links is not valid JSON" });
        return null;
      }
      const links = footerLinksSchema.safeParse(parsed);
      if (!links.success) {
        report.skipped.push({
          row: record.row,
          reason: "footer_links is not an object of link groups (lists of name and href)",
        });
        return null;
      }
    }
    const [existing] = await tx
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, row.key))
      .limit(1);
    const description = row.description?.trim() || existing?.description || null;
    if (existing) {
      if (existing.value === value && existing.description === description) return "unchanged";
      await tx.update(webSettings).set({ value, description }).where(eq(webSettings.key, row.key));
      changed = true;
      return "updated";
    }
    await tx.insert(webSettings).values({ key: row.key, value, description });
    changed = true;
    return "imported";
  });
  // An admin with the footer or contact editor open is told someone else saved.
  if (changed) await claimEditorVersion(tx, "footer", undefined, ["contact-info", "settings"]);
}
