import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import {
  announcePublished,
  releasePostAddress,
  type Saver,
  writeRevisions,
} from "~/models/post-writes.server";

export const SCHEDULER_NAME = "Scheduled publishing";
const saver: Saver = { id: null, name: SCHEDULER_NAME, source: "scheduler" };

/**
 * Publishes every scheduled post whose time has come. The UPDATE is the claim: when several app
 * processes run it at once, each row changes status in exactly one of them (the others wait on
 * the row lock, then find it no longer scheduled), so a post goes public, gets its revision and
 * the runner's audit entry (and its post.published event) once. Answers the posts this call published.
 *
 * `keepRevisions` is asked (in the transaction) only when a post is due: a tick with nothing to do
 * reads nothing else, and in particular fills no cache a page render would then read from.
 */
export async function publishDuePosts(db: Db, keepRevisions?: (tx: Db) => Promise<number>) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await tx
      .update(webPosts)
      .set({ status: "published", version: sql`${webPosts.version} + 1` })
      .where(and(eq(webPosts.status, "scheduled"), lte(webPosts.publishedAt, sql`now()`)))
      .returning({ id: webPosts.id, slug: webPosts.slug, title: webPosts.title });
    if (rows.length === 0) return rows;
    await writeRevisions(
      tx,
      rows.map((r) => r.id),
      saver,
      await keepRevisions?.(tx),
    );
    for (const row of rows) await releasePostAddress(tx, row.slug);
    await announcePublished(
      tx,
      rows.map((r) => r.id),
    );
    return rows;
  });
}
