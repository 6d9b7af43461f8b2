import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webCategories, webPosts } from "~/db/schema.server";
import { createPost } from "~/models/post-writes.server";
import { canCreatePost, categorySelect, postFormSchema, slugPreview } from "~/schemas/admin/blog";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createCategory,
  deleteCategory,
  isUniqueViolation,
  listAdminPosts,
  listCategories,
  SAMPLE_POST_TITLE,
  seedSampleContent,
  updateCategory,
} from "./admin-blog.server";
import { slugify } from "./post-writes.server";

describe("the blog form's schema", () => {
  it("needs a title and content, trimmed", () => {
    expect(canCreatePost("  ", "Body")).toBe(false);
    expect(canCreatePost("Title", " \n ")).toBe(false);
    expect(canCreatePost("Title", "Body")).toBe(true);
    const refused = postFormSchema.safeParse({ title: "  ", content: "   " });
    expect(refused.success).toBe(false);
    const paths = refused.error?.issues.map((i) => i.path.join(".")) ?? [];
    expect(paths).toEqual(expect.arrayContaining(["title", "content"]));
  });

  it("defaults status to draft, blanks to null, and the category to an integer or null", () => {
    const parsed = postFormSchema.parse({
      title: " Hello ",
      content: "Body",
      slug: "",
      excerpt: "",
      categoryId: "",
      metaTitle: "  ",
    });
    expect(parsed).toMatchObject({
      title: "Hello",
      status: "draft",
      slug: null,
      excerpt: null,
      categoryId: null,
      metaTitle: null,
      featuredImageUrl: null,
    });
    expect(categorySelect.parse("7")).toBe(7);
    expect(categorySelect.parse("none")).toBeNull();
    expect(categorySelect.safeParse("abc").success).toBe(false);
    expect(categorySelect.safeParse("-1").success).toBe(false);
  });

  it("refuses unknown statuses, bad slugs and script URLs", () => {
    const base = { title: "T", content: "C" };
    expect(postFormSchema.safeParse({ ...base, status: "deleted" }).success).toBe(false);
    expect(postFormSchema.safeParse({ ...base, status: "archived" }).success).toBe(true);
    expect(postFormSchema.safeParse({ ...base, slug: "Has Spaces" }).success).toBe(false);
    expect(postFormSchema.safeParse({ ...base, slug: "ok-slug-2" }).success).toBe(true);
    expect(
      postFormSchema.safeParse({ ...base, featuredImageUrl: "javascript:alert(1)" }).success,
    ).toBe(false);
    expect(postFormSchema.safeParse({ ...base, featuredImageUrl: "/media/a.png" }).success).toBe(
      true,
    );
  });

  it("previews the same slug the server derives", () => {
    for (const title of ["Hello, World!  AI -- Voice", "Café über alles", "<img src=x>"]) {
      expect(slugPreview(title)).toBe(slugify(title));
    }
  });
});

describe.each(backends)("the blog manager's data on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("seeds the sample content once, also when two loads ask at once", async () => {
    const db = database.db;
    const results = await Promise.all([seedSampleContent(db, null), seedSampleContent(db, null)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const posts = await db.select().from(webPosts);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ title: SAMPLE_POST_TITLE, status: "published" });
    expect(posts[0]?.publishedAt).toBeInstanceOf(Date);
    const categories = await listCategories(db);
    expect(categories.map((c) => c.name)).toEqual(["Technology"]);
    expect(posts[0]?.categoryId).toBe(categories[0]?.id);
    expect(await seedSampleContent(db, null)).toBe(false);
  });

  it("does not seed when a post exists", async () => {
    await createPost(database.db, { title: "Mine", content: "x", status: "draft" }, null);
    expect(await seedSampleContent(database.db, null)).toBe(false);
    expect(await database.db.select().from(webCategories)).toHaveLength(0);
  });

  it("creates, renames and deletes categories; posts keep existing without one", async () => {
    const db = database.db;
    const news = await createCategory(db, { name: "Company News" });
    expect(news.slug).toBe("company-news");
    await createCategory(db, { name: "Automation", slug: "auto", description: "Bots" });
    expect((await listCategories(db)).map((c) => c.name)).toEqual(["Automation", "Company News"]);

    let duplicate: unknown;
    try {
      await createCategory(db, { name: "Company news" });
    } catch (error) {
      duplicate = error;
    }
    expect(isUniqueViolation(duplicate)).toBe(true);

    const renamed = await updateCategory(db, news.id, { name: "Announcements" });
    expect(renamed).toMatchObject({ name: "Announcements", slug: "announcements" });
    expect(await updateCategory(db, 9999, { name: "Nope" })).toBeNull();

    const post = await createPost(
      db,
      { title: "In news", content: "x", status: "published", categoryId: news.id },
      null,
    );
    expect((await listCategories(db)).find((c) => c.id === news.id)?.postCount).toBe(1);
    expect(await deleteCategory(db, news.id)).toMatchObject({ name: "Announcements" });
    expect(await deleteCategory(db, news.id)).toBeNull();
    const [row] = await db.select().from(webPosts).where(eq(webPosts.id, post.id));
    expect(row?.categoryId).toBeNull();
  });

  it("lists posts newest first, filtered and paged", async () => {
    const db = database.db;
    const category = await createCategory(db, { name: "Tech" });
    for (let i = 1; i <= 22; i++) {
      const row = await createPost(
        db,
        {
          title: `Post ${i}`,
          content: "x",
          status: i % 2 ? "published" : "draft",
          categoryId: i === 22 ? category.id : null,
        },
        null,
      );
      await db
        .update(webPosts)
        .set({ createdAt: new Date(Date.UTC(2026, 0, i)) })
        .where(eq(webPosts.id, row.id));
    }
    const first = await listAdminPosts(db, {});
    expect(first.total).toBe(22);
    expect(first.pages).toBe(2);
    expect(first.posts[0]).toMatchObject({ title: "Post 22", categoryName: "Tech" });
    expect(first.posts[1]?.title).toBe("Post 21");
    const second = await listAdminPosts(db, { page: 2 });
    expect(second.posts.map((p) => p.title)).toEqual(["Post 2", "Post 1"]);
    const drafts = await listAdminPosts(db, { status: "draft" });
    expect(drafts.total).toBe(11);
    expect(drafts.posts.every((p) => p.status === "draft")).toBe(true);
    const search = await listAdminPosts(db, { q: "post 1" });
    expect(search.posts.map((p) => p.title)).toContain("Post 13");
    expect(search.total).toBe(11);
    expect((await listAdminPosts(db, { q: "100%" })).total).toBe(0);
  });
});
