import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationCatalogue } from "~/content/integrations";
import { publicPagePaths } from "~/content/service-paths";
import { voiceSdkUrl } from "~/content/widgets";
import { dataTemplate } from "../support/admin";
import { expectCleanPage, launchBrowser, newPage } from "../support/browser";
import { acceptedEverything, giveConsent } from "../support/consent";
import { type FakeChatServer, fakeVoiceSdk, startFakeChatServer } from "../support/fake-widget-sdk";
import { configureIntegrations, type IntegrationSettings } from "../support/integrations-db";
import { projectRoot, type RunningServer, startServer } from "../support/server";

// Every integration enabled, every field a public page must not see set to a value that carries
// this canary: no response of the public site may contain it.
const canary = `canary${randomBytes(8).toString("hex")}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-secrets-"));
const customCodeDescription = "Measures which pages help visitors most.";
let server: RunningServer | undefined;
let browser: Browser;
let chat: FakeChatServer;

function settingsWithCanaries(chatUrl: string): IntegrationSettings {
  const settings: IntegrationSettings = {};
  for (const type of integrationCatalogue) {
    // An unknown key too: the projection must not pass on what it does not know.
    const config: Record<string, unknown> = {
      [`extra_${type.name}`]: `${canary}-${type.name}-extra`,
    };
    for (const field of type.fields) {
      if (!field.public) config[field.key] = `${canary}-${type.name}-${field.key}`;
    }
    settings[type.name] = { enabled: true, config };
  }
  // The widgets' own public fields, so that they load as on a real site.
  Object.assign(settings.chatwoot?.config ?? {}, { websiteToken: "tok", baseUrl: chatUrl });
  Object.assign(settings.vapi?.config ?? {}, { publicKey: "pk", assistantId: "as" });
  Object.assign(settings["custom-code"]?.config ?? {}, {
    script: "document.body.dataset.custom = 'ran';",
    // Not a public field of the widget, but written for visitors: the cookie policy quotes it.
    description: customCodeDescription,
  });
  return settings;
}

beforeAll(async () => {
  [browser, chat, server] = await Promise.all([
    launchBrowser(),
    startFakeChatServer(),
    startServer({ dataDir, template: dataTemplate() }),
  ]);
  await server.stop();
  await configureIntegrations(dataDir, settingsWithCanaries(chat.url));
  server = await startServer({ dataDir });
});
afterAll(async () => {
  await server?.stop();
  await chat?.close();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function bodyOf(url: string) {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe("integration secrets", () => {
  it("have a canary in every non-public field of every integration type", () => {
    const settings = settingsWithCanaries("http://127.0.0.1:1");
    const nonPublic = integrationCatalogue
      .flatMap((t) => t.fields.filter((f) => !f.public).map((f) => `${t.name}.${f.key}`))
      // Written for visitors, not a secret: the cookie policy quotes it.
      .filter((entry) => entry !== "custom-code.description");
    expect(nonPublic.length).toBeGreaterThan(15);
    for (const entry of nonPublic) {
      const [name, key] = entry.split(".") as [keyof IntegrationSettings, string];
      expect(String(settings[name]?.config[key]), entry).toContain(canary);
    }
  });

  it("appear in no public page, loader data, script, stylesheet or API answer", async () => {
    const base = server?.url as string;
    const pages = [...publicPagePaths, "/auth", "/blog", "/no-such-page"];
    const urls = new Set<string>([
      `${base}/api/integrations`,
      `${base}/robots.txt`,
      `${base}/sitemap.xml`,
    ]);
    for (const page of pages) {
      const { text } = await bodyOf(`${base}${page}`);
      expect(text, page).not.toContain(canary);
      expect(text.length, page).toBeGreaterThan(1000);
      // What a client-side navigation fetches instead of the page.
      const data = await bodyOf(`${base}${page === "/" ? "/_root" : page}.data`);
      expect(data.text, `${page} loader data`).not.toContain(canary);
      for (const match of text.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)) {
        urls.add(new URL(match[1] as string, base).toString());
      }
      for (const match of text.matchAll(/import\("([^"]+\.js)"\)|"(\/assets\/[^"]+\.js)"/g)) {
        urls.add(new URL((match[1] ?? match[2]) as string, base).toString());
      }
    }
    const assets = path.join(projectRoot, "build", "client", "assets");
    const files = fs.readdirSync(assets).filter((f) => /\.(?:js|css)$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) urls.add(`${base}/assets/${file}`);

    for (const url of urls) {
      const { status, text } = await bodyOf(url);
      expect(status, url).toBeLessThan(400);
      expect(text, url).not.toContain(canary);
    }
    const widgets = JSON.parse((await bodyOf(`${base}/api/integrations`)).text) as {
      name: string;
    }[];
    expect(widgets.map((w) => w.name)).toEqual(["chatwoot", "vapi", "custom-code"]);
    // The custom code's description is written for visitors: the cookie policy shows it.
    expect((await bodyOf(`${base}/cookie-policy`)).text).toContain(customCodeDescription);
  });

  it("reach the browser in no response while every widget loads", async () => {
    const context = await browser.newContext({ baseURL: server?.url });
    await context.route(voiceSdkUrl, (route) =>
      route.fulfill({ contentType: "text/javascript", body: fakeVoiceSdk }),
    );
    // A visitor who allowed everything earlier, so that every widget loads.
    await giveConsent(context, server?.url ?? "", acceptedEverything);
    const page = await newPage(context);
    const bodies: Promise<{ url: string; text: string }>[] = [];
    page.on("response", (response) => {
      bodies.push(
        response
          .text()
          .then((text) => ({ url: response.url(), text }))
          // Redirects and aborted requests have no body to read.
          .catch(() => ({ url: response.url(), text: "" })),
      );
    });
    await page.goto("/");
    await page.locator("#fake-chat-bubble").waitFor();
    await page.locator("#fake-voice-button").waitFor();
    await expect.poll(() => page.evaluate(() => document.body.dataset.custom)).toBe("ran");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await page.waitForURL(/\/blog$/);
    await page.waitForLoadState("networkidle");

    const received = await Promise.all(bodies);
    const urls = received.map((r) => r.url);
    expect(urls).toContain(`${server?.url}/api/integrations`);
    expect(urls.some((u) => u.includes(".data"))).toBe(true);
    for (const { url, text } of received) expect(text, url).not.toContain(canary);
    expect(await page.content()).not.toContain(canary);
    expectCleanPage(page);
    await context.close();
  });

  it("are not written to the server's log", () => {
    expect(server?.output()).not.toContain(canary);
  });
});
