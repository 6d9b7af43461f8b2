import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { users, webCategories, webPagePreviews } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createPreview,
  type PagePreview,
  type PostPreviewDraft,
  readPreview,
} from "./preview.server";

const preview: PagePreview = {
  title: "Spring offer (unsaved)",
  path: "/spring-offer",
  kind: "landing",
  blocks: [
    {
      id: "cta1",
      type: "cta",
      v: 3,
      anchor: "",
      eyebrow: "",
      title: "Talk to us",
      text: "",
      primary: { label: "Book a call", href: "/schedule-consultation", icon: "", style: "" },
      style: "band",
    },
  ],
  metaTitle: null,
  metaDescription: "Twenty percent off",
  ogImageUrl: null,
};

describe.each(backends)("page previews on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    await database.db.insert(users).values({ id: "u1", name: "Ada", email: "ada@example.com" });
  });
  afterEach(async () => {
    await database.close();
  });

  it("shows the snapshot at an unguessable address until it expires, then nothing", async () => {
    const made = await createPreview(database.db, preview, { userId: "u1" });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const hour = new Date(made.expiresAt).getTime() - Date.now();
    expect(hour).toBeGreaterThan(59 * 60_000);
    expect(hour).toBeLessThanOrEqual(60 * 60_000);
    expect(await readPreview(database.db, made.token)).toEqual(preview);

    const other = await createPreview(database.db, preview, { userId: "u1" });
    expect(other.token).not.toBe(made.token);
    expect(await readPreview(database.db, `${made.token.slice(0, -1)}A`)).toBeNull();
    expect(await readPreview(database.db, "../../etc")).toBeNull();

    const brief = await createPreview(database.db, preview, { userId: "u1", ttlMs: 200 });
    expect(await readPreview(database.db, brief.token)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readPreview(database.db, brief.token)).toBeNull();

    // The next preview clears the expired ones away; the live ones stay.
    await createPreview(database.db, preview, { userId: "u1" });
    const tokens = (
      await database.db.select({ token: webPagePreviews.token }).from(webPagePreviews)
    ).map((r) => r.token);
    expect(tokens).not.toContain(brief.token);
    expect(tokens).toContain(made.token);
    expect(tokens).toHaveLength(3);
  });

  it("keeps a post's unsaved fields, with its category as it is now, until it expires", async () => {
    const [category] = await database.db
      .insert(webCategories)
      .values({ name: "Voice", slug: "voice" })
      .returning({ id: webCategories.id });
    const post: PostPreviewDraft = {
      kind: "post",
      title: "Answering every call (unsaved)",
      content: "## Why\n\nClinics miss calls.",
      excerpt: "What a voice agent changes.",
      featuredImageUrl: "/media/clinic.jpg",
      categoryId: category?.id ?? null,
    };
    const before = Date.now();
    const made = await createPreview(database.db, post, { userId: "u1" });
    const read = await readPreview(database.db, made.token);
    expect(read).toEqual({
      ...post,
      category: { name: "Voice", slug: "voice" },
      createdAt: expect.any(String),
    });
    expect(new Date(read && "createdAt" in read ? read.createdAt : 0).getTime()).toBeGreaterThan(
      before - 60_000,
    );

    // Renamed since, the preview shows the name it has now; deleted, none.
    await database.db.update(webCategories).set({ name: "Voice agents" });
    expect(await readPreview(database.db, made.token)).toMatchObject({
      category: { name: "Voice agents" },
    });
    await database.db.delete(webCategories);
    expect(await readPreview(database.db, made.token)).toMatchObject({ category: null });

    // Without a category, excerpt or image, it has none of them.
    const bare = await createPreview(
      database.db,
      { ...post, excerpt: null, featuredImageUrl: null, categoryId: null },
      { userId: "u1" },
    );
    expect(await readPreview(database.db, bare.token)).toMatchObject({
      kind: "post",
      excerpt: null,
      featuredImageUrl: null,
      category: null,
    });

    const brief = await createPreview(database.db, post, { userId: "u1", ttlMs: 200 });
    expect(await readPreview(database.db, brief.token)).toMatchObject({ kind: "post" });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await readPreview(database.db, brief.token)).toBeNull();
  });

  it("reads a page's preview as a page beside a post's", async () => {
    const page = await createPreview(database.db, preview, { userId: "u1" });
    const post = await createPreview(
      database.db,
      {
        kind: "post",
        title: "A post",
        content: "Text",
        excerpt: null,
        featuredImageUrl: null,
        categoryId: null,
      },
      { userId: "u1" },
    );
    expect(await readPreview(database.db, page.token)).toEqual(preview);
    expect(await readPreview(database.db, post.token)).toMatchObject({ kind: "post" });
    // A page's snapshot as stored before posts had previews (no other marker than its kind).
    const [row] = await database.db
      .select({ snapshot: webPagePreviews.snapshot })
      .from(webPagePreviews)
      .where(eq(webPagePreviews.token, page.token));
    expect(row?.snapshot).toEqual({ ...preview });
  });
});
