import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminSession, type OwnServer, startAdminSession } from "../support/admin";
import { seedBlogPosts } from "../support/blog-post";
import { expectCleanPage, newClientContext, newPage } from "../support/browser";

/**
 * The post page /blog/:slug: its content, related posts, the view count (once per reader, bots
 * not counted), 404s, the admin's draft preview, sanitized content, SEO tags, the feed and the
 * sitemap.
 */

let session: AdminSession;
let own: OwnServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const longBody = [
  "## Why voice agents",
  "",
  "Callers hate waiting. A voice agent answers **every call** at once.",
  "",
  "| Plan | Calls |",
  "| --- | --- |",
  "| Starter | 500 |",
  "",
  "Read the [research](https://research.example.org/voice) or [contact us](/contact).",
  "",
  "```js",
  "const answered = true;",
  "```",
  "",
  "x".repeat(2200),
].join("\n");

const XSS_TITLE = '<img src=x onerror="window.__xss=1;alert(1)">Safe title';

/**
 * Redirects written before a redirect's old address had to be one no route answers: the feed's,
 * and the page an admin who must set up two-factor sign-in is sent to right after signing in.
 */
const STORED_REDIRECTS = [
  { fromPath: "/blog/rss.xml", target: "https://evil.example/feed" },
  { fromPath: "/account/security", target: "https://evil.example/login" },
];

beforeAll(async () => {
  session = await startAdminSession();
  ({ own, browser } = session);
  await own.whileStopped(() =>
    seedBlogPosts(
      own.dataDir,
      [
        {
          title: "Voice agents that answer every call",
          slug: "voice-agents",
          excerpt: "How small teams stop missing calls.",
          content: longBody,
          category: "AI Agents",
          featuredImageUrl: "/images/products/opshub.svg",
          metaDescription: "A custom description for search engines.",
          publishedAt: new Date("2026-03-10T09:00:00Z"),
        },
        {
          title: "Older agent story",
          slug: "older-agent-story",
          excerpt: "The oldest one.",
          content: "Old.",
          category: "AI Agents",
          publishedAt: new Date("2026-01-01T09:00:00Z"),
        },
        {
          title: "Chatbots for support",
          slug: "chatbots-for-support",
          excerpt: "Answering questions at night.",
          content: "Chat.",
          category: "AI Agents",
          publishedAt: new Date("2026-02-01T09:00:00Z"),
        },
        {
          title: "Agents in retail",
          slug: "agents-in-retail",
          excerpt: "Shops and agents.",
          content: "Retail.",
          category: "AI Agents",
          publishedAt: new Date("2026-04-01T09:00:00Z"),
        },
        {
          title: "Unpublished agent plan",
          slug: "agent-plan",
          excerpt: "Not yet.",
          content: "# Secret plan\n\nComing soon.",
          category: "AI Agents",
          status: "draft",
          publishedAt: null,
        },
        {
          title: "Automating invoices",
          slug: "automating-invoices",
          excerpt: "Another category.",
          content: "Invoices.",
          category: "Automation",
          publishedAt: new Date("2026-05-01T09:00:00Z"),
        },
        {
          title: XSS_TITLE,
          slug: "xss-attempt",
          excerpt: "<script>window.__xss=2;alert(2)</script>Excerpt text",
          category: "Automation",
          publishedAt: new Date("2026-01-15T09:00:00Z"),
          content: [
            "# Still readable",
            "",
            "<script>window.__xss=3;alert(3)</script>",
            '<img src="x" onerror="window.__xss=4;alert(4)">',
            '<a href="javascript:window.__xss=5;alert(5)">click me</a>',
            '<a href="&#106;avascript:alert(6)">encoded</a>',
            '<svg onload="window.__xss=7;alert(7)"><script>alert(7)</script></svg>',
            '<iframe src="javascript:alert(8)"></iframe>',
            '<p style="background:url(javascript:alert(9))" onclick="alert(9)">styled</p>',
            '<a href="data:text/html,<script>alert(10)</script>">data link</a>',
            "",
            "Plain **markdown** after the payloads.",
            "",
            // Last: its unclosed <style> would swallow everything after it.
            '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=11">',
          ].join("\n"),
        },
      ],
      STORED_REDIRECTS,
    ),
  );
}, 120_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await session?.close();
});

// Headless Chromium names itself in its user agent, and isbot rightly counts that as a bot.
const READER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";

async function visitor(options: { userAgent?: string; clientAddress?: string } = {}) {
  const context = await newClientContext(browser, {
    baseURL: own.url,
    viewport: { width: 1280, height: 900 },
    userAgent: READER_AGENT,
    ...options,
  });
  contexts.push(context);
  return context;
}

async function open(context: BrowserContext, path: string): Promise<[Page, number]> {
  const page = await newPage(context);
  const response = await page.goto(path);
  return [page, response?.status() ?? 0];
}

const viewsText = (page: Page) => page.getByTestId("post-views").textContent();

describe("the post page", () => {
  it("shows back link, category, title, excerpt, date, views, reading time, body and related posts", async () => {
    const [page, status] = await open(await visitor(), "/blog/voice-agents");
    expect(status).toBe(200);
    const back = page.getByRole("link", { name: "Back to Blog", exact: true });
    expect(await back.getAttribute("href")).toBe("/blog");
    expect(
      await page.locator("article header").getByText("AI Agents", { exact: true }).count(),
    ).toBe(1);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Voice agents that answer every call",
    );
    await page.getByText("How small teams stop missing calls.", { exact: true }).waitFor();
    expect(await page.locator("article header time").getAttribute("datetime")).toBe(
      "2026-03-10T09:00:00.000Z",
    );
    expect(await page.locator("article header time").textContent()).toBe("10 Mar 2026");
    // From the page cache: the count as rendered, before this reader was counted.
    expect(await viewsText(page)).toBe("0 views");
    // ceil(content length / 1000): the body is a little over 2,000 characters.
    expect(longBody.length).toBeGreaterThan(2000);
    expect(longBody.length).toBeLessThan(3000);
    await page.getByText("3 min read", { exact: true }).first().waitFor();

    const body = page.getByTestId("post-body");
    expect(await body.locator("h2#why-voice-agents").textContent()).toBe("Why voice agents");
    expect(await body.locator("table th").allTextContents()).toEqual(["Plan", "Calls"]);
    expect(await body.locator("pre code").textContent()).toContain("const answered = true;");
    const external = body.getByRole("link", { name: "research" });
    expect(await external.getAttribute("rel")).toBe("noopener noreferrer nofollow");
    expect(await external.getAttribute("target")).toBe("_blank");
    expect(await body.getByRole("link", { name: "contact us" }).getAttribute("target")).toBeNull();
    expect(await page.locator("article img").first().getAttribute("src")).toBe(
      "/images/products/opshub.svg",
    );

    const related = page.getByRole("region", { name: "Related Posts" });
    // Same category, published, newest first, at most two, not itself, no draft.
    expect(await related.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Agents in retail",
      "Chatbots for support",
    ]);
    await related.getByRole("link", { name: /Agents in retail/ }).click();
    await page.waitForURL("**/blog/agents-in-retail");
    await page.getByRole("heading", { level: 1, name: "Agents in retail" }).waitFor();
    expectCleanPage(page);
  });

  it("counts each reader once, and never a bot, from the page cache too", async () => {
    const slug = "/blog/chatbots-for-support";
    // The previous test's click opened this post's neighbour, not this one: it starts at 0.
    const first = await visitor();
    const [page, status] = await open(first, slug);
    expect(status).toBe(200);
    // Visitors get the page cache's copy, rendered for everyone: the count it was rendered with.
    expect(await viewsText(page)).toBe("0 views");
    await page.reload();
    await open(await visitor(), slug);

    const bot = await visitor({
      userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await open(bot, slug);
    const curl = await fetch(`${own.url}${slug}`, { headers: { "User-Agent": "curl/8.5.0" } });
    expect(curl.status).toBe(200);
    expect(curl.headers.get("cache-control")).toMatch(/^public\b/);
    await curl.text();

    // Same address and browser again: the same reader. Client-side navigation (the page's
    // .data from the cache) counts a reader too.
    await open(first, slug);
    const third = await newPage(await visitor());
    await third.goto("/blog");
    await third
      .getByRole("link", { name: /Chatbots for support/ })
      .first()
      .click();
    await third.waitForURL(`**${slug}`);
    await third.getByTestId("post-views").waitFor();

    // The counts are written every few seconds and when the server stops; a new process has
    // an empty cache, so its page shows them.
    await own.restart();
    const [after] = await open(bot, slug);
    expect(await viewsText(after)).toBe("3 views");
    // A reader with a session cookie gets a page rendered for them, which counts them at once.
    const withSession = await visitor();
    await withSession.addCookies([
      { name: "better-auth.session_token", value: "expired", url: own.url },
    ]);
    const [rendered, renderedStatus] = await open(withSession, slug);
    expect(renderedStatus).toBe(200);
    expect(await viewsText(rendered)).toBe("4 views");
    expectCleanPage(page);
  });

  it("answers 404 for an unknown or unpublished post", async () => {
    const context = await visitor();
    for (const path of ["/blog/no-such-post", "/blog/agent-plan"]) {
      const [page, status] = await open(context, path);
      expect(status).toBe(404);
      await page.getByText("Oops! Page not found", { exact: true }).waitFor();
      expect(await page.getByText("Secret plan").count()).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
      expectCleanPage(page, [/status of 404/]);
    }
  });

  it("lets an admin preview a draft, marked and not indexed", async () => {
    const [page, status] = await open(session.context, "/blog/agent-plan");
    expect(status).toBe(200);
    await page.getByRole("status").getByText("Draft preview.", { exact: true }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
      "Unpublished agent plan",
    );
    // A post's own top heading sits below the page's title.
    expect(await page.getByTestId("post-body").locator("h2").textContent()).toBe("Secret plan");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
    expectCleanPage(page);
  });

  it("never runs script from a post's title, excerpt or content", async () => {
    const context = await visitor();
    const page = await newPage(context);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto("/blog/xss-attempt");
    expect(response?.status()).toBe(200);
    await page.getByText("Plain markdown after the payloads.").waitFor();
    await page.getByText("click me").hover();
    await page.getByText("click me").click();
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // The title is shown as text, not markup.
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(XSS_TITLE);
    const body = page.getByTestId("post-body");
    expect(
      await body.locator("script, iframe, svg, math, style, [onerror], [onclick], [style]").count(),
    ).toBe(0);
    for (const href of await body
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
      expect(href ?? "").not.toMatch(/^\s*(javascript|data|vbscript):/i);
    }
    expect(await body.locator("h2#still-readable").count()).toBe(1);
    expect(page.url()).toMatch(/\/blog\/xss-attempt$/);
    expectCleanPage(page);
  });
});

describe("search engines", () => {
  it("gives the post canonical URL, description, Open Graph, Twitter and Article JSON-LD", async () => {
    const [page] = await open(await visitor(), "/blog/voice-agents");
    expect(await page.title()).toMatch(/^Voice agents that answer every call \| /);
    const meta = (selector: string) => page.locator(selector).first().getAttribute("content");
    expect(await meta('meta[name="description"]')).toBe("A custom description for search engines.");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(
      /^https?:\/\/[^/]+\/blog\/voice-agents$/,
    );
    expect(await meta('meta[property="og:type"]')).toBe("article");
    expect(await meta('meta[property="og:image"]')).toMatch(
      /^https?:\/\/[^/]+\/images\/products\/opshub\.svg$/,
    );
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await page.locator('link[rel="alternate"][type="application/rss+xml"]').count()).toBe(1);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    const article = JSON.parse(jsonLd ?? "{}");
    expect(article["@type"]).toBe("Article");
    expect(article.headline).toBe("Voice agents that answer every call");
    expect(article.description).toBe("A custom description for search engines.");
    expect(article.datePublished).toBe("2026-03-10T09:00:00.000Z");
    expect(article.dateModified).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(article.image[0]).toMatch(/^https?:\/\/[^/]+\/images\/products\/opshub\.svg$/);
    expect(article.publisher.name).toBeTruthy();
    expect(article.author.name).toBe(article.publisher.name);
    expectCleanPage(page);
  });

  it("escapes a title's markup inside the JSON-LD", async () => {
    const html = await (await fetch(`${own.url}/blog/xss-attempt`)).text();
    const block = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain("<");
    expect(JSON.parse(block ?? "{}").headline).toBe(XSS_TITLE);
  });

  it("lists the newest published posts in the RSS feed", async () => {
    const response = await fetch(`${own.url}/blog/rss.xml`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toMatch(/<link>https?:\/\/[^<]+\/blog\/voice-agents<\/link>/);
    expect(xml).toContain("<title>Voice agents that answer every call</title>");
    expect(xml).not.toContain("agent-plan");
    // The title with markup is escaped, never raw.
    expect(xml).not.toContain("<img");
    expect(xml).toContain("&#60;img src=x");
    const order = [
      "automating-invoices",
      "agents-in-retail",
      "voice-agents",
      "chatbots-for-support",
    ];
    const positions = order.map((slug) => xml.indexOf(`/blog/${slug}</link>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it("switches off a stored redirect from an address the site serves, saying so in the Redirects tab", async () => {
    for (const path of ["/blog/rss.xml", "/account/security?setup=2fa"]) {
      const response = await fetch(`${own.url}${path}`, { redirect: "manual" });
      await response.body?.cancel();
      expect(response.status, path).not.toBe(301);
      expect(response.headers.get("location") ?? "", path).not.toContain("evil.example");
    }
    const page = await newPage(session.context);
    await page.goto("/admin/redirects");
    for (const { fromPath } of STORED_REDIRECTS) {
      await expect
        .poll(() =>
          page
            .getByRole("row")
            .filter({ hasText: fromPath })
            .getByTestId("redirect-switched-off")
            .textContent(),
        )
        .toBe(
          `Switched off: the site answers ${fromPath} itself, and a redirect would hide it. Delete this redirect or change its old address.`,
        );
    }
    expectCleanPage(page);
  });

  it("puts every published post, and no draft, in the sitemap", async () => {
    const xml = await (await fetch(`${own.url}/sitemap.xml`)).text();
    for (const slug of [
      "voice-agents",
      "older-agent-story",
      "automating-invoices",
      "xss-attempt",
    ]) {
      expect(xml).toMatch(new RegExp(`<loc>https?://[^<]+/blog/${slug}</loc>`));
    }
    expect(xml).not.toContain("agent-plan");
    expect(xml).toContain("/about</loc>");
  });
});
