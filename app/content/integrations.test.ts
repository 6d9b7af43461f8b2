import { describe, expect, it } from "vitest";
import { integrationCatalogue, publicFieldKeys } from "./integrations";
import { integrationNames } from "./site-defaults";

const fieldsOf = (name: string, flag: "required" | "secret" | "public") =>
  integrationCatalogue
    .find((t) => t.name === name)
    ?.fields.filter((f) => f[flag])
    .map((f) => f.key);

describe("the integration catalogue", () => {
  it("describes every seeded integration once, with unique field keys", () => {
    expect(integrationCatalogue.map((t) => t.name)).toEqual([...integrationNames]);
    for (const type of integrationCatalogue) {
      const keys = type.fields.map((f) => f.key);
      expect(new Set(keys).size, type.name).toBe(keys.length);
      expect(type.label, type.name).not.toBe("");
      expect(type.description, type.name).not.toBe("");
    }
  });

  it("marks the spec's starred fields as required", () => {
    expect(Object.fromEntries(integrationNames.map((n) => [n, fieldsOf(n, "required")]))).toEqual({
      chatwoot: ["websiteToken"],
      vapi: ["publicKey"],
      cal_com: ["username"],
      cloudflare: ["zoneId", "apiToken"],
      openai: ["apiKey"],
      stripe: ["secretKey"],
      sendgrid: ["fromEmail"],
      twilio: ["accountSid", "authToken", "phoneNumber", "notifyNumber"],
      google_analytics: ["measurementId"],
      zapier: ["webhookUrl"],
      "custom-code": ["script"],
    });
  });

  it("lets only the widgets' own fields reach a public page, and never a secret", () => {
    expect(Object.fromEntries(integrationNames.map((n) => [n, publicFieldKeys(n)]))).toEqual({
      chatwoot: ["websiteToken", "baseUrl"],
      vapi: [
        "publicKey",
        "assistantId",
        "buttonText",
        "buttonPosition",
        "buttonOffset",
        "buttonSize",
        "idleColor",
        "loadingColor",
        "activeColor",
      ],
      cal_com: [],
      cloudflare: [],
      openai: [],
      stripe: [],
      sendgrid: [],
      twilio: [],
      google_analytics: ["measurementId"],
      zapier: [],
      "custom-code": ["script", "category"],
    });
    for (const type of integrationCatalogue) {
      for (const field of type.fields) {
        expect(field.secret && field.public, `${type.name}.${field.key}`).toBe(false);
      }
    }
  });

  it("marks keys, tokens, secrets and webhook URLs as write-only", () => {
    expect(integrationNames.flatMap((n) => fieldsOf(n, "secret")?.map((k) => `${n}.${k}`))).toEqual(
      [
        "cal_com.apiKey",
        "cloudflare.apiToken",
        "openai.apiKey",
        "stripe.secretKey",
        "stripe.webhookSecret",
        "sendgrid.apiKey",
        "twilio.authToken",
        "google_analytics.apiSecret",
        "zapier.webhookUrl",
        "zapier.apiKey",
      ],
    );
  });
});
