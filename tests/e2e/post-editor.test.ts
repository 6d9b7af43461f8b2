import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createStaff, expectVisibleText, signedInContext } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts } from "../support/forms";
import { sharedServer } from "../support/shared-server";

const { url: baseURL, dataDir } = sharedServer();

let browser: Browser;
let context: BrowserContext;
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);
const SLOW = { timeout: 10_000 };

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

describe("the post editor, a page of its own", () => {
  it("writes a new post by keyboard, saves it with Ctrl+S at its own address, and lists its revision", async () => {
    const page = await newPage(context);
    await page.goto("/admin/blog");
    await waitForRouterHydration(page);
    // Create New on the list is a link to the editor's page.
    const createNew = page.getByRole("link", { name: "Create New", exact: true });
    await tabTo(page, createNew);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/blog/new");
    await page.getByRole("heading", { name: "New post", exact: true }).waitFor();
    await waitForRouterHydration(page);
    await expectAccessible(page);

    const title = page.getByRole("textbox", { name: "Title", exact: true });
    const content = page.getByRole("textbox", { name: "Content", exact: true });
    const save = page.getByRole("button", { name: "Save", exact: true });
    const postTitle = `Keyboard post ${run}`;
    await tabTo(page, title);
    await page.keyboard.type(postTitle);
    // Save waits for a body too, and says so.
    expect(await save.isDisabled()).toBe(true);
    expect(await page.getByText("Add a title and content to save the post.").isVisible()).toBe(
      true,
    );
    await tabTo(page, content);
    await page.keyboard.type("Written without a mouse.");
    await expect.poll(() => save.isDisabled()).toBe(false);

    await page.keyboard.press("Control+s");
    await expectVisibleText(page, "Blog post created successfully");
    await page.waitForURL((url) => /^\/admin\/blog\/\d+$/.test(url.pathname), SLOW);
    const address = new URL(page.url()).pathname;
    await page.getByRole("heading", { name: "Edit post", exact: true }).waitFor(SLOW);

    // Reloading keeps the post: it is stored, not only typed.
    await page.reload();
    await page.getByRole("heading", { name: "Edit post", exact: true }).waitFor(SLOW);
    await waitForRouterHydration(page);
    expect(new URL(page.url()).pathname).toBe(address);
    expect(await title.inputValue()).toBe(postTitle);
    // The body's field is a rich-text editor (or, before it, a textarea): its text either way.
    expect(
      await content.evaluate((el) =>
        el instanceof HTMLTextAreaElement ? el.value : (el.textContent ?? ""),
      ),
    ).toBe("Written without a mouse.");
    expect(await page.getByText("Draft", { exact: true }).first().isVisible()).toBe(true);
    expect(await page.getByText("were kept in this browser").count()).toBe(0);

    // Its History lists the save that made it.
    const history = page.getByRole("button", { name: "History", exact: true });
    await tabTo(page, history);
    await page.keyboard.press("Enter");
    const revisions = page.getByRole("list", { name: "Revisions" }).getByRole("button");
    await expect.poll(() => revisions.count(), SLOW).toBe(1);

    // A change saved with Ctrl+S from the field stays at the address and adds a revision.
    await tabTo(page, title);
    await page.keyboard.press("End");
    await page.keyboard.type(", edited");
    await page.keyboard.press("Control+s");
    await expectVisibleText(page, "Blog post updated successfully");
    expect(new URL(page.url()).pathname).toBe(address);
    await expect.poll(() => revisions.count(), SLOW).toBe(2);
    expect(await page.getByText("unsaved changes").count()).toBe(0);

    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);

    // Back to the list: the post is there as a draft.
    await page.getByRole("link", { name: "Back to posts", exact: true }).click();
    await page
      .getByRole("list", { name: "Blog posts" })
      .getByRole("heading", { name: `${postTitle}, edited`, exact: true })
      .waitFor(SLOW);
    expectCleanPage(page);
    await page.close();
  });

  it("previews an unsaved post in a new tab, at a private address that no one indexes", async () => {
    // An editor (not only an admin) writes posts and previews them.
    const editor = await createStaff(dataDir, "editor");
    const editorContext = await signedInContext(browser, baseURL, editor, {
      viewport: { width: 1280, height: 900 },
    });
    const page = await newPage(editorContext);
    await page.goto("/admin/blog/new");
    await page.getByRole("heading", { name: "New post", exact: true }).waitFor();
    await waitForRouterHydration(page);

    const postTitle = `Previewed post ${run}`;
    const heading = `Why clinics lose calls ${run}`;
    const paragraph = `Nobody answers after six, so callers book elsewhere ${run}.`;
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(postTitle);
    await page.getByRole("textbox", { name: "Content", exact: true }).click();
    // Markdown's "## " makes a heading in the rich-text field; Enter starts a paragraph.
    await page.keyboard.type(`## ${heading}`);
    await page.keyboard.press("Enter");
    await page.keyboard.type(paragraph);
    await page.getByRole("textbox", { name: "Excerpt", exact: true }).fill("Missed calls, costed.");

    const popup = editorContext.waitForEvent("page");
    await page.getByRole("button", { name: "Preview (opens in a new tab)", exact: true }).click();
    const preview = await popup;
    await preview.waitForURL(/\/preview\/[\w-]{43}$/, SLOW);
    await preview.waitForLoadState("load");
    const banner = preview.getByRole("status").filter({ hasText: "Preview — not published." });
    await banner.waitFor(SLOW);
    // The post as its page shows it: title, excerpt, the heading and paragraph from the markdown.
    expect(await preview.getByRole("heading", { level: 1 }).allTextContents()).toEqual([postTitle]);
    expect(await preview.getByRole("heading", { level: 2, name: heading }).isVisible()).toBe(true);
    expect(await preview.getByText(paragraph, { exact: true }).isVisible()).toBe(true);
    expect(await preview.getByText("Missed calls, costed.", { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await preview.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await preview.locator('link[rel="canonical"]').count()).toBe(0);
    await expectNoAxeViolations(preview);
    expectCleanPage(preview);

    // The address alone shows it (it is the key), never cached, never indexed.
    const direct = await fetch(new URL(preview.url()));
    expect(direct.status).toBe(200);
    expect(direct.headers.get("cache-control")).toBe("private, no-store");
    expect(direct.headers.get("x-robots-tag")).toBe("noindex");
    expect(await direct.text()).toContain(paragraph);
    await preview.close();

    // Nothing was saved: the editor still says so, and the blog does not list the post.
    expect(await page.getByText("Not saved yet").isVisible()).toBe(true);
    const blog = await fetch(`${baseURL}/blog`);
    expect(blog.status).toBe(200);
    expect(await blog.text()).not.toContain(postTitle);
    expectCleanPage(page);
    await editorContext.close();
  });

  it("answers an address that is no post with the not-found page", async () => {
    const page = await newPage(context);
    const response = await page.goto("/admin/blog/2147483647");
    expect(response?.status()).toBe(404);
    expectCleanPage(page, [/status of 404/]);
    await page.close();
  });
});
