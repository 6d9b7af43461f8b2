import { describe, expect, it } from "vitest";
import { integrationConfigSchema } from "./integrations";

function parse(name: Parameters<typeof integrationConfigSchema>[0], input: unknown) {
  const result = integrationConfigSchema(name).safeParse(input);
  return result.success
    ? { ok: true as const, data: result.data }
    : { ok: false as const, messages: result.error.issues.map((i) => i.message) };
}

describe("the custom code's consent category", () => {
  it("takes one of functional, analytics and marketing, marketing when left out", () => {
    for (const category of ["functional", "analytics", "marketing"]) {
      expect(parse("custom-code", { script: "x()", category })).toMatchObject({
        ok: true,
        data: { category },
      });
    }
    expect(parse("custom-code", { script: "x()" })).toMatchObject({
      ok: true,
      data: { category: "marketing" },
    });
    expect(parse("custom-code", { script: "x()", category: "" })).toMatchObject({
      ok: true,
      data: { category: "marketing" },
    });
  });

  it("refuses any other value with a clear message", () => {
    for (const category of ["necessary", "Marketing ", "ads", "functional\nanalytics"]) {
      const result = parse("custom-code", { script: "x()", category });
      expect(result.ok, category).toBe(false);
      if (!result.ok) {
        expect(result.messages).toEqual([
          "Consent category must be one of Functional, Analytics or Marketing.",
        ]);
      }
    }
  });
});

describe("the Google Analytics measurement ID", () => {
  it("takes G- and capital letters and digits", () => {
    expect(parse("google_analytics", { measurementId: " G-AB12CD34EF " })).toMatchObject({
      ok: true,
      data: { measurementId: "G-AB12CD34EF" },
    });
  });

  it("refuses anything else with a clear message", () => {
    for (const measurementId of ["UA-12345-1", "G-", "g-ab12cd34", "G-AB12 34", 'G-AB12"><']) {
      expect(parse("google_analytics", { measurementId }), measurementId).toEqual({
        ok: false,
        messages: [
          "Measurement ID must be G- followed by capital letters and digits, e.g. G-XXXXXXXXXX.",
        ],
      });
    }
    expect(parse("google_analytics", { measurementId: "" })).toEqual({
      ok: false,
      messages: ["Measurement ID is required."],
    });
  });
});
