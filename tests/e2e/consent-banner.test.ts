import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_COOKIE, consentFromCookieHeader } from "~/consent/consent";
import { gtagScriptUrl, voiceSdkUrl } from "~/content/widgets";
import { dataTemplate } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { consentCookieValue, giveConsent } from "../support/consent";
import {
  type FakeGoogleAnalytics,
  startFakeGoogleAnalytics,
} from "../support/fake-google-analytics";
import { fakeVoiceSdk } from "../support/fake-widget-sdk";
import { uniqueEmail } from "../support/forms";
import { configureIntegrations, type IntegrationSettings } from "../support/integrations-db";
import { type RunningServer, startServer } from "../support/server";

// A server of its own: integration rows are written into its database while it is stopped.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-consent-"));
let server: RunningServer | undefined;
let browser: Browser;

const MEASUREMENT_ID = "G-TEST123";
const CHAT_URL = "https://chat.example.com";

beforeAll(async () => {
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ dataDir, template: dataTemplate() }),
  ]);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function restartWith(settings: IntegrationSettings, env: NodeJS.ProcessEnv = {}) {
  await server?.stop();
  server = undefined;
  await configureIntegrations(dataDir, settings);
  server = await startServer({ dataDir, env });
  return server;
}

const baseUrl = () => server?.url as string;

/**
 * Google's tag as far as consent and page views go: it replays the dataLayer, keeps the consent
 * state, and only with analytics_storage granted sets its cookies and sends hits (as gtag.js
 * does): a page view at `config` unless send_page_view is false, and one per page_view event,
 * with the address (dl) and referrer (dr) it was given or else the document's own, in full.
 */
const fakeGtag = `
(function () {
  var layer = (window.dataLayer = window.dataLayer || []);
  var consent = {};
  var fields = {};
  var tid = "";
  window.__gtagLoads = (window.__gtagLoads || 0) + 1;
  function pick(params, name, fallback) {
    if (params && params[name] !== undefined) return params[name];
    return fields[name] !== undefined ? fields[name] : fallback;
  }
  function pageView(params) {
    var dl = pick(params, "page_location", location.href);
    var dr = pick(params, "page_referrer", document.referrer);
    fetch("https://region1.google-analytics.com/g/collect?v=2&tid=" + tid + "&en=page_view&dl=" +
      encodeURIComponent(dl) + "&dr=" + encodeURIComponent(dr), { method: "POST", mode: "no-cors" });
  }
  function handle(args) {
    if (args[0] === "consent") {
      Object.assign(consent, args[2]);
      window.__gaConsent = (window.__gaConsent || []).concat([[args[1], Object.assign({}, args[2])]]);
    }
    if (args[0] === "set") Object.assign(fields, args[1]);
    var granted = consent.analytics_storage === "granted";
    if (args[0] === "config" && granted) {
      tid = args[1];
      document.cookie = "_ga=GA1.1.111111111.1700000000; path=/; max-age=63072000";
      document.cookie = "_ga_TEST123=GS2.1.s1700000001$o1$g0$t1700000001; path=/; max-age=63072000";
      if (!args[2] || args[2].send_page_view !== false) pageView(args[2]);
    }
    if (args[0] === "event" && args[1] === "page_view" && granted) pageView(args[2]);
  }
  for (var i = 0; i < layer.length; i++) handle(layer[i]);
  var push = layer.push.bind(layer);
  layer.push = function (args) { handle(args); return push(args); };
})();
`;

/** The chat SDK as far as consent goes: it runs, and keeps the conversation in a cookie. */
const fakeChatSdk = `
window.chatwootSDK = {
  run: function (options) {
    window.__chatRuns = (window.__chatRuns || []).concat([options]);
    document.cookie = "cw_conversation=conversation-1; path=/; max-age=31536000";
    window.$chatwoot = { toggle: function (state) { window.__chatToggled = state; } };
    window.dispatchEvent(new Event("chatwoot:ready"));
  }
};
`;

interface Visitor {
  context: BrowserContext;
  /** Every request the pages made to a host other than the site. */
  thirdParty: string[];
}

/**
 * A visitor whose browser reaches no third-party host: each request to one is recorded and
 * answered by a stand-in (Google's tag and collector, the chat server, the voice SDK's CDN) or
 * refused. `gpc` makes the browser send Global Privacy Control, in the header and in JavaScript.
 */
async function newVisitor({ gpc = false } = {}): Promise<Visitor> {
  const url = baseUrl();
  const context = await newClientContext(browser, {
    baseURL: url,
    extraHTTPHeaders: gpc ? { "Sec-GPC": "1" } : {},
  });
  const thirdParty: string[] = [];
  await context.route(
    (address) => address.origin !== new URL(url).origin,
    (route) => {
      const address = route.request().url();
      thirdParty.push(address);
      if (address.startsWith(gtagScriptUrl)) {
        return route.fulfill({ contentType: "text/javascript", body: fakeGtag });
      }
      if (address.startsWith("https://region1.google-analytics.com/")) {
        return route.fulfill({ status: 204 });
      }
      if (address === `${CHAT_URL}/packs/js/sdk.js`) {
        return route.fulfill({ contentType: "text/javascript", body: fakeChatSdk });
      }
      if (address === voiceSdkUrl) {
        return route.fulfill({ contentType: "text/javascript", body: fakeVoiceSdk });
      }
      return route.abort();
    },
  );
  await context.addInitScript((sendsGpc: boolean) => {
    if (sendsGpc)
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { value: true });
    const w = window as unknown as {
      __cspViolations: string[];
      __shifts: { value: number; at: number }[];
      __bannerAt?: number;
    };
    w.__cspViolations = [];
    w.__shifts = [];
    document.addEventListener("securitypolicyviolation", (event) => {
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
        w.__shifts.push({ value: entry.value, at: entry.startTime });
      }
    }).observe({ type: "layout-shift", buffered: true });
    new MutationObserver(() => {
      if (w.__bannerAt === undefined && document.querySelector("[data-consent-banner]")) {
        w.__bannerAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  }, gpc);
  return { context, thirdParty };
}

const banner = (page: Page) => page.getByRole("region", { name: "Cookies on this site" });
const settings = (page: Page) => page.getByRole("region", { name: "Cookie settings" });

async function cookieNames(context: BrowserContext) {
  return (await context.cookies()).map((cookie) => cookie.name).sort();
}

async function storedChoice(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
  return cookie ? consentFromCookieHeader(`${cookie.name}=${cookie.value}`)?.granted : undefined;
}

const read = <T>(page: Page, name: string) =>
  page.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name) as Promise<T>;

/** Lets the page settle: the widget list fetched and anything it would load requested. */
async function settle(page: Page) {
  await waitForRouterHydration(page);
  await page.waitForLoadState("networkidle");
}

describe("with nothing that needs consent enabled (the seeded state)", () => {
  it("shows no banner; the footer's Cookie settings says there is nothing to choose", async () => {
    const { context, thirdParty } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await settle(page);
    expect(await page.locator("[data-consent-banner]").count()).toBe(0);

    await page.getByRole("button", { name: "Cookie settings" }).click();
    await expect.poll(() => settings(page).isVisible()).toBe(true);
    expect(await settings(page).textContent()).toContain(
      "This site runs nothing that needs your permission right now",
    );
    expect(await page.getByRole("switch", { name: "Necessary" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Necessary" }).isDisabled()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => settings(page).count()).toBe(0);
    // Back on the button that opened them.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    expect(thirdParty).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });
});

describe("with Google Analytics, the chat and the voice assistant enabled", () => {
  let measurementProtocol: FakeGoogleAnalytics;
  beforeAll(async () => {
    measurementProtocol = await startFakeGoogleAnalytics();
    await restartWith(
      {
        google_analytics: {
          enabled: true,
          config: { measurementId: MEASUREMENT_ID, apiSecret: "mp-secret" },
        },
        chatwoot: { enabled: true, config: { websiteToken: "web-token-1", baseUrl: CHAT_URL } },
        vapi: { enabled: true, config: { publicKey: "public-key-1", assistantId: "assistant-1" } },
      },
      { GOOGLE_ANALYTICS_API_URL: measurementProtocol.url, ALLOW_PRIVATE_OUTBOUND: "1" },
    );
  });
  afterAll(async () => {
    await measurementProtocol?.close();
  });

  it("asks first: no third-party request and no cookie before a choice, across pages", async () => {
    const { context, thirdParty } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    const text = await banner(page).textContent();
    expect(text).toContain("live chat (Chatwoot)");
    expect(text).toContain("Google Analytics");
    await settle(page);
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL("**/about");
    await settle(page);
    await page.goto("/contact");
    await banner(page).waitFor();
    await settle(page);
    expect(thirdParty).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
    expect(await read(page, "__gtagLoads")).toBeUndefined();
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });

  it("is reached first from the keyboard, and axe finds nothing in the banner or its settings", async () => {
    const { context } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    await settle(page);
    // Right after the skip link.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie Policy");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Accept all");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Reject all");
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Settings", exact: true }).click();
    await settings(page).waitFor();
    // The settings' heading takes the focus, so a screen reader starts there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Cookie settings");
    for (const name of ["Functional", "Analytics"]) {
      expect(await page.getByRole("switch", { name }).isChecked()).toBe(false);
    }
    expect(await page.getByRole("switch", { name: "Marketing" }).count()).toBe(0);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await context.close();
  });

  it("shifts nothing on the page when it appears, on a phone too", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { context } = await newVisitor();
      const page = await newPage(context);
      await page.setViewportSize(viewport);
      await page.goto("/");
      await banner(page).waitFor();
      await settle(page);
      const bannerAt = await read<number>(page, "__bannerAt");
      const shifts = await read<{ value: number; at: number }[]>(page, "__shifts");
      expect(bannerAt).toBeGreaterThan(0);
      expect(shifts.filter((shift) => shift.at >= bannerAt)).toEqual([]);
      // It fits the screen, buttons included.
      const box = await page.getByRole("button", { name: "Settings", exact: true }).boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(viewport.height);
      await context.close();
    }
  });

  it("Reject all: nothing loads, on later pages and after reloads; the chat asks from a placeholder", async () => {
    const { context, thirdParty } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    await page.getByRole("button", { name: "Reject all" }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(await storedChoice(context)).toEqual({ functional: false, analytics: false });
    const cookie = (await context.cookies()).find((c) => c.name === CONSENT_COOKIE);
    // A year, first-party, sent with same-site requests only.
    expect(cookie?.sameSite).toBe("Lax");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);

    for (const go of [() => page.reload(), () => page.goto("/blog"), () => page.reload()]) {
      await go();
      await settle(page);
      expect(await page.locator("[data-consent-banner]").count()).toBe(0);
    }
    const chatButton = page.getByRole("button", { name: "Chat with us" });
    await chatButton.waitFor();
    expect(await page.getByRole("button", { name: "Talk to our AI assistant" }).count()).toBe(1);
    expect(thirdParty).toEqual([]);
    expect(await cookieNames(context)).toEqual([CONSENT_COOKIE]);

    // The placeholder explains and asks; allowing loads the chat at once and opens it.
    await chatButton.click();
    const panel = page.getByRole("region", { name: "Live chat" });
    expect(await panel.textContent()).toContain("The chat is provided by Chatwoot.");
    await expectNoAxeViolations(page);
    await panel.getByRole("button", { name: "Allow and chat" }).click();
    await expect
      .poll(() => read(page, "__chatRuns"))
      .toEqual([{ websiteToken: "web-token-1", baseUrl: CHAT_URL }]);
    await expect.poll(() => read(page, "__chatToggled")).toBe("open");
    // Only the chat's category changed: analytics stays rejected.
    expect(await storedChoice(context)).toEqual({ functional: true, analytics: false });
    expect(thirdParty.some((u) => u.startsWith(gtagScriptUrl))).toBe(false);
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });

  it("Accept all loads Google's tag with Consent Mode v2, the chat and the voice assistant", async () => {
    const { context, thirdParty } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => read(page, "__chatRuns")).toHaveLength(1);
    await expect.poll(() => read(page, "__voiceRuns")).toHaveLength(1);
    await expect.poll(() => read(page, "__gtagLoads")).toBe(1);
    expect(thirdParty).toContain(`${gtagScriptUrl}${MEASUREMENT_ID}`);
    // Denied by default, then updated to the choice before the first hit.
    expect(await read(page, "__gaConsent")).toEqual([
      [
        "default",
        {
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
          analytics_storage: "denied",
          wait_for_update: 500,
        },
      ],
      [
        "update",
        {
          analytics_storage: "granted",
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
        },
      ],
    ]);
    await expect
      .poll(() => thirdParty.some((u) => u.startsWith("https://region1.google-analytics.com/")))
      .toBe(true);
    expect(await cookieNames(context)).toEqual(
      ["_ga", "_ga_TEST123", "cw_conversation", CONSENT_COOKIE].sort(),
    );
    // The next page loads them from the stored choice, without asking.
    await page.goto("/about");
    await expect.poll(() => read(page, "__gtagLoads")).toBe(1);
    expect(await page.locator("[data-consent-banner]").count()).toBe(0);
    expect(await read(page, "__cspViolations")).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });

  it("the footer's Cookie settings reopen the choice; withdrawing analytics removes _ga and stops the tag", async () => {
    const { context, thirdParty } = await newVisitor();
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => cookieNames(context)).toContain("_ga");

    await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
    await settings(page).waitFor();
    expect(await page.getByRole("switch", { name: "Analytics" }).isChecked()).toBe(true);
    await page.getByRole("switch", { name: "Analytics" }).click();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Save choices" }).click();
    // The tag already runs: the page reloads so that it stops at once.
    await reloaded;
    await settle(page);
    expect(await storedChoice(context)).toEqual({ functional: true, analytics: false });
    expect(await cookieNames(context)).toEqual(["cw_conversation", CONSENT_COOKIE].sort());
    const tagLoads = thirdParty.filter((u) => u.startsWith(gtagScriptUrl)).length;
    await page.goto("/blog");
    await settle(page);
    expect(thirdParty.filter((u) => u.startsWith(gtagScriptUrl)).length).toBe(tagLoads);
    expect(await read(page, "__gtagLoads")).toBeUndefined();
    // The chat, still allowed, still loads.
    await expect.poll(() => read(page, "__chatRuns")).toHaveLength(1);
    expectCleanPage(page);
    await context.close();
  });

  it("counts pages without their query, and nothing of pages that carry a secret", async () => {
    const { context, thirdParty } = await newVisitor();
    await giveConsent(context, baseUrl(), { functional: true, analytics: true });
    const hits = () =>
      thirdParty
        .filter((u) => u.startsWith("https://region1.google-analytics.com/"))
        .map((u) => new URL(u).searchParams)
        .map((q) => ({ dl: q.get("dl"), dr: q.get("dr") }));
    const page = await newPage(context);
    await page.goto("/blog?utm_source=mail&email=someone%40example.com#top");
    await expect.poll(hits).toEqual([{ dl: `${baseUrl()}/blog`, dr: "" }]);
    // A move inside the app: one more page view, for the page moved to.
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL("**/about");
    await expect.poll(() => hits().length).toBe(2);
    expect(hits()[1]?.dl).toBe(`${baseUrl()}/about`);
    await expect.poll(() => read(page, "__chatRuns")).toHaveLength(1);
    // Signing in is a page of its own (a full load): the tag and the chat end there.
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL("**/auth");
    await settle(page);
    expect(await read(page, "__gtagLoads")).toBeUndefined();
    expect(await read(page, "__chatRuns")).toBeUndefined();
    // Back to a public page inside the app: this document's policy lets no widget out, so none
    // starts; the next move is a full load, where the tag starts and counts its page once.
    await page.getByRole("link", { name: "About", exact: true }).first().click();
    await page.waitForURL("**/about");
    await settle(page);
    expect(await read(page, "__gtagLoads")).toBeUndefined();
    await page.locator('header a[href="/blog"]').first().click();
    await page.waitForURL("**/blog");
    await expect.poll(() => read(page, "__gtagLoads")).toBe(1);
    await settle(page);
    expect(hits().slice(2)).toEqual([{ dl: `${baseUrl()}/blog`, dr: `${baseUrl()}/about` }]);
    // Links with a token in them: nothing loads, nothing is sent.
    for (const path of ["/reset-password?token=reset-secret", "/invite/invite-secret"]) {
      await page.goto(path);
      await settle(page);
      expect(await read(page, "__gtagLoads")).toBeUndefined();
    }
    // Back to a public page from an invitation: its address is no referrer for Google.
    await page.goto("/", { referer: `${baseUrl()}/invite/invite-secret?x=1` });
    await expect.poll(() => hits().length).toBe(4);
    expect(hits()[3]).toEqual({ dl: `${baseUrl()}/`, dr: baseUrl() });
    expect(JSON.stringify(hits())).not.toMatch(/secret|\?|#/);
    expect(await read(page, "__cspViolations")).toEqual([]);
    // The made-up invitation is gone (410).
    expectCleanPage(page, [/status of 410/]);
    await context.close();
  });

  it("Global Privacy Control rejects analytics without asking; the banner asks only about the chat", async () => {
    const { context, thirdParty } = await newVisitor({ gpc: true });
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    const text = await banner(page).textContent();
    expect(text).toContain("live chat (Chatwoot)");
    expect(text).not.toContain("Google Analytics");
    expect(text).toContain("Your browser sends Global Privacy Control");
    await page.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => read(page, "__chatRuns")).toHaveLength(1);
    await settle(page);
    expect(thirdParty.some((u) => /google/.test(u))).toBe(false);
    expect(await storedChoice(context)).toEqual({ functional: true });

    await page.getByRole("button", { name: "Cookie settings" }).last().click();
    await settings(page).waitFor();
    const analytics = page.getByRole("switch", { name: "Analytics" });
    expect(await analytics.isChecked()).toBe(false);
    expect(await analytics.isDisabled()).toBe(true);
    expectCleanPage(page);
    await context.close();
  });

  it("asks again when an integration of a category never asked about is enabled", async () => {
    // A visitor who allowed the chat before Google Analytics was switched on.
    const { context, thirdParty } = await newVisitor();
    await giveConsent(context, baseUrl(), { functional: true });
    const page = await newPage(context);
    await page.goto("/");
    await banner(page).waitFor();
    const text = await banner(page).textContent();
    expect(text).toContain("Google Analytics");
    expect(text).not.toContain("live chat");
    // What was allowed runs meanwhile; what is asked about does not.
    await expect.poll(() => read(page, "__chatRuns")).toHaveLength(1);
    expect(thirdParty.some((u) => u.startsWith(gtagScriptUrl))).toBe(false);
    expectCleanPage(page);
    await context.close();
  });

  it("sends a form submission to Google as generate_lead from the server, only with analytics consent", async () => {
    const subscribe = async (page: Page, email: string) => {
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox", { name: "Email address" }).fill(email);
      await footer.getByRole("button", { name: "Subscribe" }).click();
      await page.getByText("You've been subscribed to our newsletter.").waitFor();
    };
    // Rejected: the sign-up works, and Google hears nothing of it.
    const rejecting = await newVisitor();
    const page = await newPage(rejecting.context);
    await page.goto("/");
    await page.getByRole("button", { name: "Reject all" }).click();
    await subscribe(page, uniqueEmail("consent-rejected"));

    const accepting = await newVisitor();
    const other = await newPage(accepting.context);
    await other.goto("/");
    await other.getByRole("button", { name: "Accept all" }).click();
    await expect.poll(() => cookieNames(accepting.context)).toContain("_ga_TEST123");
    await subscribe(other, uniqueEmail("consent-accepted"));

    const [sent] = await measurementProtocol.waitForEvents(1);
    expect(sent?.query.measurement_id).toBe(MEASUREMENT_ID);
    expect(sent?.query.api_secret).toBe("mp-secret");
    expect(sent?.json).toMatchObject({
      client_id: "111111111.1700000000",
      events: [
        {
          name: "generate_lead",
          params: { form_name: "newsletter", session_id: "1700000001" },
        },
      ],
    });
    // The rejecting visitor's sign-up came first and was never sent.
    expect(measurementProtocol.collected()).toHaveLength(1);
    expectCleanPage(page);
    expectCleanPage(other);
    await rejecting.context.close();
    await accepting.context.close();
  });

  it("serves every visitor the same cached page, whatever they chose", async () => {
    const url = `${baseUrl()}/`;
    const visitors: Record<string, string>[] = [
      {},
      {
        cookie: `${CONSENT_COOKIE}=${consentCookieValue({ functional: true, analytics: true })}`,
      },
      {
        cookie: `${CONSENT_COOKIE}=${consentCookieValue({ functional: false })}`,
        "sec-gpc": "1",
      },
    ];
    const answers = await Promise.all(
      visitors.map(async (headers) => {
        const response = await fetch(url, { headers });
        return { etag: response.headers.get("etag"), body: await response.text() };
      }),
    );
    // Stored pages carry no nonce, so equal bytes mean one stored page for all three.
    expect(answers[0]?.body).not.toMatch(/nonce="/);
    expect(answers[0]?.etag).toBeTruthy();
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it("lists the enabled integrations and what they set on the cookie policy", async () => {
    const html = await (await fetch(`${baseUrl()}/cookie-policy`)).text();
    for (const expected of [
      "Google Analytics",
      "_ga",
      "Chatwoot",
      "cw_conversation",
      "Vapi",
      CONSENT_COOKIE,
    ]) {
      expect(html).toContain(expected);
    }
  });
});

describe("with only Google Analytics enabled", () => {
  beforeAll(async () => {
    await restartWith({
      google_analytics: { enabled: true, config: { measurementId: MEASUREMENT_ID } },
    });
  });

  it("shows a browser with Global Privacy Control no banner and loads nothing", async () => {
    const { context, thirdParty } = await newVisitor({ gpc: true });
    const page = await newPage(context);
    await page.goto("/");
    await settle(page);
    await page.goto("/about");
    await settle(page);
    expect(await page.locator("[data-consent-banner]").count()).toBe(0);
    expect(thirdParty).toEqual([]);
    expect(await cookieNames(context)).toEqual([]);
    expectCleanPage(page);
    await context.close();
  });

  it("keeps Google's hosts in the page's policy only while it is enabled", async () => {
    const policy = (await fetch(`${baseUrl()}/`)).headers.get("content-security-policy") ?? "";
    expect(policy).toContain("https://*.google-analytics.com");
    await restartWith({});
    const off = (await fetch(`${baseUrl()}/`)).headers.get("content-security-policy") ?? "";
    expect(off).not.toContain("google");
  });
});
