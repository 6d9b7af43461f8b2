import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPosts, webPostViews } from "~/db/schema.server";
import { recordPostView } from "~/models/blog-post.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { addPostViews, createPostViewRecorder } from "./post-view-recorder.server";

describe.each(backends)("post views of cached pages on %s", (backend) => {
  let database: Database;

  async function post(slug: string): Promise<number> {
    const [row] = await database.db
      .insert(webPosts)
      .values({ title: slug, slug, content: "Body", status: "published", publishedAt: new Date() })
      .returning({ id: webPosts.id });
    if (!row) throw new Error("no post");
    return row.id;
  }

  async function viewsOf(id: number) {
    const [row] = await database.db
      .select({ viewCount: webPosts.viewCount })
      .from(webPosts)
      .where(eq(webPosts.id, id));
    return row?.viewCount;
  }

  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("counts each reader of a post once in one write, alongside readers counted uncached", async () => {
    const a = await post("a");
    const b = await post("b");
    // A reader already counted by a page rendered for them.
    await recordPostView(database.db, a, "reader-1");
    const recorder = createPostViewRecorder({ db: database.db, flushMs: 60_000 });
    for (const reader of ["reader-1", "reader-2", "reader-2", "reader-3"])
      recorder.record(a, reader);
    recorder.record(b, "reader-2");
    expect(recorder.pending).toBe(4);
    // Nothing is written before the flush: a hit costs no query.
    expect(await viewsOf(a)).toBe(1);
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    expect(await viewsOf(a)).toBe(3);
    expect(await viewsOf(b)).toBe(1);

    // A reader coming back, before and after the flush, adds nothing.
    recorder.record(a, "reader-3");
    expect(recorder.pending).toBe(0);
    await recorder.stop();
    expect(await viewsOf(a)).toBe(3);
    expect(await database.db.select().from(webPostViews)).toHaveLength(4);
  });

  it("skips a post deleted since its view, and writes the rest", async () => {
    const kept = await post("kept");
    const gone = await post("gone");
    await database.db.delete(webPosts).where(eq(webPosts.id, gone));
    const counted = await addPostViews(database.db, [
      { postId: gone, visitorKey: "r" },
      { postId: kept, visitorKey: "r" },
    ]);
    expect(counted).toBe(1);
    expect(await viewsOf(kept)).toBe(1);
  });

  it("writes a batch larger than one statement", async () => {
    const id = await post("popular");
    const readers = Array.from({ length: 2_500 }, (_, i) => ({ postId: id, visitorKey: `r${i}` }));
    expect(await addPostViews(database.db, readers)).toBe(2_500);
    expect(await viewsOf(id)).toBe(2_500);
  });

  it("keeps the views when the database fails, and writes them on the next flush", async () => {
    const id = await post("later");
    let down = true;
    const db = new Proxy(database.db, {
      get(target, property) {
        if (property === "execute" && down) {
          return () => Promise.reject(new Error("connection refused"));
        }
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const recorder = createPostViewRecorder({ db, flushMs: 60_000 });
    recorder.record(id, "reader");
    await recorder.flush();
    expect(recorder.pending).toBe(1);
    expect(await viewsOf(id)).toBe(0);
    down = false;
    await recorder.flush();
    expect(recorder.pending).toBe(0);
    expect(await viewsOf(id)).toBe(1);
  });
});
