import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPosts, webRedirects } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createPost,
  deletePost,
  slugify,
  updatePost,
  upsertPostBySlug,
} from "./post-writes.server";

describe("slugs", () => {
  it("follows the spec's rule", () => {
    expect(slugify("Hello, World!  AI -- Voice Agents")).toBe("hello-world-ai-voice-agents");
    expect(slugify("  ROI: 300% in 6 months ")).toBe("roi-300-in-6-months");
    expect(slugify("Café über alles")).toBe("café-über-alles");
  });
});

describe.each(backends)("writing posts on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  const read = async (id: number) =>
    (await database.db.select().from(webPosts).where(eq(webPosts.id, id)))[0];

  it("derives slug and meta fields, and sets published_at only when published", async () => {
    const draft = await createPost(
      database.db,
      { title: "Draft Post!", content: "Body", excerpt: "Short", status: "draft" },
      null,
    );
    const row = await read(draft.id);
    expect(row).toMatchObject({
      slug: "draft-post",
      metaTitle: "Draft Post!",
      metaDescription: "Short",
      publishedAt: null,
    });

    await updatePost(database.db, draft.id, {
      title: "Draft Post!",
      content: "Body",
      status: "published",
    });
    const published = await read(draft.id);
    expect(published?.publishedAt).toBeInstanceOf(Date);

    // A second save keeps the first publish time.
    const first = published?.publishedAt?.getTime();
    await updatePost(database.db, draft.id, {
      title: "Renamed",
      content: "Body",
      status: "published",
    });
    expect((await read(draft.id))?.publishedAt?.getTime()).toBe(first);
    expect(
      await updatePost(database.db, 9999, { title: "x", content: "y", status: "draft" }),
    ).toEqual({ status: "missing" });
  });

  it("leaves a 301 behind a renamed published post, which a new post at the old address replaces", async () => {
    const saver = { saver: { id: null, name: "", source: "editor" as const } };
    const moved = await createPost(
      database.db,
      { title: "Old name", content: "x", status: "published" },
      null,
    );
    await updatePost(
      database.db,
      moved.id,
      { title: "Old name", slug: "new-name", content: "x", status: "published" },
      saver,
    );
    const redirects = () =>
      database.db
        .select({ from: webRedirects.fromPath, to: webRedirects.target })
        .from(webRedirects);
    expect(await redirects()).toEqual([{ from: "/blog/old-name", to: "/blog/new-name" }]);
    // A draft at the old address does not take it over; publishing it does.
    const newcomer = await createPost(
      database.db,
      { title: "Old name", content: "another post", status: "draft" },
      null,
    );
    expect(await redirects()).toHaveLength(1);
    await updatePost(
      database.db,
      newcomer.id,
      { title: "Old name", content: "another post", status: "published" },
      saver,
    );
    expect(await redirects()).toEqual([]);
  });

  it("updates the post with the same slug instead of adding a second, also when sent at once", async () => {
    const input = {
      title: "Voice AI business case",
      content: "v1",
      status: "published" as const,
    };
    const results = await Promise.all([
      upsertPostBySlug(database.db, input, null),
      upsertPostBySlug(database.db, { ...input, content: "v2" }, null),
    ]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const rows = await database.db.select().from(webPosts);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slug).toBe("voice-ai-business-case");
    expect(await deletePost(database.db, rows[0]?.id ?? 0)).toBe(true);
    expect(await deletePost(database.db, rows[0]?.id ?? 0)).toBe(false);
  });
});
