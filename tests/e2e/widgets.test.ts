import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { voiceSdkUrl } from "~/content/widgets";
import { hashSource } from "../../server/page-csp";
import { createStaff, dataTemplate, signedInContext } from "../support/admin";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { acceptedEverything, giveConsent } from "../support/consent";
import { parseCsp } from "../support/csp";
import { type FakeChatServer, fakeVoiceSdk, startFakeChatServer } from "../support/fake-widget-sdk";
import { configureIntegrations, type IntegrationSettings } from "../support/integrations-db";
import { type RunningServer, startServer } from "../support/server";

// This file runs a server of its own: integration rows are written into its database while it
// is stopped (the embedded database allows one process at a time).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-widgets-"));
let server: RunningServer | undefined;
let browser: Browser;
let chat: FakeChatServer;

beforeAll(async () => {
  [browser, chat, server] = await Promise.all([
    launchBrowser(),
    startFakeChatServer(),
    startServer({ dataDir, template: dataTemplate() }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await chat?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function restartWith(settings: IntegrationSettings) {
  await server?.stop();
  server = undefined;
  await configureIntegrations(dataDir, settings);
  server = await startServer({ dataDir });
  return server;
}

/**
 * A context whose pages get the fake voice SDK for the CDN URL and record CSP violations.
 * Visitors' pages come from the page cache, with script hashes and no nonce; `perRequest` sends a
 * (stale) session cookie, which makes the server render every page afresh under its own nonce.
 */
async function widgetContext(url: string, { perRequest = false } = {}) {
  const context = await browser.newContext({ baseURL: url });
  // This file is about the widgets themselves; consent-banner.test.ts covers asking for them.
  await giveConsent(context, url, acceptedEverything);
  if (perRequest) {
    await context.addCookies([{ name: "better-auth.session_token", value: "stale", url }]);
  }
  await context.route(voiceSdkUrl, (route) =>
    route.fulfill({ contentType: "text/javascript", body: fakeVoiceSdk }),
  );
  await context.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return context;
}

function warnings(page: Page) {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "warning") seen.push(message.text());
  });
  return seen;
}

const read = <T>(page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<T>;

async function policyOf(url: string) {
  const response = await fetch(url);
  await response.text();
  return parseCsp(response.headers.get("content-security-policy"));
}

describe("with no widget enabled (the seeded state)", () => {
  it("answers an empty list, cacheable, with an ETag that revalidates to 304", async () => {
    const url = `${server?.url}/api/integrations`;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    // Browsers must revalidate every time (no stale-while-revalidate for them); a CDN may keep it.
    expect(response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5");
    expect(response.headers.get("cdn-cache-control")).toBe(
      "public, max-age=5, stale-while-revalidate=30",
    );
    expect(await response.json()).toEqual([]);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await fetch(url, { headers: { "if-none-match": etag as string } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
    const other = await fetch(url, { headers: { "if-none-match": '"something-else"' } });
    expect(other.status).toBe(200);
    await other.text();
  });

  it("keeps the strict policy and loads no widget script", async () => {
    const policy = await policyOf(`${server?.url}/`);
    expect(policy["frame-src"]).toBe("'self'");
    expect(policy["connect-src"]).toBe("'self'");

    const context = await widgetContext(server?.url as string);
    const page = await newPage(context);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    await page.goto("/");
    await page.waitForResponse((r) => r.url().endsWith("/api/integrations"));
    await page.waitForLoadState("networkidle");
    expect(requested.filter((u) => !u.startsWith(server?.url as string))).toEqual([]);
    expect(await page.locator("script[data-custom-code]").count()).toBe(0);
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });
});

describe("with the chat widget, the voice assistant and a custom script tag", () => {
  let context: BrowserContext;
  const customTag =
    '<script id="custom-tag" data-greeting="hello from the tag" nonce="made-up">window.__customTag = document.currentScript.dataset.greeting;</script>';

  beforeAll(async () => {
    const running = await restartWith({
      chatwoot: { enabled: true, config: { websiteToken: "web-token-1", baseUrl: `${chat.url}/` } },
      vapi: { enabled: true, config: { publicKey: "public-key-1", assistantId: "assistant-1" } },
      "custom-code": {
        enabled: true,
        config: { description: "A greeting", script: `\n  ${customTag}\n` },
      },
    });
    context = await widgetContext(running.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("lists only the widgets' public fields", async () => {
    const response = await fetch(`${server?.url}/api/integrations`);
    expect(await response.json()).toEqual([
      { name: "chatwoot", websiteToken: "web-token-1", baseUrl: chat.url },
      { name: "vapi", publicKey: "public-key-1", assistantId: "assistant-1" },
      { name: "custom-code", script: customTag, category: "marketing" },
    ]);
  });

  it("lets the pages frame and reach the chat server and the voice call's hosts", async () => {
    const policy = await policyOf(`${server?.url}/about`);
    const ws = chat.url.replace(/^http/, "ws");
    expect(policy["frame-src"]).toBe(`'self' ${chat.url} https://*.daily.co`);
    expect(policy["connect-src"]).toBe(
      `'self' ${chat.url} ${ws} https://api.vapi.ai https://*.daily.co wss://*.daily.co`,
    );
    // A visitor's page from the cache: hashes of its inline scripts and of the custom code.
    expect(policy["script-src"]).toMatch(/^(?:'sha256-[\w+/=]+' )+'strict-dynamic'$/);
    expect(policy["script-src"]).toContain(
      hashSource("window.__customTag = document.currentScript.dataset.greeting;"),
    );
    expect(policy["worker-src"]).toBe("'self'");
  });

  it("loads the chat widget from the configured server with its token", async () => {
    const page = await newPage(context);
    await page.goto("/");
    await page.locator("#fake-chat-bubble").waitFor();
    expect(await read(page, "__chatRuns")).toEqual([
      { websiteToken: "web-token-1", baseUrl: chat.url },
    ]);
    const sdk = page.locator(`script[src="${chat.url}/packs/js/sdk.js"]`);
    expect(await sdk.count()).toBe(1);
    // Created by the app's own script on a cached page (no nonce there): 'strict-dynamic' lets it in.
    expect(await sdk.evaluate((s: HTMLScriptElement) => s.nonce)).toBe("");
    // The iframe, the HTTP request and the WebSocket all pass the page's CSP.
    await expect.poll(() => read(page, "__chatFrame")).toBe("loaded");
    await expect.poll(() => read(page, "__chatPing")).toBe(true);
    await expect.poll(() => read(page, "__chatSocket")).toBe("open");
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await page.close();
  });

  it("loads the voice assistant from its CDN with the spec's button defaults", async () => {
    const page = await newPage(context);
    await page.goto("/contact");
    await page.locator("#fake-voice-button").waitFor();
    expect(await read(page, "__voiceRuns")).toEqual([
      {
        apiKey: "public-key-1",
        assistant: "assistant-1",
        config: {
          position: "bottom-left",
          offset: "20px",
          width: "60px",
          height: "60px",
          idle: {
            color: "rgb(93, 254, 202)",
            type: "pill",
            title: "Have a quick question?",
            subtitle: "Talk with our AI assistant",
          },
          loading: {
            color: "rgb(93, 124, 202)",
            type: "pill",
            title: "Connecting...",
            subtitle: "Please wait",
          },
          active: {
            color: "rgb(255, 0, 0)",
            type: "pill",
            title: "Call is in progress...",
            subtitle: "End the call.",
          },
        },
      },
    ]);
    const sdk = page.locator(`script[src="${voiceSdkUrl}"]`);
    expect(await sdk.evaluate((s: HTMLScriptElement) => s.nonce)).toBe("");
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await page.close();
  });

  it("runs a custom script tag with its attributes, by its hash on a cached page", async () => {
    const page = await newPage(context);
    await page.goto("/");
    await expect.poll(() => read(page, "__customTag")).toBe("hello from the tag");
    const custom = page.locator("script[data-custom-code]");
    expect(await custom.count()).toBe(1);
    expect(await custom.getAttribute("id")).toBe("custom-tag");
    expect(await custom.evaluate((s: HTMLScriptElement) => s.nonce)).toBe("");
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await page.close();
  });

  it("runs the widgets under the page's nonce on a page rendered per request", async () => {
    const perRequest = await widgetContext(server?.url as string, { perRequest: true });
    const page = await newPage(perRequest);
    const answer = await page.goto("/");
    expect(answer?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
    await page.locator("#fake-chat-bubble").waitFor();
    const sdk = page.locator(`script[src="${chat.url}/packs/js/sdk.js"]`);
    expect(await sdk.evaluate((s: HTMLScriptElement) => s.nonce.length > 0)).toBe(true);
    await expect.poll(() => read(page, "__customTag")).toBe("hello from the tag");
    const custom = page.locator("script[data-custom-code]");
    expect(await custom.count()).toBe(1);
    expect(await custom.getAttribute("id")).toBe("custom-tag");
    expect(await custom.getAttribute("data-greeting")).toBe("hello from the tag");
    expect(await custom.evaluate((s: HTMLScriptElement) => s.nonce.length > 0)).toBe(true);
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await perRequest.close();
  });

  it("loads the widgets once per visit, not again on client-side navigation", async () => {
    const page = await newPage(context);
    await page.goto("/");
    await page.locator("#fake-voice-button").waitFor();
    await page.locator("#fake-chat-bubble").waitFor();
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "About" })
      .click();
    await page.waitForURL(/\/about$/);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await read<unknown[]>(page, "__chatRuns")).toHaveLength(1);
    expect(await read<unknown[]>(page, "__voiceRuns")).toHaveLength(1);
    expect(await page.locator("script[data-custom-code]").count()).toBe(1);
    expect(await page.locator("#fake-chat-bubble").count()).toBe(1);
    expectCleanPage(page);
    await page.close();
  });

  it("runs none of them where a secret is shown: sign-in, account security; the policy allows none", async () => {
    const account = await createStaff(server?.dataDir as string, "editor");
    const signedIn = await signedInContext(browser, server?.url as string, account);
    await giveConsent(signedIn, server?.url as string, acceptedEverything);
    const chatRequests = chat.requests.length;
    for (const [visitor, path] of [
      [context, "/auth"],
      [signedIn, "/account/security"],
    ] as const) {
      const page = await newPage(visitor);
      const answer = await page.goto(path);
      const policy = parseCsp(answer?.headers()["content-security-policy"] ?? "");
      expect(policy["frame-src"]).toBe("'self'");
      expect(policy["connect-src"]).toBe("'self'");
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await read(page, "__chatRuns")).toBeUndefined();
      expect(await read(page, "__voiceRuns")).toBeUndefined();
      expect(await read(page, "__customTag")).toBeUndefined();
      expect(await page.locator("script[data-custom-code]").count()).toBe(0);
      expectCleanPage(page);
      await page.close();
    }
    expect(chat.requests.length).toBe(chatRequests);
    await signedIn.close();
  });

  it("leaves a page where they run for the sign-in page by a full load, which ends them", async () => {
    const page = await newPage(context);
    await page.goto("/");
    await page.locator("#fake-chat-bubble").waitFor();
    await expect.poll(() => read(page, "__customTag")).toBe("hello from the tag");
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL(/\/auth$/);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await page.waitForLoadState("networkidle");
    // A new document: nothing of the widgets is left, and nothing started again.
    expect(await read(page, "__chatRuns")).toBeUndefined();
    expect(await read(page, "__customTag")).toBeUndefined();
    expect(await page.locator("#fake-chat-bubble").count()).toBe(0);
    expect(await page.locator("#fake-voice-button").count()).toBe(0);
    expectCleanPage(page);
    await page.close();
  });

  it("logs a voice SDK that fails to load or defines nothing, and the page goes on", async () => {
    for (const answer of [
      { status: 404, body: "not found" },
      { status: 200, body: "window.somethingElse = 1;" },
    ]) {
      const page = await newPage(context);
      const warned = warnings(page);
      await page.route(voiceSdkUrl, (route) =>
        route.fulfill({ ...answer, contentType: "text/javascript" }),
      );
      await page.goto("/");
      await expect.poll(() => warned.join("\n")).toMatch(/Could not load the vapi widget/);
      // The other widgets and the page itself are unaffected.
      await page.locator("#fake-chat-bubble").waitFor();
      expect(await read(page, "__customTag")).toBe("hello from the tag");
      await page.getByRole("link", { name: "Schedule Consultation" }).first().click();
      await page.waitForURL(/\/schedule-consultation$/);
      expectCleanPage(page, [/Failed to load resource: the server responded with a status of 404/]);
      await page.close();
    }
  });
});

describe("with a failing chat server, an incomplete voice config and inline custom code", () => {
  let context: BrowserContext;

  beforeAll(async () => {
    const running = await restartWith({
      // The chat server answers 404 for its SDK under this base URL.
      chatwoot: { enabled: true, config: { websiteToken: "t", baseUrl: `${chat.url}/missing` } },
      // No assistantId: the voice assistant must not load.
      vapi: { enabled: true, config: { publicKey: "public-key-only", buttonText: "Call us" } },
      "custom-code": {
        enabled: true,
        config: { script: "  document.body.dataset.customInline = 'ran';  " },
      },
    });
    context = await widgetContext(running.url);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("lists neither the incomplete voice assistant nor anything private", async () => {
    const response = await fetch(`${server?.url}/api/integrations`);
    expect(await response.json()).toEqual([
      { name: "chatwoot", websiteToken: "t", baseUrl: `${chat.url}/missing` },
      {
        name: "custom-code",
        script: "document.body.dataset.customInline = 'ran';",
        category: "marketing",
      },
    ]);
    const policy = await policyOf(`${server?.url}/`);
    expect(policy["connect-src"]).not.toContain("vapi");
  });

  it("runs plain text as an inline script, logs the chat failure, skips the voice assistant", async () => {
    const page = await newPage(context);
    const warned = warnings(page);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    // A custom script left from before must go when the new one is added.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        const stale = document.createElement("script");
        stale.type = "text/plain";
        stale.id = "stale-custom-code";
        stale.setAttribute("data-custom-code", "");
        document.body.append(stale);
      });
    });
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => document.body.dataset.customInline)).toBe("ran");
    expect(await page.locator("#stale-custom-code").count()).toBe(0);
    const custom = page.locator("script[data-custom-code]");
    expect(await custom.count()).toBe(1);
    expect(await custom.getAttribute("src")).toBeNull();
    expect(await read(page, "__cspViolations")).toEqual([]);
    await expect.poll(() => warned.join("\n")).toMatch(/Could not load the chatwoot widget/);
    expect(requested).toContain(`${chat.url}/missing/packs/js/sdk.js`);
    expect(requested).not.toContain(voiceSdkUrl);
    expect(await read(page, "__voiceRuns")).toBeUndefined();
    expect(await read(page, "__chatRuns")).toBeUndefined();
    // The page still works.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Contact" })
      .click();
    await page.waitForURL(/\/contact$/);
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page, [/Failed to load resource: the server responded with a status of 404/]);
    await page.close();
  });
});
