/**
 * Visitors' consent: the categories, the first-party cookie that remembers a choice, and which
 * category each public integration belongs to. Shared by the browser (the banner, the widget
 * loader) and the server (Measurement Protocol events, the cookie policy), so both read a choice
 * the same way. Cached pages are the same bytes for everyone: the choice is applied in the
 * browser, and the server reads it only on requests that are never cached (form submissions).
 */
import type { PublicWidget } from "~/content/widgets";
import { cookieValue } from "~/lib/cookies";

export const consentCategories = ["necessary", "functional", "analytics", "marketing"] as const;
export type ConsentCategory = (typeof consentCategories)[number];
/** The categories a visitor chooses; necessary is always on. */
export type OptionalCategory = Exclude<ConsentCategory, "necessary">;
export const optionalCategories = [
  "functional",
  "analytics",
  "marketing",
] as const satisfies readonly OptionalCategory[];

/** The categories Global Privacy Control rejects (it is an opt-out of selling and sharing). */
export const gpcRejected: readonly OptionalCategory[] = ["analytics", "marketing"];

export const categoryText: Record<ConsentCategory, { label: string; description: string }> = {
  necessary: {
    label: "Necessary",
    description:
      "Keep the site working and secure: signing in, form checks and remembering this choice. Always on.",
  },
  functional: {
    label: "Functional",
    description: "Live chat and the voice assistant, provided by third parties.",
  },
  analytics: {
    label: "Analytics",
    description: "Help us understand how visitors use the site, through third-party analytics.",
  },
  marketing: {
    label: "Marketing",
    description: "Measure and personalise advertising, and other third-party scripts we add.",
  },
};

export const CONSENT_COOKIE = "site_consent";
/**
 * The format and meaning of the cookie. Raise it when what a category covers changes so that
 * everyone is asked again; a newly enabled integration of a category not yet decided asks again
 * by itself, since the cookie records only the categories the visitor was asked about.
 */
export const CONSENT_VERSION = 1;
/** A year, in seconds. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

export interface ConsentChoice {
  version: number;
  /** Unix seconds of the choice. */
  decidedAt: number;
  /** The categories the visitor decided on; a category missing here was never asked. */
  granted: Partial<Record<OptionalCategory, boolean>>;
}

/** `v=1&t=1764000000&functional=1&analytics=0`: cookie-safe characters only. */
export function serializeConsent(choice: ConsentChoice): string {
  const params = new URLSearchParams({ v: String(choice.version), t: String(choice.decidedAt) });
  for (const category of optionalCategories) {
    const value = choice.granted[category];
    if (value !== undefined) params.set(category, value ? "1" : "0");
  }
  return params.toString();
}

/** A stored choice of the current version, or null (none, unreadable or outdated). */
export function parseConsent(value: string | null | undefined): ConsentChoice | null {
  if (!value) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(decodeURIComponent(value));
  } catch {
    return null;
  }
  const version = Number(params.get("v"));
  const decidedAt = Number(params.get("t"));
  if (version !== CONSENT_VERSION || !Number.isSafeInteger(decidedAt) || decidedAt <= 0) {
    return null;
  }
  const granted: ConsentChoice["granted"] = {};
  for (const category of optionalCategories) {
    const flag = params.get(category);
    if (flag === "1") granted[category] = true;
    else if (flag === "0") granted[category] = false;
  }
  return { version, decidedAt, granted };
}

/** The consent cookie's value in a `Cookie` header (the browser's document.cookie reads alike). */
export function consentFromCookieHeader(header: string | null | undefined): ConsentChoice | null {
  return parseConsent(cookieValue(header, CONSENT_COOKIE));
}

/** What a visitor's browser says about consent, and what it chose. */
export interface ConsentState {
  choice: ConsentChoice | null;
  /** Global Privacy Control: analytics and marketing count as rejected. */
  gpc: boolean;
}

/** Whether what belongs to `category` may run (or be sent) for this visitor. */
export function isGranted(state: ConsentState, category: ConsentCategory): boolean {
  if (category === "necessary") return true;
  if (state.gpc && gpcRejected.includes(category)) return false;
  return state.choice?.granted[category] === true;
}

/** The categories of `needed` the visitor still has to be asked about; empty: no banner. */
export function categoriesToAsk(
  state: ConsentState,
  needed: readonly OptionalCategory[],
): OptionalCategory[] {
  return needed.filter(
    (category) =>
      !(state.gpc && gpcRejected.includes(category)) &&
      state.choice?.granted[category] === undefined,
  );
}

/** The consent category of a public integration: what must be granted before it loads. */
export function widgetCategory(widget: PublicWidget): OptionalCategory {
  switch (widget.name) {
    case "chatwoot":
    case "vapi":
      return "functional";
    case "google_analytics":
      return "analytics";
    case "custom-code":
      return widget.category;
  }
}

/** The categories the enabled integrations need, in the banner's order. */
export function neededCategories(widgets: readonly PublicWidget[]): OptionalCategory[] {
  const needed = new Set(widgets.map(widgetCategory));
  return optionalCategories.filter((category) => needed.has(category));
}

/**
 * The choice after the visitor decided on `decisions`: earlier decisions on other categories are
 * kept, so allowing the chat from its placeholder does not forget a rejected analytics.
 */
export function decide(
  previous: ConsentChoice | null,
  decisions: Partial<Record<OptionalCategory, boolean>>,
  now: Date = new Date(),
): ConsentChoice {
  return {
    version: CONSENT_VERSION,
    decidedAt: Math.floor(now.getTime() / 1000),
    granted: { ...previous?.granted, ...decisions },
  };
}

/** The same answer for each of `categories` (Accept all, Reject all). */
export function decideAll(
  categories: readonly OptionalCategory[],
  granted: boolean,
): Partial<Record<OptionalCategory, boolean>> {
  return Object.fromEntries(categories.map((category) => [category, granted]));
}

/** Cookies the site's own optional integrations set on its domain, by category, to remove. */
export const removableCookiePrefixes: Partial<Record<OptionalCategory, readonly string[]>> = {
  // Google Analytics (_ga, _ga_<container>, and the older _gid, _gat).
  analytics: ["_ga", "_gid", "_gat"],
  // Google's advertising cookies, which gtag sets only with ad_storage granted.
  marketing: ["_gcl_"],
};
