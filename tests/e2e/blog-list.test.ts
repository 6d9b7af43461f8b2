import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnServer, startOwnServer } from "../support/admin";
import { expectNoAxeViolations } from "../support/axe";
import { type SeedPost, seedPosts } from "../support/blog";
import {
  expectCleanPage,
  launchBrowser,
  newClientContext,
  newPage,
  waitForRouterHydration,
} from "../support/browser";

/**
 * The public blog list on a server of its own, seeded straight into its database: search and
 * category filter in the URL, six cards then Load More (with and without JavaScript), the empty
 * state, hidden future and draft posts, and post text that can never run as markup.
 */

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
const xssTitle = `<img src=x onerror="window.__xss='title'"> Markup in a title`;
const xssExcerpt = `<script>window.__xss='excerpt'</script><b onmouseover=alert(1)>bold</b>`;
const longBody = `${"Automation saves hours every week. ".repeat(8)}`;

const posts: SeedPost[] = [
  ...Array.from({ length: 7 }, (_, i) => ({
    title: `Automation note ${i + 1}`,
    slug: `automation-note-${i + 1}`,
    excerpt: `Short note number ${i + 1} about automation.`,
    content: "Some words. ".repeat(200 * (i + 1)),
    category: "ai",
    publishedAt: hoursAgo(30 + i),
  })),
  {
    title: "Chatbots for restaurants",
    slug: "chatbots-for-restaurants",
    excerpt: "Taking orders by chat, day and night.",
    content: "A restaurant that answers every message sells more.",
    category: "voice",
    publishedAt: hoursAgo(3),
  },
  {
    title: "No excerpt here",
    slug: "no-excerpt-here",
    excerpt: null,
    content: longBody,
    category: "ai",
    publishedAt: hoursAgo(2),
  },
  {
    title: xssTitle,
    slug: "markup-in-a-title",
    excerpt: xssExcerpt,
    content: "Harmless body.",
    publishedAt: hoursAgo(1),
  },
  {
    title: "Future announcement",
    slug: "future-announcement",
    excerpt: "Not yet.",
    content: "Announcement",
    category: "later",
    publishedAt: new Date(Date.now() + 7 * 24 * 3_600_000),
  },
  { title: "Unfinished draft", slug: "unfinished-draft", status: "draft", content: "restaurant" },
];

let own: OwnServer;
let browser: Browser;

beforeAll(async () => {
  own = await startOwnServer();
  await own.whileStopped(() =>
    seedPosts(own.dataDir, posts, [
      { name: "AI Strategy", slug: "ai" },
      { name: "Voice AI", slug: "voice" },
      { name: "Coming Later", slug: "later" },
    ]),
  );
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await own?.close();
});

async function open(path: string, javaScriptEnabled = true): Promise<Page> {
  const context = await newClientContext(browser, { baseURL: own.url, javaScriptEnabled });
  const page = await newPage(context);
  await page.goto(path);
  return page;
}

const cardTitles = (page: Page) => page.getByRole("article").getByRole("heading").allInnerTexts();

describe("the blog list", () => {
  it("shows the newest six published posts as cards, then Load More adds the rest in place", async () => {
    const page = await open("/blog");
    await waitForRouterHydration(page);
    expect(await cardTitles(page)).toEqual([
      xssTitle,
      "No excerpt here",
      "Chatbots for restaurants",
      "Automation note 1",
      "Automation note 2",
      "Automation note 3",
    ]);
    // The card: category badge, title linking to the post, excerpt, date, reading time.
    const card = page.getByRole("article").filter({ hasText: "Automation note 2" });
    await expect.poll(() => card.textContent()).toContain("AI Strategy");
    expect(await card.textContent()).toContain("Short note number 2 about automation.");
    expect(await card.textContent()).toContain("5 min read");
    expect(await card.getByRole("link", { name: "Automation note 2" }).getAttribute("href")).toBe(
      "/blog/automation-note-2",
    );
    // The three fallback images cycle by position.
    const images = await page
      .getByRole("article")
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(images.slice(0, 4)).toEqual([
      "/images/blog/fallback-1.svg",
      "/images/blog/fallback-2.svg",
      "/images/blog/fallback-3.svg",
      "/images/blog/fallback-1.svg",
    ]);
    // Without an excerpt, the first 150 characters of the body and an ellipsis.
    const noExcerpt = page.getByRole("article").filter({ hasText: "No excerpt here" });
    expect(await noExcerpt.textContent()).toContain(`${longBody.slice(0, 150)}...`);
    // Hidden: the future post, the draft, and the category that only the future post has.
    expect(await page.content()).not.toContain("Future announcement");
    expect(await page.content()).not.toContain("Unfinished draft");
    const categories = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    expect(await categories.allInnerTexts()).toEqual(["All Categories", "AI Strategy", "Voice AI"]);
    // The feed is announced in the head.
    const feed = page.locator('link[rel="alternate"][type="application/rss+xml"]');
    expect(await feed.getAttribute("href")).toBe("/blog/rss.xml");

    const loadMore = page.getByRole("link", { name: "Load More Posts", exact: true });
    await loadMore.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(100);
    await page.evaluate(() => {
      (window as { __samePage?: boolean }).__samePage = true;
    });
    await loadMore.click();
    await expect.poll(() => page.getByRole("article").count()).toBe(10);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    // Appended without a reload, and the reader stays where they were.
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(scrolled - 5);
    expect((await cardTitles(page)).slice(6)).toEqual([
      "Automation note 4",
      "Automation note 5",
      "Automation note 6",
      "Automation note 7",
    ]);
    expect(await loadMore.count()).toBe(0);
    // Keyboard users continue at the first new card.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Automation note 4",
    );
    await expectNoAxeViolations(page);
    expectCleanPage(page);
  });

  it("searches and filters through the URL, with word forms, and shows No posts found", async () => {
    const page = await open("/blog");
    await waitForRouterHydration(page);
    await page.getByRole("searchbox", { name: "Search articles" }).fill("restaurants");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("restaurants");
    await expect.poll(() => cardTitles(page)).toEqual(["Chatbots for restaurants"]);

    await page.getByRole("link", { name: "AI Strategy", exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?q=restaurants&category=ai");
    await expect
      .poll(() => page.getByText("No posts found", { exact: true }).isVisible())
      .toBe(true);

    await page.getByRole("link", { name: "All Categories", exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("?q=restaurants");
    await expect.poll(() => cardTitles(page)).toEqual(["Chatbots for restaurants"]);

    await page.goto("/blog?category=voice");
    expect(await cardTitles(page)).toEqual(["Chatbots for restaurants"]);
    expect(
      await page.getByRole("link", { name: "Voice AI", exact: true }).getAttribute("aria-current"),
    ).toBe("page");
    await page.goto("/blog?q=zebra");
    expect(await page.getByText("No posts found", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("article").count()).toBe(0);
    expectCleanPage(page);
  });

  it("filters as the visitor types, keeping the URL in step and one history entry per search", async () => {
    const page = await open("/blog");
    await waitForRouterHydration(page);
    const box = page.getByRole("searchbox", { name: "Search articles" });
    const entries = () => page.evaluate(() => window.history.length);
    const before = await entries();
    // A word being typed already finds what it begins.
    await box.pressSequentially("restau", { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("restau");
    await expect.poll(() => cardTitles(page)).toEqual(["Chatbots for restaurants"]);
    await box.pressSequentially("rant", { delay: 40 });
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("restaurant");
    await expect.poll(() => cardTitles(page)).toEqual(["Chatbots for restaurants"]);
    // The box keeps the focus and the text while the list changes under it.
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await box.inputValue()).toBe("restaurant");

    await box.fill("zebra");
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe("zebra");
    await expect
      .poll(() => page.getByText("No posts found", { exact: true }).isVisible())
      .toBe(true);
    await box.fill("");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    // The address changes when the navigation starts; the whole list follows once it has loaded.
    await expect.poll(() => page.getByRole("article").count()).toBeGreaterThan(1);

    // The whole run of typing made one history entry, not one per pause.
    expect(await entries()).toBe(before + 1);
    expectCleanPage(page);
  });

  it("works without JavaScript: search form and Load More are plain GETs", async () => {
    const page = await open("/blog", false);
    await page.getByRole("link", { name: "Load More Posts", exact: true }).click();
    await page.waitForURL(/page=2/);
    expect(await page.getByRole("article").count()).toBe(10);
    await page.getByRole("searchbox", { name: "Search articles" }).fill("automation note");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=automation/);
    expect(await page.getByRole("article").count()).toBe(6);
    expect(
      await page.getByRole("link", { name: "Load More Posts", exact: true }).getAttribute("href"),
    ).toBe("/blog?q=automation+note&page=2");
  });

  it("shows markup in titles and excerpts as text and never runs it", async () => {
    const page = await open("/blog?q=markup");
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await waitForRouterHydration(page);
    const card = page.getByRole("article");
    expect(await card.count()).toBe(1);
    expect(await card.getByRole("heading").textContent()).toBe(xssTitle);
    expect(await card.textContent()).toContain(xssExcerpt);
    await card.hover();
    expect(await page.locator("article img[src='x'], article script, article b").count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expectCleanPage(page);
  });
});
