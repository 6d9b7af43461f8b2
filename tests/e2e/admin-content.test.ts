import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { expectCleanPage, newPage } from "../support/browser";
import { waitForHydration } from "../support/forms";

/**
 * The Content tab: hero, main-page statistics, navigation menu and services are saved by an
 * admin, kept across a server restart, and shown on the public home page and header.
 */

let session: AdminSession;
let own: OwnServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  session = await startAdminSession();
  ({ own, browser, context } = session);
});
afterAll(async () => {
  await session?.close();
});

const hero = {
  title: "Smarter Work With Machines",
  subtitle: "Assistants that answer every customer, day and night.",
  cta: "Book a Call",
};

async function visible(locator: Locator) {
  await expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);
}

/** The tab, once React has hydrated it (before that, buttons would post the plain form). */
async function openContentTab(page: Page) {
  await openAdminTab(page, "/admin/content", "Content");
  await waitForHydration(page.getByRole("button", { name: "Save hero", exact: true }));
}

async function openDialog(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
  const dialog = page.getByRole("dialog", { name, exact: true });
  await visible(dialog);
  return dialog;
}

async function closeDialog(page: Page, dialog: Locator) {
  await page.keyboard.press("Escape");
  await expect.poll(() => dialog.count()).toBe(0);
}

async function inputValues(list: Locator, label: RegExp) {
  return list
    .getByLabel(label)
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
}

describe("the Content tab", () => {
  it("saves hero, statistics, menu and services; they survive a restart and show on the site", async () => {
    const page = await newPage(context);
    await openContentTab(page);

    // Hero
    await page.getByRole("textbox", { name: "Main title", exact: true }).fill(hero.title);
    await page.getByRole("textbox", { name: "Subtitle", exact: true }).fill(hero.subtitle);
    await page.getByRole("textbox", { name: "Call-to-action text", exact: true }).fill(hero.cta);
    await page.getByRole("button", { name: "Save hero", exact: true }).click();
    await expectVisibleText(page, "Hero Updated");

    // Statistics: add one, refuse a duplicate key, edit one, delete one
    let dialog = await openDialog(page, "Main-page statistics");
    const stats = dialog.getByRole("list", { name: "Statistics" });
    await dialog.getByRole("textbox", { name: "Key", exact: true }).fill("projects_delivered");
    await dialog.getByRole("textbox", { name: "Value", exact: true }).fill("120");
    await dialog.getByRole("textbox", { name: "Label", exact: true }).fill("Projects Delivered");
    await dialog.getByRole("button", { name: "Add statistic", exact: true }).click();
    await visible(stats.getByText("Projects Delivered", { exact: true }));
    await expectVisibleText(page, "Statistic saved");
    expect(await stats.getByText("projects_delivered · order 0").count()).toBe(1);

    await dialog.getByRole("textbox", { name: "Key", exact: true }).fill("ai_support");
    await dialog.getByRole("textbox", { name: "Value", exact: true }).fill("1");
    await dialog.getByRole("textbox", { name: "Label", exact: true }).fill("Duplicate");
    await dialog.getByRole("button", { name: "Add statistic", exact: true }).click();
    await visible(dialog.getByText("A statistic with this key already exists", { exact: true }));
    await expectVisibleText(page, "Failed to save statistic");
    expect(await stats.getByText("Duplicate").count()).toBe(0);

    await dialog.getByRole("button", { name: "Edit Client Satisfaction", exact: true }).click();
    const key = dialog.getByRole("textbox", { name: "Key", exact: true });
    expect(await key.inputValue()).toBe("client_satisfaction");
    expect(await key.getAttribute("readonly")).not.toBeNull();
    await dialog.getByRole("textbox", { name: "Value", exact: true }).fill("99%");
    await dialog.getByRole("spinbutton", { name: "Display order", exact: true }).fill("5");
    await dialog.getByRole("button", { name: "Save statistic", exact: true }).click();
    await visible(stats.getByText("99%", { exact: true }));
    expect(await stats.getByText("client_satisfaction · order 5").count()).toBe(1);

    await dialog.getByRole("button", { name: "Delete AI Support", exact: true }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this statistic?" });
    await visible(confirm);
    await confirm.getByRole("button", { name: "Delete", exact: true }).click();
    await expectVisibleText(page, "Statistic deleted");
    await expect.poll(() => stats.getByText("AI Support", { exact: true }).count()).toBe(0);
    await closeDialog(page, dialog);

    // Navigation menu: add, rename, reorder, save
    dialog = await openDialog(page, "Navigation menu");
    const menu = dialog.getByRole("list", { name: "Menu items" });
    await dialog.getByRole("textbox", { name: "New item label", exact: true }).fill("Pricing");
    await dialog.getByRole("textbox", { name: "New item URL", exact: true }).fill("/pricing");
    await dialog.getByRole("button", { name: "Add item", exact: true }).click();
    await expect.poll(() => menu.getByRole("listitem").count()).toBe(7);
    await dialog
      .getByRole("textbox", { name: "Label of item 2", exact: true })
      .fill("Our Products");
    await dialog.getByRole("button", { name: "Move Pricing up", exact: true }).click();
    await dialog.getByRole("button", { name: "Move Pricing up", exact: true }).click();
    expect(await inputValues(menu, /^Label of item/)).toEqual([
      "Home",
      "Our Products",
      "Services",
      "Blog",
      "Pricing",
      "About",
      "Contact",
    ]);
    await dialog.getByRole("button", { name: "Save menu", exact: true }).click();
    await expectVisibleText(page, "Navigation menu has been updated successfully.");
    await expect.poll(() => dialog.count()).toBe(0);

    // Services: add one, edit one, save
    dialog = await openDialog(page, "Services");
    await dialog
      .getByRole("textbox", { name: "New service title", exact: true })
      .fill("Data Pipelines");
    await dialog
      .getByRole("textbox", { name: "New service description", exact: true })
      .fill("Clean, reliable data flowing between your tools.");
    await dialog
      .getByRole("combobox", { name: "New service icon", exact: true })
      .selectOption("Database");
    await dialog.getByRole("checkbox", { name: "New service featured", exact: true }).check();
    await dialog.getByRole("button", { name: "Add service", exact: true }).click();
    await expect.poll(() => dialog.getByTestId("admin-service").count()).toBe(7);
    await dialog.getByRole("button", { name: "Edit Process Automation", exact: true }).click();
    await dialog
      .getByRole("textbox", { name: "Title", exact: true })
      .fill("Process Automation Plus");
    await dialog.getByRole("button", { name: "Done", exact: true }).click();
    await visible(dialog.getByText("Process Automation Plus", { exact: true }));
    await dialog.getByRole("button", { name: "Save services", exact: true }).click();
    await expectVisibleText(page, "Services Updated");
    await expect.poll(() => dialog.count()).toBe(0);
    // Opened again, the dialogs show the saved lists and stay open.
    dialog = await openDialog(page, "Services");
    expect(await dialog.getByTestId("admin-service").count()).toBe(7);
    await closeDialog(page, dialog);
    dialog = await openDialog(page, "Navigation menu");
    await page.waitForTimeout(300);
    expect(await dialog.getByTestId("admin-nav-item").count()).toBe(7);
    await closeDialog(page, dialog);
    // The refused duplicate key answers 409, which the browser logs.
    expectCleanPage(page, [/status of 409 \(Conflict\)/]);
    await page.close();

    await own.restart();

    // Everything is still there in the admin…
    const after = await newPage(context);
    await openContentTab(after);
    expect(await after.getByRole("textbox", { name: "Main title", exact: true }).inputValue()).toBe(
      hero.title,
    );
    expect(await after.getByRole("textbox", { name: "Subtitle", exact: true }).inputValue()).toBe(
      hero.subtitle,
    );
    expect(
      await after.getByRole("textbox", { name: "Call-to-action text", exact: true }).inputValue(),
    ).toBe(hero.cta);
    dialog = await openDialog(after, "Main-page statistics");
    const statRows = dialog.getByTestId("admin-stat");
    expect(await statRows.allTextContents()).toEqual([
      expect.stringContaining("Projects Delivered"),
      expect.stringContaining("Businesses Transformed"),
      expect.stringContaining("99%"),
    ]);
    await closeDialog(after, dialog);
    dialog = await openDialog(after, "Navigation menu");
    expect(await inputValues(dialog, /^Label of item/)).toEqual([
      "Home",
      "Our Products",
      "Services",
      "Blog",
      "Pricing",
      "About",
      "Contact",
    ]);
    await closeDialog(after, dialog);
    dialog = await openDialog(after, "Services");
    const titles = await dialog.getByTestId("admin-service").allTextContents();
    expect(titles).toHaveLength(7);
    expect(titles[2]).toContain("Process Automation Plus");
    expect(titles[6]).toContain("Data Pipelines");
    expect(titles[6]).toContain("Featured");
    await closeDialog(after, dialog);

    // …and on the public site.
    await after.goto("/");
    await visible(after.getByRole("heading", { level: 1, name: hero.title }));
    await visible(after.getByText(hero.subtitle, { exact: true }));
    expect(
      await after.getByRole("link", { name: hero.cta, exact: true }).getAttribute("href"),
    ).toBe("/schedule-consultation");
    const heroStats = await after.getByTestId("hero-stats").textContent();
    expect(heroStats).toContain("Projects Delivered");
    expect(heroStats).toContain("120");
    expect(heroStats).toContain("99%");
    expect(heroStats).not.toContain("AI Support");
    const header = after.getByRole("navigation", { name: "Main" });
    expect(
      await header.getByRole("link", { name: "Pricing", exact: true }).getAttribute("href"),
    ).toBe("/pricing");
    const headerLabels = await header.getByRole("link").allTextContents();
    expect(headerLabels.indexOf("Pricing")).toBe(headerLabels.indexOf("Blog") + 1);
    expect(headerLabels).toContain("Our Products");
    const services = after.getByTestId("home-service");
    expect(await services.count()).toBe(7);
    expect(await services.nth(2).textContent()).toContain("Process Automation Plus");
    const added = await services.nth(6).textContent();
    expect(added).toContain("Data Pipelines");
    expect(added).toContain("Featured");
    expectCleanPage(after);
    await after.close();
  });

  it("adds no menu item without a URL and says why", async () => {
    const page = await newPage(context);
    await openContentTab(page);
    const dialog = await openDialog(page, "Navigation menu");
    const items = dialog.getByTestId("admin-nav-item");
    const before = await items.count();
    await dialog.getByRole("textbox", { name: "New item label", exact: true }).fill("Careers");
    await dialog.getByRole("button", { name: "Add item", exact: true }).click();
    await visible(dialog.getByText("Enter a URL", { exact: true }));
    expect(await items.count()).toBe(before);
    const urlField = dialog.getByRole("textbox", { name: "New item URL", exact: true });
    expect(await urlField.getAttribute("aria-invalid")).toBe("true");
    await expect.poll(() => urlField.evaluate((el) => el === document.activeElement)).toBe(true);
    await closeDialog(page, dialog);
    expectCleanPage(page);
    await page.close();
  });

  it("refuses script links on the server and stores nothing", async () => {
    const post = (data: unknown) =>
      context.request.post(`${own.url}/admin/content`, {
        data,
        headers: { Origin: own.url },
        maxRedirects: 0,
      });
    const nav = await post({
      intent: "saveNav",
      items: [{ label: "Evil", url: "javascript:alert(document.cookie)" }],
    });
    expect(nav.status()).toBe(400);
    const service = await post({
      intent: "saveServices",
      items: [
        {
          title: "Evil",
          description: "x",
          icon: "Star",
          link: "javascript:alert(1)",
          featured: false,
        },
      ],
    });
    expect(service.status()).toBe(400);
    const home = await context.request.get(`${own.url}/`);
    const html = await home.text();
    expect(html).not.toContain("Evil");
    expect(html).not.toContain("javascript:alert");
  });

  it("opens a dialog from the keyboard and returns focus when Escape closes it", async () => {
    const page = await newPage(context);
    await openContentTab(page);
    const trigger = page.getByRole("button", { name: "Services", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Services", exact: true });
    await visible(dialog);
    // Focus is trapped inside the dialog.
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // The dialog hands focus back just after it has gone.
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    const stats = page.getByRole("button", { name: "Main-page statistics", exact: true });
    await stats.focus();
    await page.keyboard.press("Space");
    await visible(page.getByRole("dialog", { name: "Main-page statistics", exact: true }));
    await page.keyboard.press("Escape");
    await expect.poll(() => stats.evaluate((el) => el === document.activeElement)).toBe(true);
    expectCleanPage(page);
    await page.close();
  });

  it("has no accessibility violations on the tab or in its dialogs", async () => {
    const page = await newPage(context);
    await openContentTab(page);
    await expectNoAxeViolations(page);
    for (const name of ["Main-page statistics", "Navigation menu", "Services"]) {
      const dialog = await openDialog(page, name);
      await expectNoAxeViolations(page);
      await closeDialog(page, dialog);
    }
    expectCleanPage(page);
    await page.close();
  });

  it("saves the hero before JavaScript has loaded (a plain form post)", async () => {
    const noScript = await browser.newContext({
      storageState: await context.storageState(),
      javaScriptEnabled: false,
    });
    const page = await noScript.newPage();
    await page.goto(`${own.url}/admin/content`);
    await page
      .getByRole("textbox", { name: "Main title", exact: true })
      .fill("Plain Form Headline");
    await page.getByRole("button", { name: "Save hero", exact: true }).click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("status").filter({ hasText: "Hero Updated" }).count()).toBe(1);
    expect(await page.getByRole("textbox", { name: "Main title", exact: true }).inputValue()).toBe(
      "Plain Form Headline",
    );
    await page.goto(`${own.url}/`);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain(
      "Plain Form Headline",
    );
    await noScript.close();
  });

  it("restores the hero's previous version from the Audit log tab", async () => {
    const page = await newPage(context);
    await openContentTab(page);
    const title = page.getByRole("textbox", { name: "Main title", exact: true });
    const previous = await title.inputValue();
    await title.fill("A Headline To Take Back");
    await page.getByRole("button", { name: "Save hero", exact: true }).click();
    await expectVisibleText(page, "Hero Updated");

    await openAdminTab(page, "/admin/audit-log", "Audit log");
    const changes = page.getByRole("list", { name: "Changes, newest first" });
    const latest = changes.getByRole("listitem").first();
    expect(await latest.textContent()).toContain("updated hero");
    expect(await latest.textContent()).toContain("Before: saved (restorable)");
    await waitForHydration(latest.getByRole("button", { name: "Restore this version" }));
    await latest.getByRole("button", { name: "Restore this version" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Restore this version?" });
    await visible(confirm);
    expect(await confirm.textContent()).toContain("The hero goes back to what it was");
    await confirm.getByRole("button", { name: "Restore", exact: true }).click();
    await expectVisibleText(page, "Version restored");
    // The restore is a change of its own, which can be restored in turn.
    await expect.poll(() => latest.textContent()).toContain("restored hero");
    expect(await latest.getByRole("button", { name: "Restore this version" }).count()).toBe(1);
    expectCleanPage(page);

    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: previous }));
    // Visitors get it too: the restore emptied the public page cache.
    expect(await (await fetch(`${own.url}/`)).text()).toContain(previous);
    await page.close();
  });

  it("links the Integrations quick action to its tab", async () => {
    const page = await newPage(context);
    await openContentTab(page);
    const quickActions = page.getByRole("region", { name: "Quick actions" });
    await quickActions.getByRole("link", { name: "Integrations", exact: true }).click();
    await page.waitForURL(`${own.url}/admin/integrations`);
    expectCleanPage(page);
    await page.close();
  });
});
