import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../../tests/support/tcp-proxy";
import { type Database, isDatabaseUnavailable, openPostgres } from "./client.server";

// A PostgreSQL that cannot be reached must fail a query quickly and recognisably (the forms answer
// 503 and the pages fall back on it), never leave it waiting.
const SHORT = { connectMs: 1_000, statementMs: 1_000, queryMs: 1_500 };

let proxy: TcpProxy | undefined;
let database: Database | undefined;
afterEach(async () => {
  await database?.close().catch(() => {});
  await proxy?.close();
  database = undefined;
  proxy = undefined;
});

async function failure(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected the query to fail");
}

describe("openPostgres when the server cannot be reached", () => {
  it("fails a query at once when connections are refused, as unavailable", async () => {
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 9 });
    await proxy.cut("refuse");
    database = openPostgres(`postgres://postgres@${proxy.address}/none`, { timeouts: SHORT });
    const opened = database;
    expect(isDatabaseUnavailable(await failure(() => opened.ping()))).toBe(true);
  });

  it("gives up after the connect timeout when a connection is never answered", async () => {
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 9 });
    await proxy.cut("blackhole");
    database = openPostgres(`postgres://postgres@${proxy.address}/none`, { timeouts: SHORT });
    const opened = database;
    expect(isDatabaseUnavailable(await failure(() => opened.ping()))).toBe(true);
    expect(proxy.accepted).toBeGreaterThan(0);
  });

  it("fails the next requests at once after a connection could not be made, without trying again", async () => {
    proxy = await startTcpProxy({ host: "127.0.0.1", port: 9 });
    await proxy.cut("blackhole");
    database = openPostgres(`postgres://postgres@${proxy.address}/none`, {
      timeouts: SHORT,
    });
    const opened = database;
    await failure(() => opened.ping());
    const attempts = proxy.accepted;
    // Page loads during the outage do not each wait out the connect timeout.
    const errors = await Promise.all([1, 2, 3].map(() => failure(() => opened.ping())));
    expect(errors.every(isDatabaseUnavailable)).toBe(true);
    expect(proxy.accepted).toBe(attempts);
    // Later, one request tries again.
    await expect
      .poll(
        async () => {
          await failure(() => opened.ping());
          return proxy?.accepted;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBeGreaterThan(attempts);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "gives up on a query whose connection goes silent, then works again when it returns",
    async () => {
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const url = new URL(target);
      url.host = proxy.address;
      const opened = openPostgres(url.toString(), { max: 1, timeouts: SHORT });
      database = opened;
      await opened.ping();
      // The pool's one connection stays open but silent: only the client's query timeout ends it.
      await proxy.cut("silence");
      expect(isDatabaseUnavailable(await failure(() => opened.ping()))).toBe(true);
      await proxy.restore();
      await expect
        .poll(() =>
          opened.ping().then(
            () => true,
            () => false,
          ),
        )
        .toBe(true);
    },
  );
});

describe("isDatabaseUnavailable", () => {
  it("tells a lost database from a faulty query", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Query failed", { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("shutdown"), { code: "57P01" }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // A bug or bad data is a 500, not "try again later".
    expect(isDatabaseUnavailable(Object.assign(new Error("syntax"), { code: "42601" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "answers a faulty query as such on a reachable server",
    async () => {
      const opened = openPostgres(process.env.TEST_DATABASE_URL as string, { max: 1 });
      database = opened;
      const error = await failure(() => opened.db.execute(sql`select * from no_such_table`));
      expect(isDatabaseUnavailable(error)).toBe(false);
    },
  );
});
