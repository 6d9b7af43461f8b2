/**
 * What the legal pages say about the integrations that run in visitors' browsers: which are on,
 * the consent category of each, and what each sets and why. Built from the enabled integrations
 * (the public widget list), so the cookie policy lists exactly what can run on this site.
 */
import { categoryText, type OptionalCategory, widgetCategory } from "~/consent/consent";
import type { LegalConditions } from "~/pages/placeholders";
import type { PublicWidget } from "./widgets";

/** One integration that runs in visitors' browsers, as the legal pages describe it. */
export interface BrowserIntegration {
  name: PublicWidget["name"];
  category: OptionalCategory;
  /** Google Analytics: its measurement ID without `G-`, as its session cookie is named. */
  containerId?: string;
  /** Custom code: what the admin wrote about it for visitors. */
  description?: string;
}

/** The facts the legal pages are written from (loader data: plain JSON). */
export interface CookieFacts {
  integrations: BrowserIntegration[];
}

/** No integration that needs consent: the pages say what they always said. */
export const noOptionalCookies: CookieFacts = { integrations: [] };

const order: PublicWidget["name"][] = ["chatwoot", "vapi", "google_analytics", "custom-code"];

/**
 * The facts from the enabled public widgets and the custom code's description (an empty one gets
 * a generic sentence on the page).
 */
export function cookieFactsFrom(
  widgets: readonly PublicWidget[],
  customCodeDescription: string | null,
): CookieFacts {
  const integrations = widgets.map((widget): BrowserIntegration => {
    const entry: BrowserIntegration = { name: widget.name, category: widgetCategory(widget) };
    if (widget.name === "google_analytics") entry.containerId = widget.measurementId.slice(2);
    if (widget.name === "custom-code" && customCodeDescription) {
      entry.description = customCodeDescription;
    }
    return entry;
  });
  integrations.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  return { integrations };
}

/** Whether anything on the site runs only with the visitor's consent. */
export function hasOptionalCookies(facts: CookieFacts): boolean {
  return facts.integrations.length > 0;
}

/** Whether an enabled integration belongs to `category`. */
export function usesCategory(facts: CookieFacts, category: OptionalCategory): boolean {
  return facts.integrations.some((i) => i.category === category);
}

export function hasIntegration(facts: CookieFacts, name: PublicWidget["name"]): boolean {
  return facts.integrations.some((i) => i.name === name);
}

/**
 * The legal documents' conditions (`{if optional_cookies}…{end}`, app/pages/placeholders.ts) as
 * they hold on this site.
 */
export function legalConditionsFrom(facts: CookieFacts): LegalConditions {
  const analytics = usesCategory(facts, "analytics");
  const marketing = usesCategory(facts, "marketing");
  return {
    optional_cookies: hasOptionalCookies(facts),
    analytics_cookies: analytics,
    marketing_cookies: marketing,
    tracking_cookies: analytics || marketing,
    google_analytics: hasIntegration(facts, "google_analytics"),
  };
}

export const COOKIE_SETTINGS_SENTENCE =
  "You can change your choice at any time with Cookie settings at the bottom of every page.";

export interface CookieCard {
  title: string;
  rows: { label: string; value: string }[];
}

function categoryRow(category: OptionalCategory) {
  const label = categoryText[category].label;
  return {
    label: "Category",
    value: `${label}: runs only after you allow ${label.toLowerCase()} cookies.`,
  };
}

/** One card per enabled integration: its category, what it sets and why. */
export function integrationCookieCards(facts: CookieFacts): CookieCard[] {
  return facts.integrations.map(integrationCard);
}

function integrationCard(integration: BrowserIntegration): CookieCard {
  const category = categoryRow(integration.category);
  switch (integration.name) {
    case "chatwoot":
      return {
        title: "Live chat (Chatwoot)",
        rows: [
          category,
          {
            label: "What it sets",
            value:
              "The cw_conversation cookie on this website's domain; the chat window may also store data on the chat provider's own domain.",
          },
          {
            label: "Purpose",
            value: "Keeps your conversation with us across pages and visits.",
          },
          { label: "Duration", value: "Up to a year." },
        ],
      };
    case "vapi":
      return {
        title: "Voice assistant (Vapi)",
        rows: [
          category,
          { label: "What it sets", value: "No cookie on this website's domain." },
          {
            label: "Purpose",
            value:
              "Lets you talk to our assistant: during a call you start, your voice is sent to Vapi and its call provider Daily.",
          },
        ],
      };
    case "google_analytics": {
      const session = `_ga_${integration.containerId ?? "<container-id>"}`;
      return {
        title: "Google Analytics",
        rows: [
          category,
          {
            label: "What it sets",
            value: `The _ga and ${session} cookies: first-party, on this website's domain, set by Google's script.`,
          },
          {
            label: "Purpose",
            value: `_ga distinguishes visitors and ${session} keeps the state of your visit, so that Google can give us statistics on how the website is used.`,
          },
          { label: "Duration", value: "2 years each." },
        ],
      };
    }
    case "custom-code":
      return {
        title: "Additional script",
        rows: [
          category,
          {
            label: "Purpose",
            value:
              integration.description ??
              "A script we added to the website. It may set its own cookies or send information to its provider.",
          },
        ],
      };
  }
}

/** Our own cookie that remembers the visitor's choice (strictly necessary). */
export const consentCookieCard: CookieCard = {
  title: "Cookie choice",
  rows: [
    {
      label: "Purpose",
      value:
        "Remembers which optional cookies you allowed (site_consent). Scripts in the page can read it, because the page applies your choice in your browser.",
    },
    { label: "Set when", value: "You make a choice in the cookie banner or in Cookie settings." },
    { label: "Duration", value: "1 year." },
    { label: "Type", value: "Strictly necessary, first-party" },
  ],
};

/** The cookies the site itself sets when they are needed: sign-in session, device, message. */
const ownCookieCards: CookieCard[] = [
  {
    title: "Session cookie",
    rows: [
      {
        label: "Purpose",
        value:
          "Keeps you signed in after you sign in, so that you can move between pages and reach your account.",
      },
      { label: "Set when", value: "You sign in." },
      {
        label: "Duration",
        value: "Up to 30 days, renewed while you use the website; deleted when you sign out.",
      },
      { label: "Type", value: "Strictly necessary, first-party" },
    ],
  },
  {
    title: "Sign-in device cookie",
    rows: [
      {
        label: "Purpose",
        value:
          "Recognises a browser in which you have signed in before, so that someone trying to guess your password elsewhere cannot lock you out of your account. It holds a random code and a signature, not your e-mail address.",
      },
      { label: "Set when", value: "You sign in." },
      { label: "Duration", value: "One year." },
      { label: "Type", value: "Strictly necessary, first-party" },
    ],
  },
  {
    title: "Message cookie",
    rows: [
      {
        label: "Purpose",
        value:
          "Carries a one-time confirmation message, such as “Signed in successfully”, from one page to the next.",
      },
      { label: "Set when", value: "An action you take leads to a confirmation on the next page." },
      {
        label: "Duration",
        value: "At most 60 seconds; deleted as soon as the message is shown.",
      },
      { label: "Type", value: "Strictly necessary, first-party" },
    ],
  },
];

/**
 * The strictly necessary cookies (`{cookie_cards:essential}`): the site's own, and the one that
 * remembers the visitor's choice while anything asks for it.
 */
export function essentialCookieCards(facts: CookieFacts): CookieCard[] {
  return hasOptionalCookies(facts) ? [...ownCookieCards, consentCookieCard] : ownCookieCards;
}
