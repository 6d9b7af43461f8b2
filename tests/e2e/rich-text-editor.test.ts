import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, expectVisibleText, openAdminTab, signedInContext } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts } from "../support/forms";
import { PNG } from "../support/media-fixtures";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;
let context: BrowserContext;
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);
const SLOW = { timeout: 10_000 };
const ALT = `Harbour at dawn ${run}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await createAdmin(dataDir);
  context = await signedInContext(browser, baseURL, admin, {
    viewport: { width: 1280, height: 900 },
  });
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** What a test reads of the Tiptap editor its editable element carries (`element.editor`). */
interface EditorLike {
  state: {
    doc: { textBetween(from: number, to: number): string };
    selection: { from: number; to: number };
  };
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab until `target` has the focus (the way a keyboard user gets there). */
async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 60; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

/** axe over the editor itself: toasts (faded while they stack) are closed first. */
async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await expectNoAxeViolations(page);
}

/** The rich-text field's editable area: a textbox named after the field, not a textarea. */
async function richText(page: Page | Locator, name: string) {
  const box = page.getByRole("textbox", { name, exact: true });
  await expect
    .poll(() => box.evaluate((el) => el.getAttribute("contenteditable")), SLOW)
    .toBe("true");
  return box;
}

async function uploadImage(page: Page) {
  await openAdminTab(page, "/admin/media", "Media library");
  await waitForRouterHydration(page);
  await page.getByLabel("File to upload").setInputFiles({
    name: `harbour-${run}.png`,
    mimeType: "image/png",
    buffer: PNG,
  });
  await page.getByLabel("Alt text (optional)").fill(ALT);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expectVisibleText(page, "File uploaded successfully");
}

describe("the rich-text editor", () => {
  it("writes a post with a heading, a list, a picked link and a library image, and the blog shows them", async () => {
    const page = await newPage(context);
    page.setDefaultTimeout(10_000);
    await uploadImage(page);
    await openAdminTab(page, "/admin/blog/new", "New post");
    await waitForRouterHydration(page);

    const title = `Rich text post ${run}`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(title);
    const content = await richText(page, "Content");
    const toolbar = page.getByRole("toolbar", { name: "Content formatting" });
    const tool = (name: string) => toolbar.getByRole("button", { name, exact: true });

    // By keyboard: a heading (Ctrl+Alt+2), a paragraph, a list from the toolbar's button.
    await tabTo(page, content);
    await page.keyboard.press("Control+Alt+2");
    await page.keyboard.type("Why clinics miss calls");
    await expect.poll(() => tool("Heading 2").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Enter");
    await expect.poll(() => tool("Heading 2").getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.type("Three moments ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("matter");
    await expect.poll(() => tool("Bold").getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Control+b");
    await page.keyboard.type(":");
    await page.keyboard.press("Enter");

    // The toolbar is one tab stop: Shift+Tab reaches it, the arrow keys move inside it.
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => isFocused(tool("Paragraph"))).toBe(true);
    for (let i = 0; i < 5; i += 1) await page.keyboard.press("ArrowRight");
    await expect.poll(() => isFocused(tool("Bulleted list"))).toBe(true);
    await page.keyboard.press("Enter");
    await expect.poll(() => tool("Bulleted list").getAttribute("aria-pressed")).toBe("true");
    await expect.poll(() => isFocused(content)).toBe(true);
    await page.keyboard.type("Lunch hours");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Evenings");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");

    // A link picked from the site's pages (Ctrl+K), its text taken from the page's title.
    await page.keyboard.type("Read more: ");
    await page.keyboard.press("Control+k");
    const linkDialog = page.getByRole("dialog", { name: "Add a link" });
    await linkDialog.waitFor();
    await expectAccessible(page);
    await linkDialog.getByRole("searchbox", { name: "Find a page or post" }).fill("contact");
    const target = linkDialog
      .getByRole("list", { name: "Pages and posts" })
      .getByRole("button")
      .filter({ hasText: /^Contact/ })
      .first();
    await target.click();
    expect(await linkDialog.getByRole("textbox", { name: "Address" }).inputValue()).toBe(
      "/contact",
    );
    await linkDialog.getByRole("textbox", { name: "Link text" }).fill("Talk to us");
    await linkDialog.getByRole("button", { name: "Add link", exact: true }).click();
    await linkDialog.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(content)).toBe(true);
    await page.keyboard.press("Enter");

    // An image from the media library, with the library's alt text.
    await tool("Image").click();
    const picker = page.getByRole("dialog", { name: "Insert an image" });
    await picker.getByRole("button", { name: `Use ${ALT}` }).click();
    await picker.waitFor({ state: "detached" });
    await expect.poll(() => content.locator(`img[alt="${ALT}"]`).count()).toBe(1);

    await expectAccessible(page);

    // The Markdown view shows what is stored.
    await page.getByRole("button", { name: "Markdown view of content" }).click();
    const markdown = page.getByRole("textbox", { name: "Content", exact: true });
    const text = await markdown.inputValue();
    expect(text).toContain("## Why clinics miss calls");
    expect(text).toContain("Three moments **matter**:");
    expect(text).toContain("- Lunch hours\n- Evenings");
    expect(text).toContain("[Talk to us](/contact)");
    expect(text).toMatch(new RegExp(`!\\[${ALT}\\]\\(/media/[^)]+\\)`));
    await page.getByRole("button", { name: "Markdown view of content" }).click();
    await richText(page, "Content");

    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("published");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Blog post created successfully");
    await page.waitForURL((url) => /^\/admin\/blog\/\d+$/.test(url.pathname), SLOW);

    // The post page reads the same.
    const post = await newPage(context);
    const slug = title.toLowerCase().replace(/\s+/g, "-");
    const response = await post.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(200);
    const article = post.locator("article");
    await article.getByRole("heading", { level: 2, name: "Why clinics miss calls" }).waitFor(SLOW);
    expect(await article.locator("strong", { hasText: "matter" }).count()).toBe(1);
    expect(await article.getByRole("listitem").allTextContents()).toEqual(
      expect.arrayContaining(["Lunch hours", "Evenings"]),
    );
    expect(
      await article.getByRole("link", { name: "Talk to us", exact: true }).getAttribute("href"),
    ).toBe("/contact");
    expect(await article.getByRole("img", { name: ALT, exact: true }).count()).toBe(1);
    expectCleanPage(post);
    expectCleanPage(page);
    await post.close();
    await page.close();
  });

  it("edits a page's rich-text block with the toolbar, and the public page shows it", async () => {
    const page = await newPage(context);
    page.setDefaultTimeout(10_000);
    const pageTitle = `Rich block page ${run}`;
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(pageTitle);
    await dialog.getByRole("radio", { name: /Blank/ }).check();
    const address = await dialog.getByRole("textbox", { name: "Address" }).inputValue();
    await dialog.getByRole("button", { name: "Create page" }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    await waitForRouterHydration(page);

    await page.getByRole("button", { name: "Add block", exact: true }).click();
    const menu = page.getByRole("dialog", { name: "Add a block" });
    await menu
      .getByRole("option")
      .filter({ has: page.getByText("Rich text", { exact: true }) })
      .click();
    const block = page.getByRole("region", { name: /^2\. Rich text/ });
    const text = await richText(block, "Text");
    const toolbar = block.getByRole("toolbar", { name: "Text formatting" });

    // The block's default text is there as rich text: its heading and paragraph.
    await text.locator("h2", { hasText: "A heading" }).waitFor();
    // The new block takes the focus once it is open; only after that may a click move it on.
    await expect.poll(() => block.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await text.getByText("Write your text here.").click();
    await expect
      .poll(() =>
        text.evaluate(
          (el) =>
            el.contains(document.activeElement) &&
            (window.getSelection()?.anchorNode?.textContent ?? "").includes("Write your text"),
        ),
      )
      .toBe(true);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`Quoted ${run}`);
    await toolbar.getByRole("button", { name: "Quote", exact: true }).click();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "Numbered list", exact: true }).click();
    await page.keyboard.type("First step");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Second step");
    // Selected words become a link (no text asked for), and the link can be removed again.
    await page.keyboard.press("Shift+Home");
    // The editor takes the browser's selection in its own time (its element carries it).
    await expect
      .poll(() =>
        text.evaluate((el) => {
          const { state } = (el as unknown as { editor: EditorLike }).editor;
          return state.doc.textBetween(state.selection.from, state.selection.to);
        }),
      )
      .toBe("Second step");
    await page.keyboard.press("Control+k");
    const addLink = page.getByRole("dialog", { name: "Add a link" });
    expect(await addLink.getByRole("textbox", { name: "Link text" }).count()).toBe(0);
    await addLink.getByRole("textbox", { name: "Address" }).fill("/about");
    await addLink.getByRole("textbox", { name: "Address" }).press("Enter");
    await addLink.waitFor({ state: "detached" });
    await expect.poll(() => text.locator('a[href="/about"]').textContent()).toBe("Second step");
    // The dialog hands the focus back to the editor, the linked words selected; keys pressed
    // before that go nowhere (seen on a busy CI machine), so wait for both.
    const selectedText = () =>
      text.evaluate((el) => {
        const { state } = (el as unknown as { editor: EditorLike }).editor;
        return el.contains(document.activeElement)
          ? state.doc.textBetween(state.selection.from, state.selection.to)
          : null;
      });
    await expect.poll(selectedText).toBe("Second step");
    // Into the link: its button shows it pressed, and opens the dialog to change or remove it.
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    // The button was already pressed while the new link was selected: wait for the cursor
    // itself to stand inside the link (the editor takes the keys in its own time).
    await expect
      .poll(() =>
        text.evaluate((el) => {
          const { editor } = el as unknown as {
            editor: EditorLike & { isActive(name: string): boolean };
          };
          return (
            editor.state.selection.from === editor.state.selection.to && editor.isActive("link")
          );
        }),
      )
      .toBe(true);
    await expect
      .poll(() => toolbar.getByRole("button", { name: "Link" }).getAttribute("aria-pressed"))
      .toBe("true");
    await toolbar.getByRole("button", { name: "Link", exact: true }).click();
    const editLink = page.getByRole("dialog", { name: "Edit link" });
    expect(await editLink.getByRole("textbox", { name: "Address" }).inputValue()).toBe("/about");
    await editLink.getByRole("button", { name: "Remove link" }).click();
    await editLink.waitFor({ state: "detached" });
    await expect.poll(() => text.locator("a").count()).toBe(0);
    // Again the focus comes back to the editor with the unlinked words selected, in the editor's
    // own time: wait for that, and for End to have collapsed the selection, before Enter (else
    // Enter would replace the selected words).
    await expect.poll(selectedText).toBe("Second step");
    await page.keyboard.press("End");
    await expect.poll(selectedText).toBe("");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    // A heading that skips a level: the check before publishing selects it in the editor.
    await page.keyboard.press("Control+Alt+4");
    await page.keyboard.type(`Deep heading ${run}`);
    await page.keyboard.press("Control+Home");
    const skip = page
      .getByRole("region", { name: "Before you publish" })
      .getByRole("button", { name: new RegExp(`^The heading "Deep heading ${run}" is an H4`) });
    await skip.waitFor(SLOW);
    await skip.click();
    await expect
      .poll(() =>
        text.evaluate((el) =>
          el === document.activeElement ? (window.getSelection()?.toString() ?? "") : null,
        ),
      )
      .toBe(`Deep heading ${run}`);
    await expectAccessible(page);

    await page.getByLabel("Status").selectOption("published");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    const visitor = await newPage(context);
    const response = await visitor.goto(address);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { name: "A heading", exact: true }).waitFor(SLOW);
    expect(await visitor.locator("blockquote", { hasText: `Quoted ${run}` }).count()).toBe(1);
    expect(await visitor.locator("ol > li").allTextContents()).toEqual(
      expect.arrayContaining(["First step", "Second step"]),
    );
    expectCleanPage(visitor);
    expectCleanPage(page);
    await visitor.close();
    await page.close();
  });
});
