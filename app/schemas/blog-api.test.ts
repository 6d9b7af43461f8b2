import { describe, expect, it } from "vitest";
import { hiringHubPost, voiceBlogPost } from "~/content/creator-posts";
import { BLOG_API_LIMITS, blogPostPayloadSchema } from "./blog-api";

function errorsOf(input: unknown) {
  const parsed = blogPostPayloadSchema.safeParse(input);
  if (parsed.success) throw new Error("expected a refusal");
  return Object.fromEntries(
    parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]),
  );
}

describe("blogPostPayloadSchema", () => {
  it("takes the minimal payload and fills the optional fields", () => {
    expect(blogPostPayloadSchema.parse({ title: "  Hello  ", content: "Body" })).toEqual({
      title: "Hello",
      content: "Body",
      excerpt: "",
      slug: "",
      featured_image: "",
      published: false,
      published_at: null,
      meta_title: "",
      meta_description: "",
    });
  });

  it("accepts both creator articles as they are", () => {
    for (const post of [voiceBlogPost, hiringHubPost]) {
      const parsed = blogPostPayloadSchema.parse(post);
      expect(parsed.slug).toBe(post.slug);
      expect(parsed.published).toBe(true);
    }
  });

  it("requires title and content", () => {
    expect(errorsOf({ title: " ", content: "" })).toEqual({
      title: "Title is required",
      content: "Content is required",
    });
    expect(errorsOf({})).toMatchObject({ title: "Title is required" });
  });

  it("caps the lengths", () => {
    const errors = errorsOf({
      title: "t".repeat(BLOG_API_LIMITS.title + 1),
      content: "c".repeat(BLOG_API_LIMITS.content + 1),
      meta_description: "m".repeat(BLOG_API_LIMITS.metaDescription + 1),
    });
    expect(Object.keys(errors).sort()).toEqual(["content", "meta_description", "title"]);
  });

  it("takes an http(s) address or a site path as the featured image, nothing else", () => {
    for (const featured_image of [
      "https://cdn.example.com/a.png",
      "http://x.io/b",
      "/images/c.svg",
    ]) {
      expect(
        blogPostPayloadSchema.parse({ title: "T", content: "C", featured_image }),
      ).toMatchObject({ featured_image });
    }
    for (const featured_image of [
      "javascript:alert(1)",
      "//evil.example/a.png",
      "data:image/png;base64,AA",
      "images/a.png",
      "ftp://x/a",
    ]) {
      expect(errorsOf({ title: "T", content: "C", featured_image }), featured_image).toHaveProperty(
        "featured_image",
      );
    }
  });

  it("takes only a true or false for published", () => {
    expect(
      blogPostPayloadSchema.parse({ title: "T", content: "C", published: true }).published,
    ).toBe(true);
    for (const published of ["true", 1, null]) {
      expect(errorsOf({ title: "T", content: "C", published }), String(published)).toHaveProperty(
        "published",
      );
    }
  });

  it("takes a slug in the derived shape only", () => {
    expect(blogPostPayloadSchema.parse({ title: "T", content: "C", slug: "ai-2026" }).slug).toBe(
      "ai-2026",
    );
    expect(blogPostPayloadSchema.parse({ title: "T", content: "C", slug: "über-café" }).slug).toBe(
      "über-café",
    );
    for (const slug of ["Upper", "two--hyphens", "-edge", "a/b", "a b", "../x"]) {
      expect(errorsOf({ title: "T", content: "C", slug }), slug).toHaveProperty("slug");
    }
  });

  it("refuses text that is not text, and NUL characters", () => {
    expect(errorsOf({ title: 5, content: "C" })).toHaveProperty("title");
    expect(errorsOf({ title: "T", content: "a\0b" })).toHaveProperty("content");
  });
});
