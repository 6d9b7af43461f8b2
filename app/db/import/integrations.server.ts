import { eq } from "drizzle-orm";
import { integrationType } from "~/content/integrations";
import { type IntegrationName, integrationNames } from "~/content/site-defaults";
import { webIntegrations } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { eachRow, firstOfKey, type Tx } from "./rows.server";

/** Object keys in a fixed order, so that two equal configs compare equal as text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export async function importIntegrations(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "name");
  await eachRow(tx, records, rowSchemas.web_integrations, report, async (tx, row, record) => {
    if (!(integrationNames as readonly string[]).includes(row.name)) {
      report.skipped.push({
        row: record.row,
        reason: `"${row.name}" is not an integration this site offers`,
      });
      return null;
    }
    if (!unique(row.name, record, report)) return null;
    const raw = row.config ?? {};
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
      report.skipped.push({ row: record.row, reason: "config is not a JSON object" });
      return null;
    }
    // Stored as an admin's save stores it: the catalogue's fields as trimmed strings. Secret
    // fields stay in the stored config and, as for any save, are only ever shown masked.
    const type = integrationType(row.name as IntegrationName);
    const known = new Set(type.fields.map((f) => f.key));
    const config: Record<string, string> = {};
    for (const field of type.fields) {
      const value = (raw as Record<string, unknown>)[field.key];
      const str =
        typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
      if (str) config[field.key] = str;
    }
    const dropped = Object.keys(raw).filter((key) => !known.has(key));
    if (dropped.length > 0) {
      // Names only: a dropped value may be a secret.
      report.warnings.push({
        row: record.row,
        reason: `config keys this site does not use were left out: ${dropped.join(", ")}`,
      });
    }
    let enabled = row.enabled;
    const missing = type.fields.filter((f) => f.required && !config[f.key]).map((f) => f.label);
    if (enabled && missing.length > 0) {
      enabled = false;
      report.warnings.push({
        row: record.row,
        reason: `imported switched off: ${missing.join(", ")} missing`,
      });
    }
    const [existing] = await tx
      .select()
      .from(webIntegrations)
      .where(eq(webIntegrations.name, row.name))
      .limit(1);
    if (existing) {
      if (
        existing.enabled === enabled &&
        canonicalJson(existing.config) === canonicalJson(config)
      ) {
        return "unchanged";
      }
      await tx
        .update(webIntegrations)
        .set({ enabled, config })
        .where(eq(webIntegrations.id, existing.id));
      return "updated";
    }
    await tx.insert(webIntegrations).values({ name: row.name, enabled, config });
    return "imported";
  });
}
