import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { integrationCatalogue } from "~/content/integrations";
import type { Database } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import {
  backends,
  closeSiteDatabase,
  createTestDatabase,
  openSiteDatabase,
} from "../../tests/support/test-database";
import { chatBaseUrl, customCodeDescription, listPublicWidgets } from "./integrations.server";
import { invalidateSiteCache } from "./site.server";

describe.each(backends)("public widgets on %s", (backend) => {
  let database: Database;

  async function configure(name: string, enabled: boolean, config: unknown) {
    await database.db
      .update(webIntegrations)
      .set({ enabled, config: config as Record<string, unknown> })
      .where(eq(webIntegrations.name, name));
    invalidateSiteCache();
  }

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("lists nothing while every integration is disabled (the seeded state)", async () => {
    expect(await listPublicWidgets()).toEqual([]);
  });

  it("lists the enabled widgets whose required fields are set, trimmed, public fields only", async () => {
    await configure("chatwoot", true, {
      websiteToken: "  tok-123 ",
      baseUrl: "https://chat.example.com/",
      hmacSecret: "never-public",
    });
    await configure("vapi", true, {
      publicKey: "pk-1",
      assistantId: "as-1",
      buttonText: "Talk to us",
      buttonSize: "   ",
      idleColor: 42,
      privateApiKey: "never-public",
    });
    await configure("custom-code", true, {
      description: "analytics snippet",
      script: "\n  window.x = 1;\n",
    });
    expect(await listPublicWidgets()).toEqual([
      { name: "chatwoot", websiteToken: "tok-123", baseUrl: "https://chat.example.com" },
      { name: "vapi", publicKey: "pk-1", assistantId: "as-1", buttonText: "Talk to us" },
      { name: "custom-code", script: "window.x = 1;", category: "marketing" },
    ]);
  });

  it("gives the custom code its consent category: the stored one, marketing for none or unknown", async () => {
    for (const [category, expected] of [
      ["functional", "functional"],
      ["analytics", "analytics"],
      [" marketing ", "marketing"],
      [undefined, "marketing"],
      ["necessary", "marketing"],
      ["ads", "marketing"],
      [7, "marketing"],
    ] as const) {
      await configure("custom-code", true, { script: "x()", category });
      expect(await listPublicWidgets(), String(category)).toEqual([
        { name: "custom-code", script: "x()", category: expected },
      ]);
    }
  });

  it("lists Google Analytics with its measurement ID only, never its API secret", async () => {
    await configure("google_analytics", true, {
      measurementId: " G-AB12CD34EF ",
      apiSecret: "ga-secret-canary",
    });
    const widgets = await listPublicWidgets();
    expect(widgets).toEqual([{ name: "google_analytics", measurementId: "G-AB12CD34EF" }]);
    expect(JSON.stringify(widgets)).not.toContain("ga-secret-canary");
  });

  it("skips Google Analytics while it is off or its measurement ID is missing or invalid", async () => {
    await configure("google_analytics", false, { measurementId: "G-AB12CD34EF" });
    expect(await listPublicWidgets()).toEqual([]);
    for (const measurementId of [undefined, "", "UA-1234-5", 'G-AB"><script>', "g-ab12cd34"]) {
      await configure("google_analytics", true, { measurementId, apiSecret: "s" });
      expect(await listPublicWidgets(), String(measurementId)).toEqual([]);
    }
  });

  it("gives the custom code's description for the cookie policy while it runs", async () => {
    expect(await customCodeDescription()).toBeNull();
    await configure("custom-code", true, { script: "x()", description: "  Heatmaps by Example  " });
    expect(await customCodeDescription()).toBe("Heatmaps by Example");
    await configure("custom-code", true, { script: "x()", description: "  " });
    expect(await customCodeDescription()).toBeNull();
    await configure("custom-code", true, { script: " ", description: "Heatmaps" });
    expect(await customCodeDescription()).toBeNull();
    await configure("custom-code", false, { script: "x()", description: "Heatmaps" });
    expect(await customCodeDescription()).toBeNull();
  });

  it("keeps every button field the admin set", async () => {
    const buttons = {
      buttonText: "Call",
      buttonPosition: "top-right",
      buttonOffset: "8px",
      buttonSize: "48px",
      idleColor: "#00ff00",
      loadingColor: "#0000ff",
      activeColor: "#ff0000",
    };
    await configure("vapi", true, { publicKey: "pk", assistantId: "as", ...buttons });
    expect(await listPublicWidgets()).toEqual([
      { name: "vapi", publicKey: "pk", assistantId: "as", ...buttons },
    ]);
  });

  it("skips a widget that misses a required field or is disabled", async () => {
    await configure("chatwoot", true, { websiteToken: "tok" });
    await configure("vapi", true, { publicKey: "pk" });
    await configure("custom-code", true, { script: "   ", description: "empty" });
    expect(await listPublicWidgets()).toEqual([]);

    await configure("chatwoot", true, { baseUrl: "https://chat.example.com" });
    await configure("vapi", true, { assistantId: "as" });
    expect(await listPublicWidgets()).toEqual([]);

    await configure("chatwoot", false, { websiteToken: "t", baseUrl: "https://chat.example.com" });
    await configure("vapi", false, { publicKey: "pk", assistantId: "as" });
    await configure("custom-code", false, { script: "window.x = 1" });
    expect(await listPublicWidgets()).toEqual([]);
  });

  it("skips a chat widget whose base URL is not an http(s) URL", async () => {
    for (const baseUrl of ["chat.example.com", "javascript:alert(1)", "ftp://chat.example.com"]) {
      await configure("chatwoot", true, { websiteToken: "tok", baseUrl });
      expect(await listPublicWidgets(), baseUrl).toEqual([]);
    }
  });

  it("survives configs that are not objects", async () => {
    await configure("chatwoot", true, ["tok", "https://chat.example.com"]);
    await configure("vapi", true, "pk");
    await configure("custom-code", true, 7);
    expect(await listPublicWidgets()).toEqual([]);
  });

  it("never lists the server-side integrations, nor any secret, even when all are enabled", async () => {
    const canary = "canary-9d1f";
    for (const type of integrationCatalogue) {
      const config: Record<string, string> = { extra: `${canary}-${type.name}-extra` };
      for (const field of type.fields) {
        config[field.key] = field.public
          ? field.key === "baseUrl"
            ? "https://chat.example.com"
            : field.key === "measurementId"
              ? "G-PUBLIC123"
              : `public-${field.key}`
          : `${canary}-${type.name}-${field.key}`;
      }
      await configure(type.name, true, config);
    }
    const widgets = await listPublicWidgets();
    expect(widgets.map((w) => w.name)).toEqual([
      "chatwoot",
      "vapi",
      "google_analytics",
      "custom-code",
    ]);
    expect(JSON.stringify(widgets)).not.toContain(canary);
  });

  it("shows a change on the next read once the cache is invalidated", async () => {
    await database.db
      .update(webIntegrations)
      .set({ enabled: true, config: { script: "window.a = 1" } })
      .where(eq(webIntegrations.name, "custom-code"));
    invalidateSiteCache();
    expect(await listPublicWidgets()).toEqual([
      { name: "custom-code", script: "window.a = 1", category: "marketing" },
    ]);
    await database.db
      .update(webIntegrations)
      .set({ enabled: false })
      .where(eq(webIntegrations.name, "custom-code"));
    // Within the cache's lifetime the old list may still show...
    expect(await listPublicWidgets()).toHaveLength(1);
    // ...but an admin write invalidates it.
    invalidateSiteCache();
    expect(await listPublicWidgets()).toEqual([]);
  });

  it("logs and lists nothing when the database fails", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await database.close();
    invalidateSiteCache();
    expect(await listPublicWidgets()).toEqual([]);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    database = await createTestDatabase(backend);
  });
});

describe("the chat base URL", () => {
  it("keeps http(s) URLs without the trailing slash", () => {
    expect(chatBaseUrl("https://chat.example.com")).toBe("https://chat.example.com");
    expect(chatBaseUrl("https://Chat.Example.com//")).toBe("https://chat.example.com");
    expect(chatBaseUrl("http://127.0.0.1:3000/")).toBe("http://127.0.0.1:3000");
    expect(chatBaseUrl("https://example.com/chat/")).toBe("https://example.com/chat");
    expect(chatBaseUrl("http://[::1]:8080")).toBe("http://[::1]:8080");
  });

  it("refuses what would break the page's CSP or leak credentials", () => {
    for (const value of [
      undefined,
      "",
      "chat.example.com",
      "javascript:alert(1)",
      "data:text/html,x",
      "https://user:pass@chat.example.com",
      "https://chat.example.com/?a=1",
      "https://chat.example.com/#x",
      "https://chat;example.com",
      "https://chat,example.com",
      "https://*.example.com",
    ]) {
      expect(chatBaseUrl(value), String(value)).toBeUndefined();
    }
  });
});
