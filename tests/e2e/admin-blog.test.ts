import type { BrowserContext, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectCleanPage, newPage, waitForRouterHydration } from "../support/browser";
import { dismissToasts } from "../support/forms";
import { PNG } from "../support/media-fixtures";

let session: AdminSession;
let own: OwnServer;
let context: BrowserContext;
let page: Page;
const dialogs: string[] = [];

beforeAll(async () => {
  session = await startAdminSession();
  ({ own, context } = session);
  page = await newPage(context);
  // The editor shows a post's images: the made-up image host of these posts answers with one.
  await context.route("https://images.example.com/**", (route) =>
    route.fulfill({ contentType: "image/png", body: PNG }),
  );
  page.on("dialog", (dialog) => {
    // Leaving a form with unsaved typing asks first; these tests leave (a refused post, say).
    if (dialog.type() === "beforeunload") return void dialog.accept();
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});
afterAll(async () => {
  await session?.close();
});

const TITLE = "Voice Agents for Clinics";
const XSS = "<img src=x onerror=alert(1)>";
const SLOW = { timeout: 10_000 };

const postRow = (title: string) =>
  page
    .getByRole("list", { name: "Blog posts" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const categoryRow = (name: string) =>
  page
    .getByRole("list", { name: "Categories" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });

async function openBlog(query = "") {
  await openAdminTab(page, `/admin/blog${query}`, "Blog");
  await waitForRouterHydration(page);
}

/**
 * The post's Markdown: the content field shows rich text; its Markdown button shows the Markdown
 * itself in a textarea, which these tests type into and read.
 */
async function markdownOf(scope: Page | Locator) {
  const toggle = scope.getByRole("button", { name: "Markdown view of content" });
  if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
  return scope.getByRole("textbox", { name: "Content", exact: true });
}

/** The full-page editor of a new post. */
async function openNewPost() {
  await openAdminTab(page, "/admin/blog/new", "New post");
  await waitForRouterHydration(page);
}

describe("the blog manager", () => {
  it("seeds the sample content once, with its toast, on the first open", async () => {
    await openBlog();
    await expectVisibleText(page, "Sample Content Created");
    await postRow("Welcome to Our Blog").waitFor(SLOW);
    const welcome = postRow("Welcome to Our Blog");
    expect(await welcome.getByText("Published", { exact: true }).isVisible()).toBe(true);
    expect(await welcome.getByText("Technology", { exact: true }).isVisible()).toBe(true);
    expect(await welcome.getByRole("link", { name: /^View/ }).getAttribute("href")).toBe(
      "/blog/welcome-to-our-blog",
    );

    await dismissToasts(page);
    await openBlog();
    expect(await page.getByRole("list", { name: "Blog posts" }).getByRole("listitem").count()).toBe(
      1,
    );
    await page.waitForTimeout(500);
    expect(await page.getByText("Sample Content Created", { exact: true }).count()).toBe(0);
    expectCleanPage(page);
  });

  it("creates a post with a featured image picked from the media library", async () => {
    await openAdminTab(page, "/admin/media", "Media library");
    await waitForRouterHydration(page);
    await page.getByLabel("File to upload").setInputFiles({
      name: "skyline.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await page.getByLabel("Alt text (optional)").fill("Blue skyline");
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expectVisibleText(page, "File uploaded successfully");

    await openBlog();
    const createNew = page.getByRole("link", { name: "Create New" });
    expect(await createNew.getAttribute("href")).toBe("/admin/blog/new");
    await createNew.click();
    await page.getByRole("heading", { name: "New post", exact: true }).waitFor();
    const create = page.getByRole("button", { name: "Save", exact: true });
    const content = await markdownOf(page);
    expect(await content.getAttribute("rows")).toBe("12");
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(TITLE);
    expect(await create.isDisabled()).toBe(true);
    await content.fill("   ");
    expect(await create.isDisabled()).toBe(true);
    await content.fill("Clinics miss calls.\n\nA voice agent answers every one.");
    expect(await create.isDisabled()).toBe(false);
    expect(
      await page.getByRole("textbox", { name: "Slug", exact: true }).getAttribute("placeholder"),
    ).toBe("voice-agents-for-clinics");

    await page.getByRole("button", { name: "Choose image", exact: true }).click();
    const picker = page.getByRole("dialog", { name: "Choose a featured image" });
    await picker.waitFor();
    await picker.getByRole("button", { name: "Use Blue skyline" }).click();
    await picker.waitFor({ state: "detached" });
    const image = page.getByRole("textbox", { name: "Featured image", exact: true });
    expect(await image.inputValue()).toMatch(/^\/media\/\d+-[0-9a-f]+\.png$/);
    await page.getByRole("combobox", { name: "Category", exact: true }).selectOption({
      label: "Technology",
    });
    expect(await page.getByRole("combobox", { name: "Status", exact: true }).inputValue()).toBe(
      "draft",
    );
    await create.click();
    await expectVisibleText(page, "Blog post created successfully");
    // The new post is at its own address, in its editor.
    await page.waitForURL(/\/admin\/blog\/\d+$/, SLOW);
    expect(await page.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe(
      TITLE,
    );

    await page.getByRole("link", { name: "Back to posts" }).click();
    const row = postRow(TITLE);
    await row.waitFor(SLOW);
    expect(await row.getByText("Draft", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText("Not published", { exact: true }).isVisible()).toBe(true);
    expect(await row.getByRole("link", { name: /^View/ }).count()).toBe(0);
    // Newest first.
    const headings = await page
      .getByRole("list", { name: "Blog posts" })
      .getByRole("heading")
      .allTextContents();
    expect(headings).toEqual([TITLE, "Welcome to Our Blog"]);
    expectCleanPage(page);
  });

  it("refuses a duplicate slug, and shows a hostile title as text", async () => {
    await openNewPost();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Another");
    await page.getByRole("textbox", { name: "Slug", exact: true }).fill("voice-agents-for-clinics");
    await page.getByRole("textbox", { name: "Content", exact: true }).fill("Body");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Failed to create blog post");
    expect(
      await page
        .getByText("A post with this slug already exists", { exact: true })
        .first()
        .isVisible(),
    ).toBe(true);

    await openNewPost();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill(XSS);
    await page.getByRole("textbox", { name: "Slug", exact: true }).fill("hostile");
    await page.getByRole("textbox", { name: "Content", exact: true }).fill("Body");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Blog post created successfully");
    await openBlog();
    await postRow(XSS).waitFor(SLOW);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    expectCleanPage(page, [/status of 409/]);
  });

  it("edits a post in its editor, previews it and publishes it", async () => {
    await openBlog();
    const editButton = postRow(TITLE).getByRole("link", { name: `Edit ${TITLE}` });
    await editButton.click();
    const heading = page.getByRole("heading", { name: "Edit post", exact: true });
    await heading.waitFor();
    const dialog = page.getByRole("main");
    await dialog.getByRole("link", { name: "Back to posts", exact: true }).click();
    await heading.waitFor({ state: "detached" });
    await expect.poll(() => editButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await editButton.click();
    await heading.waitFor();
    expect(await dialog.getByRole("textbox", { name: "Title", exact: true }).inputValue()).toBe(
      TITLE,
    );
    await (await markdownOf(dialog)).fill(
      "Clinics miss calls.\n\nA **voice** agent answers every one.",
    );
    await dialog.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = dialog.getByRole("region", { name: "Preview" });
    // The preview is the markdown rendered on the server, as the post page shows it.
    await preview.getByText("A voice agent answers every one.").waitFor(SLOW);
    expect(await preview.locator("p").count()).toBe(2);
    expect(await preview.locator("strong").textContent()).toBe("voice");
    await dialog.getByRole("button", { name: "Edit", exact: true }).click();

    // The check before publishing names a heading that skips a level, and selects it on a click.
    const content = dialog.getByRole("textbox", { name: "Content", exact: true });
    const body = await content.inputValue();
    await content.fill(`${body}\n\n### Costs`);
    const skip = dialog
      .getByRole("region", { name: "Before you publish" })
      .getByRole("button", { name: /^The heading "Costs" is an H3 right after an H1/ });
    await skip.waitFor(SLOW);
    await skip.click();
    await expect
      .poll(() =>
        content.evaluate((area: HTMLTextAreaElement) =>
          area === document.activeElement
            ? area.value.slice(area.selectionStart, area.selectionEnd)
            : null,
        ),
      )
      .toBe("### Costs");
    await content.fill(body);
    await skip.waitFor({ state: "detached", ...SLOW });
    await dialog.getByRole("combobox", { name: "Status", exact: true }).selectOption("published");
    await dialog
      .getByRole("textbox", { name: "Meta title", exact: true })
      .fill("Clinic voice agents");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Blog post updated successfully");
    await dialog.getByRole("link", { name: "Back to posts", exact: true }).click();

    const row = postRow(TITLE);
    await row.getByText("Published", { exact: true }).waitFor(SLOW);
    expect(await row.locator("time").count()).toBe(1);
    expect(await row.getByRole("link", { name: /^View/ }).getAttribute("href")).toBe(
      "/blog/voice-agents-for-clinics",
    );
    expectCleanPage(page, [/status of 409/]);
  });

  it("deletes a post only after confirmation", async () => {
    await openBlog();
    await postRow(XSS)
      .getByRole("button", { name: `Delete ${XSS}` })
      .click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this post?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await postRow(XSS).count()).toBe(1);

    await postRow(XSS)
      .getByRole("button", { name: `Delete ${XSS}` })
      .click();
    await confirm.getByRole("button", { name: "Delete post", exact: true }).click();
    await expectVisibleText(page, "Blog post deleted successfully");
    await expect.poll(() => postRow(XSS).count()).toBe(0);
    expectCleanPage(page, [/status of 409/]);
  });

  it("creates, renames and deletes categories", async () => {
    await openBlog("?view=categories");
    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await name.fill("Company News");
    expect(
      await page.getByRole("textbox", { name: "Slug", exact: true }).getAttribute("placeholder"),
    ).toBe("company-news");
    await page.getByRole("button", { name: "Create Category", exact: true }).click();
    await expectVisibleText(page, "Category created");
    await categoryRow("Company News").waitFor(SLOW);

    await categoryRow("Company News").getByRole("button", { name: "Rename Company News" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename category" });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("Announcements");
    await dialog.getByRole("textbox", { name: "Slug", exact: true }).fill("");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await dialog.waitFor({ state: "detached", ...SLOW });
    await categoryRow("Announcements").waitFor(SLOW);
    expect(
      await categoryRow("Announcements")
        .getByText(/^announcements/)
        .isVisible(),
    ).toBe(true);

    await name.fill("Temporary");
    await page.getByRole("button", { name: "Create Category", exact: true }).click();
    await categoryRow("Temporary").waitFor(SLOW);
    await categoryRow("Temporary").getByRole("button", { name: "Delete Temporary" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this category?" });
    await confirm.getByRole("button", { name: "Delete category", exact: true }).click();
    await expectVisibleText(page, "Category deleted");
    await expect.poll(() => categoryRow("Temporary").count()).toBe(0);
    const names = await page
      .getByRole("list", { name: "Categories" })
      .getByRole("heading")
      .allTextContents();
    expect(names).toEqual(["Announcements", "Technology"]);
    expectCleanPage(page, [/status of 409/]);
  });

  it("keeps posts and categories across a restart, and the public blog lists the published post", async () => {
    await own.restart();
    await openBlog();
    await postRow(TITLE).waitFor(SLOW);
    expect(await postRow("Welcome to Our Blog").count()).toBe(1);
    expect(await page.getByText("Sample Content Created", { exact: true }).count()).toBe(0);
    await openBlog("?view=categories");
    await categoryRow("Announcements").waitFor(SLOW);

    await page.goto("/blog");
    await page.getByText(TITLE, { exact: true }).first().waitFor(SLOW);
    expect(await page.getByText("Welcome to Our Blog", { exact: true }).count()).toBeGreaterThan(0);
  });

  it("warns about images without alt text on a post to publish, until they are described", async () => {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: "#3366cc" },
    })
      .jpeg()
      .toBuffer();
    const upload = await context.request.post(`${own.url}/admin/media/upload`, {
      headers: { Accept: "application/json", Origin: own.url },
      multipart: { file: { name: "harbour.jpg", mimeType: "image/jpeg", buffer: photo } },
    });
    expect(upload.status()).toBe(201);
    const { name, url } = (await upload.json()) as { name: string; url: string };

    await openNewPost();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Harbour Days");
    const content = await markdownOf(page);
    await content.fill("We sailed at dawn.");
    await page.getByRole("button", { name: "Choose image", exact: true }).click();
    const picker = page.getByRole("dialog", { name: "Choose a featured image" });
    const choice = picker.getByRole("button", { name: `Use ${name}` });
    // The picker shows a small copy and hands back the full image.
    expect(await choice.locator("img").getAttribute("src")).toMatch(/-w320\.webp$/);
    await choice.click();
    await picker.waitFor({ state: "detached" });
    expect(
      await page.getByRole("textbox", { name: "Featured image", exact: true }).inputValue(),
    ).toBe(url);

    const warning = page.getByRole("status").filter({ hasText: "no alt text" });
    const status = page.getByRole("combobox", { name: "Status", exact: true });
    await status.selectOption("published");
    await expect
      .poll(() => warning.textContent(), SLOW)
      .toMatch(
        /^An image has no alt text: the featured image \(harbour\.jpg\)\. Add it in the media library/,
      );
    // A draft is not yet seen by anyone.
    await status.selectOption("draft");
    await expect.poll(() => warning.count()).toBe(0);
    await status.selectOption("published");
    await content.fill("We sailed at dawn.\n\n![](https://images.example.com/boat.png)");
    await expect
      .poll(() => warning.textContent(), SLOW)
      .toContain(
        "Some images have no alt text: the featured image (harbour.jpg); boat.png in the content.",
      );
    await content.fill(
      "We sailed at dawn.\n\n![A boat at dawn](https://images.example.com/boat.png)",
    );
    await expect
      .poll(() => warning.textContent(), SLOW)
      .toContain("An image has no alt text: the featured image");
    // Advice only: the post saves.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Blog post created successfully");

    await openAdminTab(page, "/admin/media", "Media library");
    await waitForRouterHydration(page);
    const card = page.getByRole("listitem", { name: "harbour.jpg", exact: true });
    await card.getByRole("button", { name: "Edit alt text of harbour.jpg" }).click();
    const altDialog = page.getByRole("dialog", { name: "Alt text" });
    await altDialog.getByLabel("Alt text", { exact: true }).fill("Boats in the harbour at dawn");
    await altDialog.getByRole("button", { name: "Save alt text" }).click();
    await altDialog.waitFor({ state: "detached", ...SLOW });

    await openBlog();
    // The editor asks the library for the alt texts of the post's images as it opens.
    const lookedUp = page.waitForResponse((response) => {
      const address = new URL(response.url());
      return address.pathname === "/admin/blog/media" && address.searchParams.has("names");
    });
    await postRow("Harbour Days").getByRole("link", { name: "Edit Harbour Days" }).click();
    await page.getByRole("heading", { name: "Edit post", exact: true }).waitFor();
    const editor = page.getByRole("main");
    const editorWarning = editor.getByRole("status").filter({ hasText: "no alt text" });
    // The same photo in the body is described by the library's alt text too.
    await (await markdownOf(editor)).fill(`We sailed at dawn.\n\n![](${url})`);
    expect((await lookedUp).status()).toBe(200);
    await page.waitForTimeout(500);
    expect(await editorWarning.count()).toBe(0);
    await editor
      .getByRole("textbox", { name: "Content", exact: true })
      .fill(`We sailed at dawn.\n\n![](${url})\n\n<img src="/images/missing-alt.png">`);
    await expect
      .poll(() => editorWarning.textContent(), SLOW)
      .toMatch(/^An image has no alt text: missing-alt\.png in the content\./);
    // The page's earlier duplicate-slug test logged its 409.
    expectCleanPage(page, [/status of 409/]);
  });
});

describe("editing without fear", () => {
  const POST = "Revision Trail";
  let other: Page;
  const leavePrompts: string[] = [];

  beforeAll(async () => {
    // A second tab of the same admin: "someone else" saving the post the first tab has open.
    other = await newPage(context);
    other.on("dialog", (dialog) => {
      leavePrompts.push(dialog.type());
      void dialog.accept();
    });
    const created = await context.request.post(`${own.url}/api/create-blog-post`, {
      headers: { Origin: own.url },
      data: { title: POST, content: "First body.", published: true },
    });
    expect(created.status()).toBe(201);
  });

  const editorIn = async (tab: Page) => {
    await openAdminTab(tab, "/admin/blog", "Blog");
    await waitForRouterHydration(tab);
    const row = tab
      .getByRole("list", { name: "Blog posts" })
      .getByRole("listitem")
      .filter({ has: tab.getByRole("heading", { name: POST, exact: true }) });
    await row.getByRole("link", { name: `Edit ${POST}` }).click();
    await tab.getByRole("heading", { name: "Edit post", exact: true }).waitFor();
    const editor = tab.getByRole("main");
    await markdownOf(editor);
    return editor;
  };
  const contentOf = (dialog: ReturnType<Page["getByRole"]>) =>
    dialog.getByRole("textbox", { name: "Content", exact: true });
  async function save(tab: Page, body: string) {
    const dialog = await editorIn(tab);
    await contentOf(dialog).fill(body);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(tab, "Blog post updated successfully");
    await dismissToasts(tab);
  }

  it("shows every save in the History panel with a diff, and restores the first body", async () => {
    await save(other, "Second body.");
    await save(other, "Third body, overwritten by mistake.");
    const dialog = await editorIn(other);
    await dialog.getByRole("button", { name: "History", exact: true }).click();
    const revisions = dialog.getByRole("list", { name: "Revisions" }).getByRole("button");
    await expect.poll(() => revisions.count(), SLOW).toBe(3);
    await revisions.last().click();
    const removed = dialog.locator("del", { hasText: "First body." });
    await removed.waitFor(SLOW);
    expect(await dialog.locator("ins", { hasText: "Third body" }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Restore this revision", exact: true }).click();
    await expectVisibleText(other, "Revision restored");
    await expect.poll(() => contentOf(dialog).inputValue()).toBe("First body.");
    await expect.poll(() => revisions.count(), SLOW).toBe(4);
    await other.goto("/blog/revision-trail");
    expect(await other.getByText("First body.", { exact: true }).count()).toBe(1);
    expectCleanPage(other);
  });

  it("refuses a save over a newer one and shows both versions side by side", async () => {
    const mine = await editorIn(page);
    await save(other, "Their newer body.");
    await contentOf(mine).fill("My body, typed meanwhile.");
    await mine.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Someone else saved this post");
    const conflict = mine.getByRole("region", {
      name: "Someone else saved this post while you were editing",
    });
    await conflict.waitFor(SLOW);
    expect(await conflict.getByText("Their newer body.", { exact: true }).count()).toBe(1);
    expect(await conflict.getByText("My body, typed meanwhile.", { exact: true }).count()).toBe(1);
    expect(await contentOf(mine).inputValue()).toBe("My body, typed meanwhile.");

    await conflict.getByRole("button", { name: "Keep mine", exact: true }).click();
    await expectVisibleText(page, "Blog post updated successfully");
    await page.goto("/blog/revision-trail");
    expect(await page.getByText("My body, typed meanwhile.", { exact: true }).count()).toBe(1);
    expectCleanPage(page, [/status of 409/]);
  });

  it("offers the typing back after a reload, and asks before leaving the editor with changes", async () => {
    let dialog = await editorIn(other);
    await contentOf(dialog).fill("Typed, never saved.");
    await other.waitForTimeout(600);
    await other.reload();
    // The browser's own "Leave site?" prompt came first (accepted by the test).
    expect(leavePrompts).toContain("beforeunload");

    dialog = await editorIn(other);
    const offer = dialog.getByRole("status").filter({ hasText: "were kept in this browser" });
    await offer.waitFor(SLOW);
    expect(await contentOf(dialog).inputValue()).toBe("My body, typed meanwhile.");
    await offer.getByRole("button", { name: "Restore changes", exact: true }).click();
    expect(await contentOf(dialog).inputValue()).toBe("Typed, never saved.");

    await dialog.getByRole("link", { name: "Back to posts", exact: true }).click();
    const ask = other.getByRole("alertdialog", { name: "Discard unsaved changes?" });
    await ask.waitFor();
    await ask.getByRole("button", { name: "Keep editing", exact: true }).click();
    await ask.waitFor({ state: "detached" });
    expect(await contentOf(dialog).inputValue()).toBe("Typed, never saved.");

    await dialog.getByRole("link", { name: "Back to posts", exact: true }).click();
    await ask.getByRole("button", { name: "Discard changes", exact: true }).click();
    await other
      .getByRole("heading", { name: "Edit post", exact: true })
      .waitFor({ state: "detached" });
    // Discarded means gone: the next open offers nothing.
    dialog = await editorIn(other);
    await other.waitForTimeout(300);
    expect(await dialog.getByText("were kept in this browser").count()).toBe(0);
    expectCleanPage(other);
  });

  it("schedules a post in the site's time zone and lists it with its time", async () => {
    await openNewPost();
    await page.getByRole("textbox", { name: "Title", exact: true }).fill("Next Year's Launch");
    await page.getByRole("textbox", { name: "Content", exact: true }).fill("Coming.");
    await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("scheduled");
    const when = page.getByLabel("Publish on");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Choose the date and time to publish.");
    await when.fill("2020-01-01T09:00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Choose a time in the future, or publish now.");
    await when.fill("2099-06-01T09:00");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Blog post created successfully");
    await openBlog();
    const scheduled = page.getByRole("region", { name: "Scheduled (1)" });
    expect(await scheduled.getByText("1 Jun 2099, 09:00 (UTC)").count()).toBe(1);
    expect(
      await postRow("Next Year's Launch").getByText("Scheduled", { exact: true }).count(),
    ).toBe(1);
    await page.goto("/blog");
    expect(await page.getByText("Next Year's Launch").count()).toBe(0);
    expectCleanPage(page, [/status of 409/, /status of 400/]);
  });
});
