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
  await db.execute(sql`
    update rate_limits set count = count - 1
    where key = ${accountLimitKey(path, email)} and count > 0 and reset_at > now()`);
}
