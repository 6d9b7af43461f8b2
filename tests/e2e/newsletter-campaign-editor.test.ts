import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, createAdmin, expectVisibleText, signedInContext } from "../support/admin";
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
import { adminWriter, signInCookie } from "../support/site-content";

/**
 * The newsletter campaign editor: a campaign written with the shared block list (heading, text
 * with a link, button, post card), saved and reopened as it was, reordered from the keyboard,
 * previewed, and bad input refused at its field with nothing lost.
 */

const { url: baseURL, dataDir } = sharedServer();
const run = Date.now().toString(36);
const POST_TITLE = `Campaign post ${run}`;
const SUBJECT = `Spring news ${run}`;
const HEADING = `What is new this spring ${run}`;

let browser: Browser;
let admin: Account;
let context: BrowserContext;
let postId: number;

beforeAll(async () => {
  admin = await createAdmin(dataDir);
  const writer = adminWriter(baseURL, await signInCookie(baseURL, admin));
  const created = await writer.action("/admin/blog", {
    intent: "create-post",
    title: POST_TITLE,
    slug: `campaign-post-${run}`,
    excerpt: "The short version.",
    content: "A paragraph.",
    status: "published",
  });
  postId = (created.result as { id: number }).id;
  browser = await launchBrowser();
  context = await signedInContext(browser, baseURL, admin, {
    viewport: { width: 1280, height: 900 },
  });
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** The editor's blocks, in order, by type. */
function blockOrder(page: Page) {
  return page
    .locator("section[data-block-type]")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-block-type")));
}

function card(page: Page, position: number, label: string): Locator {
  return page.getByRole("region", { name: new RegExp(`^${position}\\. ${label}`) });
}

/** Adds a block from the Add block menu by typing part of its name; the new card opens. */
async function addBlock(page: Page, search: string, label: string) {
  await page.getByRole("button", { name: "Add block", exact: true }).click();
  const menu = page.getByRole("dialog", { name: "Add a block" });
  await expect.poll(() => menu.getByRole("combobox").isVisible()).toBe(true);
  await page.keyboard.type(search);
  // The first left is the one Enter adds.
  await expect
    .poll(() => menu.getByRole("option").first().textContent())
    .toMatch(new RegExp(`^${label}`));
  await page.keyboard.press("Enter");
  await menu.waitFor({ state: "detached" });
}

async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await expectNoAxeViolations(page);
}

describe("the campaign editor", () => {
  let address = "";

  it("writes a campaign, saves it, and opens it again as it was", async () => {
    const page = await newPage(context);
    await page.goto("/admin/newsletter/campaigns/new");
    await waitForRouterHydration(page);
    await expect
      .poll(() => page.getByText("No blocks yet: add a heading, text or a post card").isVisible())
      .toBe(true);
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "Subject" }).fill(SUBJECT);

    await addBlock(page, "heading", "Heading");
    await card(page, 1, "Heading").getByRole("textbox", { name: "Heading" }).fill(HEADING);
    await card(page, 1, "Heading").getByLabel("Size", { exact: true }).selectOption("1");

    await addBlock(page, "text", "Text");
    const text = card(page, 2, "Text");
    await text.getByRole("button", { name: "Markdown view of text" }).click();
    await text
      .getByRole("textbox", { name: "Text", exact: true })
      .fill("Read [the whole story](/blog) on the site.");

    await addBlock(page, "button", "Button");
    const button = card(page, 3, "Button");
    await button.getByRole("textbox", { name: "Button text" }).fill("Visit the blog");
    await button.getByRole("textbox", { name: "Link", exact: true }).fill("/blog");

    await addBlock(page, "post", "Post card");
    await card(page, 4, "Post card")
      .getByRole("combobox", { name: "Post", exact: true })
      .selectOption({ label: POST_TITLE });
    expect(await blockOrder(page)).toEqual(["heading", "text", "button", "postCard"]);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Campaign saved");
    await page.waitForURL((url) => /^\/admin\/newsletter\/campaigns\/\d+$/.test(url.pathname));
    address = new URL(page.url()).pathname;

    // Opened again: every block and field as written.
    await page.reload();
    await waitForRouterHydration(page);
    expect(await page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe(SUBJECT);
    expect(await blockOrder(page)).toEqual(["heading", "text", "button", "postCard"]);
    // The collapsed cards say what they hold.
    await expect.poll(() => card(page, 1, "Heading").textContent()).toContain(HEADING);
    await expect.poll(() => card(page, 4, "Post card").textContent()).toContain(POST_TITLE);
    await card(page, 2, "Text")
      .getByRole("button", { name: /^2\. Text/ })
      .click();
    await card(page, 2, "Text").getByRole("button", { name: "Markdown view of text" }).click();
    expect(
      await card(page, 2, "Text").getByRole("textbox", { name: "Text", exact: true }).inputValue(),
    ).toBe("Read [the whole story](/blog) on the site.");
    await card(page, 3, "Button")
      .getByRole("button", { name: /^3\. Button/ })
      .click();
    expect(
      await card(page, 3, "Button")
        .getByRole("textbox", { name: "Link", exact: true })
        .inputValue(),
    ).toBe("/blog");
    expectCleanPage(page);
    await page.close();
  });

  it("reorders blocks from the keyboard and keeps the order", async () => {
    const page = await newPage(context);
    await page.goto(address);
    await waitForRouterHydration(page);
    const handle = page.getByRole("button", { name: "Drag block 4 (Post card) to reorder" });
    await pickUpFromKeyboard(
      page,
      handle,
      /^(Picked up block 4, Post card|block 4, Post card is over position 4 of 4)\.$/,
    );
    await page.keyboard.press("ArrowUp");
    await expect
      .poll(() => dragAnnouncement(page))
      .toBe("block 4, Post card is over position 3 of 4.");
    await page.keyboard.press("Space");
    await expect.poll(() => blockOrder(page)).toEqual(["heading", "text", "postCard", "button"]);
    await page.keyboard.press("Control+s");
    await expectVisibleText(page, "Campaign saved");

    await page.reload();
    await waitForRouterHydration(page);
    expect(await blockOrder(page)).toEqual(["heading", "text", "postCard", "button"]);
    expectCleanPage(page);
    await page.close();
  });

  it("previews the unsaved campaign: its subject and heading, and the plain text", async () => {
    const page = await newPage(context);
    await page.goto(address);
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Preview" });
    const frame = dialog.locator("iframe").first();
    await expect.poll(() => frame.isVisible()).toBe(true);
    const wide = frame.contentFrame();
    // The subject as an inbox lists it, above the mail; the heading in the mail itself.
    await expect.poll(() => dialog.locator("dl").first().textContent()).toContain(SUBJECT);
    await expect.poll(() => wide.locator("body").textContent()).toContain(HEADING);
    // The plain-text part (behind its own tab, where the preview has tabs).
    const plainTab = dialog.getByRole("tab", { name: /plain text/i });
    if ((await plainTab.count()) > 0) await plainTab.click();
    await expect.poll(() => dialog.locator("pre").first().textContent()).toContain(HEADING);
    await expectAccessible(page);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expectCleanPage(page);
    await page.close();
  });

  it("starts a campaign from a published post (Send as newsletter)", async () => {
    const page = await newPage(context);
    await page.goto(`/admin/newsletter/campaigns/new?post=${postId}`);
    await waitForRouterHydration(page);
    expect(await page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe(POST_TITLE);
    expect(await page.getByRole("textbox", { name: "Preview text" }).inputValue()).toBe(
      "The short version.",
    );
    expect(await blockOrder(page)).toEqual(["postCard"]);
    await expect.poll(() => card(page, 1, "Post card").textContent()).toContain(POST_TITLE);
    // Not stored yet: it says so until saved.
    await expectVisibleText(page, "Not saved yet · unsaved changes");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Campaign saved");
    await page.waitForURL((url) => /^\/admin\/newsletter\/campaigns\/\d+$/.test(url.pathname));
    await expectVisibleText(page, "Draft");
    expectCleanPage(page);
    await page.close();
  });

  it("refuses a reply-to that is not an address at its field, losing nothing", async () => {
    const page = await newPage(context);
    await page.goto(address);
    await waitForRouterHydration(page);
    const replyTo = page.getByRole("textbox", { name: "Reply-to address" });
    await replyTo.fill("not an address");
    await page.getByRole("textbox", { name: "Subject" }).fill(`${SUBJECT} (edited)`);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => replyTo.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await replyTo.getAttribute("aria-invalid")).toBe("true");
    await expect
      .poll(() => page.getByText("Enter a valid reply-to address.").first().isVisible())
      .toBe(true);
    // What was typed is all still there.
    expect(await replyTo.inputValue()).toBe("not an address");
    expect(await page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe(
      `${SUBJECT} (edited)`,
    );
    expect(await blockOrder(page)).toEqual(["heading", "text", "postCard", "button"]);

    // The server refuses it too, at the same field, and stores nothing.
    const refused = await context.request.post(`${baseURL}${address}.data`, {
      headers: { origin: baseURL },
      data: { intent: "save", version: 3, subject: "Forced", replyTo: "not an address" },
      failOnStatusCode: false,
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Enter a valid reply-to address.");

    await replyTo.fill("news@example.com");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Campaign saved");
    await page.reload();
    await waitForRouterHydration(page);
    expect(await page.getByRole("textbox", { name: "Subject" }).inputValue()).toBe(
      `${SUBJECT} (edited)`,
    );
    expect(await page.getByRole("textbox", { name: "Reply-to address" }).inputValue()).toBe(
      "news@example.com",
    );
    await expectAccessible(page);
    expectCleanPage(page);
    await page.close();
  });
});
