import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toZonedInputValue } from "~/lib/zoned-time";
import { LEGAL_PUBLISH_FOR_ADMINS } from "~/schemas/admin/pages";
import {
  type Account,
  createAdmin,
  createStaff,
  expectVisibleText,
  openAdminTab,
  signedInContext,
} from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  dragAnnouncement,
  expectCleanPage,
  launchBrowser,
  newPage,
  pickUpFromKeyboard,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts } from "../support/forms";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;
let admin: Account;
let editor: Account;
let adminContext: BrowserContext;
let editorContext: BrowserContext;
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);

beforeAll(async () => {
  browser = await launchBrowser();
  [admin, editor] = await Promise.all([createAdmin(dataDir), createStaff(dataDir, "editor")]);
  const viewport = { width: 1280, height: 900 };
  adminContext = await signedInContext(browser, baseURL, admin, { viewport });
  editorContext = await signedInContext(browser, baseURL, editor, { viewport });
});
afterAll(async () => {
  await adminContext?.close();
  await editorContext?.close();
  await browser?.close();
});

async function publicStatus(path: string) {
  const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

/** axe over the page itself: toasts (sonner's, faded while they stack) are closed first. */
async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await expectNoAxeViolations(page);
}

/** The editor's blocks, in order, by type. */
function blockOrder(page: Page) {
  return page
    .locator("section[data-block-type]")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-block-type")));
}

/** A block's card by its place and label: "2. Card grid". */
function card(page: Page, position: number, label: string): Locator {
  return page.getByRole("region", { name: new RegExp(`^${position}\\. ${label}`) });
}

async function expand(page: Page, position: number, label: string) {
  const toggle = card(page, position, label).getByRole("button", {
    name: new RegExp(`^${position}\\. ${label}`),
  });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

/** "New page" on the list: the page is created as a draft and its editor opens. */
async function createPage(page: Page, title: string, template: string) {
  await openAdminTab(page, "/admin/pages", "Pages");
  await waitForRouterHydration(page);
  await page.getByRole("button", { name: "New page" }).click();
  const dialog = page.getByRole("dialog", { name: "New page" });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("radio", { name: new RegExp(template) }).check();
  const address = await dialog.getByRole("textbox", { name: "Address" }).inputValue();
  await dialog.getByRole("button", { name: "Create page" }).click();
  await page.waitForURL(/\/admin\/pages\/\d+$/);
  await expect.poll(() => page.getByRole("heading", { name: "Blocks" }).isVisible()).toBe(true);
  return address;
}

/**
 * The landing page the first test schedules and the last one sees go live on its own: the job
 * runner publishes it at its minute while the tests between them run.
 */
const scheduled = { title: "", address: "", heading: "" };

/** The next whole minute, or the one after when it is under 15 s away (the save must come first). */
function nextWholeMinute(now = Date.now()) {
  const next = Math.ceil((now + 1) / 60_000) * 60_000;
  return new Date(next - now < 15_000 ? next + 60_000 : next);
}

/** The time zone the editor's "Publish on" field is in, as its hint says. */
async function publishZone(page: Page) {
  const hint = await page.getByText(/^Date and time in /).textContent();
  return /Date and time in (\S+) /.exec(hint ?? "")?.[1] ?? "UTC";
}

describe("the page editor", () => {
  it("previews a landing page from its template and schedules it for the next minute", async () => {
    const page = await newPage(adminContext);
    const title = `Autumn offer ${run}`;
    const address = await createPage(page, title, "Landing page");
    const heading = `Autumn prices, ${run}`;
    await expand(page, 1, "Hero");
    await card(page, 1, "Hero").getByRole("textbox", { name: "Heading" }).fill(heading);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    // Preview: the draft in a new tab, with the banner; the address itself still answers 404.
    const popup = adminContext.waitForEvent("page");
    await page.getByRole("button", { name: /^Preview/ }).click();
    const preview = await popup;
    await preview.waitForURL(/\/preview\/[\w-]+$/);
    await expect.poll(() => preview.getByText("Preview — not published.").isVisible()).toBe(true);
    await expect.poll(() => preview.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    await preview.close();
    expect(await publicStatus(address)).toBe(404);

    // Scheduled (in the site's time zone): not public until its minute.
    await page.getByLabel("Status").selectOption("scheduled");
    const at = nextWholeMinute();
    await page.getByLabel("Publish on").fill(toZonedInputValue(at, await publishZone(page)));
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");
    expect(Date.now()).toBeLessThan(at.getTime());
    expect(await publicStatus(address)).toBe(404);
    await openAdminTab(page, "/admin/pages", "Pages");
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect.poll(() => row.getByText("Scheduled").isVisible()).toBe(true);
    Object.assign(scheduled, { title, address, heading });
    expectCleanPage(page);
  });

  it("builds a landing page from its template, edits its blocks and publishes it", async () => {
    const page = await newPage(adminContext);
    await openAdminTab(page, "/admin/pages", "Pages");
    await expectAccessible(page);

    const title = `Spring offer ${run}`;
    const address = await createPage(page, title, "Landing page");
    expect(address).toBe(`/spring-offer-${run}`);
    expect(await blockOrder(page)).toEqual(["hero", "cardGrid", "faq", "cta"]);
    // A draft: nobody sees it yet.
    expect(await publicStatus(address)).toBe(404);

    // The hero's heading and the first card.
    await expand(page, 1, "Hero");
    const heading = `Twenty per cent off, ${run}`;
    await card(page, 1, "Hero").getByRole("textbox", { name: "Heading" }).fill(heading);
    await expand(page, 2, "Card grid");
    const firstCard = card(page, 2, "Card grid").getByRole("group", { name: "Card 1" });
    await firstCard.getByRole("textbox", { name: "Title" }).fill("Set up in a day");
    // A fourth question.
    await expand(page, 3, "FAQ");
    const faq = card(page, 3, "FAQ");
    await faq.getByRole("button", { name: "Add question" }).click();
    const fourth = faq.getByRole("group", { name: "Question 4" });
    // The cursor is in the new question: typing goes there.
    await expect
      .poll(() =>
        fourth
          .getByRole("textbox", { name: "Question" })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.type("Is there a contract?");
    expect(await fourth.getByRole("textbox", { name: "Question" }).inputValue()).toBe(
      "Is there a contract?",
    );
    await fourth.getByRole("textbox", { name: "Answer" }).fill("No: stop any month.");
    await expectAccessible(page);

    // Add a block with the keyboard only: the menu filters as you type, Enter adds the first.
    await page.getByRole("button", { name: "Add block", exact: true }).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Add a block" });
    await expect.poll(() => menu.getByRole("combobox").isVisible()).toBe(true);
    await page.keyboard.type("statis");
    await expect.poll(() => menu.getByRole("option").count()).toBe(1);
    await page.keyboard.press("Enter");
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "faq", "cta", "stats"]);
    // The new block is open, and has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""))
      .toMatch(/^5\. Statistics/);
    await expectAccessible(page);

    // Move up with its button, then up again through the drag handle from the keyboard.
    await page.getByRole("button", { name: "Move block 5 (Statistics) up" }).press("Enter");
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "faq", "stats", "cta"]);
    const handle = page.getByRole("button", { name: "Drag block 4 (Statistics) to reorder" });
    // Each step waits for what dnd-kit tells screen readers.
    await pickUpFromKeyboard(
      page,
      handle,
      /^(Picked up block 4, Statistics|block 4, Statistics is over position 4 of 5)\.$/,
    );
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(() => dragAnnouncement(page))
      .toBe("block 4, Statistics is over position 3 of 5.");
    await page.keyboard.press("Space");
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "stats", "faq", "cta"]);

    // Remove, then undo.
    await page.getByRole("button", { name: "Remove block 3 (Statistics)" }).click();
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "faq", "cta"]);
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "stats", "faq", "cta"]);

    // And once with the mouse: the statistics dragged below the call to action.
    for (const position of [1, 2, 3, 4]) {
      const toggle = page.getByRole("button", { name: new RegExp(`^${position}\\. `) }).first();
      if ((await toggle.getAttribute("aria-expanded")) === "true") await toggle.click();
    }
    const from = await page
      .getByRole("button", { name: "Drag block 3 (Statistics) to reorder" })
      .boundingBox();
    const to = await card(page, 5, "Call to action").boundingBox();
    if (!from || !to) throw new Error("the cards are not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height - 5, { steps: 20 });
    await page.mouse.up();
    await expect.poll(() => blockOrder(page)).toEqual(["hero", "cardGrid", "faq", "cta", "stats"]);
    // dnd-kit swallows a click right after a drag ends (for a moment): a person is slower.
    await page.waitForTimeout(200);

    // An empty required field: its card opens and the field has the focus and the message.
    await expand(page, 1, "Hero");
    const heroHeading = card(page, 1, "Hero").getByRole("textbox", { name: "Heading" });
    await heroHeading.fill("");
    await card(page, 1, "Hero")
      .getByRole("button", { name: /^1\. Hero/ })
      .click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect
      .poll(() => heroHeading.evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(await heroHeading.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => card(page, 1, "Hero").getByText("Enter the heading.").isVisible())
      .toBe(true);

    // Fixed, and saved with Ctrl+S.
    await heroHeading.fill(heading);
    await page.keyboard.press("Control+s");
    await expectVisibleText(page, "Page saved");

    // A draft still (the first test previews and schedules one); published now, the edited
    // blocks are at its address.
    expect(await publicStatus(address)).toBe(404);
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");
    await expect.poll(() => publicStatus(address), { timeout: 10_000 }).toBe(200);
    const visitor = await newPage(adminContext);
    await visitor.goto(address);
    await expect.poll(() => visitor.getByRole("heading", { name: heading }).isVisible()).toBe(true);
    await expect.poll(() => visitor.getByText("Is there a contract?").isVisible()).toBe(true);
    await visitor.close();

    // The list shows it published, with a View link.
    await openAdminTab(page, "/admin/pages", "Pages");
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect.poll(() => row.getByText("Published").isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: /^View/ }).getAttribute("href")).toBe(address);
    expectCleanPage(page);
  });

  it("lets an editor draft a legal document but not publish it", async () => {
    const page = await newPage(editorContext);
    const address = await createPage(page, `Imprint ${run}`, "Legal document");
    expect(await blockOrder(page)).toEqual(["legal"]);
    const status = page.getByLabel("Status");
    const options = await status.locator("option").allTextContents();
    expect(options).toEqual(["Draft", "Archived"]);
    await expect.poll(() => page.getByText(LEGAL_PUBLISH_FOR_ADMINS).isVisible()).toBe(true);
    await expectAccessible(page);

    // Asked directly, the server refuses too, and stores nothing.
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const refused = await editorContext.request.post(`${baseURL}/admin/pages/${id}`, {
      headers: { origin: baseURL },
      data: {
        intent: "save",
        title: `Imprint ${run}`,
        path: address,
        kind: "legal",
        status: "published",
        blocks: [],
        noindex: false,
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain(LEGAL_PUBLISH_FOR_ADMINS);
    expect(await publicStatus(address)).toBe(404);
    await page.reload();
    await expect.poll(() => page.getByLabel("Status").inputValue()).toBe("draft");
    expectCleanPage(page);
  });

  it("finds pages in the list by words of their title or address, and by kind", async () => {
    const page = await newPage(adminContext);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    const table = page.getByRole("table", { name: "Pages" });
    const addresses = () => table.locator("tbody code").allTextContents();
    const all = (await addresses()).length;
    expect(all).toBeGreaterThan(10);
    const search = page.getByRole("searchbox", { name: "Find a page" });

    await search.fill("HUB products");
    await expect
      .poll(async () => (await addresses()).sort())
      .toEqual(["/products/hiring-hub", "/products/omniconnect-hub", "/products/opshub"]);
    await expectVisibleText(page, `3 of ${all} pages`);

    await search.fill("");
    await page.getByRole("combobox", { name: "Kind" }).selectOption("landing");
    await expect.poll(async () => (await addresses()).length).toBeLessThan(all);
    // The landing page the first test made, at least.
    expect((await addresses()).length).toBeGreaterThan(0);
    for (const kind of await table.locator("tbody tr td:nth-child(3)").allInnerTexts()) {
      expect(kind).toContain("Landing page");
    }

    // The home page keeps its address: its menu offers no Delete.
    await page.getByRole("combobox", { name: "Kind" }).selectOption("");
    await search.fill("home");
    const home = table.getByRole("row", { name: /^Home\b/ });
    await home.getByRole("button", { name: "More actions for Home" }).click();
    await expect.poll(() => home.getByRole("menuitem").count()).toBeGreaterThan(0);
    expect(await home.getByRole("menuitem", { name: "Delete" }).count()).toBe(0);
    await page.keyboard.press("Escape");

    await search.fill("no such page anywhere");
    await expectVisibleText(page, "No page matches");
    await expectAccessible(page);
    await page.getByRole("button", { name: "Show all pages" }).click();
    await expect.poll(async () => (await addresses()).length).toBe(all);
    expect(await search.inputValue()).toBe("");
    expectCleanPage(page);
    await page.close();
  });

  it("lists the warnings before publishing, each taking staff to its field, and publishes anyway", async () => {
    const page = await newPage(adminContext);
    const longTitle = `A page whose title is far too long for any search result ${run}`;
    const address = await createPage(page, longTitle, "Blank");
    const check = page.getByRole("region", { name: "Before you publish" });
    const warning = (text: RegExp) => check.getByRole("button", { name: text });
    const titleWarning = warning(/^The title is \d+ characters; search results show about 60\./);
    await titleWarning.waitFor();

    // A card grid whose first card links nowhere, and an image without alt text.
    for (const [label, type] of [
      ["Card grid", "cardGrid"],
      ["Image", "image"],
    ]) {
      await page.getByRole("button", { name: "Add block", exact: true }).click();
      const menu = page.getByRole("dialog", { name: "Add a block" });
      await menu
        .getByRole("option")
        .filter({ has: page.getByText(label as string, { exact: true }) })
        .click();
      await expect.poll(async () => (await blockOrder(page)).at(-1)).toBe(type);
    }
    const cardLink = card(page, 2, "Card grid")
      .getByRole("group", { name: "Card 1" })
      .getByRole("textbox", { name: "Link" });
    await cardLink.fill("/no-such-page");
    const linkWarning = warning(/^The link to \/no-such-page goes to a page that does not exist/);
    await linkWarning.waitFor();
    await warning(/^The image og-default\.png has no alt text/).waitFor();
    await expectAccessible(page);

    // The link's warning opens its closed block and focuses the card's link field.
    await card(page, 2, "Card grid")
      .getByRole("button", { name: /^2\. Card grid/ })
      .click();
    await cardLink.waitFor({ state: "detached" });
    await linkWarning.click();
    await expect
      .poll(() => cardLink.evaluate((input) => input === document.activeElement))
      .toBe(true);

    // Fixing the title takes its warning away; the others stay.
    await page.locator("#page-title").fill(`Short ${run}`);
    await titleWarning.waitFor({ state: "detached" });
    expect(await linkWarning.isVisible()).toBe(true);

    // Warnings never stop publishing: the toast counts those left.
    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");
    await expect
      .poll(() => page.getByText(/warnings? of the check before publishing remains?\./).isVisible())
      .toBe(true);
    await expect.poll(() => publicStatus(address), { timeout: 10_000 }).toBe(200);
    expectCleanPage(page);
  });

  // Last in the file: the first test's page goes live while the others run.
  it("publishes the scheduled page on its own at its time, with its FAQ and in the sitemap; deleted with a redirect, its address answers 301", async () => {
    const { title, address, heading } = scheduled;
    if (!address) throw new Error("the first test did not schedule a page");
    await expect.poll(() => publicStatus(address), { timeout: 90_000, interval: 2_000 }).toBe(200);
    const html = await (await fetch(`${baseURL}${address}`)).text();
    expect(html).toContain(heading);
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
      .map((match) => JSON.parse(match[1] ?? "null"))
      .find((data) => data?.["@type"] === "FAQPage");
    expect(jsonLd?.mainEntity?.[0]).toMatchObject({
      "@type": "Question",
      name: "How long does it take?",
    });
    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${address}</loc>`);

    // The list says so, with a View link.
    const page = await newPage(adminContext);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    const row = page.getByRole("row", { name: new RegExp(title) });
    await expect.poll(() => row.getByText("Published").isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: /^View/ }).getAttribute("href")).toBe(address);

    // Deleted with a redirect: the server's redirect table has it at once.
    await row.getByRole("button", { name: /^More actions for/ }).click();
    await row.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this page?" });
    await dialog.getByRole("textbox", { name: "Redirect its address to" }).fill("/contact");
    await dialog.getByRole("button", { name: "Delete page" }).click();
    await expectVisibleText(page, "Page deleted");
    const moved = await fetch(`${baseURL}${address}`, { redirect: "manual" });
    await moved.body?.cancel();
    expect(moved.status).toBe(301);
    expect(new URL(moved.headers.get("location") ?? "", baseURL).pathname).toBe("/contact");
    expect(await (await fetch(`${baseURL}/sitemap.xml`)).text()).not.toContain(`${address}</loc>`);
    expectCleanPage(page);
  }, 150_000);
});
