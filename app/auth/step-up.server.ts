import { data } from "react-router";
import { type Db, getDb } from "~/db/client.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import {
  CONFIRMATION_REQUIRED_MESSAGE,
  type ConfirmationRequired,
  isTotpCode,
} from "~/schemas/step-up";
import { consumeSignInAttempt, refundRateLimits } from "./account-limit.server";
import { hasTwoFactor } from "./account-security.server";
import { getAuth, TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_TODAY } from "./auth.server";
import type { CurrentUser } from "./session.server";
import { hasRecentConfirmation, recordConfirmation } from "./step-up-record.server";

export { STEP_UP_WINDOW_MS } from "./step-up-record.server";

/**
 * Step-up re-authentication ("Confirm it's you"): before the most dangerous admin actions
 * (downloading or making a backup, which holds every secret of the site, and creating an API
 * key, which acts for an admin indefinitely) the session must have proved, within the last ten
 * minutes, that its user is at the keyboard: the password again and, for an account with
 * two-factor sign-in, a current code or a backup code. A stolen session cookie alone is then
 * not enough.
 *
 * A confirmation is a row of better-auth's verifications table, `step-up:<session id>`, expiring
 * ten minutes after it was made (app/auth/step-up-record.server.ts); it ends with the session (a
 * new session has none). Its password attempts count against the account's sign-in limits.
 */

/** Per session: attempts to confirm (each checks a password, and maybe a code). */
export const STEP_UP_ATTEMPT_LIMIT = { windowSeconds: 15 * 60, max: 5 } as const;

export const TOO_MANY_CONFIRM_ATTEMPTS =
  "Too many attempts to confirm it's you. Please wait 15 minutes and try again.";
export const WRONG_PASSWORD = "The password is not right.";
export const CODE_REQUIRED = "Enter the code from your authenticator app or a backup code.";
export const WRONG_CODE = "The code is not right. Enter a current code or an unused backup code.";

/** A clock, so that tests can move time on. */
export type Clock = () => Date;
const systemClock: Clock = () => new Date();

/** The session of this request (its id and its user's address), when it is the given user's. */
async function sessionOf(request: Request, user: Pick<CurrentUser, "id">) {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session || session.user.id !== user.id) return null;
  return { id: session.session.id, email: session.user.email.toLowerCase() };
}

/** Whether this session confirmed it's its user within the last ten minutes. */
export async function isRecentlyConfirmed(
  request: Request,
  user: Pick<CurrentUser, "id">,
  { db = getDb(), now = systemClock }: { db?: Db; now?: Clock } = {},
) {
  const session = await sessionOf(request, user);
  return session ? hasRecentConfirmation(db, session.id, user.id, now()) : false;
}

/**
 * The guard of a dangerous action, after its requireSection: throws a 403 unless this session
 * confirmed within the last ten minutes. For a fetch (`as: "fetch"`, the default) the answer is
 * JSON `{ ok: false, error, confirm: true }` (a DataWithResponseInit: an action returns it, see
 * isAdminRefusal); the dashboard opens the "Confirm it's you" dialog on it and tries again. For
 * a download the browser navigates to (`as: "document"`) it is a short text page.
 */
export async function requireRecentConfirmation(
  request: Request,
  user: Pick<CurrentUser, "id">,
  options: { as?: "fetch" | "document"; db?: Db; now?: Clock } = {},
): Promise<void> {
  if (await isRecentlyConfirmed(request, user, options)) return;
  if (options.as === "document") {
    throw new Response(
      "Confirm it's you first: open Settings in the dashboard and choose Download again.",
      {
        status: 403,
        headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
      },
    );
  }
  throw data<ConfirmationRequired>(
    {
      ok: false,
      error: CONFIRMATION_REQUIRED_MESSAGE,
      confirm: true,
      toast: {
        type: "error",
        title: "Confirm it's you",
        description: CONFIRMATION_REQUIRED_MESSAGE,
      },
    },
    { status: 403, headers: { "Cache-Control": "no-store" } },
  );
}

export type ConfirmOutcome =
  | { ok: true; expiresAt: Date }
  | {
      ok: false;
      status: 400 | 401 | 429;
      error: string;
      field?: "password" | "code";
      retryAfter?: number;
    };

/**
 * A refused confirmation as both of its forms answer it (the "Confirm it's you" dialog's
 * POST /account/confirm and the account security page's own forms): its status, its error on
 * the field it is about (none for a refusal of the whole form), and Retry-After after too many.
 */
export function confirmRefusal(outcome: Extract<ConfirmOutcome, { ok: false }>) {
  return {
    status: outcome.status,
    error: outcome.error,
    fieldErrors: outcome.field ? { [outcome.field]: outcome.error } : undefined,
    headers: outcome.retryAfter ? { "Retry-After": String(outcome.retryAfter) } : undefined,
  };
}

/**
 * Checks the password (and, with two-factor sign-in on, a code) of the signed-in user of this
 * request; on success remembers for ten minutes that this session confirmed. At most five
 * attempts per session in 15 minutes (a successful one is given back); a wrong password also
 * counts like a failed sign-in of the account (app/auth/account-limit.server.ts), so that a
 * stolen session cannot guess beside the sign-in form's limits, and while the account's
 * sign-in is locked, confirming is refused with the same message.
 */
export async function confirmIdentity(
  request: Request,
  user: Pick<CurrentUser, "id">,
  input: { password: string; code?: string },
  { db = getDb(), now = systemClock }: { db?: Db; now?: Clock } = {},
): Promise<ConfirmOutcome> {
  const session = await sessionOf(request, user);
  if (!session) return { ok: false, status: 401, error: "Sign in again to continue." };

  const limitKey = `step-up-attempts:${session.id}`;
  const attempt = await consumeRateLimit(db, limitKey, STEP_UP_ATTEMPT_LIMIT);
  if (!attempt.allowed) {
    return {
      ok: false,
      status: 429,
      error: TOO_MANY_CONFIRM_ATTEMPTS,
      retryAfter: attempt.retryAfter ?? STEP_UP_ATTEMPT_LIMIT.windowSeconds,
    };
  }

  // Counted as a sign-in from a browser the account has no device cookie for: on the account's
  // 15-minute and daily counters, given back when the password is right.
  const signIn = await consumeSignInAttempt(db, session.email, null);
  if (!signIn.allowed) {
    return {
      ok: false,
      status: 429,
      error: signIn.refusedBy === "account-day" ? TOO_MANY_ATTEMPTS_TODAY : TOO_MANY_ATTEMPTS,
      retryAfter: signIn.retryAfter ?? STEP_UP_ATTEMPT_LIMIT.windowSeconds,
    };
  }
  if (!(await passwordIsRight(user.id, input.password))) {
    return { ok: false, status: 400, error: WRONG_PASSWORD, field: "password" };
  }
  await refundRateLimits(db, signIn.keys);

  if (await hasTwoFactor(user.id, db)) {
    const code = input.code?.trim() ?? "";
    if (!code) return { ok: false, status: 400, error: CODE_REQUIRED, field: "code" };
    if (!(await codeIsRight(request, code))) {
      return { ok: false, status: 400, error: WRONG_CODE, field: "code" };
    }
  }

  await refundRateLimits(db, [limitKey]);
  const expiresAt = await recordConfirmation(db, session.id, user.id, now());
  return { ok: true, expiresAt };
}

/**
 * The password against the account's credential (email and password) hash, with better-auth's
 * own verifier (argon2id, app/auth/password.server.ts): no hashing of our own here.
 */
async function passwordIsRight(userId: string, password: string) {
  const context = await getAuth().$context;
  const accounts = await context.internalAdapter.findAccounts(userId);
  const credential = accounts.find((account) => account.providerId === "credential");
  if (!credential?.password) return false;
  return context.password.verify({ hash: credential.password, password });
}

/**
 * A code through better-auth's two-factor endpoints, called on the server with this request's
 * session cookie. For a signed-in session both only verify: no session is made (the plugin's
 * verifyTwoFactor answers with the current one), and a backup code is used up, as at sign-in
 * (disableSession keeps the cookie as it is). An invalid code is an APIError (401).
 */
async function codeIsRight(request: Request, code: string) {
  const api = getAuth().api;
  try {
    if (isTotpCode(code)) {
      await api.verifyTOTP({ body: { code }, headers: request.headers });
    } else {
      await api.verifyBackupCode({
        body: { code, disableSession: true },
        headers: request.headers,
      });
    }
    return true;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 401 || status === 400) return false;
    throw error;
  }
}
