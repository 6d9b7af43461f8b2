import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { requireSectionApi } from "~/auth/permissions.server";
import type { Database } from "~/db/client.server";
import { auditLog, webIntegrations, webSettings } from "~/db/schema.server";
import { loadEnv } from "~/env.server";
import { invalidateSiteCache } from "~/models/site.server";
import {
  type DnsResolver,
  type SenderCheckResult,
  setSenderCheckResolver,
} from "~/newsletter/sender-check.server";
import { openSiteDatabase } from "../../../tests/support/test-database";
import { action, loader } from "./newsletter-sender-check";

// The role check is app/auth's (and the access matrix's); here it only lets the request through.
vi.mock("~/auth/permissions.server", () => ({
  requireSectionApi: vi.fn(async () => ({ id: null, email: "editor@example.com" })),
}));

const KEY = "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC";

/** A fake DNS: the names it knows, and every name it was asked. */
function fakeDns(zone: Record<string, string[]>) {
  const asked: string[] = [];
  const resolver: DnsResolver = {
    async resolveTxt(name) {
      asked.push(name);
      const records = zone[name];
      if (!records) throw Object.assign(new Error("ENOTFOUND"), { code: "ENOTFOUND" });
      return records.map((record) => [record]);
    },
    async resolveCname(name) {
      asked.push(`CNAME ${name}`);
      throw Object.assign(new Error("ENODATA"), { code: "ENODATA" });
    },
  };
  return { resolver, asked };
}

const zone = {
  "example.org": ["v=spf1 mx -all"],
  "default._domainkey.example.org": [KEY],
  "mail2024._domainkey.example.org": [KEY],
  "_dmarc.example.org": ["v=DMARC1; p=none"],
  "sender.example": ["v=spf1 include:sendgrid.net -all"],
  "s1._domainkey.sender.example": [KEY],
  "s2._domainkey.sender.example": [KEY],
  "_dmarc.sender.example": ["v=DMARC1; p=reject"],
};

async function get(query = "") {
  const request = new Request(`https://www.example.com/admin/newsletter/sender-check${query}`);
  const response = (await loader({ request, params: {}, context: {} } as never)) as Response;
  return { status: response.status, body: (await response.json()) as SenderCheckResult };
}

async function post(form: Record<string, string>) {
  const request = new Request("https://www.example.com/admin/newsletter/sender-check", {
    method: "POST",
    body: new URLSearchParams(form),
  });
  const answer = (await action({ request, params: {}, context: {} } as never)) as unknown;
  // A refusal comes as data() with its status; a success as the bare result.
  const wrapped = answer as { type?: string; data?: unknown; init?: { status?: number } };
  if (wrapped.type === "DataWithResponseInit") {
    return { status: wrapped.init?.status ?? 200, body: wrapped.data as Record<string, unknown> };
  }
  return { status: 200, body: answer as Record<string, unknown> };
}

describe("GET /admin/newsletter/sender-check", () => {
  let database: Database;
  let dns: ReturnType<typeof fakeDns>;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sender-check-"));
    loadEnv({
      DATA_DIR: dataDir,
      SITE_URL: "https://www.example.com",
      MAIL_FROM: "News <news@example.org>",
    });
    database = await openSiteDatabase("pglite");
  });
  afterAll(async () => {
    setSenderCheckResolver(undefined);
    await database?.close();
  });
  beforeEach(() => {
    dns = fakeDns(zone);
    setSenderCheckResolver(dns.resolver);
    vi.mocked(requireSectionApi).mockClear();
  });

  it("checks MAIL_FROM's domain after the newsletter section's role check, as JSON", async () => {
    const { status, body } = await get();
    expect(requireSectionApi).toHaveBeenCalledWith(expect.any(Request), "newsletter");
    expect(status).toBe(200);
    expect(body).toMatchObject({ domain: "example.org", provider: "smtp", selectors: ["default"] });
    expect(body.checks.map((check) => [check.kind, check.status])).toEqual([
      ["spf", "ok"],
      ["dkim", "ok"],
      ["dmarc", "warn"],
    ]);
  });

  it("answers from the cache, and asks DNS again with fresh=1", async () => {
    await get();
    const first = dns.asked.length;
    await get();
    expect(dns.asked.length).toBe(first);
    await get("?fresh=1");
    expect(dns.asked.length).toBe(2 * first);
    expect((await get("?fresh=yes")).status).toBe(400);
    expect((await get("?domain=evil.example")).status).toBe(400);
  });

  it("saves the selector staff enter (audited), which the next check looks for; refuses a bad one", async () => {
    const saved = await post({ intent: "save-selector", selector: " Mail2024 " });
    expect(saved).toMatchObject({ status: 200, body: { ok: true } });
    expect(requireSectionApi).toHaveBeenCalledWith(expect.any(Request), "newsletter");
    const [setting] = await database.db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "newsletter_dkim_selector"));
    expect(setting?.value).toBe("mail2024");
    const audits = await database.db.select().from(auditLog);
    expect(audits.at(-1)).toMatchObject({ entity: "newsletter settings", action: "updated" });
    expect((await get("?fresh=1")).body.selectors).toEqual(["mail2024"]);

    for (const form of <Record<string, string>[]>[
      { intent: "save-selector", selector: "x._domainkey; rm -rf" },
      { intent: "save-selector", selector: "a".repeat(201) },
      { selector: "default" },
    ]) {
      const refused = await post(form);
      expect(refused.status).toBe(400);
      expect(refused.body.ok).toBe(false);
    }
    const [after] = await database.db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "newsletter_dkim_selector"));
    expect(after?.value).toBe("mail2024");

    // Empty goes back to the default selector.
    expect((await post({ intent: "save-selector", selector: "" })).status).toBe(200);
    expect((await get("?fresh=1")).body.selectors).toEqual(["default"]);
  });

  it("looks for the selector staff entered, and for s1 and s2 of SendGrid's from domain while it is on", async () => {
    await database.db
      .insert(webSettings)
      .values({ key: "newsletter_dkim_selector", value: "mail2024" })
      .onConflictDoUpdate({ target: webSettings.key, set: { value: "mail2024" } });
    invalidateSiteCache();
    expect((await get()).body.selectors).toEqual(["mail2024"]);
    expect(dns.asked).toContain("mail2024._domainkey.example.org");

    await database.db
      .update(webIntegrations)
      .set({ enabled: true, config: { apiKey: "SG.key", fromEmail: "hello@sender.example" } })
      .where(eq(webIntegrations.name, "sendgrid"));
    const { body } = await get();
    expect(body).toMatchObject({
      domain: "sender.example",
      provider: "sendgrid",
      selectors: ["s1", "s2"],
    });
    expect(body.checks.every((check) => check.status === "ok")).toBe(true);
    expect(dns.asked).toEqual(
      expect.arrayContaining(["s1._domainkey.sender.example", "s2._domainkey.sender.example"]),
    );
  });
});
