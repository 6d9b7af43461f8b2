import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webPageViews } from "~/db/schema.server";
import { EnvError, parseEnv } from "~/env.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { ResponseFacts } from "./classify.server";
import { PageViewBuffer } from "./page-view-buffer.server";
import { ADMIN_LOOKUP_TTL_MS, createPageViewCounter } from "./page-view-counter.server";

const BROWSER =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15";

function pageLoad(url: string, headers: ResponseFacts["headers"] = {}) {
  return {
    method: "GET",
    url,
    status: 200,
    contentType: "text/html; charset=utf-8",
    headers: { host: "localhost:3000", accept: "text/html", "user-agent": BROWSER, ...headers },
  };
}

async function rows(db: Db) {
  const all = await db.select().from(webPageViews);
  const key = (row: { day: string; path: string; referrerHost: string }) =>
    `${row.day} ${row.path} ${row.referrerHost}`;
  return all
    .map((row) => ({ ...row, day: String(row.day) }))
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

const broken = {
  insert() {
    throw new Error("connection refused");
  },
  transaction() {
    throw new Error("connection refused");
  },
} as unknown as Db;

describe.each(backends)("batched page-view writes on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("writes many hits with one statement per flush, per UTC day", async () => {
    const buffer = new PageViewBuffer();
    const day1 = new Date("2026-11-20T23:59:59.900Z");
    const day2 = new Date("2026-11-21T00:00:00.100Z");
    for (let i = 0; i < 500; i++) buffer.record("/", "", day1);
    for (let i = 0; i < 3; i++) buffer.record("/about", "news.example.org", day2);
    buffer.record("/", "", day2);
    expect(buffer.size).toBe(3);

    const insert = vi.spyOn(database.db, "insert");
    expect(await buffer.flush(database.db)).toBe(504);
    expect(insert).toHaveBeenCalledTimes(1);
    expect(buffer.size).toBe(0);
    expect(await rows(database.db)).toEqual([
      { day: "2026-11-20", path: "/", referrerHost: "", views: 500 },
      { day: "2026-11-21", path: "/", referrerHost: "", views: 1 },
      { day: "2026-11-21", path: "/about", referrerHost: "news.example.org", views: 3 },
    ]);
    // Nothing pending: no statement at all.
    expect(await buffer.flush(database.db)).toBe(0);
    expect(insert).toHaveBeenCalledTimes(1);
  });

  it("adds up the counts of two processes flushing into one database", async () => {
    const at = new Date("2026-11-21T10:00:00Z");
    const first = new PageViewBuffer();
    const second = new PageViewBuffer();
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 7; i++) first.record("/", "", at);
      for (let i = 0; i < 11; i++) second.record("/", "", at);
      first.record("/about", "", at);
      second.record("/contact", "search.example.net", at);
      // Both write at the same moment, the same row among others.
      await Promise.all([first.flush(database.db), second.flush(database.db)]);
    }
    expect(await rows(database.db)).toEqual([
      { day: "2026-11-21", path: "/", referrerHost: "", views: 90 },
      { day: "2026-11-21", path: "/about", referrerHost: "", views: 5 },
      { day: "2026-11-21", path: "/contact", referrerHost: "search.example.net", views: 5 },
    ]);
  });

  it("keeps the counts of a failed flush and writes them once on the next try", async () => {
    const buffer = new PageViewBuffer();
    const at = new Date("2026-11-21T10:00:00Z");
    buffer.record("/", "", at);
    buffer.record("/", "", at);
    await expect(buffer.flush(broken)).rejects.toThrow("connection refused");
    expect(buffer.views).toBe(2);
    buffer.record("/", "", at);
    buffer.record("/about", "", at);
    await expect(buffer.flush(broken)).rejects.toThrow();
    expect(await buffer.flush(database.db)).toBe(4);
    expect(await rows(database.db)).toEqual([
      { day: "2026-11-21", path: "/", referrerHost: "", views: 3 },
      { day: "2026-11-21", path: "/about", referrerHost: "", views: 1 },
    ]);
  });

  it("writes a batch larger than one statement (in one transaction)", async () => {
    const buffer = new PageViewBuffer();
    const at = new Date("2026-11-21T10:00:00Z");
    for (let i = 0; i < 4500; i++) buffer.record(`/page-${i}`, "", at);
    expect(await buffer.flush(database.db)).toBe(4500);
    expect((await rows(database.db)).length).toBe(4500);
  });

  it("counts through the counter: admins and bots out, stop() writes what is pending", async () => {
    const checks: string[] = [];
    const counter = createPageViewCounter({
      db: database.db,
      siteUrl: "http://localhost:3000",
      flushMs: 60_000,
      isAdminSession: async (cookie) => {
        checks.push(cookie);
        return cookie.endsWith("admin-token");
      },
    });
    counter.observe(pageLoad("/", { referer: "https://news.example.org/a?b=c" }));
    counter.observe(pageLoad("/about", { referer: "http://localhost:3000/" }));
    counter.observe(pageLoad("/about", { "user-agent": "Googlebot/2.1" }));
    counter.observe(pageLoad("/about", { cookie: "better-auth.session_token=admin-token" }));
    counter.observe(pageLoad("/about", { cookie: "better-auth.session_token=member-token" }));
    counter.observe({ ...pageLoad("/missing"), status: 404 });
    await counter.stop();
    const today = new Date().toISOString().slice(0, 10);
    expect(await rows(database.db)).toEqual([
      { day: today, path: "/", referrerHost: "news.example.org", views: 1 },
      { day: today, path: "/about", referrerHost: "", views: 2 },
    ]);
    expect(checks.sort()).toEqual([
      "better-auth.session_token=admin-token",
      "better-auth.session_token=member-token",
    ]);
  });
});

describe("the admin-session check of the counter", () => {
  function counterWith(isAdminSession: (cookie: string) => Promise<boolean>) {
    let time = Date.parse("2026-11-21T10:00:00Z");
    const counter = createPageViewCounter({
      db: broken,
      siteUrl: "https://www.example.com",
      flushMs: 60_000,
      isAdminSession,
      now: () => time,
    });
    return {
      counter,
      advance(ms: number) {
        time += ms;
      },
    };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const admin = { cookie: "better-auth.session_token=admin" };

  it("asks once per session and minute, however many pages the session opens", async () => {
    const lookup = vi.fn(async () => true);
    const { counter, advance } = counterWith(lookup);
    for (let i = 0; i < 20; i++) counter.observe(pageLoad("/", admin));
    await settle();
    for (let i = 0; i < 20; i++) counter.observe(pageLoad("/about", admin));
    await settle();
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(counter.buffer.views).toBe(0);
    advance(ADMIN_LOOKUP_TTL_MS + 1);
    counter.observe(pageLoad("/", admin));
    await settle();
    expect(lookup).toHaveBeenCalledTimes(2);
    // Visitors without a session cookie never cause a lookup.
    counter.observe(pageLoad("/"));
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(counter.buffer.views).toBe(1);
  });

  it("counts a signed-in member, and leaves a view out when the lookup fails", async () => {
    const { counter } = counterWith(async (cookie) => {
      if (cookie.endsWith("=broken")) throw new Error("database down");
      return false;
    });
    counter.observe(pageLoad("/", { cookie: "better-auth.session_token=member" }));
    await settle();
    expect(counter.buffer.views).toBe(1);
    // The failure is logged as a warning (not console.error) and nothing is counted.
    counter.observe(pageLoad("/", { cookie: "better-auth.session_token=broken" }));
    await settle();
    expect(counter.buffer.views).toBe(1);
  });
});

describe("PAGE_VIEW_FLUSH_MS", () => {
  it("defaults to 5 seconds and takes whole milliseconds from 100 to an hour", () => {
    expect(parseEnv({}).PAGE_VIEW_FLUSH_MS).toBe(5000);
    expect(parseEnv({ PAGE_VIEW_FLUSH_MS: "" }).PAGE_VIEW_FLUSH_MS).toBe(5000);
    expect(parseEnv({ PAGE_VIEW_FLUSH_MS: "250" }).PAGE_VIEW_FLUSH_MS).toBe(250);
  });

  it.each(["50", "abc", "1.5", "4000000"])("refuses %s, naming the setting", (value) => {
    expect(() => parseEnv({ PAGE_VIEW_FLUSH_MS: value })).toThrow(EnvError);
    expect(() => parseEnv({ PAGE_VIEW_FLUSH_MS: value })).toThrow(/PAGE_VIEW_FLUSH_MS/);
  });
});
