import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { periodic, writeFailureLog } from "~/lib/periodic.server";

/** At most this many (post, reader) pairs wait in memory; more are dropped (and logged). */
export const DEFAULT_MAX_PENDING_VIEWS = 10_000;
/** Pairs per INSERT statement: 2 parameters each, well below PostgreSQL's 65,535. */
const ROWS_PER_STATEMENT = 1_000;
/** Pairs already written that are not sent again: a returning reader costs no statement. */
const MAX_REMEMBERED = 100_000;

interface PendingView {
  postId: number;
  visitorKey: string;
}

/**
 * Writes (post, reader) pairs and raises each post's count by the pairs that were new, in one
 * statement: a reader counted before (the primary key) adds nothing, and a post deleted since
 * the view is skipped rather than failing the batch.
 */
export async function addPostViews(db: Db, views: PendingView[]): Promise<number> {
  let counted = 0;
  for (let i = 0; i < views.length; i += ROWS_PER_STATEMENT) {
    const rows = views
      .slice(i, i + ROWS_PER_STATEMENT)
      .map((view) => sql`(${view.postId}::integer, ${view.visitorKey}::text)`);
    const result = (await db.execute(sql`
      with inserted as (
        insert into web_post_views (post_id, visitor_key)
        select v.post_id, v.visitor_key
        from (values ${sql.join(rows, sql`, `)}) as v(post_id, visitor_key)
        join web_posts p on p.id = v.post_id
        on conflict do nothing
        returning post_id
      ), added as (
        select post_id, count(*)::integer as views from inserted group by post_id
      )
      update web_posts set view_count = view_count + added.views
      from added where web_posts.id = added.post_id
      returning added.views`)) as unknown as { rows: { views: number }[] };
    for (const row of result.rows) counted += Number(row.views);
  }
  return counted;
}

export interface PostViewRecorderOptions {
  db: Db;
  flushMs: number;
  maxPending?: number;
}

export type PostViewRecorder = ReturnType<typeof createPostViewRecorder>;

/**
 * Blog-post views of pages served from the page cache: the render is shared, so the count is
 * kept here and written every `flushMs` (and on `stop()`) in batches. Each reader of a post is
 * counted once, as in the uncached path (recordPostView); the count a cached page shows is at
 * most as old as the page (a minute).
 */
export function createPostViewRecorder(options: PostViewRecorderOptions) {
  const { db, flushMs } = options;
  const maxPending = options.maxPending ?? DEFAULT_MAX_PENDING_VIEWS;
  let pending = new Map<string, PendingView>();
  const remembered = new Set<string>();
  let flushing: Promise<void> | undefined;
  let dropped = 0;
  let reportedDrops = 0;
  const writeLog = writeFailureLog("post views");

  function record(postId: number, visitorKey: string) {
    const key = `${postId}:${visitorKey}`;
    if (remembered.has(key) || pending.has(key)) return;
    if (pending.size >= maxPending) {
      dropped += 1;
      return;
    }
    pending.set(key, { postId, visitorKey });
  }

  async function writePending() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addPostViews(db, [...batch.values()]);
      writeLog.succeeded();
      if (remembered.size + batch.size > MAX_REMEMBERED) remembered.clear();
      for (const key of batch.keys()) remembered.add(key);
    } catch (error) {
      writeLog.failed(error, batch.size);
      for (const [key, view] of batch) {
        if (pending.size >= maxPending) dropped += 1;
        else if (!pending.has(key)) pending.set(key, view);
      }
    }
    if (dropped > reportedDrops) {
      logger.warn({ dropped }, "post views: too many pending views; some dropped");
      reportedDrops = dropped;
    }
  }

  /** Writes what is pending; one write at a time, a call during one waits and writes the rest. */
  async function flush() {
    while (flushing) await flushing;
    flushing = writePending().finally(() => {
      flushing = undefined;
    });
    await flushing;
  }

  const writes = periodic(() => void flush(), flushMs);

  return {
    record,
    flush,
    get pending() {
      return pending.size;
    },
    start: writes.start,
    /** Stops the periodic writes; stop() then writes the rest once. */
    stopTimer: writes.stop,
    async stop() {
      writes.stop();
      await flush();
    },
  };
}
