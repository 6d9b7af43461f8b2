import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { rateLimits } from "~/db/schema.server";
import { consumeRateLimit, peekRateLimit, pruneRateLimits } from "~/lib/rate-limit.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";

const rule = { windowSeconds: 60, max: 3 };

describe.each(backends)("rate limits on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  async function expireWindow(key: string) {
    await database.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, key));
  }

  it("allows max hits, then refuses with the seconds left in the window", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) {
      expect(await consumeRateLimit(db, "ip:1.2.3.4", rule)).toEqual({
        allowed: true,
        retryAfter: null,
      });
    }
    for (let i = 0; i < 2; i++) {
      const refused = await consumeRateLimit(db, "ip:1.2.3.4", rule);
      expect(refused.allowed).toBe(false);
      expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
      expect(refused.retryAfter).toBeLessThanOrEqual(60);
    }
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, "ip:1.2.3.4"));
    expect(row?.count).toBe(5);
  });

  it("counts each key on its own", async () => {
    const { db } = database;
    for (let i = 0; i < 3; i++) await consumeRateLimit(db, "a", rule);
    expect((await consumeRateLimit(db, "a", rule)).allowed).toBe(false);
    expect((await consumeRateLimit(db, "b", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(db, "A", rule)).allowed).toBe(true);
  });

  it("starts counting again once the window has passed", async () => {
    const { db } = database;
    for (let i = 0; i < 4; i++) await consumeRateLimit(db, "k", rule);
    expect((await consumeRateLimit(db, "k", rule)).allowed).toBe(false);

    await expireWindow("k");
    for (let i = 0; i < 3; i++) expect((await consumeRateLimit(db, "k", rule)).allowed).toBe(true);
    expect((await consumeRateLimit(db, "k", rule)).allowed).toBe(false);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, "k"));
    // The new window is a full one from the first hit after the reset.
    const left = (row?.resetAt.getTime() ?? 0) - Date.now();
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(61_000);
  });

  it("does not extend the window with every refused hit", async () => {
    const { db } = database;
    const short = { windowSeconds: 60, max: 1 };
    await consumeRateLimit(db, "k", short);
    const [before] = await db.select().from(rateLimits).where(eq(rateLimits.key, "k"));
    for (let i = 0; i < 3; i++) await consumeRateLimit(db, "k", short);
    const [after] = await db.select().from(rateLimits).where(eq(rateLimits.key, "k"));
    expect(after?.resetAt.getTime()).toBe(before?.resetAt.getTime());
  });

  it("allows exactly max of many concurrent hits", async () => {
    const { db } = database;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        consumeRateLimit(db, "burst", { windowSeconds: 60, max: 10 }),
      ),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => (r.retryAfter ?? 0) >= 1)).toBe(true);
  });

  it("peeks without counting: refused once max hits are used up, until the window passes", async () => {
    const { db } = database;
    expect(await peekRateLimit(db, "misses", rule)).toEqual({ allowed: true, retryAfter: null });
    for (let i = 0; i < 2; i++) await consumeRateLimit(db, "misses", rule);
    for (let i = 0; i < 5; i++)
      expect((await peekRateLimit(db, "misses", rule)).allowed).toBe(true);
    await consumeRateLimit(db, "misses", rule);
    const refused = await peekRateLimit(db, "misses", rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(60);
    const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, "misses"));
    expect(row?.count).toBe(3);
    await expireWindow("misses");
    expect((await peekRateLimit(db, "misses", rule)).allowed).toBe(true);
  });

  it("prunes expired counters only", async () => {
    const { db } = database;
    await consumeRateLimit(db, "old", rule);
    await consumeRateLimit(db, "current", rule);
    await expireWindow("old");

    await pruneRateLimits(db);
    const keys = (await db.select().from(rateLimits)).map((r) => r.key);
    expect(keys).toEqual(["current"]);
    // A live counter keeps its count.
    for (let i = 0; i < 2; i++) await consumeRateLimit(db, "current", rule);
    expect((await consumeRateLimit(db, "current", rule)).allowed).toBe(false);
  });
});
