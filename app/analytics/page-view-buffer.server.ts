import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPageViews } from "~/db/schema.server";

export interface PageViewRow {
  day: string;
  path: string;
  referrerHost: string;
  views: number;
}

/** At most this many distinct (day, path, referrer) counts wait in memory; more are dropped. */
export const DEFAULT_MAX_PENDING_KEYS = 10_000;
/** Rows per INSERT statement: 4 parameters each, well below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 2_000;

const SEPARATOR = "\u0000";

function keyOf(day: string, path: string, referrerHost: string) {
  return `${day}${SEPARATOR}${path}${SEPARATOR}${referrerHost}`;
}

export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;
let lastDayNumber = Number.NaN;
let lastDay = "";

/** utcDay of a timestamp, without formatting a date for every hit of the same day. */
function utcDayOf(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  if (dayNumber !== lastDayNumber) {
    lastDay = utcDay(new Date(ms));
    lastDayNumber = dayNumber;
  }
  return lastDay;
}

/**
 * Adds counts to the table. Each row adds to what is there (ON CONFLICT … DO UPDATE), so any
 * number of processes can write the same day, path and referrer and the totals add up. Rows go
 * in key order, so two processes writing overlapping batches lock rows in the same order and
 * cannot deadlock.
 */
export async function addPageViews(db: Db, rows: PageViewRow[]) {
  const sorted = rows
    .map((row) => ({ row, key: keyOf(row.day, row.path, row.referrerHost) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ row }) => row);
  const write = async (target: Db) => {
    for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
      await target
        .insert(webPageViews)
        .values(sorted.slice(i, i + ROWS_PER_STATEMENT))
        .onConflictDoUpdate({
          target: [webPageViews.day, webPageViews.path, webPageViews.referrerHost],
          set: { views: sql`${webPageViews.views} + excluded.views` },
        });
    }
  };
  if (sorted.length === 0) return;
  // A failed flush is retried whole, so a batch of several statements must land all or nothing.
  if (sorted.length <= ROWS_PER_STATEMENT) await write(db);
  else await db.transaction((tx) => write(tx as unknown as Db));
}

/**
 * Page views counted in memory and written in batches: one statement per flush instead of one
 * per request. Bounded: when `maxKeys` distinct counts wait (the database is down for long, or a
 * flood of odd referrers), further new keys are dropped and counted in `dropped`.
 */
export class PageViewBuffer {
  private pending = new Map<string, number>();
  private flushing: Promise<number> | undefined;
  dropped = 0;

  constructor(private readonly maxKeys = DEFAULT_MAX_PENDING_KEYS) {}

  /** Distinct (day, path, referrer) counts waiting to be written. */
  get size() {
    return this.pending.size;
  }

  /** Total views waiting to be written. */
  get views() {
    let total = 0;
    for (const count of this.pending.values()) total += count;
    return total;
  }

  /** Counts a view at `at` (a Date or milliseconds since the epoch; now by default). */
  record(path: string, referrerHost: string, at: Date | number = Date.now(), views = 1): boolean {
    const key = keyOf(utcDayOf(typeof at === "number" ? at : at.getTime()), path, referrerHost);
    const current = this.pending.get(key);
    if (current === undefined && this.pending.size >= this.maxKeys) {
      this.dropped += views;
      return false;
    }
    this.pending.set(key, (current ?? 0) + views);
    return true;
  }

  /** Empties the buffer, returning what it held. */
  take(): PageViewRow[] {
    const rows: PageViewRow[] = [];
    for (const [key, views] of this.pending) {
      const [day, path, referrerHost] = key.split(SEPARATOR) as [string, string, string];
      rows.push({ day, path, referrerHost, views });
    }
    this.pending = new Map();
    return rows;
  }

  /** Puts rows back (after a failed write), merged with what arrived meanwhile; still bounded. */
  restore(rows: PageViewRow[]) {
    for (const row of rows) {
      const key = keyOf(row.day, row.path, row.referrerHost);
      const current = this.pending.get(key);
      if (current === undefined && this.pending.size >= this.maxKeys) {
        this.dropped += row.views;
        continue;
      }
      this.pending.set(key, (current ?? 0) + row.views);
    }
  }

  /**
   * Writes what is pending; returns the number of views written. On failure the counts go back
   * into the buffer for the next try and the error is thrown. One flush at a time: a call while
   * one runs waits for it and then writes what arrived meanwhile.
   */
  async flush(db: Db): Promise<number> {
    while (this.flushing) await this.flushing.catch(() => {});
    if (this.pending.size === 0) return 0;
    const rows = this.take();
    this.flushing = addPageViews(db, rows).then(
      () => rows.reduce((sum, row) => sum + row.views, 0),
      (error) => {
        this.restore(rows);
        throw error;
      },
    );
    try {
      return await this.flushing;
    } finally {
      this.flushing = undefined;
    }
  }
}
