import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;

/** Where the server sends a document request for `path` (a 302), not followed. */
async function redirectOf(context: BrowserContext, path: string) {
  const response = await context.request.get(path, { maxRedirects: 0 });
  expect(response.status(), path).toBe(302);
  return new URL(response.headers().location ?? "", baseURL);
}

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
    // Every tab: the server's redirect (what a browser opening the address follows).
    for (const tab of adminTabs) {
      const url = await redirectOf(context, tab.path);
      expect(url.pathname, tab.path).toBe("/auth");
      expect(url.searchParams.get("redirectTo")).toBe(tab.path);
    }
    // One in the browser: the sign-in page it lands on.
    const page = await newPage(context);
    await page.goto("/admin/blog");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(await page.getByRole("tabpanel", { name: "Sign In" }).isVisible()).toBe(true);
    expectCleanPage(page);
    await context.close();
  });

  it("sends a signed-in member without a staff role to the home page", async () => {
    const member = await createMember(browser, baseURL, dataDir);
    const context = await signedInContext(browser, baseURL, member);
    for (const tab of adminTabs) {
      expect((await redirectOf(context, tab.path)).pathname, tab.path).toBe("/");
    }
    const page = await newPage(context);
    await page.goto("/admin/blog");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByRole("heading", { name: "Admin dashboard" }).count()).toBe(0);
    // Not staff: the header has no Admin link.
    expect(await page.getByRole("link", { name: "Admin", exact: true }).count()).toBe(0);
    expectCleanPage(page);
    await context.close();
  });
});

describe("an editor's dashboard", () => {
  // In the sidebar's order: the overview, then the Content and Audience groups.
  const editorTabs = [
    "Overview",
    "Pages",
    "Blog",
    "Content",
    "Media",
    "Links",
    "Redirects",
    "Newsletter",
    "Leads",
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
    // Staff: the site header (on the public pages; the dashboard has its own frame) links to it.
    await page.goto("/");
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
    // Overview, then the Content group's six entries, then the Audience group's first.
    for (let step = 0; step < 7; step++) await page.keyboard.press("Tab");
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
      // The sections are behind the menu button; opened, the current one is in view.
      const menu = page.getByRole("button", { name: "Menu", exact: true });
      await menu.click();
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
      await page.keyboard.press("Escape");
      expect(await menu.getAttribute("aria-expanded")).toBe("false");
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

describe("the dashboard's own frame", () => {
  /** The sidebar's groups as the role sees them: each list's name and its entries. */
  async function groupsOf(page: Page) {
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    await sections.getByRole("link", { name: "Overview", exact: true }).waitFor();
    const groups: Record<string, string[]> = {};
    for (const name of ["Content", "Audience", "Site"]) {
      const list = sections.getByRole("list", { name, exact: true });
      if ((await list.count()) === 0) continue;
      groups[name] = await list.getByRole("link").allTextContents();
    }
    return groups;
  }

  /** What the public frame alone has: its header's menu, its footer and the newsletter form. */
  async function expectNoPublicFrame(page: Page) {
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    expect(await page.getByRole("contentinfo").count()).toBe(0);
    expect(await page.locator('form[action="/newsletter"]').count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Subscribe to our newsletter" }).count()).toBe(
      0,
    );
  }

  it("groups an admin's sections, with the account, the site and Sign Out, and no public footer", async () => {
    const context = await signedInContext(browser, baseURL, admin, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await newPage(context);
    await page.goto("/admin");
    expect(await groupsOf(page)).toEqual({
      Content: ["Pages", "Blog", "Content", "Media", "Links", "Redirects"],
      Audience: ["Newsletter", "Leads", "Analytics"],
      Site: ["Integrations", "Settings", "API keys", "Audit log", "Team"],
    });
    await expectNoPublicFrame(page);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.getByRole("main").count()).toBe(1);
    expect(await page.getByRole("button", { name: "Menu", exact: true }).isVisible()).toBe(false);
    await expectNoAxeViolations(page);

    const account = page.getByRole("navigation", { name: "Account" });
    await account.getByRole("link", { name: "Account security" }).click();
    await page.waitForURL(`${baseURL}/account/security`);
    await expect
      .poll(() => account.locator('[aria-current="page"]').textContent())
      .toBe("Account security");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Account security");
    await expectNoPublicFrame(page);
    await expectNoAxeViolations(page);

    await account.getByRole("link", { name: "View site" }).click();
    await page.waitForURL(`${baseURL}/`);
    // The public pages keep their frame, the newsletter form and the header's Admin link.
    await page.getByRole("contentinfo").waitFor();
    expect(await page.locator('form[action="/newsletter"]').count()).toBe(1);
    const main = page.getByRole("navigation", { name: "Main" });
    expect(await main.getByRole("link", { name: "Admin", exact: true }).isVisible()).toBe(true);

    await page.goto("/admin/team");
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/auth");
    expectCleanPage(page);
    await context.close();
  });

  it("shows an editor only the groups and entries of their role", async () => {
    const editor = await createStaff(dataDir, "editor");
    const context = await signedInContext(browser, baseURL, editor);
    const page = await newPage(context);
    await page.goto("/admin/leads");
    expect(await groupsOf(page)).toEqual({
      Content: ["Pages", "Blog", "Content", "Media", "Links", "Redirects"],
      Audience: ["Newsletter", "Leads", "Analytics"],
    });
    // An admin-only address keeps the frame around its 403, with the way back.
    const response = await page.goto("/admin/team");
    expect(response?.status()).toBe(403);
    expect(await noAccessAlert(page).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "No access", level: 1 }).count()).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Back to the dashboard" }).count()).toBe(1);
    expect(Object.keys(await groupsOf(page))).toEqual(["Content", "Audience"]);
    await expectNoPublicFrame(page);
    expectCleanPage(page, [/status of 403/]);
    await context.close();
  });

  it("on a phone, opens the grouped sections from a menu button, by mouse and by keyboard", async () => {
    const phone = await signedInContext(browser, baseURL, admin, {
      viewport: { width: 375, height: 812 },
    });
    const page = await newPage(phone);
    await page.goto("/admin");
    const menu = page.getByRole("button", { name: "Menu", exact: true });
    const sections = page.getByRole("navigation", { name: "Admin sections" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await sections.isVisible()).toBe(false);
    await expectNoPublicFrame(page);
    await expectNoAxeViolations(page);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await groupsOf(page)).toEqual({
      Content: ["Pages", "Blog", "Content", "Media", "Links", "Redirects"],
      Audience: ["Newsletter", "Leads", "Analytics"],
      Site: ["Integrations", "Settings", "API keys", "Audit log", "Team"],
    });
    await expectNoAxeViolations(page);
    await sections.getByRole("link", { name: "Leads", exact: true }).click();
    await page.waitForURL(`${baseURL}/admin/leads`);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    expect(await sections.isVisible()).toBe(false);
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // The keyboard: Enter opens, Tab walks into the list, Escape closes and focus returns.
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Overview");
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // A tap outside the open menu (on the bar beside it) closes it too.
    await menu.click();
    await page.mouse.click(210, 32);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");

    // Keyboard alone, from the menu to a section's page.
    await menu.focus();
    await page.keyboard.press("Enter");
    await sections.getByRole("link", { name: "Analytics", exact: true }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${baseURL}/admin/analytics`);
    await expect.poll(() => menu.getAttribute("aria-expanded")).toBe("false");
    expectCleanPage(page);
    await phone.close();
  });
});
