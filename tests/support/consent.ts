import type { BrowserContext } from "playwright-core";
import {
  CONSENT_COOKIE,
  CONSENT_VERSION,
  type OptionalCategory,
  serializeConsent,
} from "~/consent/consent";

/** A stored consent choice, as the banner writes it, for a visitor who decided earlier. */
export function consentCookieValue(granted: Partial<Record<OptionalCategory, boolean>>) {
  return serializeConsent({
    version: CONSENT_VERSION,
    decidedAt: Math.floor(Date.now() / 1000),
    granted,
  });
}

/** Gives the context's visitor a choice made on an earlier visit. */
export async function giveConsent(
  context: BrowserContext,
  url: string,
  granted: Partial<Record<OptionalCategory, boolean>>,
) {
  await context.addCookies([{ name: CONSENT_COOKIE, value: consentCookieValue(granted), url }]);
}

export const acceptedEverything = { functional: true, analytics: true, marketing: true } as const;
