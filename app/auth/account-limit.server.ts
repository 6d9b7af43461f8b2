import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { consumeRateLimit, type RateLimitResult } from "~/lib/rate-limit.server";
import { hasControlCharacter } from "~/schemas/text";

/**
 * Per account, whatever address the attempts come from; counters live in the database. A
 * sign-in that succeeds gives its attempt back (see refundAccountAttempt), so the sign-in limit
 * counts wrong passwords only and a user who signs in often is never locked out by it.
 */
export const ACCOUNT_LIMITS = {
  "/sign-in/email": { windowSeconds: 15 * 60, max: 10 },
  "/sign-up/email": { windowSeconds: 60 * 60, max: 5 },
  "/request-password-reset": { windowSeconds: 60 * 60, max: 5 },
} as const;

export type AccountLimitedPath = keyof typeof ACCOUNT_LIMITS;

export function isAccountLimited(path: string): path is AccountLimitedPath {
  return Object.hasOwn(ACCOUNT_LIMITS, path);
}

/** The account an attempt is about; better-auth lower-cases addresses, so do the same. */
export function accountOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | undefined)?.email;
  if (typeof email !== "string") return null;
  const normalized = email.trim().toLowerCase();
  // An address no account can have (a NUL, which PostgreSQL text cannot store, or an overlong
  // one) is refused by better-auth's own check; counting it would fail the request with a 500.
  if (normalized.length > 254 || hasControlCharacter(normalized)) return null;
  return normalized || null;
}

export function accountLimitKey(path: AccountLimitedPath, email: string) {
  return `account:${path}:${email}`;
}

/**
 * Counts an attempt before it is tried. Counting first (one atomic statement) keeps a burst of
 * parallel guesses from all passing a check made before any of them was counted.
 */
export function consumeAccountAttempt(
  db: Db,
  path: AccountLimitedPath,
  email: string,
): Promise<RateLimitResult> {
  return consumeRateLimit(db, accountLimitKey(path, email), ACCOUNT_LIMITS[path]);
}

/** Gives back the attempt of one that succeeded, within the window it was counted in. */
export async function refundAccountAttempt(db: Db, path: AccountLimitedPath, email: string) {
  await refundRateLimits(db, [accountLimitKey(path, email)]);
}

/** Gives back one hit on each of `keys`, within the windows they were counted in. */
export async function refundRateLimits(db: Db, keys: readonly string[]) {
  for (const key of keys) {
    await db.execute(sql`
      update rate_limits set count = count - 1
      where key = ${key} and count > 0 and reset_at > now()`);
  }
}

/**
 * Sign-in limits beside the per-account one (see app/auth/device-cookie.server.ts):
 * - `device`: attempts that carry the browser's device cookie for the account are limited per
 *   cookie, and not counted against the account, so strangers cannot lock its owner out;
 * - `unknownBrowserDay`: attempts without it also meet a daily ceiling per account, so a patient
 *   guesser gets 20 guesses a day rather than 10 every 15 minutes.
 */
export const SIGN_IN_LIMITS = {
  device: { windowSeconds: 15 * 60, max: 10 },
  unknownBrowserDay: { windowSeconds: 24 * 60 * 60, max: 20 },
} as const;

export function deviceLimitKey(nonce: string) {
  return `device:/sign-in/email:${nonce}`;
}

export function accountDayLimitKey(email: string) {
  return `account-day:/sign-in/email:${email}`;
}

export interface SignInAttempt extends RateLimitResult {
  /** The counters this attempt was counted on; a sign-in that succeeds gives them back. */
  keys: string[];
  /** Which limit refused it, when one did. */
  refusedBy?: "device" | "account" | "account-day";
}

/**
 * Counts a sign-in attempt for `email`: on its device cookie's own counter when the browser
 * has one for the account (`deviceNonce`), else on the account's 15-minute and daily counters.
 * The daily counter is only touched when the 15-minute one allows the attempt, so refused
 * attempts do not use up the day.
 */
export async function consumeSignInAttempt(
  db: Db,
  email: string,
  deviceNonce: string | null,
): Promise<SignInAttempt> {
  if (deviceNonce) {
    const key = deviceLimitKey(deviceNonce);
    const result = await consumeRateLimit(db, key, SIGN_IN_LIMITS.device);
    return { ...result, keys: [key], ...(result.allowed ? {} : { refusedBy: "device" }) };
  }
  const keys = [accountLimitKey("/sign-in/email", email)];
  const recent = await consumeAccountAttempt(db, "/sign-in/email", email);
  if (!recent.allowed) return { ...recent, keys, refusedBy: "account" };
  const dayKey = accountDayLimitKey(email);
  keys.push(dayKey);
  const day = await consumeRateLimit(db, dayKey, SIGN_IN_LIMITS.unknownBrowserDay);
  return { ...day, keys, ...(day.allowed ? {} : { refusedBy: "account-day" }) };
}

/** Lifts an account's sign-in limits (not the device cookies' ones): its password was reset. */
export async function clearAccountLimits(db: Db, email: string) {
  const normalized = email.trim().toLowerCase();
  await db.execute(sql`
    delete from rate_limits
    where key in (${accountLimitKey("/sign-in/email", normalized)}, ${accountDayLimitKey(normalized)})`);
}
