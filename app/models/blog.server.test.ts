import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { insertPosts } from "../../tests/support/blog";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  cardExcerpt,
  cardImage,
  listCategoriesWithPosts,
  listPublishedPosts,
  readingMinutes,
} from "./blog.server";

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe.each(backends)("the public blog list on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await insertPosts(
      database.db,
      [
        {
          title: "Chatbots for restaurants",
          slug: "chatbots-restaurants",
          content: "Taking orders by chat.",
          category: "ai",
          publishedAt: hoursAgo(5),
        },
        {
          title: "Voice agents",
          slug: "voice-agents",
          content: "A restaurant can answer every call with a voice agent.",
          category: "voice",
          publishedAt: hoursAgo(4),
        },
        {
          title: "Automating invoices",
          slug: "invoices",
          excerpt: "Less paper.",
          content: "Nothing about food here.",
          category: "ai",
          publishedAt: hoursAgo(3),
        },
        { title: "Draft restaurant post", slug: "draft", status: "draft", content: "restaurant" },
        {
          title: "Archived restaurant post",
          slug: "archived",
          status: "archived",
          publishedAt: hoursAgo(10),
          content: "restaurant",
        },
        {
          title: "Future restaurant post",
          slug: "future",
          publishedAt: new Date(Date.now() + 3_600_000),
          content: "restaurant",
          category: "hidden-only",
        },
        ...Array.from({ length: 10 }, (_, i) => ({
          title: `Filler ${i}`,
          slug: `filler-${i}`,
          content: "General notes.",
          // Several posts share one publish time: paging must still be a total order.
          publishedAt: hoursAgo(20 + (i % 3)),
        })),
      ],
      [
        { name: "Voice AI", slug: "voice" },
        { name: "AI Strategy", slug: "ai" },
        { name: "Hidden Only", slug: "hidden-only" },
        { name: "Empty", slug: "empty" },
      ],
    );
  });
  afterAll(async () => {
    await database.close();
  });

  it("shows only published posts whose publish time has come, newest first", async () => {
    const { posts, hasMore } = await listPublishedPosts({ limit: 100 }, database.db);
    const slugs = posts.map((p) => p.slug);
    expect(slugs.slice(0, 3)).toEqual(["invoices", "voice-agents", "chatbots-restaurants"]);
    expect(slugs).toHaveLength(13);
    expect(slugs).not.toContain("draft");
    expect(slugs).not.toContain("archived");
    expect(slugs).not.toContain("future");
    expect(hasMore).toBe(false);
    expect(posts[0]?.category).toEqual({ name: "AI Strategy", slug: "ai" });
    expect(posts.find((p) => p.slug === "filler-0")?.category).toBeNull();
  });

  it("finds other forms of a word, the title match ranking above a body match", async () => {
    const { posts } = await listPublishedPosts({ q: "restaurants" }, database.db);
    expect(posts.map((p) => p.slug)).toEqual(["chatbots-restaurants", "voice-agents"]);
    const single = await listPublishedPosts({ q: "restaurant" }, database.db);
    expect(single.posts.map((p) => p.slug)).toEqual(["chatbots-restaurants", "voice-agents"]);
  });

  it("finds a word still being typed, alone or after finished words, and only as the last word", async () => {
    const slugs = async (q: string) =>
      (await listPublishedPosts({ q }, database.db)).posts.map((p) => p.slug).sort();
    expect(await slugs("resta")).toEqual(["chatbots-restaurants", "voice-agents"]);
    expect(await slugs("invo")).toEqual(["invoices"]);
    expect(await slugs("answer every ca")).toEqual(["voice-agents"]);
    // Only the last word counts as begun: a cut-off word before it must still be whole.
    expect(await slugs("resta ord")).toEqual([]);
    // A negated or quoted last word is not a beginning.
    expect(await slugs("restaurant -voi")).toEqual(["chatbots-restaurants", "voice-agents"]);
    expect(await slugs('"voice ag"')).toEqual([]);
    // A last word the search ignores (too common to mean anything) leaves the rest to decide.
    expect(await slugs("the")).toEqual([]);
    expect(await slugs("invoices the")).toEqual(["invoices"]);
  });

  it("takes what people type: quotes, a minus, stray symbols, blank text", async () => {
    const minus = await listPublishedPosts({ q: "restaurant -voice" }, database.db);
    expect(minus.posts.map((p) => p.slug)).toEqual(["chatbots-restaurants"]);
    const phrase = await listPublishedPosts({ q: '"voice agent"' }, database.db);
    expect(phrase.posts.map((p) => p.slug)).toEqual(["voice-agents"]);
    const odd = await listPublishedPosts({ q: "'); drop table web_posts; --" }, database.db);
    expect(odd.posts).toEqual([]);
    const blank = await listPublishedPosts({ q: "   ", limit: 3 }, database.db);
    expect(blank.posts.map((p) => p.slug)).toEqual([
      "invoices",
      "voice-agents",
      "chatbots-restaurants",
    ]);
    expect(blank.hasMore).toBe(true);
  });

  it("filters by category slug, with or without a search", async () => {
    const ai = await listPublishedPosts({ category: "ai" }, database.db);
    expect(ai.posts.map((p) => p.slug)).toEqual(["invoices", "chatbots-restaurants"]);
    const both = await listPublishedPosts({ category: "voice", q: "restaurant" }, database.db);
    expect(both.posts.map((p) => p.slug)).toEqual(["voice-agents"]);
    const none = await listPublishedPosts({ category: "no-such" }, database.db);
    expect(none).toEqual({ posts: [], hasMore: false });
  });

  it("pages through every post exactly once", async () => {
    const seen: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await listPublishedPosts({ limit: 6, offset }, database.db);
      seen.push(...page.posts.map((p) => p.slug));
      offset += 6;
      if (!page.hasMore) break;
    }
    expect(seen).toHaveLength(13);
    expect(new Set(seen).size).toBe(13);
  });

  it("lists only categories that have a visible post, by name", async () => {
    const categories = await listCategoriesWithPosts(database.db);
    expect(categories.map((c) => c.slug)).toEqual(["ai", "voice"]);
  });
});

describe("card helpers", () => {
  it("falls back to the first 150 characters of the body with an ellipsis", () => {
    expect(cardExcerpt({ excerpt: "Own words.", contentStart: "x".repeat(300) })).toBe(
      "Own words.",
    );
    expect(cardExcerpt({ excerpt: null, contentStart: "y".repeat(300) })).toBe(
      `${"y".repeat(150)}...`,
    );
    expect(cardExcerpt({ excerpt: " ", contentStart: "" })).toBe("");
  });

  it("rounds reading time up to whole minutes", () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(1000)).toBe(1);
    expect(readingMinutes(1001)).toBe(2);
  });

  it("cycles the three fallback images by index and keeps a post's own image", () => {
    const none = { featuredImageUrl: null };
    expect([0, 1, 2, 3].map((i) => cardImage(none, i))).toEqual([
      "/images/blog/fallback-1.svg",
      "/images/blog/fallback-2.svg",
      "/images/blog/fallback-3.svg",
      "/images/blog/fallback-1.svg",
    ]);
    expect(cardImage({ featuredImageUrl: "/uploads/a.webp" }, 1)).toBe("/uploads/a.webp");
  });
});
