import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins";
import type { Db } from "~/db/client.server";
import * as schema from "~/db/schema.server";
import type { Env } from "~/env.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { serviceSlot } from "~/lib/service-slot.server";
import { type Mailer, sendInBackground } from "~/mail/mailer.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/schemas/auth";
import {
  accountOf,
  consumeAccountAttempt,
  isAccountLimited,
  refundAccountAttempt,
} from "./account-limit.server";
import { startAnswerClock, waitForAnswerFloor } from "./answer-floor.server";
import { hashPassword, verifyPassword } from "./password.server";

/** The header our server sets from the socket (or trusted proxy) address; clients cannot set it. */
export const CLIENT_ADDRESS_HEADER = "x-client-address";

export { ACCOUNT_LIMITS } from "./account-limit.server";

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a few minutes and try again.";

export function createAuth({ db, env, mailer }: { db: Db; env: Env; mailer: Mailer }) {
  const siteName = "AI Solutions";
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
        "/sign-in/email": { window: 5 * 60, max: 30 },
        "/sign-up/email": { window: 10 * 60, max: 10 },
        "/request-password-reset": { window: 10 * 60, max: 10 },
        "/get-session": false,
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
        if (ctx.path === "/change-password") {
          // A changed password ends every other session, whatever the client asked for: the
          // change is often made because someone else knows the old one.
          return { context: { body: { ...ctx.body, revokeOtherSessions: true } } };
        }
        const email = accountOf(ctx.body);
        if (!isAccountLimited(ctx.path) || !email) return;
        const result = await consumeAccountAttempt(db, ctx.path, email);
        if (!result.allowed) {
          throw new APIError(
            "TOO_MANY_REQUESTS",
            { message: TOO_MANY_ATTEMPTS },
            { "Retry-After": String(result.retryAfter ?? 60) },
          );
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        await waitForAnswerFloor(ctx.path, ctx.request);
        // Only wrong passwords count against an account's sign-in limit.
        if (ctx.path !== "/sign-in/email" || !ctx.context.newSession) return;
        const email = accountOf(ctx.body);
        if (email) await refundAccountAttempt(db, ctx.path, email);
      }),
    },
    // Two-factor sign-in (TOTP and ten backup codes); our forms never send trustDevice, so the
    // second factor is asked at every sign-in. Its own limit (3 per 10 s per address) stays.
    plugins: [twoFactor({ issuer: siteName, backupCodeOptions: { amount: 10 } })],
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

export type Auth = ReturnType<typeof createAuth>;

const authSlot = serviceSlot<Auth>("Auth");
export const setAuth = authSlot.set;
export const getAuth = authSlot.get;
