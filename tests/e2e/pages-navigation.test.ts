import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  createStaff,
  expectVisibleText,
  openAdminTab,
  signedInContext,
  startAdminSession,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts } from "../support/forms";

/**
 * Pages into the site's navigation menu and footer from the Pages tab's list: the public header
 * (wide and on a phone) and footer show the link, and lose it again. A server of the file's own:
 * the menu and footer are everyone's.
 */

let session: AdminSession;
let editorContext: BrowserContext;

beforeAll(async () => {
  session = await startAdminSession();
  const editor = await createStaff(session.own.dataDir, "editor");
  editorContext = await signedInContext(session.browser, session.own.url, editor, {
    viewport: { width: 1280, height: 900 },
  });
});
afterAll(async () => {
  await editorContext?.close();
  await session?.close();
});

const title = "Spring offer";
const address = "/spring-offer";

async function visible(locator: Locator) {
  await expect.poll(() => locator.isVisible(), { timeout: 10_000 }).toBe(true);
}

async function openPagesList(page: Page) {
  await openAdminTab(page, "/admin/pages", "Pages");
  await waitForRouterHydration(page);
  return page.getByRole("row", { name: new RegExp(title) });
}

/** A row's More menu, opened: its items are menu items ("Add to navigation", "Delete"). */
async function moreMenu(row: Locator) {
  await row.getByRole("button", { name: `More actions for ${title}` }).click();
  const menu = row.getByRole("menu");
  await visible(menu);
  return menu;
}

/** The public site as a visitor sees it, wide or on a phone. */
async function visit(phone: boolean) {
  const context = await newClientContext(session.browser, {
    baseURL: session.own.url,
    viewport: phone ? { width: 375, height: 740 } : { width: 1280, height: 800 },
  });
  const page = await newPage(context);
  await page.goto("/");
  return { page, close: () => context.close() };
}

async function headerHref(page: Page) {
  const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: title });
  return (await link.count()) > 0 ? link.first().getAttribute("href") : null;
}

describe("pages in the navigation and the footer", () => {
  it("publishes a page, then adds it to the navigation and the footer from the list", async () => {
    const page = await newPage(session.context);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(title);
    await dialog.getByRole("radio", { name: /Blank/ }).check();
    expect(await dialog.getByRole("textbox", { name: "Address" }).inputValue()).toBe(address);
    await dialog.getByRole("button", { name: "Create page" }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);

    // A draft offers neither.
    let row = await openPagesList(page);
    await visible(row.getByText("Draft"));
    let menu = await moreMenu(row);
    await visible(menu.getByRole("menuitem", { name: "Delete" }));
    expect(await menu.getByRole("menuitem", { name: /Add to navigation/ }).count()).toBe(0);
    expect(await menu.getByRole("menuitem", { name: /Add to footer/ }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await row.getByRole("link", { name: /^Edit/ }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    await visible(page.getByLabel("Status"));
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    row = await openPagesList(page);
    await (await moreMenu(row)).getByRole("menuitem", { name: "Add to navigation" }).click();
    await expectVisibleText(page, "Added to the navigation");
    await visible(row.getByText("In navigation"));
    // Toasts fading in or stacked behind a newer one are drawn see-through, which axe reads as
    // too little contrast: the check below is about the menu.
    await dismissToasts(page);
    menu = await moreMenu(row);
    await visible(menu.getByRole("menuitem", { name: "Remove from navigation" }));
    // The open menu too.
    await expectNoAxeViolations(page);

    await menu.getByRole("menuitem", { name: "Add to footer" }).click();
    const footerDialog = page.getByRole("dialog", { name: "Add to footer" });
    await visible(footerDialog);
    expect(await footerDialog.getByRole("textbox", { name: "Label" }).inputValue()).toBe(title);
    await footerDialog.getByRole("combobox", { name: "Section" }).selectOption("support");
    await dismissToasts(page);
    await expectNoAxeViolations(page);
    await footerDialog.getByRole("button", { name: "Add to footer" }).click();
    await expectVisibleText(page, "Added to the footer");
    await expect.poll(() => footerDialog.count()).toBe(0);
    await visible(row.getByText("In footer: Support"));
    // Focus went back to the row's More button, whose menu now removes it.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""))
      .toBe(`More actions for ${title}`);
    await page.keyboard.press("Enter");
    await visible(row.getByRole("menuitem", { name: "Remove from footer" }));
    await page.keyboard.press("Escape");

    await dismissToasts(page);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await page.close();
  });

  it("shows the link in the header, the phone's menu and the footer", async () => {
    const wide = await visit(false);
    expect(await headerHref(wide.page)).toBe(address);
    const support = wide.page.locator("footer").getByRole("link", { name: title });
    expect(await support.getAttribute("href")).toBe(address);
    await wide.page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: title })
      .click();
    await wide.page.waitForURL(`**${address}`);
    expectCleanPage(wide.page);
    await wide.close();

    const phone = await visit(true);
    const menu = phone.page.locator("#mobile-menu");
    await phone.page.getByRole("button", { name: "Open menu" }).click();
    await visible(menu);
    expect(await menu.getByRole("link", { name: title }).getAttribute("href")).toBe(address);
    expectCleanPage(phone.page);
    await phone.close();
  });

  it("lets an editor change the navigation but not the footer", async () => {
    const page = await newPage(editorContext);
    const row = await openPagesList(page);
    await visible(row.getByText("In navigation"));
    const menu = await moreMenu(row);
    await visible(menu.getByRole("menuitem", { name: "Remove from navigation" }));
    expect(await menu.getByRole("menuitem", { name: /footer/ }).count()).toBe(0);
    expectCleanPage(page);
    await page.close();
  });

  it("takes it out of the navigation and the footer again", async () => {
    const page = await newPage(session.context);
    const row = await openPagesList(page);
    await (await moreMenu(row)).getByRole("menuitem", { name: "Remove from navigation" }).click();
    await expectVisibleText(page, "Removed from the navigation");
    let menu = await moreMenu(row);
    await visible(menu.getByRole("menuitem", { name: "Add to navigation" }));
    await menu.getByRole("menuitem", { name: "Remove from footer" }).click();
    await expectVisibleText(page, "Removed from the footer");
    menu = await moreMenu(row);
    await visible(menu.getByRole("menuitem", { name: "Add to footer" }));
    await page.keyboard.press("Escape");
    expect(await row.getByText("In navigation").count()).toBe(0);
    expectCleanPage(page);
    await page.close();

    const wide = await visit(false);
    expect(await headerHref(wide.page)).toBeNull();
    expect(await wide.page.locator("footer").getByRole("link", { name: title }).count()).toBe(0);
    // The menu's other items are all still there.
    expect(
      await wide.page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents(),
    ).toEqual(expect.arrayContaining(["Home", "Products", "Services", "Blog", "About", "Contact"]));
    await wide.close();
  });
});
