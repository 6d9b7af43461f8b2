import { randomInt } from "node:crypto";
import fs from "node:fs";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { expect } from "vitest";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Chromium features off in every test browser. Debian's Chromium runs only the new headless mode,
 * a whole browser without a screen, and it preloads the omnibox popup's WebUI in a renderer of its
 * own for each window (each browser context is one): about half of Chromium's CPU time when a
 * test opens a context and a page. Chromium reads only the last --disable-features switch, so the
 * list repeats Playwright's own (playwright-core's chromiumSwitches) first.
 */
const DISABLED_FEATURES = [
  // Playwright's (1.65).
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  // Ours: the browser's own address bar popup, which no test sees.
  "WebUIOmniboxPopup",
  "WebUIOmniboxFullPopup",
  "WebUIOmniboxAimPopup",
  "PreloadTopChromeWebUI",
];

/** Chromium's switches for every browser the tests and the benchmark launch. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${DISABLED_FEATURES.join(",")}`,
];

export function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}: apt-get install -y chromium, or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
  });
}

/**
 * A client address no other test uses, from the benchmarking range 198.18.0.0/15. The e2e server
 * trusts X-Forwarded-For from loopback, so rate limits count per test instead of for the suite.
 */
export function uniqueClientAddress(): string {
  return `198.${randomInt(18, 20)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
}

/** A browser context that visits `baseURL` as a visitor of its own (see uniqueClientAddress). */
export function newClientContext(
  browser: Browser,
  options: BrowserContextOptions & { baseURL: string; clientAddress?: string },
): Promise<BrowserContext> {
  const { clientAddress = uniqueClientAddress(), extraHTTPHeaders, ...rest } = options;
  return browser.newContext({
    ...rest,
    extraHTTPHeaders: { ...extraHTTPHeaders, "X-Forwarded-For": clientAddress },
  });
}

/** Waits until React Router has taken over the page (hydrated), so clicks and moves run client-side. */
export async function waitForRouterHydration(page: Page) {
  await page.waitForFunction(() =>
    Boolean((window as { __reactRouterDataRouter?: unknown }).__reactRouterDataRouter),
  );
}

const pageProblems = new WeakMap<Page, string[]>();

/** A page that records console errors and uncaught exceptions; see expectCleanPage. */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console.error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  pageProblems.set(page, problems);
  return page;
}

/** Expected problems (a 404 the test asked for) can be allowed by pattern. */
export function expectCleanPage(page: Page, allow: RegExp[] = []) {
  const problems = (pageProblems.get(page) ?? []).filter((p) => !allow.some((re) => re.test(p)));
  expect(problems, "the browser console showed errors").toEqual([]);
}

/**
 * Waits for the app to hydrate, clicks the header's Blog link and checks the move stayed inside
 * the app: the window (and a mark set on it) is still the same, no page was loaded.
 */
export async function expectClientSideMoveToBlog(page: Page) {
  await expect.poll(() => page.evaluate(() => "__reactRouterDataRouter" in window)).toBe(true);
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.locator('header a[href="/blog"]').first().click();
  await page.waitForURL("**/blog");
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(
    true,
  );
}

/** What dnd-kit last told screen readers about a drag (its live region). */
export function dragAnnouncement(page: Page) {
  return page.locator('[id^="DndLiveRegion"]').textContent();
}

/**
 * Picks a sortable item up from the keyboard (Space on its drag handle) and waits until dnd-kit
 * listens for the arrow keys. It adds that listener in a timer set as the drag starts, and a busy
 * browser runs input before timers: an arrow key sent as soon as the pick-up is announced could
 * come first, and be lost. A timer of ours set after the announcement runs after dnd-kit's.
 */
export async function pickUpFromKeyboard(page: Page, handle: Locator, announced: RegExp) {
  await handle.focus();
  await page.keyboard.press("Space");
  await expect.poll(() => dragAnnouncement(page)).toMatch(announced);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
}
