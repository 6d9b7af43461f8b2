import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EFFECTIVE_DATE_MISSING } from "~/pages/legal-versions";
import {
  type Account,
  createAdmin,
  expectVisibleText,
  openAdminTab,
  signedInContext,
} from "../support/admin";
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
let admin: Account;
let adminContext: BrowserContext;
let visitorContext: BrowserContext;
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);
const FIRST = `The terms apply to the website, ${run}.`;
const SECOND = `The terms apply to the website and the app, ${run}.`;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(dataDir);
  const viewport = { width: 1280, height: 900 };
  adminContext = await signedInContext(browser, baseURL, admin, { viewport });
  visitorContext = await browser.newContext({ baseURL, viewport });
});
afterAll(async () => {
  await adminContext?.close();
  await visitorContext?.close();
  await browser?.close();
});

async function publicStatus(path: string) {
  const response = await fetch(`${baseURL}${path}`, { redirect: "manual" });
  await response.body?.cancel();
  return response.status;
}

async function expectAccessible(page: Page) {
  await dismissToasts(page);
  await expectNoAxeViolations(page);
}

/** The legal document's first section's text, once it can be typed in. */
async function sectionText(page: Page): Promise<Locator> {
  const block = page.getByRole("region", { name: /^1\. Legal document/ });
  const toggle = block.getByRole("button", { name: /^1\. Legal document/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
  const box = block.getByRole("group", { name: "Section 1" }).getByRole("textbox", {
    name: "Text",
    exact: true,
  });
  // A rich-text field is a Markdown textarea until its editor has loaded: type once it has.
  await expect
    .poll(() => box.evaluate((el) => el.getAttribute("contenteditable")), { timeout: 15_000 })
    .toBe("true");
  return box;
}

async function setSentence(page: Page, sentence: string) {
  const box = await sectionText(page);
  await box.fill(sentence);
  await expect.poll(() => box.textContent()).toContain(sentence);
}

async function setVersion(page: Page, version: string, date: string, summary: string) {
  const panel = page.getByRole("region", { name: "Legal version" });
  await panel.getByRole("textbox", { name: "Version" }).fill(version);
  await panel.getByLabel("Effective date").fill(date);
  await panel.getByRole("textbox", { name: "Summary of changes" }).fill(summary);
}

/** The editor's Save, once the toasts of an earlier save (top right, over the top bar) are gone. */
async function save(page: Page) {
  await dismissToasts(page);
  await page.getByRole("button", { name: "Save", exact: true }).click();
}

async function publish(page: Page) {
  await page.getByLabel("Status").selectOption("published");
  await save(page);
  await expectVisibleText(page, "Page saved");
}

/** The visible text of the page's main content, on one line. */
async function mainText(page: Page) {
  // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees is the point
  return ((await page.locator("main").innerText()) ?? "").replace(/\s+/g, " ");
}

describe("versions of a legal document", () => {
  let address = "";

  it("are published from the editor with a version, an effective date and a summary", async () => {
    const page = await newPage(adminContext);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: "New page" }).click();
    const dialog = page.getByRole("dialog", { name: "New page" });
    await dialog.getByRole("textbox", { name: "Title" }).fill(`Terms of use ${run}`);
    await dialog.getByRole("radio", { name: /Legal document/ }).check();
    address = await dialog.getByRole("textbox", { name: "Address" }).inputValue();
    await dialog.getByRole("button", { name: "Create page" }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    await waitForRouterHydration(page);

    await setSentence(page, FIRST);
    // Publishing without an effective date is refused with a message at the field.
    await page.getByLabel("Status").selectOption("published");
    await save(page);
    await expectVisibleText(page, EFFECTIVE_DATE_MISSING);
    expect(await publicStatus(address)).toBe(404);

    await setVersion(page, "1.0", "2026-01-01", "The first version.");
    await publish(page);
    await expectAccessible(page);

    const visitor = await newPage(visitorContext);
    expect((await visitor.goto(address))?.status()).toBe(200);
    const first = await mainText(visitor);
    expect(first).toContain(FIRST);
    expect(first).toContain("Last updated: January 1, 2026 · Version 1.0");
    expect(first).not.toContain("Previous versions");

    // Version 2.0: a changed sentence, a new effective date and what changed.
    await setSentence(page, SECOND);
    await setVersion(page, "2.0", "2026-11-01", "The app is covered too.");
    await save(page);
    await expectVisibleText(page, "Page saved");
    expectCleanPage(page);

    await visitor.reload();
    const second = await mainText(visitor);
    expect(second).toContain(SECOND);
    expect(second).not.toContain(FIRST);
    expect(second).toContain("Last updated: November 1, 2026 · Version 2.0");
    expect(second).toContain("What changed: The app is covered too.");
    const previous = visitor.getByRole("region", { name: "Previous versions" });
    const link = previous.getByRole("link", {
      name: "Effective from January 1, 2026 (version 1.0)",
    });
    expect(await link.getAttribute("href")).toBe(`${address}/versions/2026-01-01`);
    expect(await previous.textContent()).toContain("The first version.");
    await expectAccessible(visitor);
    expectCleanPage(visitor);
  });

  it("keep the earlier version readable at its own address, out of search engines", async () => {
    const visitor = await newPage(visitorContext);
    await visitor.goto(address);
    await waitForRouterHydration(visitor);
    await visitor.getByRole("link", { name: /^Effective from January 1, 2026/ }).click();
    await visitor.waitForURL(`${baseURL}${address}/versions/2026-01-01`);
    await expect.poll(() => mainText(visitor)).toContain(FIRST);

    // A full load of the address, as a search engine or a shared link gets it.
    expect((await visitor.goto(`${address}/versions/2026-01-01`))?.status()).toBe(200);
    const text = await mainText(visitor);
    expect(text).toContain(FIRST);
    expect(text).not.toContain(SECOND);
    expect(text).toContain(
      "You are reading the version effective from January 1, 2026. Read the current version.",
    );
    expect(text).toContain("Last updated: January 1, 2026 · Version 1.0");
    expect(await visitor.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectAccessible(visitor);

    await visitor.getByRole("link", { name: "Read the current version." }).click();
    await visitor.waitForURL(`${baseURL}${address}`);
    await expect.poll(() => mainText(visitor)).toContain(SECOND);
    expectCleanPage(visitor);

    const sitemap = await (await fetch(`${baseURL}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${address}</loc>`);
    expect(sitemap).not.toContain(`${address}/versions/`);
    // The version in force is kept at its date too; a date never published, or no date, is not.
    expect(await publicStatus(`${address}/versions/2026-11-01`)).toBe(200);
    expect(await publicStatus(`${address}/versions/2026-02-02`)).toBe(404);
    expect(await publicStatus(`${address}/versions/2026-02-30`)).toBe(404);
  });
});
