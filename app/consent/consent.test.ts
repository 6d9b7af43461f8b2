import { describe, expect, it } from "vitest";
import type { PublicWidget } from "~/content/widgets";
import {
  CONSENT_VERSION,
  type ConsentState,
  categoriesToAsk,
  consentFromCookieHeader,
  decide,
  decideAll,
  isGranted,
  neededCategories,
  parseConsent,
  serializeConsent,
} from "./consent";

const chat: PublicWidget = { name: "chatwoot", websiteToken: "t", baseUrl: "https://chat.example" };
const voice: PublicWidget = { name: "vapi", publicKey: "p", assistantId: "a" };
const analytics: PublicWidget = { name: "google_analytics", measurementId: "G-ABC123" };
const custom = (category: "functional" | "analytics" | "marketing"): PublicWidget => ({
  name: "custom-code",
  script: "void 0",
  category,
});

describe("the consent cookie", () => {
  it("keeps a choice across a write and a read, in cookie-safe characters", () => {
    const choice = decide(
      null,
      { functional: true, analytics: false },
      new Date(1_764_000_000_000),
    );
    const value = serializeConsent(choice);
    expect(value).toBe("v=1&t=1764000000&functional=1&analytics=0");
    expect(value).not.toMatch(/[\s;,"\\]/);
    expect(parseConsent(value)).toEqual(choice);
    expect(consentFromCookieHeader(`_ga=GA1.1.1.2; site_consent=${value}; other=x`)).toEqual(
      choice,
    );
  });

  it("forgets a choice of another version, a garbled one, and categories it does not know", () => {
    expect(parseConsent(`v=${CONSENT_VERSION + 1}&t=1764000000&functional=1`)).toBeNull();
    expect(parseConsent("v=1&functional=1")).toBeNull();
    expect(parseConsent("%E0%A4%A")).toBeNull();
    expect(parseConsent("")).toBeNull();
    expect(parseConsent("v=1&t=1764000000&functional=yes&cookies=1")).toEqual({
      version: 1,
      decidedAt: 1_764_000_000,
      granted: {},
    });
    expect(consentFromCookieHeader("other_site_consent=v=1&t=1&functional=1")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
  });
});

describe("what a visitor has granted", () => {
  const state = (granted: Record<string, boolean>, gpc = false): ConsentState => ({
    choice: { version: 1, decidedAt: 1, granted },
    gpc,
  });

  it("runs only what was granted; necessary always", () => {
    const s = state({ functional: true, analytics: false });
    expect(isGranted(s, "necessary")).toBe(true);
    expect(isGranted(s, "functional")).toBe(true);
    expect(isGranted(s, "analytics")).toBe(false);
    expect(isGranted(s, "marketing")).toBe(false);
    expect(isGranted({ choice: null, gpc: false }, "functional")).toBe(false);
  });

  it("counts Global Privacy Control as a rejection of analytics and marketing, even over a yes", () => {
    const s = state({ functional: true, analytics: true, marketing: true }, true);
    expect(isGranted(s, "functional")).toBe(true);
    expect(isGranted(s, "analytics")).toBe(false);
    expect(isGranted(s, "marketing")).toBe(false);
  });

  it("asks about each needed category not yet decided, and GPC's ones not at all", () => {
    const needed = neededCategories([analytics, chat]);
    expect(needed).toEqual(["functional", "analytics"]);
    expect(categoriesToAsk({ choice: null, gpc: false }, needed)).toEqual(needed);
    expect(categoriesToAsk({ choice: null, gpc: true }, needed)).toEqual(["functional"]);
    expect(categoriesToAsk({ choice: null, gpc: true }, ["analytics"])).toEqual([]);
    // Chosen before Google Analytics was switched on: asked again about analytics only.
    expect(categoriesToAsk(state({ functional: false }), needed)).toEqual(["analytics"]);
    expect(categoriesToAsk(state({ functional: false, analytics: false }), needed)).toEqual([]);
  });

  it("puts each integration in its category: chat and voice functional, the custom code where the admin said", () => {
    expect(neededCategories([])).toEqual([]);
    expect(neededCategories([voice, chat])).toEqual(["functional"]);
    expect(neededCategories([custom("marketing"), analytics])).toEqual(["analytics", "marketing"]);
    expect(neededCategories([custom("functional")])).toEqual(["functional"]);
  });

  it("keeps earlier decisions on other categories when the visitor decides on some", () => {
    const before = decide(null, decideAll(["functional", "analytics"], false));
    const after = decide(before, { functional: true });
    expect(after.granted).toEqual({ functional: true, analytics: false });
    expect(after.version).toBe(CONSENT_VERSION);
  });
});
