import { createHash } from "node:crypto";
import { passkey } from "@better-auth/passkey";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema.server";
import type { Env } from "~/env.server";
import { PASSKEY_USER_NOT_VERIFIED } from "~/lib/passkey-errors";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { serviceSlot } from "~/lib/service-slot.server";
import { type Mailer, sendInBackground } from "~/mail/mailer.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/auth";
import { passkeyNameSchema } from "~/schemas/passkeys";
import { CONFIRMATION_REQUIRED_MESSAGE } from "~/schemas/step-up";
import {
  accountOf,
  clearAccountLimits,
  consumeAccountAttempt,
  consumeSignInAttempt,
  isAccountLimited,
  refundRateLimits,
} from "./account-limit.server";
import { startAnswerClock, waitForAnswerFloor } from "./answer-floor.server";
import { deviceCookies } from "./device-cookie.server";
import { hashPassword, verifyPassword } from "./password.server";
import { recordBackupCodeSignIn } from "./security-audit.server";
import { SESSION_HINT_COOKIE, SESSION_HINT_MAX_AGE } from "./session-hint";
import { hasRecentConfirmation } from "./step-up-record.server";
import { guardTotpReplay, settleTotpClaim } from "./totp-replay.server";

/** The header our server sets from the socket (or trusted proxy) address; clients cannot set it. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export { ACCOUNT_LIMITS } from "./account-limit.server";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

/** better-auth's own answer when the per-address limit refuses. */
export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** When an account's daily ceiling for browsers it never signed in with is reached. */
export const TOO_MANY_ATTEMPTS_TODAY =
  "Too many attempts to sign in to this account today. Sign in from a browser you have used before, or reset your password.";

export const TOO_MANY_PASSWORD_CHANGES =
  "Too many attempts to change the password. Please wait an hour and try again.";

/** Per address, for sign-in attempts without a device cookie for their account. */
export const SIGN_IN_ADDRESS_LIMIT = { window: 5 * 60, max: 30 } as const;

/** Per session: attempts to change the password (each one checks the current password). */
export const PASSWORD_CHANGE_LIMIT = { windowSeconds: 60 * 60, max: 5 } as const;

/** Per address: passkey challenges asked for, and passkey sign-ins tried. */
export const PASSKEY_CHALLENGE_LIMIT = { window: 5 * 60, max: 30 } as const;

/**
 * better-auth's endpoints that the browser (or anyone with a session cookie) can call directly
 * and that must not work without a recent "Confirm it's you" (app/auth/step-up.server.ts): a new
 * passkey is a way to sign in, and turning two-factor off, new backup codes or the TOTP secret
 * are each as good as a second factor.
 */
export const STEP_UP_AUTH_PATHS: ReadonlySet<string> = new Set([
  "/passkey/generate-register-options",
  "/passkey/verify-registration",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/get-totp-uri",
]);

/** The two-factor plugin's verify endpoints, which take a `trustDevice` flag. */
const TWO_FACTOR_VERIFY_PATHS: ReadonlySet<string> = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/verify-otp",
]);

export const TRUST_DEVICE_REFUSED =
  "This site asks for a code at every sign-in: a browser cannot be remembered.";

/** The counters a sign-in attempt was counted on, to give back if it succeeds. */
const countedSignIn = new WeakMap<object, string[]>();

export function createAuth({ db, env, mailer }: { db: Db; env: Env; mailer: Mailer }) {
  const siteName = "AI Solutions";
  const secure = env.SITE_URL.startsWith("https://");
  const devices = deviceCookies({ secret: env.SESSION_SECRET, secure });
  // Read by the page (not HttpOnly): it carries nothing but "1".
  const sessionHint = { path: "/", sameSite: "lax", secure, httpOnly: false } as const;

  function refused(retryAfter: number | null, message = TOO_MANY_ATTEMPTS) {
    return new APIError(
      "TOO_MANY_REQUESTS",
      { message },
      { "Retry-After": String(retryAfter ?? 60) },
    );
  }

  return betterAuth({
    appName: siteName,
    baseURL: env.SITE_URL,
    basePath: "/api/auth",
    secret: env.SESSION_SECRET,
    trustedOrigins: [new URL(env.SITE_URL).origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      usePlural: true,
      schema: {
        users: schema.users,
        sessions: schema.sessions,
        accounts: schema.accounts,
        verifications: schema.verifications,
        twoFactors: schema.twoFactors,
        passkeys: schema.passkeys,
      },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      password: { hash: hashPassword, verify: verifyPassword },
      // A reset proves the owner holds the mailbox: lift the account's sign-in limits.
      async onPasswordReset({ user }) {
        await clearAccountLimits(db, user.email);
      },
      async sendResetPassword({ user, url }) {
        sendInBackground(mailer, {
          to: user.email,
          subject: `Reset your ${siteName} password`,
          text: `Someone asked to reset the password of your ${siteName} account.\n\nTo choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this mail: your password stays as it is.`,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      async sendVerificationEmail({ user, url }) {
        sendInBackground(mailer, {
          to: user.email,
          subject: `Verify your email for ${siteName}`,
          text: `Welcome to ${siteName}!\n\nPlease confirm your email address by opening this link:\n${url}\n\nIf you did not create an account, ignore this mail.`,
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    advanced: {
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      // An IPv6 subscriber holds a whole /64 and can rotate through it: count it as one address
      // (better-auth's default today; pinned so that an upgrade cannot quietly change it).
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER], ipv6Subnet: 64 },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 100,
      customRules: {
        // A browser with a device cookie is let past the per-address limit here; the hook below
        // checks the cookie against the account and, unless it is valid, counts the address
        // itself. So someone signing in from a browser they used before is not refused because
        // a guesser shares their address (an office or a carrier's NAT).
        "/sign-in/email": (request) =>
          devices.isPresent(request.headers.get("cookie")) ? false : SIGN_IN_ADDRESS_LIMIT,
        "/sign-up/email": { window: 10 * 60, max: 10 },
        "/request-password-reset": { window: 10 * 60, max: 10 },
        "/get-session": false,
        // Each asks for a WebAuthn challenge, which is stored until it is used or expires.
        "/passkey/generate-authenticate-options": PASSKEY_CHALLENGE_LIMIT,
        "/passkey/generate-register-options": PASSKEY_CHALLENGE_LIMIT,
        "/passkey/verify-authentication": PASSKEY_CHALLENGE_LIMIT,
      },
      customStorage: {
        consume: async (key, rule) => {
          const result = await consumeRateLimit(db, `ip:${key}`, {
            windowSeconds: rule.window,
            max: rule.max,
          });
          return result;
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        startAnswerClock(ctx.path, ctx.request);
        // The README promises a code at every sign-in and no page offers "trust this browser":
        // a client asking for the plugin's 30-day trust cookie anyway is refused.
        if (TWO_FACTOR_VERIFY_PATHS.has(ctx.path) && ctx.body?.trustDevice) {
          throw new APIError("BAD_REQUEST", {
            code: "TRUST_DEVICE_NOT_OFFERED",
            message: TRUST_DEVICE_REFUSED,
          });
        }
        if (ctx.path === "/two-factor/verify-totp") await guardTotpReplay(db, ctx);
        if (ctx.path === "/change-password") {
          const token = await ctx.getSignedCookie(
            ctx.context.authCookies.sessionToken.name,
            ctx.context.secret,
          );
          if (token) {
            const key = `change-password:${createHash("sha256").update(token).digest("hex")}`;
            const result = await consumeRateLimit(db, key, PASSWORD_CHANGE_LIMIT);
            if (!result.allowed) throw refused(result.retryAfter, TOO_MANY_PASSWORD_CHANGES);
          }
          // A changed password ends every other session, whatever the client asked for: the
          // change is often made because someone else knows the old one.
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
        const namesPasskey =
          ctx.path === "/passkey/verify-registration" || ctx.path === "/passkey/update-passkey";
        if (namesPasskey) {
          // The page's schema for a passkey's name (the plugin takes any string).
          const name = passkeyNameSchema.safeParse(ctx.body?.name ?? "");
          if (!name.success) {
            throw new APIError("BAD_REQUEST", {
              code: "INVALID_PASSKEY_NAME",
              message: name.error.issues[0]?.message ?? "That name cannot be used",
            });
          }
        }
        if (STEP_UP_AUTH_PATHS.has(ctx.path)) {
          // Each of these asks for a session itself (401 without one); a session that has not
          // confirmed it's its user lately is refused here.
          const session = await getSessionFromCtx(ctx);
          if (
            session &&
            !(await hasRecentConfirmation(db, session.session.id, session.user.id, new Date()))
          ) {
            throw new APIError("FORBIDDEN", {
              code: "CONFIRMATION_REQUIRED",
              message: CONFIRMATION_REQUIRED_MESSAGE,
            });
          }
        }
        if (namesPasskey || STEP_UP_AUTH_PATHS.has(ctx.path)) return;
        const email = accountOf(ctx.body);
        if (ctx.path === "/sign-in/email") {
          const cookie = ctx.headers?.get("cookie");
          const nonce = email ? devices.nonceFor(cookie, email) : null;
          if (!nonce && devices.isPresent(cookie)) {
            // The per-address limit let it pass for its cookie, which is not this account's.
            const address = ctx.request ? getIP(ctx.request, ctx.context.options) : null;
            const result = await consumeRateLimit(
              db,
              `ip:${address ?? "no-trusted-ip"}|/sign-in/email`,
              { windowSeconds: SIGN_IN_ADDRESS_LIMIT.window, max: SIGN_IN_ADDRESS_LIMIT.max },
            );
            if (!result.allowed) {
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { message: TOO_MANY_REQUESTS },
                { "X-Retry-After": String(result.retryAfter ?? 60) },
              );
            }
          }
          if (!email) return;
          const attempt = await consumeSignInAttempt(db, email, nonce);
          if (ctx.request) countedSignIn.set(ctx.request, attempt.keys);
          if (!attempt.allowed) {
            const message =
              attempt.refusedBy === "account-day" ? TOO_MANY_ATTEMPTS_TODAY : TOO_MANY_ATTEMPTS;
            throw refused(attempt.retryAfter, message);
          }
          return;
        }
        if (!isAccountLimited(ctx.path) || !email) return;
        const result = await consumeAccountAttempt(db, ctx.path, email);
        if (!result.allowed) throw refused(result.retryAfter);
      }),
      after: createAuthMiddleware(async (ctx) => {
        await waitForAnswerFloor(ctx.path, ctx.request);
        if (ctx.path === "/two-factor/verify-totp") await settleTotpClaim(db, ctx);
        if (ctx.path === "/sign-out") {
          ctx.setCookie(SESSION_HINT_COOKIE, "", { ...sessionHint, maxAge: 0 });
        }
        if (ctx.path === "/passkey/generate-authenticate-options") {
          // The plugin asks for user verification as "preferred"; it is required (see the
          // passkey options below), so ask the authenticator for it.
          const options = ctx.context.returned;
          if (options && typeof options === "object" && "challenge" in options) {
            return ctx.json({ ...options, userVerification: "required" });
          }
        }
        const session = ctx.context.newSession;
        if (!session) return;
        if (ctx.path === "/two-factor/verify-backup-code") {
          await recordBackupCodeSignIn(db, session);
        }
        if (ctx.path === "/sign-in/email") {
          // Only wrong passwords count against the sign-in limits.
          const keys = ctx.request ? countedSignIn.get(ctx.request) : undefined;
          if (keys) await refundRateLimits(db, keys);
        }
        // The device cookie marks a browser in which the account really signed in: after the
        // password alone, or after the second factor for an account that has one (better-auth's
        // two-factor plugin then replaces the password's session by a challenge).
        const signedIn =
          (ctx.path === "/sign-in/email" &&
            !(session.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) ||
          ctx.path === "/two-factor/verify-totp" ||
          ctx.path === "/two-factor/verify-backup-code" ||
          // A passkey is both factors at once (the device and its PIN or fingerprint).
          ctx.path === "/passkey/verify-authentication";
        if (signedIn) {
          const email = session.user.email.toLowerCase();
          ctx.setCookie(
            devices.name,
            devices.issue(ctx.headers?.get("cookie"), email),
            devices.attributes,
          );
          ctx.setCookie(SESSION_HINT_COOKIE, "1", {
            ...sessionHint,
            maxAge: SESSION_HINT_MAX_AGE,
          });
        }
      }),
    },
    // Two-factor sign-in (TOTP and ten backup codes); the hook above refuses trustDevice, so the
    // second factor is asked at every sign-in. Its own limit (3 per 10 s per address) stays.
    plugins: [
      twoFactor({ issuer: siteName, backupCodeOptions: { amount: 10 } }),
      // Passkeys (WebAuthn) for our own host name only; the browser proves the origin. A passkey
      // counts as both factors, so the authenticator must verify its user (a PIN, a fingerprint):
      // the plugin verifies with requireUserVerification false, so each ceremony is checked here.
      passkey({
        rpID: new URL(env.SITE_URL).hostname,
        rpName: siteName,
        origin: new URL(env.SITE_URL).origin,
        authenticatorSelection: { residentKey: "preferred", userVerification: "required" },
        registration: {
          afterVerification: async ({ verification }) => {
            if (!verification.registrationInfo?.userVerified) throw userNotVerified();
          },
        },
        authentication: {
          afterVerification: async ({ verification }) => {
            if (!verification.authenticationInfo.userVerified) throw userNotVerified();
          },
        },
      }),
    ],
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ id: user.id, role: "user" })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

function userNotVerified() {
  return new APIError("UNAUTHORIZED", {
    code: "USER_NOT_VERIFIED",
    message: PASSKEY_USER_NOT_VERIFIED,
  });
}

export type Auth = ReturnType<typeof createAuth>;

const authSlot = serviceSlot<Auth>("Auth");
export const setAuth = authSlot.set;
export const getAuth = authSlot.get;
