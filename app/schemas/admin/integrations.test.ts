import { describe, expect, it } from "vitest";
import { fieldPresentation, integrationConfigSchema } from "./integrations";

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

describe("SendGrid's event webhook verification key", () => {
  // A P-256 public key as SendGrid shows it: base64 of its DER SubjectPublicKeyInfo.
  const key =
    "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE+IsaBJ1JLyKH0IZo69qE3x3S9EGZQqQuP5E+neLc47rVgdwWhbFlQiKLaaNVtSy5zCKB5IxBxfo85F2hyMgeuQ==";
  const from = "hello@example.com";

  it("takes the key as SendGrid shows it, or none", () => {
    expect(parse("sendgrid", { fromEmail: from, verificationKey: ` ${key} ` })).toMatchObject({
      ok: true,
      data: { verificationKey: key },
    });
    expect(parse("sendgrid", { fromEmail: from })).toMatchObject({
      ok: true,
      data: { verificationKey: "" },
    });
  });

  it("refuses anything else with a clear message", () => {
    for (const verificationKey of [
      `-----BEGIN PUBLIC KEY-----${key}-----END PUBLIC KEY-----`,
      key.slice(0, -4),
      `${key}AAAA`,
      key.replace("MFkw", "MHYw"),
      "SG.an-api-key",
    ]) {
      expect(parse("sendgrid", { fromEmail: from, verificationKey }), verificationKey).toEqual({
        ok: false,
        messages: [
          "Event webhook verification key must be the key SendGrid shows, starting with MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE.",
        ],
      });
    }
  });

  it("tells where SendGrid must send its events, on this site's address", () => {
    const hint = fieldPresentation("sendgrid", "verificationKey").hint;
    expect(typeof hint).toBe("function");
    if (typeof hint === "function") {
      expect(hint("https://www.example.com")).toContain(
        "https://www.example.com/api/webhooks/sendgrid",
      );
    }
  });
});
