import { APIError, isAPIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/**
 * better-auth accepts an authenticator code one 30-second step either side of now and keeps no
 * record of codes used: someone who saw a code typed (over a shoulder, on a screen share) could
 * use it again for up to 90 seconds. So a code that signed in, or turned two-factor sign-in on,
 * is refused for the same account for 90 seconds.
 *
 * The code is claimed before it is checked (one atomic statement in rate_limits, so two requests
 * with the same code cannot both pass) and given back when the check fails: a wrong code, or a
 * right one refused for another reason, does not block the owner's next try.
 */

/** One step either side of the current 30-second one. */
export const TOTP_REPLAY_WINDOW_SECONDS = 90;

export const TOTP_CODE_USED = "TOTP_CODE_USED";
export const TOTP_CODE_USED_MESSAGE =
  "That code was just used. Wait for the next one in your authenticator app.";

export function totpReplayKey(userId: string, code: string) {
  return `totp-used:${userId}:${code}`;
}

/**
 * Marks the code as used by this account for the next 90 seconds; answers false when it was
 * used (or is being checked) already within that time.
 */
export async function claimTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${totpReplayKey(userId, code)}, 1,
      now() + make_interval(secs => ${TOTP_REPLAY_WINDOW_SECONDS}))
    on conflict (key) do update set
      count = 1,
      reset_at = now() + make_interval(secs => ${TOTP_REPLAY_WINDOW_SECONDS})
      where rate_limits.reset_at <= now()
    returning key`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Gives back a claim whose code was not accepted. */
export async function releaseTotpCode(db: Db, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** What the hooks below read of better-auth's middleware context. */
interface TotpHookContext {
  path?: string;
  body?: unknown;
  request?: Request;
  getSignedCookie(name: string, secret: string): Promise<string | null | false | undefined>;
  context: {
    secret: string;
    returned?: unknown;
    authCookies: { sessionToken: { name: string } };
    createAuthCookie(name: string): { name: string };
    internalAdapter: {
      findSession(
        token: string,
      ): Promise<{ session: { expiresAt: Date }; user: { id: string } } | null>;
      findVerificationValue(identifier: string): Promise<{ value: string; expiresAt: Date } | null>;
    };
  };
}

/** The claim each verify-totp request holds, to give back if the code is not accepted. */
const claims = new WeakMap<Request, string>();

/**
 * The account a verify-totp request is for, found the way the two-factor plugin finds it: the
 * session's user (turning two-factor sign-in on), else the user of the sign-in challenge that
 * the `two_factor` cookie names (signing in). Null when there is neither: the plugin refuses.
 */
async function accountOfTotpRequest(ctx: TotpHookContext): Promise<string | null> {
  const token = await ctx.getSignedCookie(
    ctx.context.authCookies.sessionToken.name,
    ctx.context.secret,
  );
  if (token) {
    const found = await ctx.context.internalAdapter.findSession(token);
    if (found && new Date(found.session.expiresAt).getTime() > Date.now()) return found.user.id;
  }
  const challenge = await ctx.getSignedCookie(
    ctx.context.createAuthCookie("two_factor").name,
    ctx.context.secret,
  );
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  if (!verification || new Date(verification.expiresAt).getTime() <= Date.now()) return null;
  return verification.value;
}

/** hooks.before of /two-factor/verify-totp: refuses a code this account used within 90 s. */
export async function guardTotpReplay(db: Db, ctx: TotpHookContext) {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string" || code === "") return;
  const userId = await accountOfTotpRequest(ctx);
  if (!userId) return;
  if (!(await claimTotpCode(db, userId, code))) {
    throw new APIError("UNAUTHORIZED", { message: TOTP_CODE_USED_MESSAGE, code: TOTP_CODE_USED });
  }
  if (ctx.request) claims.set(ctx.request, totpReplayKey(userId, code));
}

/** hooks.after of /two-factor/verify-totp: a code that was not accepted is not kept as used. */
export async function settleTotpClaim(db: Db, ctx: TotpHookContext) {
  const key = ctx.request ? claims.get(ctx.request) : undefined;
  if (!key || !ctx.request) return;
  claims.delete(ctx.request);
  if (isAPIError(ctx.context.returned)) await releaseTotpCode(db, key);
}
