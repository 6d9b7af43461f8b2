import type { MediaStorage } from "~/media/storage.server";

/** What an import reads and what it answers: the six tables and a report per table and media. */

export const importTables = [
  "web_categories",
  "web_posts",
  "web_settings",
  "web_integrations",
  "web_main_page_stats",
  "web_newsletter_subscriptions",
] as const;
export type ImportTable = (typeof importTables)[number];

/**
 * `row` is the row as a spreadsheet numbers it: the header is row 1, the first record row 2. For
 * media, the position in the sorted file list, and `file` names the file.
 */
export interface RowNote {
  row: number;
  reason: string;
  file?: string;
}

export interface TableReport {
  /** False when the export has no file for the table (nothing of it was touched). */
  found: boolean;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: RowNote[];
  /** Imported, but not exactly as exported (a dropped key, an unknown category, …). */
  warnings: RowNote[];
}

export type ImportReport = Record<ImportTable | "media", TableReport>;

export interface ImportOptions {
  /** The folder with `<table>.csv` files and a `media/` folder. */
  from: string;
  storage?: MediaStorage;
  /**
   * Public URL prefixes of the old bucket besides the Supabase default
   * (`https://<project>.supabase.co/storage/v1/object/public/media/`), e.g. a custom domain.
   */
  oldMediaUrlPrefixes?: string[];
  onProgress?: (message: string) => void;
}

export function emptyReport(found: boolean): TableReport {
  return { found, imported: 0, updated: 0, unchanged: 0, skipped: [], warnings: [] };
}
