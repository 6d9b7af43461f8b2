import { describe, expect, it } from "vitest";
import { cookieFactsFrom, integrationCookieCards, noOptionalCookies } from "./cookies";
import {
  type CompanyDetails,
  getLegalDocument,
  type LegalBlock,
  type LegalDocument,
  legalPageDescription,
  type RichText,
} from "./legal";
import type { PublicWidget } from "./widgets";

const company: CompanyDetails = {
  name: "Acme AI",
  email: "hello@acme.test",
  phone: "+1 555 0100",
  address: "1 Main St",
};

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

function richText(text: RichText): string {
  return (Array.isArray(text) ? text : [text])
    .map((piece) => (typeof piece === "string" ? piece : piece.text))
    .join("");
}

function blockText(block: LegalBlock): string {
  switch (block.kind) {
    case "paragraph":
      return richText(block.text);
    case "list":
      return block.items.map(richText).join("\n");
    case "subsection":
      return [block.heading, ...block.blocks.map(blockText)].join("\n");
    case "cards":
      return block.cards
        .map((card) => [card.title, ...card.rows.map((r) => `${r.label}: ${r.value}`)].join("\n"))
        .join("\n");
    case "steps":
      return block.steps.map((s) => [s.title, ...s.blocks.map(blockText)].join("\n")).join("\n");
    case "contact":
      return "";
  }
}

function text(doc: LegalDocument): string {
  return [
    doc.description,
    ...doc.intro.map(richText),
    ...doc.sections.flatMap((s) => [s.heading, ...s.blocks.map(blockText)]),
  ].join("\n");
}

function cookiePolicy(widgets: PublicWidget[], description: string | null = null) {
  return getLegalDocument("cookie-policy", company, cookieFactsFrom(widgets, description));
}
function privacyPolicy(widgets: PublicWidget[]) {
  return getLegalDocument("privacy-policy", company, cookieFactsFrom(widgets, null));
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
    const doc = getLegalDocument("cookie-policy", company);
    const body = text(doc);
    for (const sentence of absolute) expect(body).toContain(sentence);
    expect(doc.sections.map((s) => s.id)).not.toContain("optional-cookies");
    expect(body).not.toContain("site_consent");
    expect(body).not.toContain("Cookie settings");
    expect(doc.lastUpdated).toBe("2025-01-03");
    expect(legalPageDescription("cookie-policy")).toMatch(/^We use only essential cookies/);
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
      const section = doc.sections.find((s) => s.id === "optional-cookies");
      const cards = section?.blocks.find((b) => b.kind === "cards");
      expect(cards?.kind === "cards" && cards.cards.map((c) => c.title)).toEqual(titles);
    }
  });

  it("quotes the admin's description of the custom code", () => {
    expect(text(cookiePolicy([custom("analytics")], "Heatmaps by Example"))).toContain(
      "Purpose: Heatmaps by Example",
    );
  });

  it("says the optional cookies run only with consent and points to Cookie settings", () => {
    const doc = cookiePolicy([chat]);
    const body = text(doc);
    for (const sentence of absolute.slice(0, 3)) expect(body).not.toContain(sentence);
    expect(body).toContain("only if you allow them");
    expect(body).toContain("site_consent");
    expect(body).toContain(
      "You can change your choice at any time with Cookie settings at the bottom of every page.",
    );
    expect(doc.description).not.toMatch(/only essential/);
    expect(doc.lastUpdated).toBe("2025-01-03");
    // Chat is functional: the analytics and advertising lines still hold as they were.
    expect(body).toContain(absolute[3]);
    expect(body).toContain(absolute[4]);
  });

  it("qualifies the analytics and advertising lines when those categories are enabled", () => {
    const withAnalytics = text(cookiePolicy([analytics]));
    expect(withAnalytics).not.toContain(absolute[3]);
    expect(withAnalytics).toContain("No analytics cookies without your consent");
    expect(withAnalytics).toContain("delete the Google Analytics cookies");
    expect(withAnalytics).toContain("Global Privacy Control signal from your browser as refusing");
    expect(withAnalytics).toContain(absolute[4]);

    const withMarketing = text(cookiePolicy([custom("marketing")]));
    expect(withMarketing).not.toContain(absolute[4]);
    expect(withMarketing).toContain("pixels without your consent");
    expect(withMarketing).toContain(absolute[3]);
  });
});

describe("the privacy policy's cookie lines", () => {
  it("keeps today's wording with nothing optional, qualifies it otherwise", () => {
    const today = text(getLegalDocument("privacy-policy", company));
    expect(today).toContain("Cookies: we use only cookies that are strictly necessary");
    expect(today).toContain("there is nothing to opt out of");
    expect(today).not.toContain("Google Analytics");

    const chatOnly = text(privacyPolicy([chat]));
    expect(chatOnly).not.toContain("we use only cookies that are strictly necessary");
    expect(chatOnly).toContain("only if you allow them, the cookies of the optional features");
    expect(chatOnly).toContain("Cookie settings at the bottom of every page");
    expect(chatOnly).toContain("there is nothing to opt out of");

    const withAnalytics = text(privacyPolicy([analytics]));
    expect(withAnalytics).toContain("Google Analytics: only if you allow analytics cookies");
    expect(withAnalytics).not.toContain("there is nothing to opt out of");
    expect(withAnalytics).toContain("counts as refusing analytics and marketing cookies");
  });
});
