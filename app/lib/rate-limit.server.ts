import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets, when refused. */
  retryAfter: number | null;
}

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `max`.
 * One statement, so it is atomic across requests and across app processes, and it survives restarts.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: { windowSeconds: number; max: number },
): Promise<RateLimitResult> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now()
        then now() + make_interval(secs => ${rule.windowSeconds}) else rate_limits.reset_at end
    returning count::int as count,
      ceil(extract(epoch from (reset_at - now())))::int as retry_after`)) as unknown as {
    rows: { count: number; retry_after: number }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error("Rate limit update returned no row");
  const allowed = Number(row.count) <= rule.max;
  return { allowed, retryAfter: allowed ? null : Math.max(1, Number(row.retry_after)) };
}

/**
 * Whether `key` has already used up `max` in its current window, counting nothing: for limits
 * that count only failures (a wrong token), asked before the attempt.
 */
export async function peekRateLimit(
  db: Db,
  key: string,
  rule: { max: number },
): Promise<RateLimitResult> {
  const result = (await db.execute(sql`
    select count::int as count, ceil(extract(epoch from (reset_at - now())))::int as retry_after
    from rate_limits where key = ${key} and reset_at > now()`)) as unknown as {
    rows: { count: number; retry_after: number }[];
  };
  const row = result.rows[0];
  if (!row || Number(row.count) < rule.max) return { allowed: true, retryAfter: null };
  return { allowed: false, retryAfter: Math.max(1, Number(row.retry_after)) };
}

/** Deletes expired counters; called now and then so the table stays small. */
export async function pruneRateLimits(db: Db) {
  await db.execute(sql`delete from rate_limits where reset_at < now()`);
}
