import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { projectRoot } from "~/lib/project-root.server";
import { serviceSlot } from "~/lib/service-slot.server";
import * as schema from "./schema.server";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

function migrationsFolder() {
  return path.join(projectRoot(), "drizzle");
}

export function openPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    migrate: () => migratePglite(db, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

// Any 64-bit number works; it only has to be the same in every process of this app.
const MIGRATION_LOCK_ID = 7_240_215_113;

/**
 * How long a request may wait for PostgreSQL. A database that is down or unreachable must turn
 * into a quick error (public pages then show their defaults, forms answer 503), never into a
 * request that hangs: a refused connection fails at once, an unanswered one after CONNECT_TIMEOUT,
 * a connection that goes silent mid-query after QUERY_TIMEOUT (measured by the client, so it also
 * ends a wait for a server that no longer answers), and a query the server runs too long is
 * cancelled by the server after STATEMENT_TIMEOUT.
 */
export const POSTGRES_TIMEOUTS = {
  connectMs: 5_000,
  statementMs: 15_000,
  queryMs: 20_000,
};

export function openPostgres(
  connectionString: string,
  options: { max?: number; timeouts?: Partial<typeof POSTGRES_TIMEOUTS> } = {},
): Database {
  const timeouts = { ...POSTGRES_TIMEOUTS, ...options.timeouts };
  const pool = new GuardedPool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // A peer that vanished without a reset (a dead network path) is noticed on idle connections.
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on("error", () => {});
  const db = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    async migrate() {
      // Several app processes may start at once against one server: migrate one at a time. A
      // connection of its own, without the request timeouts: waiting for another process's
      // migration, or a long migration, is not a stuck request.
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: timeouts.connectMs,
      });
      await client.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        await migrateNodePg(drizzleNodePg(client, { schema }), {
          migrationsFolder: migrationsFolder(),
        });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end().catch(() => {});
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/** How long requests fail at once after a connection to the server could not be made. */
export const UNAVAILABLE_FAIL_FAST_MS = 2_000;

class DatabaseUnavailableError extends Error {
  readonly code = "08006";
  constructor(cause: unknown) {
    super("The database could not be reached a moment ago; not trying again yet", { cause });
    this.name = "DatabaseUnavailableError";
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  // biome-ignore lint/suspicious/noExplicitAny: pg's own signature.
  done: (release?: any) => void,
) => void;

/**
 * A pool that stops queuing behind a database it cannot reach. When making a connection fails
 * (refused, reset, or not answered within the connect timeout), every request for the next
 * UNAVAILABLE_FAIL_FAST_MS fails at once, and after that one request at a time tries to connect
 * while the others keep failing at once. Without it, each query of each page waits out the
 * connect timeout on a dead network path (a page with a few sequential reads took 10 s, and
 * every waiting request holds memory); with it, pages fall back to their defaults and forms
 * answer 503 immediately. The price: one failed connection attempt makes the next two seconds
 * of requests fail too, even if the database is back sooner.
 */
class GuardedPool extends pg.Pool {
  #openUntil = 0;
  #probing = false;
  #lastError: unknown;

  #failFast(): Error | undefined {
    if (Date.now() < this.#openUntil || (this.#openUntil > 0 && this.#probing)) {
      return new DatabaseUnavailableError(this.#lastError);
    }
    return undefined;
  }

  #settle(error: unknown, probe: boolean) {
    if (probe) this.#probing = false;
    // Waiting in the pool's own queue ("timeout exceeded") means busy, not unreachable.
    const unreachable =
      error &&
      isDatabaseUnavailable(error) &&
      !/timeout exceeded when trying to connect/.test(String((error as Error).message));
    if (unreachable) {
      this.#lastError = error;
      this.#openUntil = Date.now() + UNAVAILABLE_FAIL_FAST_MS;
    } else if (!error || probe) {
      this.#openUntil = 0;
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise or callback) are kept as they are.
  override connect(callback?: ConnectCallback): any {
    const refused = this.#failFast();
    if (refused) {
      if (callback) {
        process.nextTick(() => callback(refused, undefined, () => {}));
        return undefined;
      }
      return Promise.reject(refused);
    }
    const probe = this.#openUntil > 0;
    if (probe) this.#probing = true;
    if (callback) {
      return super.connect((error, client, done) => {
        this.#settle(error, probe);
        callback(error, client, done);
      });
    }
    return super.connect().then(
      (client) => {
        this.#settle(undefined, probe);
        return client;
      },
      (error) => {
        this.#settle(error, probe);
        throw error;
      },
    );
  }
}

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * Whether an error means the database cannot be reached right now (refused, cut, timed out,
 * shutting down), as opposed to a fault of the query: such a request is answered 503, "try again
 * later". Drizzle wraps the driver's error, so the causes are searched too.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string") {
      if (UNAVAILABLE_CODES.has(code)) return true;
      // Class 08: connection exception; 57P01-57P03: the server is shutting down or starting;
      // 57014: the statement was cancelled by statement_timeout.
      if (code.startsWith("08") || /^57P0[1-3]$/.test(code) || code === "57014") return true;
    }
    if (
      typeof message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|connect ECONNREFUSED/i.test(
        message,
      )
    ) {
      return true;
    }
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable))
      return true;
    current = cause;
  }
  return false;
}

/**
 * PGlite runs PostgreSQL inside this process, in WebAssembly memory that grows and never gives
 * back. PostgreSQL's defaults are sized for a server of its own (128 MB of shared buffers,
 * 64 MB for index builds), and here every megabyte they touch stays resident in the app. The
 * site's data is small and the files stay in the OS's page cache, so smaller buffers cost
 * little (docs/benchmarks.md: memory, and the blog at 10,000 posts).
 */
export const PGLITE_SETTINGS = [
  "shared_buffers=32MB",
  "maintenance_work_mem=16MB",
  "work_mem=4MB",
  "temp_buffers=4MB",
];

/** PostgreSQL's start parameters for every PGlite database of the app (and of its tests). */
export function pgliteStartParams() {
  return [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])];
}

/**
 * Creates a new PGlite data directory (initdb) in a child process. initdb runs in WebAssembly
 * memory of its own, over 400 MB, which a process keeps resident long after; in a child it is
 * gone when the child exits, and the app's first start weighs what a restart does.
 */
async function initPgliteDir(dir: string) {
  const code = `import { PGlite } from "@electric-sql/pglite";
const db = await PGlite.create(process.argv[1], { startParams: JSON.parse(process.argv[2]) });
await db.close();`;
  const child = spawn(
    process.execPath,
    ["--input-type=module", "-e", code, dir, JSON.stringify(pgliteStartParams())],
    { cwd: projectRoot(), stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (exitCode !== 0) {
    throw new Error(`Could not create the database in ${dir} (exit ${exitCode}): ${stderr.trim()}`);
  }
}

/** Opens the configured database: PostgreSQL when a URL is given, else PGlite in dataDir/db. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, "db");
  if (!fs.existsSync(path.join(dir, "PG_VERSION"))) await initPgliteDir(dir);
  const client = await PGlite.create(dir, { startParams: pgliteStartParams() });
  return openPglite(client);
}

const databaseSlot = serviceSlot<Database>("The database");
export const setDatabase = databaseSlot.set;
export const getDatabase = databaseSlot.get;

/** The Drizzle handle of the process-wide database. */
export function getDb(): Db {
  return getDatabase().db;
}
