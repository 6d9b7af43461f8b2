import fs from "node:fs";
import path from "node:path";
import { getMediaStorage } from "~/media/storage.server";
import type { Db } from "../client.server";
import { importCategories } from "./categories.server";
import { type CsvRecord, readCsv } from "./csv.server";
import { importIntegrations } from "./integrations.server";
import { importMedia, mediaUrlRewriter } from "./media.server";
import { importPosts } from "./posts.server";
import {
  emptyReport,
  type ImportOptions,
  type ImportReport,
  type ImportTable,
  importTables,
} from "./report.server";
import { requiredColumns } from "./row-schemas.server";
import { importSettings } from "./settings.server";
import { importStats } from "./stats.server";
import { importSubscribers } from "./subscribers.server";

/**
 * Brings the content of the old hosted backend (a Supabase project) into this site: CSV exports of
 * the spec's six tables, as the Supabase table editor or `psql \copy … csv header` writes them, and
 * a copy of its `media` bucket. See docs/import-from-old-backend.md.
 *
 * Rows are matched by their natural keys (slug, key, name, stat_key, e-mail; media by original path
 * and byte length), so a second run over the same export changes nothing. A row that cannot be
 * imported is reported with its reason and never stops the others.
 */

export { mediaUrlRewriter } from "./media.server";
export type {
  ImportOptions,
  ImportReport,
  ImportTable,
  RowNote,
  TableReport,
} from "./report.server";
export { importTables } from "./report.server";
export { parseTimestamp } from "./row-schemas.server";

/**
 * Imports an export folder. Media files are stored first (their new names are needed to rewrite
 * the posts); the tables then go in one transaction, each row in its own savepoint, so a failure
 * outside any row (the database going away) leaves the tables as they were.
 */
export async function importOldBackend(db: Db, options: ImportOptions): Promise<ImportReport> {
  const from = path.resolve(options.from);
  if (!fs.statSync(from, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`${options.from} is not a folder`);
  }
  const progress = options.onProgress ?? (() => {});
  const storage = options.storage ?? getMediaStorage();
  const mediaDir = path.join(from, "media");
  const hasMedia = fs.statSync(mediaDir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  const report = {
    media: emptyReport(hasMedia),
  } as ImportReport;

  const exports = new Map<ImportTable, CsvRecord[]>();
  for (const table of importTables) {
    const tableReport = emptyReport(false);
    report[table] = tableReport;
    let read: ReturnType<typeof readCsv>;
    try {
      read = readCsv(from, table, tableReport);
    } catch (error) {
      tableReport.found = true;
      tableReport.skipped.push({
        row: 0,
        reason: `the file is not readable CSV: ${error instanceof Error ? error.message : String(error)}`,
      });
      continue;
    }
    if (!read) continue;
    tableReport.found = true;
    const lacking = requiredColumns[table].filter((column) => !read.columns.includes(column));
    if (lacking.length > 0) {
      tableReport.skipped.push({
        row: 1,
        reason: `the header lacks ${lacking.join(", ")}; nothing of this table was imported`,
      });
      continue;
    }
    exports.set(table, read.records);
  }

  const mediaNames = hasMedia
    ? await importMedia(db, mediaDir, storage, report.media, progress)
    : new Map<string, string>();
  const rewrite = mediaUrlRewriter(mediaNames, storage, options.oldMediaUrlPrefixes);

  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = (table: ImportTable) => exports.get(table) ?? [];
    progress("categories");
    const categoryIds = exports.has("web_categories")
      ? await importCategories(tx, rows("web_categories"), report.web_categories)
      : null;
    progress("posts");
    await importPosts(tx, rows("web_posts"), report.web_posts, categoryIds, rewrite);
    progress("settings");
    await importSettings(tx, rows("web_settings"), report.web_settings);
    progress("integrations");
    await importIntegrations(tx, rows("web_integrations"), report.web_integrations);
    progress("main page stats");
    await importStats(tx, rows("web_main_page_stats"), report.web_main_page_stats);
    progress("newsletter subscriptions");
    await importSubscribers(
      tx,
      rows("web_newsletter_subscriptions"),
      report.web_newsletter_subscriptions,
    );
  });
  return report;
}

/** Whether the import wrote anything (the caller then clears the caches and tells the others). */
export function importChangedAnything(report: ImportReport): boolean {
  return Object.values(report).some((table) => table.imported + table.updated > 0);
}
