import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminSession,
  type OwnServer,
  openAdminTab,
  startAdminSession,
} from "../support/admin";
import { expectCleanPage, newPage } from "../support/browser";

let session: AdminSession;
let own: OwnServer;
let context: BrowserContext;

beforeAll(async () => {
  session = await startAdminSession();
  ({ own, context } = session);
});
afterAll(async () => {
  await session?.close();
});

const figure = (page: Page, title: string) =>
  page.getByRole("region", { name: title, exact: true });
const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? "").trim();

async function sitemapPageCount() {
  const xml = await (await fetch(`${own.url}/sitemap.xml`)).text();
  return xml.match(/<loc>/g)?.length ?? 0;
}

describe("the overview and the link audit", () => {
  let workingAfterAudit = "";

  it("shows real figures before any post or audit", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin", "Overview");
    const pages = await sitemapPageCount();
    expect(pages).toBeGreaterThan(10);
    expect(await text(page, "total-pages-value")).toBe(String(pages));
    expect(await text(page, "blog-posts-value")).toBe("0");
    expect(await text(page, "posts-published")).toBe("0");
    expect(await text(page, "posts-drafts")).toBe("0");
    expect(await text(page, "site-status-value")).toBe("Live");
    const links = figure(page, "Active Links");
    expect(await links.textContent()).toContain("No audit yet — run one");

    await links.getByRole("link", { name: "run one" }).click();
    await page.waitForURL(`${own.url}/admin/links`);
    await expect
      .poll(() => page.getByRole("heading", { name: "No audit yet", exact: true }).isVisible())
      .toBe(true);
    expectCleanPage(page);
    await page.close();
  });

  it("runs an audit from the Links tab, with progress, then shows the results", async () => {
    const page = await newPage(context);
    await openAdminTab(page, "/admin/links", "Links");
    await page.getByRole("button", { name: "Run audit", exact: true }).click();

    const bar = page.getByRole("progressbar", { name: "Link audit progress" });
    await bar.waitFor({ state: "visible", timeout: 10_000 });
    expect(Number(await bar.getAttribute("aria-valuemax"))).toBeGreaterThan(0);
    expect(await bar.getAttribute("aria-valuetext")).toMatch(
      /^\d+ of \d+ pages and links checked$/,
    );
    // The toaster is fetched with the first toast, so the toast may come after the bar.
    await expect
      .poll(() => page.getByText("Link audit started", { exact: true }).isVisible())
      .toBe(true);
    expect(await page.getByRole("button", { name: "Audit running…" }).isDisabled()).toBe(true);

    // The tab polls until the audit is done.
    await page
      .getByRole("heading", { name: "Results", exact: true })
      .waitFor({ state: "visible", timeout: 90_000 });
    expect(await bar.count()).toBe(0);
    await expect
      .poll(() => page.getByText("Link audit finished", { exact: true }).isVisible())
      .toBe(true);
    workingAfterAudit = await text(page, "count-working");
    expect(Number(workingAfterAudit.replace(/,/g, ""))).toBeGreaterThan(0);

    // The home page's links to this site's pages all work.
    await page.goto("/admin/links?type=internal&status=missing");
    await page.getByRole("heading", { name: "Results", exact: true }).waitFor();
    const table = page.getByRole("table", { name: "Links found by the audit" });
    const missingFromHome = table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "/", exact: true }) });
    expect(await missingFromHome.count()).toBe(0);

    await page
      .getByRole("navigation", { name: "Filter by status" })
      .getByRole("link", { name: /^Working/ })
      .click();
    await page.waitForURL(/status=working/);
    expect(new URL(page.url()).searchParams.get("type")).toBe("internal");
    const fromHome = table
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "/", exact: true }) });
    await expect.poll(() => fromHome.count()).toBeGreaterThan(3);
    const aboutFromHome = fromHome.filter({
      has: page.getByRole("link", { name: "/about", exact: true }),
    });
    expect(await aboutFromHome.count()).toBe(1);
    expect(await aboutFromHome.getByRole("cell").nth(2).textContent()).toBe("Internal");
    expect(await aboutFromHome.getByRole("cell").nth(3).textContent()).toContain("Working");
    // No page of the dashboard or the sign-out is part of the audit.
    await page.goto("/admin/links");
    await page.getByRole("heading", { name: "Results", exact: true }).waitFor();
    expect(await page.getByRole("link", { name: /^\/admin|^\/sign-out|^\/api\// }).count()).toBe(0);
    expectCleanPage(page);
    await page.close();
  });

  it("keeps the results across a restart, and the overview counts their working links", async () => {
    expect(workingAfterAudit).not.toBe("");
    await own.restart();
    const page = await newPage(context);
    await openAdminTab(page, "/admin/links", "Links");
    await page.getByRole("heading", { name: "Results", exact: true }).waitFor();
    expect(await text(page, "count-working")).toBe(workingAfterAudit);
    expect(await page.getByRole("progressbar").count()).toBe(0);

    await openAdminTab(page, "/admin", "Overview");
    expect(await text(page, "active-links-value")).toBe(workingAfterAudit.replace(/,/g, ""));
    const links = figure(page, "Active Links");
    expect(await links.textContent()).toMatch(
      /found by the audit of \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC/,
    );
    await links.getByRole("link", { name: "View links" }).click();
    await page.waitForURL(`${own.url}/admin/links`);
    expectCleanPage(page);
    await page.close();
  });
});
