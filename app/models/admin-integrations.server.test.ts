import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { integrationCatalogue } from "~/content/integrations";
import type { IntegrationName } from "~/content/site-defaults";
import type { Database } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { integrationConfigSchema } from "~/schemas/admin/integrations";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  listAdminIntegrations,
  saveIntegrationConfig,
  setIntegrationEnabled,
  storedSecretKeys,
} from "./admin-integrations.server";
import { listPublicWidgets } from "./integrations.server";
import { invalidateSiteCache } from "./site.server";

describe.each(backends)("the integrations editor on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  /** Validates like the action does (with the stored secrets), then saves. */
  async function save(name: IntegrationName, form: Record<string, unknown>) {
    const stored = (await storedSecretKeys(database.db, name)) ?? [];
    const input = integrationConfigSchema(name, stored).parse(form);
    return saveIntegrationConfig(database.db, name, input);
  }

  async function storedConfig(name: string) {
    const [row] = await database.db
      .select({ config: webIntegrations.config, enabled: webIntegrations.enabled })
      .from(webIntegrations)
      .where(eq(webIntegrations.name, name));
    return row;
  }

  it("lists every catalogued integration by name, switched off and incomplete when seeded", async () => {
    const list = await listAdminIntegrations(database.db);
    expect(list.map((i) => i.label)).toEqual(
      integrationCatalogue.map((t) => t.label).sort((a, b) => a.localeCompare(b, "en")),
    );
    for (const item of list) {
      expect(item.enabled).toBe(false);
      expect(item.values).toEqual({});
      expect(item.secretsSet).toEqual([]);
      expect(item.missingRequired.length).toBeGreaterThan(0);
    }
  });

  it("keeps a secret that is not typed again, replaces a typed one, clears on request", async () => {
    const first = await save("stripe", {
      publishableKey: " pk_test_1 ",
      secretKey: "sk_test_secret_1",
      webhookSecret: "whsec_1",
    });
    expect(first).toMatchObject({
      ok: true,
      changedFields: ["publishableKey", "secretKey", "webhookSecret"],
    });
    expect((await storedConfig("stripe"))?.config).toEqual({
      publishableKey: "pk_test_1",
      secretKey: "sk_test_secret_1",
      webhookSecret: "whsec_1",
    });

    // Saved again with the secret fields left empty: both secrets stay.
    const again = await save("stripe", {
      publishableKey: "pk_test_2",
      secretKey: "",
      webhookSecret: "",
    });
    expect(again).toMatchObject({ ok: true, changedFields: ["publishableKey"] });
    expect((await storedConfig("stripe"))?.config).toEqual({
      publishableKey: "pk_test_2",
      secretKey: "sk_test_secret_1",
      webhookSecret: "whsec_1",
    });

    await save("stripe", {
      publishableKey: "pk_test_2",
      secretKey: "sk_test_secret_2",
      clear_webhookSecret: "on",
    });
    expect((await storedConfig("stripe"))?.config).toEqual({
      publishableKey: "pk_test_2",
      secretKey: "sk_test_secret_2",
    });

    // What the admin page gets: which secrets are set, never their values.
    const stripe = (await listAdminIntegrations(database.db)).find((i) => i.name === "stripe");
    expect(stripe).toMatchObject({
      values: { publishableKey: "pk_test_2" },
      secretsSet: ["secretKey"],
      missingRequired: [],
    });
    expect(JSON.stringify(stripe)).not.toContain("sk_test_secret");
  });

  it("refuses a config without a required field, with that field's message", async () => {
    const chat = integrationConfigSchema("chatwoot").safeParse({ websiteToken: " ", baseUrl: "" });
    expect(chat.success).toBe(false);
    expect(chat.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["websiteToken", "Website token is required."],
    ]);
    // A required secret may be left empty only while one is stored.
    expect(
      integrationConfigSchema("stripe").safeParse({ secretKey: "" }).error?.issues[0]?.message,
    ).toBe("Secret key is required.");
    expect(
      integrationConfigSchema("stripe", ["secretKey"]).safeParse({ secretKey: "" }).success,
    ).toBe(true);
    // And the model checks the merged result again, whatever a caller validated with.
    const outcome = await saveIntegrationConfig(database.db, "stripe", { secretKey: "" });
    expect(outcome).toEqual({
      ok: false,
      reason: "missing-required",
      fieldErrors: { secretKey: "Secret key is required." },
    });
    expect((await storedConfig("stripe"))?.config).toEqual({});
  });

  it("types its fields: http(s) addresses, colours, positions, sizes, e-mail", () => {
    const message = (name: IntegrationName, form: Record<string, unknown>) =>
      integrationConfigSchema(name).safeParse(form).error?.issues[0]?.message;
    expect(message("chatwoot", { websiteToken: "t", baseUrl: "javascript:alert(1)" })).toMatch(
      /Base URL must be an http\(s\) address/,
    );
    expect(
      message("chatwoot", { websiteToken: "t", baseUrl: "https://chat.example.com/?x=1" }),
    ).toMatch(/without a query/);
    expect(
      message("chatwoot", { websiteToken: "t", baseUrl: "https://chat.example.com" }),
    ).toBeUndefined();
    expect(message("vapi", { publicKey: "k", idleColor: "red; background: url(x)" })).toMatch(
      /colour/,
    );
    expect(message("vapi", { publicKey: "k", buttonPosition: "middle" })).toMatch(/bottom-left/);
    expect(message("vapi", { publicKey: "k", buttonSize: "huge" })).toMatch(/size such as/);
    expect(
      message("vapi", {
        publicKey: "k",
        idleColor: "#5dfeca",
        loadingColor: "rgb(93, 124, 202)",
        activeColor: "red",
        buttonPosition: "top-right",
        buttonOffset: "1.5rem",
        buttonSize: "60px",
      }),
    ).toBeUndefined();
    expect(message("sendgrid", { fromEmail: "not an address" })).toBe(
      "From e-mail must be an e-mail address.",
    );
    expect(message("zapier", { webhookUrl: "ftp://hooks.example.com" })).toMatch(/http\(s\)/);
    expect(message("openai", { apiKey: "a\nb" })).toBe("API key must be on one line.");
    expect(message("custom-code", { script: "a\nb" })).toBeUndefined();
  });

  it("switches on only a complete integration, and the public site shows it", async () => {
    expect(await setIntegrationEnabled(database.db, "chatwoot", true)).toEqual({
      ok: false,
      reason: "missing-required",
      missing: ["Website token"],
      label: "Chatwoot",
    });
    expect((await storedConfig("chatwoot"))?.enabled).toBe(false);

    await save("chatwoot", { websiteToken: "tok", baseUrl: "https://chat.example.com/" });
    const on = await setIntegrationEnabled(database.db, "chatwoot", true);
    expect(on).toMatchObject({
      ok: true,
      changed: true,
      integration: { enabled: true, widget: "live" },
    });
    expect((await setIntegrationEnabled(database.db, "chatwoot", true)).ok).toBe(true);
    invalidateSiteCache();
    expect(await listPublicWidgets()).toEqual([
      { name: "chatwoot", websiteToken: "tok", baseUrl: "https://chat.example.com" },
    ]);

    const off = await setIntegrationEnabled(database.db, "chatwoot", false);
    expect(off).toMatchObject({ ok: true, changed: true, integration: { enabled: false } });
    // Switching off an incomplete one is always allowed.
    expect((await setIntegrationEnabled(database.db, "openai", false)).ok).toBe(true);
  });

  it("keeps the custom code's consent category and shows it again; marketing when not chosen", async () => {
    await save("custom-code", { script: "x()", category: "analytics" });
    const [saved] = (await listAdminIntegrations(database.db)).filter(
      (i) => i.name === "custom-code",
    );
    expect(saved?.values).toEqual({ script: "x()", category: "analytics" });
    await setIntegrationEnabled(database.db, "custom-code", true);
    invalidateSiteCache();
    expect(await listPublicWidgets()).toEqual([
      { name: "custom-code", script: "x()", category: "analytics" },
    ]);
    const outcome = await save("custom-code", { script: "x()" });
    expect(outcome).toMatchObject({ ok: true, changedFields: ["category"] });
    expect((await storedConfig("custom-code"))?.config).toEqual({
      script: "x()",
      category: "marketing",
    });
  });

  it("counts Google Analytics as a public widget: live with a valid measurement ID", async () => {
    await save("google_analytics", { measurementId: "G-AB12CD34EF", apiSecret: "ga-secret" });
    const on = await setIntegrationEnabled(database.db, "google_analytics", true);
    expect(on).toMatchObject({
      ok: true,
      integration: { widget: "live", secretsSet: ["apiSecret"] },
    });
    // A measurement ID stored before it was checked keeps the card "incomplete".
    await database.db
      .update(webIntegrations)
      .set({ config: { measurementId: "UA-1234-5" } })
      .where(eq(webIntegrations.name, "google_analytics"));
    const [ga] = (await listAdminIntegrations(database.db)).filter(
      (i) => i.name === "google_analytics",
    );
    expect(ga).toMatchObject({ enabled: true, widget: "incomplete", missingRequired: [] });
  });

  it("keeps Stripe's keys for later and never switches it on: nothing on the site uses it", async () => {
    await save("stripe", { secretKey: "sk_test_later" });
    expect(await setIntegrationEnabled(database.db, "stripe", true)).toEqual({
      ok: false,
      reason: "keys-only",
      label: "Stripe",
    });
    expect((await storedConfig("stripe"))?.enabled).toBe(false);
    const [stripe] = (await listAdminIntegrations(database.db)).filter((i) => i.name === "stripe");
    expect(stripe).toMatchObject({ keysOnly: true, secretsSet: ["secretKey"] });
  });

  it("drops keys the catalogue does not know when a config is saved", async () => {
    await database.db
      .update(webIntegrations)
      .set({ config: { apiKey: "sk-old", leftover: "x" } })
      .where(eq(webIntegrations.name, "openai"));
    const outcome = await save("openai", { apiKey: "", organizationId: "org-1" });
    expect(outcome).toMatchObject({ ok: true, changedFields: ["organizationId"] });
    expect((await storedConfig("openai"))?.config).toEqual({
      apiKey: "sk-old",
      organizationId: "org-1",
    });
  });
});
