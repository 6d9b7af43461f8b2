import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postVisitorKey } from "~/blog/visitor.server";
import type { Database } from "~/db/client.server";
import { webCategories, webPosts, webPostViews } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  getPublishedPostBySlug,
  listLatestPublishedPosts,
  listRelatedPosts,
  readingMinutes,
  recordPostView,
} from "./blog-post.server";

describe.each(backends)("blog post reads on %s", (backend) => {
  let database: Database;
  let categoryId: number;
  let otherCategoryId: number;

  async function post(
    slug: string,
    fields: Partial<typeof webPosts.$inferInsert> = {},
  ): Promise<number> {
    const [row] = await database.db
      .insert(webPosts)
      .values({
        title: slug,
        slug,
        content: "Body",
        status: "published",
        publishedAt: new Date("2026-01-01T00:00:00Z"),
        categoryId,
        ...fields,
      })
      .returning({ id: webPosts.id });
    if (!row) throw new Error("no post");
    return row.id;
  }

  beforeEach(async () => {
    database = await createTestDatabase(backend);
    const rows = await database.db
      .insert(webCategories)
      .values([
        { name: "AI", slug: "ai" },
        { name: "Voice", slug: "voice" },
      ])
      .returning({ id: webCategories.id });
    categoryId = rows[0]?.id ?? 0;
    otherCategoryId = rows[1]?.id ?? 0;
  });
  afterEach(async () => {
    await database.close();
  });

  it("finds published posts with their category, drafts only for a preview", async () => {
    await post("live");
    await post("draft", { status: "draft", publishedAt: null });
    await post("old", { status: "archived" });
    const live = await getPublishedPostBySlug(database.db, "live");
    expect(live?.title).toBe("live");
    expect(live?.category).toEqual({ id: categoryId, name: "AI", slug: "ai" });
    expect(await getPublishedPostBySlug(database.db, "draft")).toBeNull();
    expect(await getPublishedPostBySlug(database.db, "old")).toBeNull();
    expect(await getPublishedPostBySlug(database.db, "missing")).toBeNull();
    expect((await getPublishedPostBySlug(database.db, "draft", { preview: true }))?.status).toBe(
      "draft",
    );
  });

  it("gives a post without category a null category", async () => {
    await post("plain", { categoryId: null });
    expect((await getPublishedPostBySlug(database.db, "plain"))?.category).toBeNull();
  });

  it("relates at most two newest published posts of the same category, never itself", async () => {
    const self = await post("self", { publishedAt: new Date("2026-03-01") });
    await post("older", { publishedAt: new Date("2026-01-01") });
    await post("newer", { publishedAt: new Date("2026-02-01") });
    await post("newest", { publishedAt: new Date("2026-04-01") });
    await post("draft", { status: "draft", publishedAt: null });
    await post("elsewhere", { categoryId: otherCategoryId, publishedAt: new Date("2026-05-01") });
    const related = await listRelatedPosts(database.db, { id: self, categoryId });
    expect(related.map((p) => p.slug)).toEqual(["newest", "newer"]);
    expect(await listRelatedPosts(database.db, { id: self, categoryId: null })).toEqual([]);
  });

  it("counts a visitor once, even when their requests race, and every visitor once", async () => {
    const id = await post("counted");
    const sameVisitor = await Promise.all(
      Array.from({ length: 8 }, () => recordPostView(database.db, id, "visitor-a")),
    );
    expect(sameVisitor.filter((n) => n !== null)).toEqual([1]);
    const others = await Promise.all(
      Array.from({ length: 8 }, (_, i) => recordPostView(database.db, id, `visitor-${i + 1}-b`)),
    );
    expect(others.filter((n) => n !== null).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(await recordPostView(database.db, id, "visitor-a")).toBeNull();
    const [row] = await database.db
      .select({ viewCount: webPosts.viewCount })
      .from(webPosts)
      .where(eq(webPosts.id, id));
    expect(row?.viewCount).toBe(9);
    expect(await database.db.select().from(webPostViews)).toHaveLength(9);
  });

  it("counts the same visitor again on another post", async () => {
    const a = await post("a");
    const b = await post("b");
    expect(await recordPostView(database.db, a, "v")).toBe(1);
    expect(await recordPostView(database.db, b, "v")).toBe(1);
  });

  it("lists the newest published posts for the feed", async () => {
    await post("first", { publishedAt: new Date("2026-01-01") });
    await post("second", { publishedAt: new Date("2026-02-01") });
    await post("hidden", { status: "draft", publishedAt: null });
    const feed = await listLatestPublishedPosts(database.db, 20);
    expect(feed.map((p) => p.slug)).toEqual(["second", "first"]);
    expect(feed[0]?.categoryName).toBe("AI");
  });
});

describe("reading time", () => {
  it("is one minute per started thousand characters", () => {
    expect(readingMinutes("x".repeat(1000))).toBe(1);
    expect(readingMinutes("x".repeat(1001))).toBe(2);
    expect(readingMinutes("x".repeat(4500))).toBe(5);
  });
});

describe("postVisitorKey", () => {
  const secret = "s".repeat(32);
  const request = (headers: Record<string, string>) =>
    new Request("http://localhost/blog/x", { headers });
  const chrome =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";

  it("is a keyed hash of address and browser, the same for the same reader", () => {
    const a = postVisitorKey(
      request({ "user-agent": chrome, "x-client-address": "203.0.113.5" }),
      secret,
    );
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toContain("203.0.113.5");
    expect(
      postVisitorKey(request({ "user-agent": chrome, "x-client-address": "203.0.113.5" }), secret),
    ).toBe(a);
    expect(
      postVisitorKey(request({ "user-agent": chrome, "x-client-address": "203.0.113.6" }), secret),
    ).not.toBe(a);
    expect(
      postVisitorKey(
        request({ "user-agent": `${chrome} Edg/130`, "x-client-address": "203.0.113.5" }),
        secret,
      ),
    ).not.toBe(a);
    expect(
      postVisitorKey(
        request({ "user-agent": chrome, "x-client-address": "203.0.113.5" }),
        "t".repeat(32),
      ),
    ).not.toBe(a);
  });

  it("counts an IPv6 reader by /64", () => {
    const key = (address: string) =>
      postVisitorKey(request({ "user-agent": chrome, "x-client-address": address }), secret);
    expect(key("2001:db8:1:2::1")).toBe(key("2001:db8:1:2::ffff"));
  });

  it("is null for bots, requests without a browser and prefetches", () => {
    expect(
      postVisitorKey(
        request({
          "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        }),
        secret,
      ),
    ).toBeNull();
    expect(postVisitorKey(request({ "user-agent": "curl/8.5.0" }), secret)).toBeNull();
    expect(postVisitorKey(request({}), secret)).toBeNull();
    expect(
      postVisitorKey(request({ "user-agent": chrome, "sec-purpose": "prefetch" }), secret),
    ).toBeNull();
    expect(
      postVisitorKey(request({ "user-agent": chrome, purpose: "prefetch" }), secret),
    ).toBeNull();
  });
});
