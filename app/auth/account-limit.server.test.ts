import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  ACCOUNT_LIMITS,
  accountDayLimitKey,
  accountLimitKey,
  accountOf,
  clearAccountLimits,
  consumeAccountAttempt,
  consumeSignInAttempt,
  deviceLimitKey,
  isAccountLimited,
  refundAccountAttempt,
  refundRateLimits,
  SIGN_IN_LIMITS,
} from "./account-limit.server";

describe("accountOf", () => {
  it("is the address as better-auth stores it, or nothing", () => {
    expect(accountOf({ email: "  Jane@Example.COM " })).toBe("jane@example.com");
    expect(accountOf({ email: "   " })).toBeNull();
    expect(accountOf({ email: 42 })).toBeNull();
    expect(accountOf(undefined)).toBeNull();
  });
});

describe("isAccountLimited", () => {
  it("covers sign-in, sign-up and reset requests only", () => {
    expect(isAccountLimited("/sign-in/email")).toBe(true);
    expect(isAccountLimited("/sign-up/email")).toBe(true);
    expect(isAccountLimited("/request-password-reset")).toBe(true);
    expect(isAccountLimited("/get-session")).toBe(false);
    expect(isAccountLimited("toString")).toBe(false);
  });
});

describe.each(backends)("account attempts on %s", (backend) => {
  let database: Database;
  const path = "/sign-in/email";
  const { max } = ACCOUNT_LIMITS[path];

  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  async function counted(email: string) {
    const result = (await database.db.execute(
      sql`select count::int as count from rate_limits where key = ${accountLimitKey(path, email)}`,
    )) as unknown as { rows: { count: number }[] };
    return result.rows[0]?.count;
  }

  it("refuses the attempt after the limit and every one after it", async () => {
    for (let i = 0; i < max; i++) {
      expect((await consumeAccountAttempt(database.db, path, "jane@example.com")).allowed).toBe(
        true,
      );
    }
    const refused = await consumeAccountAttempt(database.db, path, "jane@example.com");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(ACCOUNT_LIMITS[path].windowSeconds);
    expect((await consumeAccountAttempt(database.db, path, "other@example.com")).allowed).toBe(
      true,
    );
  });

  it("gives a refunded attempt back, never below zero", async () => {
    await consumeAccountAttempt(database.db, path, "jane@example.com");
    await consumeAccountAttempt(database.db, path, "jane@example.com");
    await refundAccountAttempt(database.db, path, "jane@example.com");
    expect(await counted("jane@example.com")).toBe(1);
    await refundAccountAttempt(database.db, path, "jane@example.com");
    await refundAccountAttempt(database.db, path, "jane@example.com");
    expect(await counted("jane@example.com")).toBe(0);
    // Nothing to give back for an account that was never counted.
    await refundAccountAttempt(database.db, path, "nobody@example.com");
    expect(await counted("nobody@example.com")).toBeUndefined();
  });

  it("leaves a counter whose window has ended alone; the next attempt starts a new one", async () => {
    for (let i = 0; i <= max; i++)
      await consumeAccountAttempt(database.db, path, "jane@example.com");
    await database.db.execute(
      sql`update rate_limits set reset_at = now() - interval '1 second'
          where key = ${accountLimitKey(path, "jane@example.com")}`,
    );
    await refundAccountAttempt(database.db, path, "jane@example.com");
    expect(await counted("jane@example.com")).toBe(max + 1);
    expect((await consumeAccountAttempt(database.db, path, "jane@example.com")).allowed).toBe(true);
    expect(await counted("jane@example.com")).toBe(1);
  });

  async function countOf(key: string) {
    const result = (await database.db.execute(
      sql`select count::int as count from rate_limits where key = ${key}`,
    )) as unknown as { rows: { count: number }[] };
    return result.rows[0]?.count;
  }

  it("counts a sign-in with a device cookie on the cookie only, without one on the account and its day", async () => {
    const known = await consumeSignInAttempt(database.db, "jane@example.com", "n".repeat(22));
    expect(known).toMatchObject({ allowed: true, keys: [deviceLimitKey("n".repeat(22))] });
    expect(await counted("jane@example.com")).toBeUndefined();

    const unknown = await consumeSignInAttempt(database.db, "jane@example.com", null);
    expect(unknown.keys).toEqual([
      accountLimitKey(path, "jane@example.com"),
      accountDayLimitKey("jane@example.com"),
    ]);
    expect(await countOf(accountDayLimitKey("jane@example.com"))).toBe(1);
    await refundRateLimits(database.db, unknown.keys);
    expect(await counted("jane@example.com")).toBe(0);
    expect(await countOf(accountDayLimitKey("jane@example.com"))).toBe(0);
  });

  it("does not use up the day on attempts the 15-minute limit refuses", async () => {
    for (let i = 0; i < max; i++) await consumeSignInAttempt(database.db, "jane@example.com", null);
    for (let i = 0; i < 5; i++) {
      const refused = await consumeSignInAttempt(database.db, "jane@example.com", null);
      expect(refused).toMatchObject({ allowed: false, refusedBy: "account" });
    }
    expect(await countOf(accountDayLimitKey("jane@example.com"))).toBe(max);
    expect(max).toBeLessThan(SIGN_IN_LIMITS.unknownBrowserDay.max);
  });

  it("clears an account's limits, whatever the case of the address, and leaves device counters", async () => {
    for (let i = 0; i <= max; i++)
      await consumeSignInAttempt(database.db, "jane@example.com", null);
    await consumeSignInAttempt(database.db, "jane@example.com", "n".repeat(22));
    await clearAccountLimits(database.db, "Jane@Example.com");
    expect(await counted("jane@example.com")).toBeUndefined();
    expect(await countOf(accountDayLimitKey("jane@example.com"))).toBeUndefined();
    expect(await countOf(deviceLimitKey("n".repeat(22)))).toBe(1);
    expect((await consumeSignInAttempt(database.db, "jane@example.com", null)).allowed).toBe(true);
  });
});
