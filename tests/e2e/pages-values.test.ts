import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalLinkDefaults } from "~/content/external-links";
import { type Account, createAdmin, signedInContext } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts } from "../support/forms";
import { sharedServer } from "../support/shared-server";
import { adminWriter, signInCookie } from "../support/site-content";

/**
 * Settings values in block text: a page whose hero says "Welcome to {company_name}" and whose
 * button links `{booking_url}` shows the site's name and the booking page (in a new tab, as every
 * outbound link of the site); the editor's "Insert value" menu works by keyboard.
 */

const { url: baseURL, dataDir } = sharedServer();
const run = Date.now().toString(36);
const PATH = `/e2e-values-${run}`;

let browser: Browser;
let admin: Account;
let pageId: number;

beforeAll(async () => {
  admin = await createAdmin(dataDir);
  const writer = adminWriter(baseURL, await signInCookie(baseURL, admin));
  browser = await launchBrowser();
  const created = await writer.action(
    "/admin/pages",
    { intent: "create", title: `Values ${run}`, path: PATH, template: "blank" },
    true,
  );
  pageId = (created.result as { id: number }).id;
  await writer.action(
    `/admin/pages/${pageId}`,
    {
      intent: "save",
      kind: "landing",
      status: "published",
      noindex: false,
      path: PATH,
      title: `Values ${run}`,
      blocks: [
        {
          id: "values-hero",
          type: "hero",
          v: 3,
          anchor: "",
          variant: "centred",
          badge: "",
          title: "Welcome to {company_name}",
          text: "",
          primary: { label: "Book a call", href: "{booking_url}" },
          secondary: { label: "Our FAQ", href: "#faq" },
          image: "",
          imageAlt: "",
        },
        {
          id: "values-faq",
          type: "faq",
          v: 2,
          anchor: "faq",
          title: "Questions",
          items: [{ question: "Who are you?", answer: "We are {company_name}." }],
        },
      ],
    },
    true,
  );
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

async function siteNameOf(page: Page) {
  return (await page.locator('meta[property="og:site_name"]').getAttribute("content")) ?? "";
}

describe("settings values on a page", () => {
  it("shows the company name and opens the booking page in a new tab", async () => {
    const context = await newClientContext(browser, { baseURL });
    const page = await newPage(context);
    const response = await page.goto(PATH);
    expect(response?.status()).toBe(200);
    const siteName = await siteNameOf(page);
    expect(siteName).not.toBe("");
    expect(await page.locator("h1").textContent()).toBe(`Welcome to ${siteName}`);
    expect(await page.getByText(`We are ${siteName}.`).count()).toBe(1);
    expect((await page.locator("main section").allTextContents()).join(" ")).not.toContain("{");

    const book = page.getByRole("link", { name: "Book a call (opens in a new tab)" });
    expect(await book.getAttribute("href")).toBe(externalLinkDefaults.booking_url);
    expect(await book.getAttribute("target")).toBe("_blank");
    expect(await book.getAttribute("rel")).toBe("noopener noreferrer");
    // An anchor on the page stays a plain link to it, in the same tab.
    const faq = page.getByRole("link", { name: "Our FAQ", exact: true });
    expect(await faq.getAttribute("href")).toBe("#faq");
    expect(await faq.getAttribute("target")).toBeNull();

    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await context.close();
  });

  it("inserts a value at the cursor from the editor's menu, by keyboard", async () => {
    const context: BrowserContext = await signedInContext(browser, baseURL, admin, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await newPage(context);
    await page.goto(`/admin/pages/${pageId}`);
    await waitForRouterHydration(page);
    const hero = page.getByRole("region", { name: /^1\. Hero/ });
    const toggle = hero.getByRole("button", { name: /^1\. Hero/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();

    // The heading holds a value: the line under it says what visitors read.
    const siteName = await page.evaluate(async () => {
      const response = await fetch("/");
      const html = await response.text();
      return /property="og:site_name" content="([^"]*)"/.exec(html)?.[1] ?? "";
    });
    await expect
      .poll(() => hero.getByText(`Shows: Welcome to ${siteName}`, { exact: true }).isVisible())
      .toBe(true);

    const text = hero.getByRole("textbox", { name: "Text", exact: true });
    await text.fill("Call us on ");
    // From the field, Tab reaches its menu; Enter opens it; typing a label moves to it.
    await page.keyboard.press("Tab");
    const button = hero.getByRole("button", { name: "Insert value into text" });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect.poll(() => menu.isVisible()).toBe(true);
    expect(await menu.getByRole("menuitem", { name: /^Company name — / }).count()).toBe(1);
    await dismissToasts(page);
    await expectNoAxeViolations(page);
    await page.keyboard.type("Contact p");
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.textContent?.startsWith("Contact phone")),
      )
      .toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.count()).toBe(0);

    // In at the cursor, and the focus back in the field after it (the field takes both in its
    // own time once the menu has closed: on a busy machine, after the check above).
    await expect.poll(() => text.inputValue()).toBe("Call us on {contact_phone}");
    await expect.poll(() => text.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(" today");
    expect(await text.inputValue()).toBe("Call us on {contact_phone} today");
    await expect
      .poll(() => hero.getByText(/^Shows: Call us on .*\d.* today$/).isVisible())
      .toBe(true);

    // Escape closes the menu without inserting anything, and gives the focus back to the button.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => menu.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => menu.count()).toBe(0);
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await text.inputValue()).toBe("Call us on {contact_phone} today");
    expectCleanPage(page);
    await context.close();
  });
});
