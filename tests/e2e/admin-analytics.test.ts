import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Account,
  createAdmin,
  createStaff,
  type OwnServer,
  openAdminTab,
  signedInStorageState,
  startOwnServer,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";

// Headless Chromium says "HeadlessChrome", which counts as a bot: visitors here use a desktop
// Chrome's user agent, and so does the admin, so that only the admin check can leave them out.
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
// Long enough that a view made just before a restart is very likely still in memory when the
// server is told to stop, short enough to wait for.
const FLUSH_MS = 2000;

let browser: Browser;
let own: OwnServer;
let admin: Account;
let adminContext: BrowserContext;
let adminPage: Page;
let visitor: BrowserContext;
let editorContext: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  own = await startOwnServer({ PAGE_VIEW_FLUSH_MS: String(FLUSH_MS) });
  admin = await createAdmin(own.dataDir);
  const storageState = await signedInStorageState(browser, own.url, admin);
  adminContext = await newClientContext(browser, {
    baseURL: own.url,
    storageState,
    userAgent: CHROME,
  });
  adminPage = await newPage(adminContext);
  visitor = await newClientContext(browser, { baseURL: own.url, userAgent: CHROME });
  const editor = await createStaff(own.dataDir, "editor");
  editorContext = await newClientContext(browser, {
    baseURL: own.url,
    storageState: await signedInStorageState(browser, own.url, editor),
    userAgent: CHROME,
  });
});

afterAll(async () => {
  await visitor?.close();
  await editorContext?.close();
  await adminContext?.close();
  await browser?.close();
  await own?.close();
});

function region(page: Page, name: string) {
  return page.getByRole("region", { name, exact: true });
}

async function totalViews(page: Page) {
  const figure = page.locator("div", { has: page.locator("dt", { hasText: /^Total views$/ }) });
  if ((await figure.count()) === 0) return null;
  return (await figure.locator("dd").first().textContent())?.trim() ?? null;
}

async function listRows(page: Page, name: string) {
  const items = region(page, name).getByRole("listitem");
  return (await items.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
}

/** Reloads the tab until its total is `expected` (the counts reach the database every FLUSH_MS). */
async function waitForTotal(expected: string) {
  await expect
    .poll(
      async () => {
        await openAdminTab(adminPage, "/admin/analytics", "Analytics");
        return totalViews(adminPage);
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(expected);
}

describe("the Analytics tab", () => {
  it("says there are no views yet before anything was counted", async () => {
    await openAdminTab(adminPage, "/admin/analytics", "Analytics");
    expect(await adminPage.getByRole("heading", { name: "No page views yet" }).isVisible()).toBe(
      true,
    );
    expect(await adminPage.getByText("without cookies or third-party scripts").isVisible()).toBe(
      true,
    );
    expectCleanPage(adminPage);
  });

  it("counts a visitor's page loads and in-site navigation, not bots, 404s or staff", async () => {
    // Not counted: a search-engine bot, the link audit, a missing page, the admin's and an
    // editor's own visits.
    for (const userAgent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      `${CHROME} AISolutions-LinkAudit/1.0`,
    ]) {
      const response = await fetch(`${own.url}/`, {
        headers: { "user-agent": userAgent, accept: "text/html" },
      });
      expect(response.status).toBe(200);
    }
    await adminPage.goto("/");
    await adminPage.goto("/about");
    const editorPage = await newPage(editorContext);
    await editorPage.goto("/blog");
    await editorPage.close();

    const page = await newPage(visitor);
    await page.goto("/", { referer: "https://news.example.org/story?id=7&utm_source=x" });
    await page.goto("/about?utm_campaign=autumn");
    // A click within the site: React Router fetches /contact.data instead of a new document.
    const [data] = await Promise.all([
      page.waitForResponse((response) => new URL(response.url()).pathname === "/contact.data"),
      page.getByRole("contentinfo").getByRole("link", { name: "Contact", exact: true }).click(),
    ]);
    expect(data.status()).toBe(200);
    await page.waitForURL(`${own.url}/contact`);
    const missing = await page.goto("/no-such-page");
    expect(missing?.status()).toBe(404);
    expectCleanPage(page, [/404/]);
    await page.close();

    await waitForTotal("3");
    // Another flush later it is still exactly 3: nothing left out came in late.
    await new Promise((resolve) => setTimeout(resolve, FLUSH_MS + 1000));
    await openAdminTab(adminPage, "/admin/analytics", "Analytics");
    expect(await totalViews(adminPage)).toBe("3");

    expect(await listRows(adminPage, "Top pages")).toEqual([
      "/ 1 view",
      "/about 1 view",
      "/contact 1 view",
    ]);
    expect(await listRows(adminPage, "Top referrers")).toEqual([
      "Direct / internal 2 views",
      "news.example.org 1 view",
    ]);
    expect(
      await region(adminPage, "Top posts")
        .getByText("No blog post views in the last 30 days.")
        .isVisible(),
    ).toBe(true);

    // The chart's numbers as a table: today has the 3 views, the day before none.
    await adminPage.getByText("Show the numbers as a table").click();
    const table = adminPage.getByRole("table", { name: "Views per day (UTC)" });
    const rows = await table.getByRole("row").allInnerTexts();
    expect(rows).toHaveLength(31);
    expect(rows[1]).toMatch(/\t3$/);
    expect(rows[2]).toMatch(/\t0$/);
    await expectNoAxeViolations(adminPage);

    // Another range: its own URL, the same views.
    await adminPage.getByRole("link", { name: "Last 7 days" }).click();
    await adminPage.waitForURL(`${own.url}/admin/analytics?days=7`);
    await expect
      .poll(() => adminPage.getByText("in the last 7 days", { exact: false }).first().isVisible())
      .toBe(true);
    expect(await totalViews(adminPage)).toBe("3");
    expect(
      await adminPage.getByRole("link", { name: "Last 7 days" }).getAttribute("aria-current"),
    ).toBe("page");
    expectCleanPage(adminPage);
  });

  it("writes pending views when the server stops, and keeps every count across the restart", async () => {
    const page = await newPage(visitor);
    await page.goto("/demos");
    await page.close();
    // At once, before the next flush: the graceful shutdown has to write it.
    await own.restart();

    await openAdminTab(adminPage, "/admin/analytics", "Analytics");
    expect(await totalViews(adminPage)).toBe("4");
    expect(await listRows(adminPage, "Top pages")).toEqual([
      "/ 1 view",
      "/about 1 view",
      "/contact 1 view",
      "/demos 1 view",
    ]);
    expectCleanPage(adminPage);
  });
});
