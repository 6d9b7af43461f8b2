import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { OwnServer } from "./admin";

/** Every row of every table a snapshot compares, by table name. */
export type DatabaseSnapshot = Record<string, unknown[]>;

/**
 * Tables that requests change by design even when they are refused or only read. A test that
 * proves "nothing changed" leaves them out; anything else that moves is a finding.
 */
export const EXPECTED_TO_CHANGE: Record<string, string> = {
  sessions: "a sign-in creates one; better-auth refreshes its updated_at and expiry as it is used",
  verifications: "sign-up, e-mail verification and password-reset tokens",
  rate_limits: "every counted request moves a counter, refused ones included",
  bot_check_spent: "a spent bot-check token is recorded so that it cannot be used twice",
  web_page_views: "page views are counted on GET (the analytics tab)",
  __drizzle_migrations: "migration bookkeeping",
  web_jobs: "a server schedules the daily backup when it first starts (the job's next run)",
};

/** A post's readers: counted on GET of /blog/:slug, once per visitor (DESIGN.md 5.5). */
export const POST_VIEW_COUNTERS = {
  tables: { web_post_views: "who has been counted as a reader of a post" },
  columns: { web_posts: { view_count: "rises once per visitor who reads the post" } },
};

export interface SnapshotOptions {
  /** More tables to leave out, each with the reason. */
  tables?: Record<string, string>;
  /** Columns to leave out of a table's rows, each with the reason. */
  columns?: Record<string, Record<string, string>>;
}

/** Every row of every table except the expected-to-change ones, from a stopped server's data. */
export async function snapshotDatabase(
  dataDir: string,
  options: SnapshotOptions = {},
): Promise<DatabaseSnapshot> {
  const skip = new Set([...Object.keys(EXPECTED_TO_CHANGE), ...Object.keys(options.tables ?? {})]);
  const db = await PGlite.create(path.join(dataDir, "db"));
  try {
    const tables = await db.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    const rows: DatabaseSnapshot = {};
    for (const { table_name } of tables.rows) {
      if (skip.has(table_name)) continue;
      const result = await db.query<Record<string, unknown>>(
        `select * from "${table_name}" order by 1`,
      );
      const dropped = Object.keys(options.columns?.[table_name] ?? {});
      rows[table_name] = result.rows.map((row) => {
        const kept = { ...row };
        for (const column of dropped) delete kept[column];
        return kept;
      });
    }
    return rows;
  } finally {
    await db.close();
  }
}

/** Stops `own` (the embedded database allows one process), snapshots it and starts it again. */
export function snapshotOwnServer(own: OwnServer, options: SnapshotOptions = {}) {
  return own.whileStopped(() => snapshotDatabase(own.dataDir, options));
}
