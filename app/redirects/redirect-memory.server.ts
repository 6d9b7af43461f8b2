import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webRedirects } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { periodic, writeFailureLog } from "~/lib/periodic.server";
import {
  matchRedirect,
  type RedirectMatch,
  type RedirectTable,
  redirectTable,
} from "~/lib/redirect-paths";
import { liveRedirects } from "~/lib/redirect-sources";

/** At most this many different redirects wait with uncounted hits; more are dropped (and logged). */
const MAX_PENDING = 10_000;

/** Hits counted in memory: per from path, how many and when the last one came. */
export interface RedirectHits {
  fromPath: string;
  hits: number;
  lastHitAt: Date;
}

/**
 * Adds counted hits in one statement. A redirect deleted (or renamed) since is skipped; its
 * `updated_at` stays, since following a redirect does not change it.
 */
export async function addRedirectHits(db: Db, batch: RedirectHits[]) {
  if (batch.length === 0) return;
  const rows = batch.map(
    (hit) =>
      sql`(${hit.fromPath}::text, ${hit.hits}::integer, ${hit.lastHitAt.toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    update web_redirects set
      hits = web_redirects.hits + v.added,
      last_hit_at = greatest(coalesce(web_redirects.last_hit_at, v.at), v.at)
    from (values ${sql.join(rows, sql`, `)}) as v(from_path, added, at)
    where web_redirects.from_path = v.from_path`);
}

export type RedirectMemory = ReturnType<typeof createRedirectMemory>;

/**
 * The redirects of this process, in memory: every request is looked up here before the page
 * cache and the render, so a redirect costs no query. `reload()` reads the table again; the
 * server calls it at start and whenever the site's cache is cleared (after any admin write, in
 * every process through the change notification). A failed load keeps the table it had (empty at
 * start) and is tried again every `flushMs` until it works: the site never stops over it.
 *
 * Hits are counted here and written every `flushMs` and at `stop()`, in one statement.
 */
export function createRedirectMemory(options: { db: Db; flushMs: number }) {
  const { db } = options;
  let table: RedirectTable = new Map();
  let stale = true;
  let loading: Promise<void> | undefined;
  let loadAgain = false;
  let loadFailures = 0;

  let pending = new Map<string, RedirectHits>();
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  const writeLog = writeFailureLog("redirect hits");

  async function loadOnce() {
    try {
      const rows = await db
        .select({ fromPath: webRedirects.fromPath, target: webRedirects.target })
        .from(webRedirects);
      table = redirectTable(liveRedirects(rows));
      stale = false;
      if (loadFailures > 0) logger.info("redirects: loaded again");
      loadFailures = 0;
    } catch (error) {
      stale = true;
      loadFailures += 1;
      if (loadFailures === 1 || loadFailures % 10 === 0) {
        logger.warn(
          { err: error, failures: loadFailures },
          "redirects: could not load them; answering with the ones loaded before and trying again",
        );
      }
    }
  }

  /** Reads the table again; a call during a load makes it run once more after it (a newer write). */
  function reload(): Promise<void> {
    if (loading) {
      loadAgain = true;
      return loading;
    }
    loading = (async () => {
      do {
        loadAgain = false;
        await loadOnce();
      } while (loadAgain);
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  function hit(fromPath: string) {
    const counted = pending.get(fromPath);
    if (counted) {
      counted.hits += 1;
      counted.lastHitAt = new Date();
    } else if (pending.size >= MAX_PENDING) {
      dropped += 1;
    } else {
      pending.set(fromPath, { fromPath, hits: 1, lastHitAt: new Date() });
    }
  }

  async function writePending() {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await addRedirectHits(db, [...batch.values()]);
      writeLog.succeeded();
    } catch (error) {
      writeLog.failed(error, batch.size);
      for (const [fromPath, counted] of batch) {
        const newer = pending.get(fromPath);
        if (newer) newer.hits += counted.hits;
        else if (pending.size < MAX_PENDING) pending.set(fromPath, counted);
        else dropped += 1;
      }
    }
    if (dropped > 0) {
      logger.warn({ dropped }, "redirect hits: too many redirects waiting; some hits dropped");
      dropped = 0;
    }
  }

  /** Writes the counted hits; one write at a time, a call during one waits and writes the rest. */
  async function flush() {
    while (flushing) await flushing;
    flushing = writePending().finally(() => {
      flushing = undefined;
    });
    await flushing;
  }

  const timer = periodic(() => {
    void flush();
    if (stale) void reload();
  }, options.flushMs);

  return {
    /** The redirect for a request's path and query (without "?"), or null. */
    match(path: string, query: string): RedirectMatch | null {
      return matchRedirect(table, path, query);
    },
    hit,
    reload,
    /**
     * The read of the table under way after a change, if any. Not while the last read failed:
     * the database is in trouble then, and requests must not wait on its retries.
     */
    get loading() {
      return stale ? undefined : loading;
    },
    flush,
    async start() {
      timer.start();
      await reload();
    },
    /** Stops the periodic writes; stop() then writes the rest once. */
    stopTimer: timer.stop,
    async stop() {
      timer.stop();
      await flush();
    },
  };
}
