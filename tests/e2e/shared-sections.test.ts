import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Account, createAdmin, openAdminTab, signedInContext } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectCleanPage,
  launchBrowser,
  newPage,
  waitForRouterHydration,
} from "../support/browser";
import { dismissToasts, SLOW } from "../support/forms";
import { sharedServer } from "../support/shared-server";
import { adminWriter, signInCookie } from "../support/site-content";

/**
 * Shared sections: a call to action made once in the Pages tab, placed on two pages; one change
 * of it shows on both; it cannot be deleted while they place it.
 */

const { url: baseURL, dataDir } = sharedServer();
// Unique per run: the server is shared with the other files.
const run = Date.now().toString(36);
const NAME = `Offer ${run}`;
const FIRST = `/e2e-shared-a-${run}`;
const SECOND = `/e2e-shared-b-${run}`;

let browser: Browser;
let admin: Account;
let context: BrowserContext;
let writer: ReturnType<typeof adminWriter>;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await createAdmin(dataDir);
  context = await signedInContext(browser, baseURL, admin, {
    viewport: { width: 1280, height: 900 },
  });
  writer = adminWriter(baseURL, await signInCookie(baseURL, admin));
}, 60_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

/** A published page placing section `sharedId` between two blocks of its own. */
async function publishPlacing(path: string, title: string, sharedId: number) {
  const created = await writer.action(
    "/admin/pages",
    { intent: "create", title, path, template: "blank" },
    true,
  );
  const pageId = (created.result as { id: number }).id;
  const text = (markdown: string, id: string) => ({
    id,
    type: "richText",
    v: 2,
    anchor: "",
    markdown,
  });
  await writer.action(
    `/admin/pages/${pageId}`,
    {
      intent: "save",
      title,
      path,
      kind: "landing",
      status: "published",
      noindex: false,
      blocks: [
        text(`Before the offer on ${title}.`, "t1"),
        { id: "s1", type: "shared", v: 1, anchor: "offer", sharedId },
        text("After the offer.", "t2"),
      ],
    },
    true,
  );
  return pageId;
}

/** The public HTML of a page (a plain GET, as a visitor's first load). */
async function publicHtml(path: string) {
  const response = await fetch(`${baseURL}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

async function toastShown(page: Page, title: string) {
  await expect
    .poll(() => page.getByText(title, { exact: true }).first().isVisible(), SLOW)
    .toBe(true);
}

describe("shared sections", () => {
  let sectionId = 0;
  let firstPageId = 0;

  it("makes a call to action in the Pages tab and edits it on its own page (axe clean)", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: "New shared section" }).click();
    const dialog = page.getByRole("dialog", { name: "New shared section" });
    await dialog.getByRole("textbox", { name: "Name" }).fill(NAME);
    await dialog.getByRole("combobox", { name: "Kind of block" }).selectOption("cta");
    await dialog.getByRole("button", { name: "Create shared section" }).click();
    await page.waitForURL(/\/admin\/pages\/shared\/\d+$/, SLOW);
    sectionId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect
      .poll(() => page.getByRole("heading", { name: `Shared section: ${NAME}` }).isVisible(), SLOW)
      .toBe(true);
    await waitForRouterHydration(page);

    await page.getByRole("textbox", { name: "Heading" }).fill(`Spring deal ${run}`);
    await page.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Shared section saved");
    await dismissToasts(page);
    await expectNoAxeViolations(page);
    expectCleanPage(page);
    await page.close();
  });

  it("shows the section on both pages that place it, and one change on both", async () => {
    firstPageId = await publishPlacing(FIRST, `Shared A ${run}`, sectionId);
    await publishPlacing(SECOND, `Shared B ${run}`, sectionId);
    for (const path of [FIRST, SECOND]) {
      const html = await publicHtml(path);
      expect(html).toContain(`Spring deal ${run}`);
      expect(html).toContain("After the offer.");
    }

    const page = await newPage(context);
    await page.goto(`/admin/pages/shared/${sectionId}`);
    await waitForRouterHydration(page);
    // The editor lists where it shows.
    await expect
      .poll(() => page.getByRole("link", { name: `Shared A ${run}` }).isVisible())
      .toBe(true);
    await page.getByRole("textbox", { name: "Heading" }).fill(`Summer deal ${run}`);
    await page.getByRole("button", { name: "Save" }).click();
    await toastShown(page, "Shared section saved");
    await page.close();

    for (const path of [FIRST, SECOND]) {
      const html = await publicHtml(path);
      expect(html).toContain(`Summer deal ${run}`);
      expect(html).not.toContain(`Spring deal ${run}`);
    }
  });

  it("offers the section by name in the page editor, with a link to edit it", async () => {
    const page = await newPage(context);
    await page.goto(`/admin/pages/${firstPageId}`);
    await waitForRouterHydration(page);
    await page.getByRole("button", { name: /^2\. Shared section/ }).click();
    const select = page.getByRole("combobox", { name: "Shared section" });
    await expect
      .poll(() => select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.text), SLOW)
      .toBe(`${NAME} (Call to action)`);
    await expect
      .poll(() =>
        page.getByRole("link", { name: `Edit shared section ${NAME}` }).getAttribute("href"),
      )
      .toBe(`/admin/pages/shared/${sectionId}`);
    await page.close();
  });

  it("refuses to save a page placing a section that does not exist, at that block", async () => {
    await expect(
      publishPlacing(`/e2e-shared-missing-${run}`, `Missing ${run}`, 2_000_000_000),
    ).rejects.toThrow(/blocks\.1\.sharedId.*no longer exists/);
  });

  it("refuses to delete the section while pages place it, naming them", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/pages", "Pages");
    await waitForRouterHydration(page);
    const row = page.getByRole("row").filter({ hasText: NAME });
    await expect.poll(() => row.getByText("2 pages").isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await row.getByRole("button", { name: `Delete ${NAME}` }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete this shared section?" });
    await dialog.getByRole("button", { name: "Delete shared section" }).click();
    const refusal = dialog.getByRole("alert");
    await expect.poll(() => refusal.textContent(), SLOW).toContain(`Shared A ${run} (${FIRST})`);
    expect(await refusal.textContent()).toContain(`Shared B ${run} (${SECOND})`);
    await page.close();
    // Still there, still shown.
    expect(await publicHtml(FIRST)).toContain(`Summer deal ${run}`);
  });
});
