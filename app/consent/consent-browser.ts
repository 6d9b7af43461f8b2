/**
 * The visitor's consent as the browser keeps it: the first-party cookie, Global Privacy Control,
 * and removing the cookies of a withdrawn category. Browser only.
 */
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE,
  type ConsentChoice,
  type ConsentState,
  consentFromCookieHeader,
  type OptionalCategory,
  removableCookiePrefixes,
  serializeConsent,
} from "./consent";

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

export function readConsentState(): ConsentState {
  return {
    choice: consentFromCookieHeader(document.cookie),
    gpc: navigator.globalPrivacyControl === true,
  };
}

export function writeConsentCookie(choice: ConsentChoice) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: a first-party cookie the server reads too; the Cookie Store API is not in every browser.
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; Max-Age=${CONSENT_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The domains a script on this page may have set a cookie for: none (host-only), then this host
 * and each parent domain (Google's tag sets its cookies on the widest one it can).
 */
function cookieDomains(hostname: string): (string | null)[] {
  const domains: (string | null)[] = [null];
  if (/^[\d.]+$/.test(hostname) || hostname.includes(":")) return domains;
  const labels = hostname.split(".");
  for (let i = 0; i < labels.length - 1; i++) domains.push(`.${labels.slice(i).join(".")}`);
  return domains;
}

/** Removes the cookies of `categories` that this site's integrations set; returns their names. */
export function removeCategoryCookies(categories: readonly OptionalCategory[]): string[] {
  const prefixes = categories.flatMap((category) => removableCookiePrefixes[category] ?? []);
  if (prefixes.length === 0) return [];
  const names = document.cookie
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name && prefixes.some((prefix) => name.startsWith(prefix)));
  for (const name of names) {
    for (const domain of cookieDomains(window.location.hostname)) {
      // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies set by third-party scripts.
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}`;
    }
  }
  return names;
}
