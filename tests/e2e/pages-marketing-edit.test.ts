import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  expectVisibleText,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectCleanPage, newClientContext, newPage } from "../support/browser";

/**
 * The marketing pages are page rows the site comes with (issue 30): staff change one in the page
 * editor and the public page shows it, with no developer and no release. A server of the file's
 * own: the shared one's product pages are what product-pages.test.ts counts.
 */

let session: AdminSession;

beforeAll(async () => {
  session = await startAdminSession();
});
afterAll(async () => {
  await session?.close();
});

/** A block's card in the editor by its place and label: "2. Card grid". */
function blockCard(page: Page, position: number, label: string): Locator {
  return page.getByRole("region", { name: new RegExp(`^${position}\\. ${label}`) });
}

/**
 * The page's editor, at the address its "Edit" link in the Pages list gives. Opened by that address
 * rather than by a click: what these tests check is the editor reaching the public page (the list's
 * links are admin-pages.test.ts's), and a click's client-side move once hung here for 30 s on a
 * loaded CI machine.
 */
async function openEditorOf(page: Page, title: string) {
  await openAdminTab(page, "/admin/pages", "Pages");
  const href = await page
    .getByRole("link", { name: `Edit ${title}`, exact: true })
    .getAttribute("href");
  expect(href).toMatch(/^\/admin\/pages\/\d+$/);
  await page.goto(href ?? "");
  await expect.poll(() => page.getByRole("heading", { name: "Blocks" }).isVisible()).toBe(true);
}

/** The OpsHub page's feature cards' titles, as a visitor gets the page. */
async function featureTitles(page: Page) {
  await page.goto("/products/opshub");
  return page.locator('main [data-testid="feature-card"] h3').allTextContents();
}

describe("a product page in the page editor", () => {
  it("takes a new feature card on OpsHub, published at once on the public page", async () => {
    const visitorContext = await newClientContext(session.browser, {
      baseURL: session.own.url,
      viewport: { width: 1280, height: 900 },
    });
    const visitor = await newPage(visitorContext);
    const before = await featureTitles(visitor);
    expect(before).toHaveLength(9);
    expect(before).not.toContain("Shift handover notes");

    const page = await newPage(session.context);
    await openEditorOf(page, "OpsHub");
    // The seeded page is live already: a save publishes the change.
    expect(await page.getByLabel("Status").inputValue()).toBe("published");

    const features = blockCard(page, 2, "Card grid");
    const toggle = features.getByRole("button", { name: /^2\. Card grid/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    expect(await features.getByRole("textbox", { name: "Heading", exact: true }).inputValue()).toBe(
      "Run every location like your best one",
    );
    await features.getByRole("button", { name: "Add card" }).click();
    const added = features.getByRole("group", { name: "Card 10" });
    await added.getByRole("textbox", { name: "Title" }).fill("Shift handover notes");
    await added
      .getByRole("textbox", { name: "Text" })
      .fill("The outgoing shift leaves notes the next one reads before it starts.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    await expect.poll(() => featureTitles(visitor), { timeout: 10_000 }).toHaveLength(10);
    const after = await featureTitles(visitor);
    expect(after.at(-1)).toBe("Shift handover notes");
    expect(after.slice(0, 9)).toEqual(before);
    expect(
      await visitor
        .getByText("The outgoing shift leaves notes the next one reads before it starts.")
        .isVisible(),
    ).toBe(true);

    expectCleanPage(visitor);
    expectCleanPage(page);
    await visitorContext.close();
  });
});

const OLD_SENTENCE =
  "Today we work with owners and their teams from the first conversation to launch and beyond: we listen, recommend what will pay off, build it, and stay on to keep it running and improving.";
const NEW_SENTENCE =
  "Today we stay with owners from the first call to launch and long after, keeping what we built running.";

/** Our Story's words on the public About page, as a visitor gets it. */
async function storyText(page: Page) {
  await page.goto("/about");
  return (await page.locator("main section#story").textContent()) ?? "";
}

describe("the About page in the page editor", () => {
  it("takes a changed sentence in Our Story, published at once on the public page", async () => {
    const visitorContext = await newClientContext(session.browser, {
      baseURL: session.own.url,
      viewport: { width: 1280, height: 900 },
    });
    const visitor = await newPage(visitorContext);
    const before = await storyText(visitor);
    expect(before).toContain(OLD_SENTENCE);
    expect(before).not.toContain(NEW_SENTENCE);

    const page = await newPage(session.context);
    await openEditorOf(page, "About Us");
    expect(await page.getByLabel("Status").inputValue()).toBe("published");

    const story = blockCard(page, 2, "Rich text");
    const toggle = story.getByRole("button", { name: /^2\. Rich text/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    expect(await story.getByRole("textbox", { name: "Heading", exact: true }).inputValue()).toBe(
      "Our Story",
    );
    // The text is rich text (the seeded markdown fits the editor), its last paragraph one sentence.
    const text = story.getByRole("textbox", { name: "Text", exact: true });
    await expect
      .poll(() => text.evaluate((el) => el.getAttribute("contenteditable")), { timeout: 10_000 })
      .toBe("true");
    const paragraph = text.locator("p", { hasText: "Today we work with owners" });
    await paragraph.click({ clickCount: 3 });
    await expect
      .poll(() => page.evaluate(() => window.getSelection()?.toString().trim()))
      .toBe(OLD_SENTENCE);
    await page.keyboard.type(NEW_SENTENCE);
    await expect.poll(() => paragraph.count()).toBe(0);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    await expect.poll(() => storyText(visitor), { timeout: 10_000 }).toContain(NEW_SENTENCE);
    const after = await storyText(visitor);
    expect(after).not.toContain(OLD_SENTENCE);
    // The rest of the story is as it was, the company's name still put in from the settings.
    expect(after).toContain("started from a simple observation");
    expect(after).not.toContain("{company_name}");
    expect(await visitor.getByRole("heading", { level: 2, name: "Our Story" }).isVisible()).toBe(
      true,
    );

    expectCleanPage(visitor);
    expectCleanPage(page);
    await visitorContext.close();
  });
});

const POLICY_OLD =
  "We do not buy personal information. If you book a meeting through our online booking page, the scheduling service passes us the details you enter there so that we can hold the meeting.";
const POLICY_NEW =
  "We do not buy personal information. Our booking page's scheduling service passes us the details you enter there so that we can hold the meeting.";

/** The public privacy policy's words, on one line, as a visitor reads them at `path`. */
async function policyText(page: Page, path = "/privacy-policy") {
  await page.goto(path);
  // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees is the point
  return (await page.locator("main").innerText()).replace(/\s+/g, " ");
}

describe("the privacy policy in the page editor", () => {
  it("takes a new version with a changed sentence and date; the old one stays readable at its versions address", async () => {
    const visitorContext = await newClientContext(session.browser, {
      baseURL: session.own.url,
      viewport: { width: 1280, height: 900 },
    });
    const visitor = await newPage(visitorContext);
    const before = await policyText(visitor);
    expect(before).toContain(POLICY_OLD);
    expect(before).toContain("Last updated: September 9, 2024");

    const page = await newPage(session.context);
    await openEditorOf(page, "Privacy Policy");
    expect(await page.getByLabel("Status").inputValue()).toBe("published");

    const document = blockCard(page, 2, "Legal document");
    const toggle = document.getByRole("button", { name: /^2\. Legal document/ });
    if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    // "Information collected" is the second section; its last paragraph is the sentence.
    const section = document.getByRole("group", { name: "Section 2" });
    expect(await section.getByRole("textbox", { name: "Heading", exact: true }).inputValue()).toBe(
      "Information we collect",
    );
    const text = section.getByRole("textbox", { name: "Text", exact: true });
    await expect
      .poll(() => text.evaluate((el) => el.getAttribute("contenteditable")), { timeout: 10_000 })
      .toBe("true");
    const paragraph = text.locator("p", { hasText: "We do not buy personal information." });
    await paragraph.click({ clickCount: 3 });
    await expect
      .poll(() => page.evaluate(() => window.getSelection()?.toString().trim()))
      .toBe(POLICY_OLD);
    await page.keyboard.type(POLICY_NEW);
    await expect.poll(() => text.textContent()).toContain(POLICY_NEW);

    const version = page.getByRole("region", { name: "Legal version" });
    await version.getByLabel("Effective date").fill("2026-11-01");
    await version
      .getByRole("textbox", { name: "Summary of changes" })
      .fill("How booking details reach us, said more simply.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expectVisibleText(page, "Page saved");

    await expect.poll(() => policyText(visitor), { timeout: 10_000 }).toContain(POLICY_NEW);
    const after = await policyText(visitor);
    expect(after).not.toContain(POLICY_OLD);
    expect(after).toContain("Last updated: November 1, 2026");
    expect(after).toContain("What changed: How booking details reach us, said more simply.");
    // The rest of the policy is as it was, the company's name still put in from the settings.
    expect(after).toContain("This Privacy Policy explains what personal information we collect");
    expect(after).not.toContain("{company_name}");
    const link = visitor
      .getByRole("region", { name: "Previous versions" })
      .getByRole("link", { name: "Effective from September 9, 2024" });
    expect(await link.getAttribute("href")).toBe("/privacy-policy/versions/2024-09-09");

    // The version in force before stays readable at its own address, as it was.
    const old = await policyText(visitor, "/privacy-policy/versions/2024-09-09");
    expect(old).toContain(POLICY_OLD);
    expect(old).not.toContain(POLICY_NEW);
    expect(old).toContain("You are reading the version effective from September 9, 2024.");
    expect(old).not.toContain("{company_name}");

    expectCleanPage(visitor);
    expectCleanPage(page);
    await visitorContext.close();
  });
});
