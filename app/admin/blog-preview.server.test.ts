import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { profiles, users, webCategories, webPagePreviews, webPosts } from "~/db/schema.server";
import { readPreview } from "~/pages/preview.server";
import { POST_CONTENT_MAX } from "~/schemas/admin/blog";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { blogAction } from "./blog.server";

const EDITOR: CurrentUser = {
  id: "editor-1",
  email: "editor@example.com",
  role: "editor",
  isAdmin: false,
  isStaff: true,
};

const post = {
  title: "Answering every call",
  content: "## Why it matters\n\nClinics miss calls.",
  excerpt: "What a voice agent changes.",
  featuredImageUrl: "",
  categoryId: "",
  // What the editor sends besides: the post's other fields, not part of a preview.
  slug: "",
  status: "published",
  metaTitle: "",
};

/** The post editor's Preview, as its browser sends it. */
async function preview(fields: Record<string, unknown>) {
  const result = await blogAction(
    new Request("http://localhost/admin/blog/new", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "open-preview", ...fields }),
    }),
    EDITOR,
  );
  const refusal = result as { type?: string; data?: unknown; init?: { status?: number } };
  if (refusal?.type === "DataWithResponseInit") {
    return { status: refusal.init?.status ?? 200, body: refusal.data as Record<string, unknown> };
  }
  return { status: 200, body: result as Record<string, unknown> };
}

describe.each(backends)("a post's Preview on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    await database.db.insert(users).values({ id: EDITOR.id, name: "Edi", email: EDITOR.email });
    await database.db.insert(profiles).values({ id: EDITOR.id, role: "editor" });
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("keeps the unsaved post at an unguessable address, and saves no post", async () => {
    const [category] = await database.db
      .insert(webCategories)
      .values({ name: "Voice", slug: "voice" })
      .returning({ id: webCategories.id });
    const answer = await preview({ ...post, categoryId: String(category?.id) });
    expect(answer.status).toBe(200);
    const url = String(answer.body.url);
    expect(url).toMatch(/^\/preview\/[\w-]{43}$/);
    expect(await readPreview(database.db, url.slice("/preview/".length))).toMatchObject({
      kind: "post",
      title: "Answering every call",
      content: post.content,
      excerpt: "What a voice agent changes.",
      featuredImageUrl: null,
      category: { name: "Voice" },
    });
    expect(await database.db.select().from(webPosts)).toHaveLength(0);
  });

  it("refuses what a save would refuse, naming the field, and keeps nothing", async () => {
    const untitled = await preview({ ...post, title: "  " });
    expect(untitled.status).toBe(400);
    expect(untitled.body.fieldErrors).toEqual({ title: "Enter a title." });

    const long = await preview({ ...post, content: "x".repeat(POST_CONTENT_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toHaveProperty("content");

    const image = await preview({ ...post, featuredImageUrl: "javascript:alert(1)" });
    expect(image.body.fieldErrors).toEqual({
      featuredImageUrl: "Use a site path (/media/…) or an http(s) URL.",
    });

    const gone = await preview({ ...post, categoryId: "999" });
    expect(gone.status).toBe(400);
    expect(gone.body.fieldErrors).toEqual({ categoryId: "That category no longer exists." });
    expect(await database.db.select().from(webPagePreviews)).toHaveLength(0);
  });
});
