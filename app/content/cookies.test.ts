import { describe, expect, it } from "vitest";
import { blocksSchema } from "~/pages/blocks";
import { blocksWithConditions } from "~/pages/legal-text";
import { LEGAL_INSERT } from "~/pages/placeholders";
import {
  type CookieCard,
  cookieFactsFrom,
  essentialCookieCards,
  integrationCookieCards,
  legalConditionsFrom,
  noOptionalCookies,
} from "./cookies";
import { legalPageSeeds } from "./pages/legal";
import type { PublicWidget } from "./widgets";

const chat: PublicWidget = {
  name: "chatwoot",
  websiteToken: "tok",
  baseUrl: "https://chat.example.com",
};
const voice: PublicWidget = { name: "vapi", publicKey: "pk", assistantId: "as" };
const analytics: PublicWidget = { name: "google_analytics", measurementId: "G-AB12CD34EF" };
const custom = (category: "functional" | "analytics" | "marketing"): PublicWidget => ({
  name: "custom-code",
  script: "x()",
  category,
});

const cardText = (cards: CookieCard[]) =>
  cards.map((card) => [card.title, ...card.rows.map((r) => `${r.label}: ${r.value}`)].join("\n"));

/**
 * A seeded legal page as a site with `widgets` enabled shows it: the conditions decided, the
 * sections that do not apply left out, the cookie cards in place; the hero's text first.
 */
function seededPage(address: string, widgets: PublicWidget[], description: string | null = null) {
  const seed = legalPageSeeds.find((page) => page.address === address);
  if (!seed) throw new Error(`no seed at ${address}`);
  const facts = cookieFactsFrom(widgets, description);
  const blocks = blocksWithConditions(blocksSchema.parse(seed.blocks), legalConditionsFrom(facts));
  const hero = blocks.find((block) => block.type === "hero");
  const legal = blocks.find((block) => block.type === "legal");
  if (hero?.type !== "hero" || legal?.type !== "legal") throw new Error("not a legal page");
  const insert = (line: string) => {
    const match = LEGAL_INSERT.exec(line.trim());
    if (!match) return [line];
    if (match[1] !== "cookie_cards") return [];
    return cardText(
      match[2] === "optional" ? integrationCookieCards(facts) : essentialCookieCards(facts),
    );
  };
  const body = [legal.intro, ...legal.sections.flatMap((s) => [s.heading, s.markdown])]
    .join("\n")
    .split("\n")
    .flatMap(insert)
    .join("\n")
    .replace(/\*\*/g, "");
  return { description: hero.text, ids: legal.sections.map((s) => s.anchor), body };
}

function cookiePolicy(widgets: PublicWidget[], description: string | null = null) {
  return seededPage("/cookie-policy", widgets, description);
}
function privacyPolicy(widgets: PublicWidget[]) {
  return seededPage("/privacy-policy", widgets);
}

const absolute = [
  "we use only cookies that are strictly necessary for the website to work, and no advertising or tracking cookies",
  "Our website sets at most two cookies",
  "we do not show a cookie banner",
  "No analytics cookies: we count page views",
  "No advertising, retargeting or social media tracking cookies or pixels.",
];

describe("the cookie facts", () => {
  it("lists the enabled browser integrations in a fixed order with their categories", () => {
    const facts = cookieFactsFrom([custom("analytics"), analytics, voice, chat], "Heatmaps");
    expect(facts.integrations).toEqual([
      { name: "chatwoot", category: "functional" },
      { name: "vapi", category: "functional" },
      { name: "google_analytics", category: "analytics", containerId: "AB12CD34EF" },
      { name: "custom-code", category: "analytics", description: "Heatmaps" },
    ]);
    expect(cookieFactsFrom([], "ignored")).toEqual(noOptionalCookies);
  });

  it("says what each sets and why, with its category", () => {
    const cards = integrationCookieCards(
      cookieFactsFrom([chat, voice, analytics, custom("marketing")], null),
    );
    expect(cards.map((c) => c.title)).toEqual([
      "Live chat (Chatwoot)",
      "Voice assistant (Vapi)",
      "Google Analytics",
      "Additional script",
    ]);
    const all = cards.map((c) => c.rows.map((r) => `${r.label}: ${r.value}`).join("\n"));
    expect(all[0]).toContain("Functional: runs only after you allow functional cookies.");
    expect(all[0]).toContain("cw_conversation");
    expect(all[1]).toContain("No cookie on this website's domain.");
    expect(all[1]).toContain("Daily");
    expect(all[2]).toContain("Analytics: runs only after you allow analytics cookies.");
    expect(all[2]).toContain("_ga and _ga_AB12CD34EF");
    expect(all[2]).toContain("2 years");
    expect(all[3]).toContain("Marketing: runs only after you allow marketing cookies.");
    expect(all[3]).toContain("A script we added to the website.");
  });
});

describe("the cookie policy", () => {
  it("keeps today's text while nothing that needs consent is enabled", () => {
    const doc = cookiePolicy([]);
    for (const sentence of absolute) expect(doc.body).toContain(sentence);
    expect(doc.ids).not.toContain("optional-cookies");
    expect(doc.body).not.toContain("site_consent");
    expect(doc.body).not.toContain("Cookie settings");
    expect(doc.body).toContain("Session cookie\nPurpose: Keeps you signed in");
    expect(legalPageSeeds.find((p) => p.address === "/cookie-policy")?.legalEffectiveDate).toBe(
      "2025-01-03",
    );
    expect(doc.description).toMatch(/^We use only essential cookies/);
  });

  it("lists each enabled integration, and only those", () => {
    for (const [widgets, titles] of [
      [[chat], ["Live chat (Chatwoot)"]],
      [[voice], ["Voice assistant (Vapi)"]],
      [[analytics], ["Google Analytics"]],
      [[custom("functional")], ["Additional script"]],
      [
        [chat, analytics],
        ["Live chat (Chatwoot)", "Google Analytics"],
      ],
    ] as const) {
      const doc = cookiePolicy([...widgets]);
      expect(doc.ids).toContain("optional-cookies");
      const optional = doc.body.slice(doc.body.indexOf("Optional features and their cookies"));
      for (const title of titles) expect(optional).toContain(`\n${title}\n`);
      expect(
        integrationCookieCards(cookieFactsFrom([...widgets], null)).map((c) => c.title),
      ).toEqual(titles);
    }
  });

  it("quotes the admin's description of the custom code", () => {
    expect(cookiePolicy([custom("analytics")], "Heatmaps by Example").body).toContain(
      "Purpose: Heatmaps by Example",
    );
  });

  it("says the optional cookies run only with consent and points to Cookie settings", () => {
    const doc = cookiePolicy([chat]);
    for (const sentence of absolute.slice(0, 3)) expect(doc.body).not.toContain(sentence);
    expect(doc.body).toContain("only if you allow them");
    expect(doc.body).toContain("site_consent");
    expect(doc.body).toContain(
      "You can change your choice at any time with Cookie settings at the bottom of every page.",
    );
    expect(doc.body).toContain("the optional features stop from the next page on.");
    expect(doc.description).not.toMatch(/only essential/);
    // Chat is functional: the analytics and advertising lines still hold as they were.
    expect(doc.body).toContain(absolute[3]);
    expect(doc.body).toContain(absolute[4]);
  });

  it("qualifies the analytics and advertising lines when those categories are enabled", () => {
    const withAnalytics = cookiePolicy([analytics]).body;
    expect(withAnalytics).not.toContain(absolute[3]);
    expect(withAnalytics).toContain("No analytics cookies without your consent");
    expect(withAnalytics).toContain(
      "the optional features stop from the next page on, and we delete the Google Analytics cookies on this website's domain.",
    );
    expect(withAnalytics).toContain("Global Privacy Control signal from your browser as refusing");
    expect(withAnalytics).toContain(absolute[4]);

    const withMarketing = cookiePolicy([custom("marketing")]).body;
    expect(withMarketing).not.toContain(absolute[4]);
    expect(withMarketing).toContain("pixels without your consent");
    expect(withMarketing).toContain(absolute[3]);
  });
});

describe("the privacy policy's cookie lines", () => {
  it("keeps today's wording with nothing optional, qualifies it otherwise", () => {
    const today = privacyPolicy([]).body;
    expect(today).toContain("Cookies: we use only cookies that are strictly necessary");
    expect(today).toContain("there is nothing to opt out of");
    expect(today).not.toContain("Google Analytics");
    // The Google Analytics item is left out, not shown as an empty bullet.
    expect(today).not.toMatch(/^\s*-\s*$/m);

    const chatOnly = privacyPolicy([chat]).body;
    expect(chatOnly).not.toContain("we use only cookies that are strictly necessary");
    expect(chatOnly).toContain("only if you allow them, the cookies of the optional features");
    expect(chatOnly).toContain("Cookie settings at the bottom of every page");
    expect(chatOnly).toContain("there is nothing to opt out of");

    const withAnalytics = privacyPolicy([analytics]).body;
    expect(withAnalytics).toContain("Google Analytics: only if you allow analytics cookies");
    expect(withAnalytics).not.toContain("there is nothing to opt out of");
    expect(withAnalytics).toContain("counts as refusing analytics and marketing cookies");
  });
});
