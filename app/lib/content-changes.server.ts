import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

/**
 * Several app processes on one PostgreSQL each keep public content in an in-process cache. After an
 * admin write, the writing process tells the others on this channel, and each clears its cache.
 * With PGlite there is one process only, so clearing its own cache is all it takes.
 */
export const CONTENT_CHANGES_CHANNEL = "site_content_changed";

/** Sent as the payload, so a process can skip its own announcements (it already cleared). */
export const THIS_PROCESS = randomUUID();

/**
 * Tells the other app processes that public content changed. Call it after the write has
 * committed: a NOTIFY outside a transaction is delivered at once, so a process that clears its
 * cache on it cannot read the content from before the write. A failure is logged and not thrown:
 * the write stands, and the other processes' cache lifetime still bounds how long they lag.
 */
export async function announceContentChange(
  database: Database,
  origin: string = THIS_PROCESS,
): Promise<void> {
  if (database.kind !== "postgres") return;
  try {
    await database.db.execute(sql`select pg_notify(${CONTENT_CHANGES_CHANNEL}, ${origin})`);
  } catch (error) {
    logger.warn(
      { err: error },
      "could not tell the other app processes that content changed; their caches expire on their own",
    );
  }
}

export interface ContentChangeSubscription {
  /** Settles after the first connection attempt, whether or not it succeeded (it keeps trying). */
  readonly ready: Promise<void>;
  /** Whether LISTEN is in place right now. */
  readonly listening: boolean;
  close(): Promise<void>;
}

export interface RetryPolicy {
  initialMs: number;
  maxMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { initialMs: 250, maxMs: 10_000 };

/** The wait before the next attempt: doubling up to the cap, with jitter so processes spread out. */
export function retryDelay(attempt: number, policy: RetryPolicy, random = Math.random): number {
  const base = Math.min(policy.maxMs, policy.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (0.75 + random() * 0.25));
}

/**
 * Listens for other processes' announcements on a connection of its own (a pooled connection
 * would lose the LISTEN when returned). `onChange` runs for each announcement from another
 * process, and also after a lost connection comes back, because whatever was announced while it
 * was gone never arrives. A lost connection is retried with backoff for as long as it stays open.
 */
export function subscribeToContentChanges(options: {
  connectionString: string;
  onChange: () => void;
  origin?: string;
  retry?: RetryPolicy;
}): ContentChangeSubscription {
  const origin = options.origin ?? THIS_PROCESS;
  const retry = options.retry ?? DEFAULT_RETRY;
  let current: pg.Client | undefined;
  let closed = false;
  let failures = 0;
  let everListened = false;
  let timer: NodeJS.Timeout | undefined;
  let settleReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    settleReady = resolve;
  });

  const attempt = () => {
    timer = undefined;
    if (closed) return;
    const client = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    let lost = false;
    const lose = (error?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      settleReady();
      if (closed) return;
      const wait = retryDelay(failures, retry);
      failures += 1;
      logger.warn(
        { err: error, retryInMs: wait },
        "content-change listener: no connection to the database; trying again",
      );
      timer = setTimeout(attempt, wait);
      timer.unref();
    };
    client.on("error", lose);
    client.on("end", () => lose());
    client.on("notification", (message) => {
      if (message.channel === CONTENT_CHANGES_CHANNEL && message.payload !== origin) {
        options.onChange();
      }
    });
    client
      .connect()
      .then(() => client.query(`listen ${CONTENT_CHANGES_CHANNEL}`))
      .then(() => {
        if (lost) return;
        if (closed) {
          lost = true;
          client.end().catch(() => {});
          return;
        }
        current = client;
        failures = 0;
        if (everListened) {
          logger.info("content-change listener: connected again");
          options.onChange();
        }
        everListened = true;
        settleReady();
      }, lose);
  };
  attempt();

  return {
    ready,
    get listening() {
      return current !== undefined;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = undefined;
      settleReady();
      await client?.end().catch(() => {});
    },
  };
}
