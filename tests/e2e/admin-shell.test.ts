import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminTabs } from "~/admin/tabs";
import {
  type Account,
  createAdmin,
  createMember,
  createStaff,
  signedInContext,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";

const baseURL = inject("baseURL");
const dataDir = inject("dataDir");

let browser: Browser;

/** The dashboard's 403 message, announced as an alert. */
const noAccessAlert = (page: Page) =>
  page.getByRole("alert").filter({ hasText: /^You do not have access to this page\.$/ });
let admin: Account;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(dataDir);
});
afterAll(async () => {
  await browser?.close();
});

describe("who may open the dashboard", () => {
  it("sends a visitor to sign in, remembering the tab asked for", async () => {
    const context = await newClientContext(browser, { baseURL });
    const page = await newPage(context);
    for (const tab of adminTabs) {
      await page.goto(tab.path);
      const url = new URL(page.url());
      expect(url.pathname, tab.path).toBe("/auth");
      expect(url.searchParams.get("redirectTo")).toBe(tab.path);
    }
    expectCleanPage(page);
    await context.close();
  });

  it("sends a signed-in member without a staff role to the home page", async () => {
    const member = await createMember(browser, baseURL, dataDir);
    const context = await signedInContext(browser, baseURL, member);
    const page = await newPage(context);
    for (const tab of adminTabs) {
      await page.goto(tab.path);
      expect(new URL(page.url()).pathname, tab.path).toBe("/");
      expect(await page.getByRole("heading", { name: "Admin dashboard" }).count()).toBe(0);
    }
    // Not staff: the header has no Admin link.
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    expectCleanPage(page);
    await context.close();
  });
});

describe("an editor's dashboard", () => {
  const editorTabs = [
    "Overview",
    "Blog",
    "Newsletter",
    "Leads",
    "Content",
    "Links",
    "Redirects",
    "Media",
    "Analytics",
  ];

  it("shows an editor only their tabs and quick links, and a 403 with a way back elsewhere", async () => {
    const editor = await createStaff(dataDir, "editor");
    const context = await signedInContext(browser, baseURL, editor);
    const page = await newPage(context);
    await page.goto("/admin");
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await sections.getByRole("link", { name: "Overview", exact: true }).waitFor();
    expect(await sections.getByRole("link").allTextContents()).toEqual(editorTabs);
    const quickLinks = page.getByRole("region", { name: "Quick links" });
    expect(await quickLinks.getByRole("link", { name: /Write a blog post/ }).count()).toBe(1);
    expect(await quickLinks.getByRole("link", { name: /Settings/ }).count()).toBe(0);
    // Staff: the site header links to the dashboard.
    expect(await page.getByRole("link", { name: "Admin", exact: true }).first().isVisible()).toBe(
      true,
    );
    // The content tab leaves out the quick actions that save admin-only settings.
    await page.goto("/admin/content");
    await page.getByRole("heading", { name: "Quick actions" }).waitFor();
    expect(await page.getByRole("link", { name: /Integrations/ }).count()).toBe(0);

    const adminOnly = adminTabs.filter((tab) => !editorTabs.includes(tab.label));
    expect(adminOnly.map((tab) => tab.label)).toEqual([
      "Integrations",
      "Settings",
      "API keys",
      "Audit log",
      "Team",
    ]);
    for (const tab of adminOnly) {
      const response = await page.goto(tab.path);
      expect(response?.status(), tab.path).toBe(403);
      expect(await noAccessAlert(page).count(), tab.path).toBe(1);
    }
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await page.waitForURL(`${baseURL}/admin`);
    await sections.getByRole("link", { name: "Overview", exact: true }).waitFor();
    expectCleanPage(page, [/status of 403/]);
    await context.close();
  });
});

describe("the dashboard's tabs", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await signedInContext(browser, baseURL, admin);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("gives every tab its own address, marked as the current one in the tab bar", async () => {
    const page = await newPage(context);
    for (const tab of adminTabs) {
      await page.goto(tab.path);
      const sections = page.getByRole("navigation", { name: "Admin sections" });
      const current = sections.locator('[aria-current="page"]');
      await expect.poll(() => current.textContent(), { message: tab.path }).toBe(tab.label);
      expect(await page.getByRole("heading", { name: "Admin dashboard" }).isVisible()).toBe(true);
    }
    expectCleanPage(page);
    await page.close();
  });

  it("moves between tabs with the keyboard alone", async () => {
    const page = await newPage(context);
    await page.goto("/admin");
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await sections.getByRole("link", { name: "Overview", exact: true }).focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Newsletter");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/admin/newsletter`);
    await expect
      .poll(() => sections.locator('[aria-current="page"]').textContent())
      .toBe("Newsletter");
    expectCleanPage(page);
    await page.close();
  });

  it("fits every tab on a phone without sideways scrolling, and passes axe", async () => {
    const phone = await signedInContext(browser, baseURL, admin, {
      viewport: { width: 375, height: 812 },
    });
    const page = await newPage(phone);
    for (const tab of adminTabs) {
      await page.goto(tab.path);
      await page.waitForLoadState("networkidle");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${tab.path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
      // The tab bar scrolls on its own; the current tab is brought into view.
      const current = page
        .getByRole("navigation", { name: "Admin sections" })
        .locator('[aria-current="page"]');
      await expect
        .poll(
          async () => {
            const box = await current.boundingBox();
            return box !== null && box.x >= 0 && box.x + box.width <= 376;
          },
          { message: `${tab.path}: current tab visible` },
        )
        .toBe(true);
      // A toast the tab shows (the blog's sample content) is checked once its entry animation
      // is over: mid-fade its text is faint by design.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll("[data-sonner-toast]")).every(
          (toast) => getComputedStyle(toast).opacity === "1",
        ),
      );
      await expectNoAxeViolations(page);
    }
    expectCleanPage(page);
    await phone.close();
  });
});
