import { getEnv } from "~/env.server";
import { getAuth } from "./auth.server";

const FORWARDED_HEADERS = [
  "cookie",
  "origin",
  "referer",
  "user-agent",
  "x-client-address",
  "sec-fetch-site",
];

export interface AuthCallResult {
  ok: boolean;
  status: number;
  /** Set-Cookie headers to pass on to the browser. */
  cookies: string[];
  body: { message?: string; code?: string } & Record<string, unknown>;
}

/**
 * Calls a better-auth endpoint the way the browser would, so that its origin check, rate limits
 * and hooks all apply, on behalf of a form posted to one of our routes.
 */
export async function callAuth(
  request: Request,
  endpoint: string,
  body?: unknown,
): Promise<AuthCallResult> {
  const headers = new Headers({ "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const response = await getAuth().handler(
    new Request(`${getEnv().SITE_URL}/api/auth${endpoint}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body ?? {}),
    }),
  );
  const text = await response.text();
  let parsed: AuthCallResult["body"] = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { message: text };
  }
  return {
    ok: response.ok,
    status: response.status,
    cookies: response.headers.getSetCookie(),
    body: parsed,
  };
}

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "Invalid email or password",
  EMAIL_NOT_VERIFIED:
    "Please verify your email address before signing in. We've sent you a new verification link.",
  USER_ALREADY_EXISTS: "An account with this email already exists",
  PASSWORD_TOO_SHORT: "Password must be at least 6 characters",
  PASSWORD_TOO_LONG: "Password must be at most 128 characters",
  INVALID_TOKEN: "This link is invalid or has expired. Please request a new one.",
  // Two-factor sign-in and the account security page.
  INVALID_CODE: "That code is not right. Check your authenticator app and try again.",
  // Refused by our replay guard (app/auth/totp-replay.server.ts).
  TOTP_CODE_USED: "That code was just used. Wait for the next one in your authenticator app.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it has been used already.",
  INVALID_TWO_FACTOR_COOKIE: "Your sign-in has expired. Please sign in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    "Too many wrong codes for this sign-in. Please sign in again with your password.",
  ACCOUNT_TEMPORARILY_LOCKED:
    "Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes. Please try again later.",
  INVALID_PASSWORD: "That password is not right.",
  TOTP_ALREADY_ENABLED: "Two-factor sign-in is already on.",
  TWO_FACTOR_NOT_ENABLED: "Two-factor sign-in is not on.",
  SESSION_EXPIRED: "Please sign in again to do this.",
};

/** A message fit for the visitor: known codes get our wording; never a stack trace. */
export function authErrorMessage(result: AuthCallResult) {
  if (result.status === 429) {
    return result.body.message && /too many/i.test(result.body.message)
      ? result.body.message
      : "Too many attempts. Please wait a few minutes and try again.";
  }
  if (result.body.code && MESSAGES[result.body.code]) return MESSAGES[result.body.code] as string;
  if (result.status >= 500) return "Something went wrong on our side. Please try again.";
  return result.body.message || "Something went wrong. Please try again.";
}
