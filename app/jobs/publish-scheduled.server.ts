import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPages, webPosts } from "~/db/schema.server";
import {
  announcePublished,
  releasePostAddress,
  type Saver,
  writeRevisions,
} from "~/models/post-writes.server";
import { releasePageAddress, writePageRevisions } from "~/pages/pages.server";

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

/**
 * Publishes every scheduled page whose time has come, with the same claim as the posts': the
 * UPDATE moves each row out of "scheduled" in exactly one caller, so a page gets one revision and
 * one audit entry however many processes run this at once. A redirect from its address goes (it
 * would be answered in place of the page); a legal document keeps this text as its effective
 * date's version (writePageRevisions). Answers the pages this call published.
 */
export async function publishDuePages(db: Db, keepRevisions?: (tx: Db) => Promise<number>) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const rows = await tx
      .update(webPages)
      .set({ status: "published", version: sql`${webPages.version} + 1` })
      .where(and(eq(webPages.status, "scheduled"), lte(webPages.publishedAt, sql`now()`)))
      .returning({
        id: webPages.id,
        path: webPages.path,
        title: webPages.title,
        kind: webPages.kind,
        status: webPages.status,
        effectiveDate: webPages.effectiveDate,
      });
    if (rows.length === 0) return rows;
    await writePageRevisions(
      tx,
      rows.map((r) => r.id),
      saver,
      await keepRevisions?.(tx),
    );
    for (const row of rows) await releasePageAddress(tx, row.path);
    return rows;
  });
}
