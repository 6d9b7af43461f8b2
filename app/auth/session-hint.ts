import { cookieValue } from "~/lib/cookies";

/**
 * "This browser has a session": a cookie without any secret (always "1"), readable by the page,
 * set with the session cookie at sign-in and cleared at sign-out (app/auth/auth.server.ts). A page
 * a shared cache (a CDN) kept for visitors is the same for everyone; when such a page reaches
 * someone signed in, this cookie tells the page to load its data again (app/components/session-hint-check.ts),
 * and a CDN can be told to pass requests that carry it by (the Cloudflare section of the README).
 */
export const SESSION_HINT_COOKIE = "has_session";

/**
 * Lasts longer than a session (each use extends one): a hint left behind by an expired session
 * costs one extra data request, after which the page clears it; a missing hint costs the check.
 */
export const SESSION_HINT_MAX_AGE = 400 * 24 * 60 * 60;

export function hasSessionHint(cookieHeader: string | null | undefined) {
  return cookieValue(cookieHeader, SESSION_HINT_COOKIE) === "1";
}

/** Clears the hint in the browser (the session it stood for is gone). */
export function clearSessionHint() {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser.
  document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
