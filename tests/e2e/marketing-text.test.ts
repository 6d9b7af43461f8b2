import fs from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPagePaths } from "~/content/service-paths";
import { expectCleanPage, launchBrowser, newClientContext, newPage } from "../support/browser";
import { sharedServer } from "../support/shared-server";

/**
 * None of the marketing copy is lost while the pages move from code to page rows (issue 30): the
 * fixture holds the words each marketing route showed before the move, read the way a visitor
 * reads them (the main element's visible text at 1280 px, one entry per line; forms hidden, since
 * the form components are shared and tested on their own). Every line must still be on the page,
 * in the same order; lines may be added around them (a "Last updated" list, a new section).
 */
const fixture = JSON.parse(
  fs.readFileSync(new URL("../fixtures/marketing-text.json", import.meta.url), "utf8"),
) as { routes: Record<string, string[]> };

const { url: baseURL } = sharedServer();
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newClientContext(browser, { baseURL, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
});

/** The fixture's lines that are not found, in order, among the page's lines. */
function missingInOrder(expected: string[], actual: string[]): string[] {
  const missing: string[] = [];
  let at = 0;
  for (const line of expected) {
    const found = actual.indexOf(line, at);
    if (found === -1) missing.push(line);
    else at = found + 1;
  }
  return missing;
}

describe("the marketing pages' words", () => {
  it("covers every marketing route of the sitemap but the blog", () => {
    const routes = publicPagePaths.filter((path) => path !== "/blog");
    expect(Object.keys(fixture.routes).sort()).toEqual([...routes].sort());
  });

  it("shows every line of today's copy on each route, in order", async () => {
    const page = await newPage(context);
    const lost: Record<string, string[]> = {};
    for (const [path, lines] of Object.entries(fixture.routes)) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.addStyleTag({ content: "main form { display: none !important }" });
      // biome-ignore lint/performance/useDomNodeTextContent: the visible text is the point (CSS hides what a visitor does not see)
      const text = await page.locator("main").innerText();
      const actual = text
        .split("\n")
        .map((line) => line.replace(/\s+/g, " ").trim())
        .filter(Boolean);
      const missing = missingInOrder(lines, actual);
      if (missing.length > 0) lost[path] = missing.slice(0, 5);
    }
    expect(lost, "lines of the copy no longer shown (first five per route)").toEqual({});
    expectCleanPage(page);
  });
});
