import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { cookieValue } from "~/lib/cookies";

/**
 * OWASP's "device cookie" (Slow Down Online Guessing Attacks with Device Cookies): a browser in
 * which an account was signed in gets a signed token bound to that account. Sign-in attempts
 * for the account that carry it are limited on their own (per token), not against the account,
 * so a stranger guessing passwords from elsewhere cannot lock the owner out of their browser.
 *
 * The cookie holds up to MAX_ENTRIES entries `<nonce>.<signature>` joined by `~` (several
 * accounts per browser), newest first. The signature is an HMAC over "device\0<email>\0<nonce>"
 * with a key derived from SESSION_SECRET, so the address itself is not in the cookie and an
 * entry can only be checked against the address of an attempt.
 */

export const DEVICE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;
export const MAX_ENTRIES = 5;
const NONCE = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export function deviceCookieName(secure: boolean) {
  // The __Host- prefix (https only) pins it to our host, path / and Secure.
  return secure ? "__Host-device" : "device";
}

export function deviceCookieAttributes(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: "/",
    secure,
    maxAge: DEVICE_COOKIE_MAX_AGE,
  };
}

export function deviceCookies({ secret, secure }: { secret: string; secure: boolean }) {
  // Its own key, so a device signature is never valid as anything else signed with the secret.
  const key = createHmac("sha256", secret).update("device-cookie key").digest();
  const name = deviceCookieName(secure);

  function sign(email: string, nonce: string) {
    return createHmac("sha256", key).update(`device\0${email}\0${nonce}`).digest("base64url");
  }

  function entriesOf(cookieHeader: string | null | undefined): string[] {
    const value = cookieValue(cookieHeader, name);
    if (!value) return [];
    return value
      .split("~")
      .filter((entry) => {
        const [nonce, signature, ...rest] = entry.split(".");
        return rest.length === 0 && NONCE.test(nonce ?? "") && SIGNATURE.test(signature ?? "");
      })
      .slice(0, MAX_ENTRIES);
  }

  function matches(entry: string, email: string) {
    const [nonce = "", signature = ""] = entry.split(".");
    const expected = Buffer.from(sign(email, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  return {
    name,
    attributes: deviceCookieAttributes(secure),

    /** The nonce of the browser's entry for `email` (already lower-cased), or null. */
    nonceFor(cookieHeader: string | null | undefined, email: string): string | null {
      const entry = entriesOf(cookieHeader).find((e) => matches(e, email));
      return entry ? (entry.split(".")[0] as string) : null;
    },

    /** Whether the request carries a device cookie at all (valid for some account or not). */
    isPresent(cookieHeader: string | null | undefined) {
      return entriesOf(cookieHeader).length > 0;
    },

    /**
     * The cookie value after `email` signed in: its entry (kept if it had one, else a new one)
     * first, then the browser's other entries, at most MAX_ENTRIES in all.
     */
    issue(cookieHeader: string | null | undefined, email: string): string {
      const entries = entriesOf(cookieHeader);
      const own = entries.find((e) => matches(e, email));
      const nonce = randomBytes(16).toString("base64url");
      const first = own ?? `${nonce}.${sign(email, nonce)}`;
      return [first, ...entries.filter((e) => e !== first)].slice(0, MAX_ENTRIES).join("~");
    },
  };
}

export type DeviceCookies = ReturnType<typeof deviceCookies>;
