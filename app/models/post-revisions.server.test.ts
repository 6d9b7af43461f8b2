import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPostRevisions, webPosts } from "~/db/schema.server";
import { publishDuePosts } from "~/jobs/publish-scheduled.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { listRevisions, restoreRevision, revisionWithDiff } from "./post-revisions.server";
import { createPost, type Saver, updatePost, upsertPostBySlug } from "./post-writes.server";

const editor: Saver = { id: null, name: "ada@example.com", source: "editor" };

describe.each(backends)("post revisions on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  const body = async (id: number) =>
    (await database.db.select().from(webPosts).where(eq(webPosts.id, id)))[0]?.content;

  it("keeps every save, diffs any revision against the post, and restores the first body", async () => {
    const post = await createPost(
      database.db,
      { title: "Harbour notes", content: "First body.\nSecond line.", status: "published" },
      null,
      { saver: editor },
    );
    for (const content of ["Edited body.\nSecond line.", "Overwritten by mistake."]) {
      await updatePost(
        database.db,
        post.id,
        { title: "Harbour notes", content, status: "published" },
        { saver: { ...editor, name: "bob@example.com" } },
      );
    }

    const revisions = await listRevisions(database.db, post.id);
    expect(revisions.map((r) => r.savedByName)).toEqual([
      "bob@example.com",
      "bob@example.com",
      "ada@example.com",
    ]);
    const first = revisions[2];
    if (!first) throw new Error("no first revision");

    const detail = await revisionWithDiff(database.db, post.id, first.id);
    const content = detail?.diff.find((d) => d.field === "content");
    expect(content?.parts).toEqual([
      { value: "First body.\nSecond line.", removed: true },
      { value: "Overwritten by mistake.", added: true },
    ]);
    expect(detail?.diff.map((d) => d.field)).toEqual(["content"]);

    const [current] = await database.db
      .select({ version: webPosts.version })
      .from(webPosts)
      .where(eq(webPosts.id, post.id));
    const restored = await restoreRevision(database.db, post.id, first.id, {
      saver: { ...editor, source: "restore" },
      expectedVersion: current?.version,
    });
    expect(restored.status).toBe("saved");
    expect(await body(post.id)).toBe("First body.\nSecond line.");
    // The restore is a revision of its own, so the mistaken text can come back too.
    const after = await listRevisions(database.db, post.id);
    expect(after).toHaveLength(4);
    expect(after[0]?.source).toBe("restore");
    expect(after.some((r) => r.title === "Harbour notes" && r.source === "editor")).toBe(true);
  });

  it("refuses a save or a restore based on a version someone else has replaced", async () => {
    const post = await createPost(
      database.db,
      { title: "Shared", content: "v1", status: "draft" },
      null,
      { saver: editor },
    );
    const opened = post.version;
    const theirs = await updatePost(
      database.db,
      post.id,
      { title: "Shared", content: "their text", status: "draft" },
      { saver: editor, expectedVersion: opened },
    );
    expect(theirs).toMatchObject({ status: "saved", version: opened + 1 });

    const mine = await updatePost(
      database.db,
      post.id,
      { title: "Shared", content: "my text", status: "draft" },
      { saver: editor, expectedVersion: opened },
    );
    expect(mine).toEqual({ status: "conflict" });
    expect(await body(post.id)).toBe("their text");
    const [oldest] = (await listRevisions(database.db, post.id)).slice(-1);
    expect(
      await restoreRevision(database.db, post.id, oldest?.id ?? 0, {
        saver: editor,
        expectedVersion: opened,
      }),
    ).toEqual({ status: "conflict" });
    expect(await listRevisions(database.db, post.id)).toHaveLength(2);
  });

  it("keeps the newest N revisions and always the one published last", async () => {
    const post = await createPost(
      database.db,
      { title: "Busy", content: "published text", status: "published" },
      null,
      { saver: editor, keepRevisions: 3 },
    );
    for (let i = 1; i <= 5; i++) {
      await updatePost(
        database.db,
        post.id,
        { title: "Busy", content: `draft ${i}`, status: "draft" },
        { saver: editor, keepRevisions: 3 },
      );
    }
    const kept = await database.db
      .select({ content: webPostRevisions.content })
      .from(webPostRevisions)
      .where(eq(webPostRevisions.postId, post.id))
      .orderBy(webPostRevisions.id);
    expect(kept.map((r) => r.content)).toEqual(["published text", "draft 3", "draft 4", "draft 5"]);
  });

  it("publishes a scheduled post once when its time comes, with its revision", async () => {
    const soon = new Date(Date.now() + 400);
    const api: Saver = { id: null, name: "API key Zapier", source: "api" };
    const row = await upsertPostBySlug(
      database.db,
      { title: "Launch day", content: "We launch.", status: "scheduled", publishedAt: soon },
      null,
      { saver: api },
    );
    expect(row.status).toBe("scheduled");
    expect(await publishDuePosts(database.db)).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 500));
    // Two processes' ticks at once: the post is published by exactly one of them.
    const [a, b] = await Promise.all([publishDuePosts(database.db), publishDuePosts(database.db)]);
    expect([...(a ?? []), ...(b ?? [])].map((p) => p.slug)).toEqual(["launch-day"]);
    const [stored] = await database.db.select().from(webPosts).where(eq(webPosts.id, row.id));
    expect(stored?.status).toBe("published");
    expect(stored?.publishedAt?.getTime()).toBe(soon.getTime());
    const revisions = await listRevisions(database.db, row.id);
    expect(revisions.map((r) => [r.source, r.status])).toEqual([
      ["scheduler", "published"],
      ["api", "scheduled"],
    ]);
  });
});
