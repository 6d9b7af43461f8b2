import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "~/db/client.server";
import { type postStatuses, webPostRevisions, webPosts } from "~/db/schema.server";
import { getEnv } from "~/env.server";
import { recordSiteEvent } from "~/integrations/site-events.server";
import { slugify } from "~/lib/slug";
import { recordMovedPath, releaseRedirectFrom } from "~/models/redirects.server";
import { DEFAULT_REVISIONS_KEPT, pruneRevisions } from "~/models/revision-history.server";

export { slugify };

export type PostStatus = (typeof postStatuses)[number];

/** What the blog manager, the post API and the creator pages write. */
export interface PostInput {
  title: string;
  content: string;
  excerpt?: string | null;
  /** Derived from the title when empty (see slugify). */
  slug?: string | null;
  status: PostStatus;
  categoryId?: number | null;
  featuredImageUrl?: string | null;
  /** Defaults to the title. */
  metaTitle?: string | null;
  /** Defaults to the excerpt. */
  metaDescription?: string | null;
  /**
   * Required for "scheduled" (the time it goes public, UTC); for "published" an explicit publish
   * time (the post API may backdate); ignored otherwise.
   */
  publishedAt?: Date | null;
}

/** Where a save came from, shown in the editor's History panel. */
export type RevisionSource =
  | "editor"
  | "api"
  | "creator"
  | "restore"
  | "scheduler"
  | "sample"
  | "import"
  | "seed";

/** Who saved, for the revision the save leaves behind. */
export interface Saver {
  /** A user id, or null (the scheduler). */
  id: string | null;
  /** What the History panel shows: an e-mail address, "API key Zapier", "Scheduled publishing". */
  name: string;
  source: RevisionSource;
}

export interface SaveOptions {
  saver: Saver;
  /** How many revisions a post keeps (the Settings tab's "Revisions kept per post"). */
  keepRevisions?: number;
}

export { DEFAULT_REVISIONS_KEPT };

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The stored columns of an input, with the spec's defaults applied. */
function columnsOf(input: PostInput) {
  const excerpt = blankToNull(input.excerpt);
  if (input.status === "scheduled" && !input.publishedAt) {
    throw new Error("a scheduled post needs its publish time");
  }
  return {
    title: input.title.trim(),
    content: input.content,
    excerpt,
    slug: blankToNull(input.slug) ?? slugify(input.title),
    status: input.status,
    categoryId: input.categoryId ?? null,
    featuredImageUrl: blankToNull(input.featuredImageUrl),
    metaTitle: blankToNull(input.metaTitle) ?? input.title.trim(),
    metaDescription: blankToNull(input.metaDescription) ?? excerpt,
  };
}

/**
 * published_at after a save over an existing row (`column`: a post's, or a page's): a scheduled
 * one takes its time; a published one keeps an earlier publish time (or takes the one given), and
 * one that was only scheduled for later goes public now; any other status drops a publish time
 * still in the future.
 */
export function publishedAtAfterSave(
  input: PublishTiming,
  column: AnyPgColumn = webPosts.publishedAt,
): SQL | Date | null {
  if (input.status === "scheduled") return input.publishedAt ?? null;
  if (input.status === "published") {
    if (input.publishedAt) return input.publishedAt;
    return sql`case when ${column} is null or ${column} > now() then now() else ${column} end`;
  }
  return sql`case when ${column} > now() then null else ${column} end`;
}

/** What decides a publish time: posts' and pages' inputs both have it. */
export interface PublishTiming {
  status: PostStatus;
  publishedAt?: Date | null;
}

export function publishedAtOfNewPost(input: PublishTiming): Date | null {
  if (input.status === "scheduled") return input.publishedAt ?? null;
  if (input.status === "published") return input.publishedAt ?? new Date();
  return null;
}

/** Runs `work` in a transaction, or in a savepoint when `db` is already one. */
function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/**
 * Copies the post as it now stands into its history, then prunes the history to the newest
 * `keep` revisions, never dropping the newest one that was published (the text readers last
 * saw). Runs in the save's transaction, so a revision exists exactly when the save does.
 */
export async function writeRevisions(
  db: Db,
  postIds: number[],
  saver: Saver,
  keep = DEFAULT_REVISIONS_KEPT,
) {
  if (postIds.length === 0) return;
  const ids = sql.join(
    postIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${webPostRevisions} (post_id, version, title, slug, excerpt, content, status,
      published_at, category_id, author_id, featured_image_url, meta_title, meta_description,
      saved_by, saved_by_name, source)
    select id, version, title, slug, excerpt, content, status, published_at, category_id,
      author_id, featured_image_url, meta_title, meta_description, ${saver.id}, ${saver.name},
      ${saver.source}
    from ${webPosts} where id in (${ids})`);
  await pruneRevisions(db, { table: webPostRevisions, owner: "post_id" }, postIds, keep);
}

/** A new post and its first revision. */
export async function createPost(
  db: Db,
  input: PostInput,
  authorId: string | null,
  options: SaveOptions = { saver: { id: authorId, name: "", source: "editor" } },
) {
  const columns = columnsOf(input);
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .insert(webPosts)
      .values({ ...columns, authorId, publishedAt: publishedAtOfNewPost(input) })
      .returning({ id: webPosts.id, slug: webPosts.slug, version: webPosts.version });
    if (!row) throw new Error("the post was not stored");
    await writeRevisions(tx, [row.id], options.saver, options.keepRevisions);
    if (columns.status === "published") {
      await releasePostAddress(tx, row.slug);
      await announcePublished(tx, [row.id]);
    }
    return row;
  });
}

/**
 * post.published for posts that just went public (not for saves of a post that already was):
 * in the transaction that publishes them. Callers: every save path here and the scheduler.
 */
export function announcePublished(tx: Db, postIds: number[]) {
  if (postIds.length === 0) return Promise.resolve();
  return recordSiteEvent(tx, "post.published", async () => {
    const posts = await tx
      .select({
        id: webPosts.id,
        title: webPosts.title,
        slug: webPosts.slug,
        excerpt: webPosts.excerpt,
        publishedAt: webPosts.publishedAt,
      })
      .from(webPosts)
      .where(inArray(webPosts.id, postIds));
    const site = getEnv().SITE_URL.replace(/\/+$/, "");
    return posts.map((post) => ({
      post_id: post.id,
      title: post.title,
      slug: post.slug,
      url: `${site}/blog/${post.slug}`,
      excerpt: post.excerpt ?? "",
      published_at: post.publishedAt?.toISOString() ?? null,
    }));
  });
}

/**
 * A post goes public at an address a redirect still leads away from (an earlier post moved from
 * it): the redirect goes, or it would hide the post.
 */
export function releasePostAddress(tx: Db, slug: string) {
  return releaseRedirectFrom(tx, `/blog/${slug}`);
}

export type UpdateOutcome =
  | { status: "saved"; id: number; slug: string; version: number }
  | { status: "missing" }
  /** Someone saved the post after `expectedVersion`: nothing was written. */
  | { status: "conflict" };

/**
 * The post `id`, if it is still at `expectedVersion` (any version when none is given): the
 * condition of a save's UPDATE, so the check and the write are one statement.
 */
export function postAtVersion(id: number, expectedVersion: number | null | undefined): SQL {
  return expectedVersion == null
    ? sql`${webPosts.id} = ${id}`
    : sql`${webPosts.id} = ${id} and ${webPosts.version} = ${expectedVersion}`;
}

/** Locks the post for the rest of the transaction; its slug and status before the change. */
export async function lockPost(tx: Db, id: number) {
  const [row] = await tx
    .select({ slug: webPosts.slug, status: webPosts.status })
    .from(webPosts)
    .where(eq(webPosts.id, id))
    .for("update");
  return row ?? null;
}

/**
 * Changes a post and records the revision. With `expectedVersion` (what the editor opened), the
 * write happens only if nobody saved in between: the version check is part of the UPDATE itself,
 * so two saves at once cannot both pass it. A published post whose slug changes leaves a 301 from
 * its old address.
 */
export async function updatePost(
  db: Db,
  id: number,
  input: PostInput,
  options: SaveOptions & { expectedVersion?: number | null } = {
    saver: { id: null, name: "", source: "editor" },
  },
): Promise<UpdateOutcome> {
  const columns = columnsOf(input);
  return inTransaction(db, async (tx) => {
    const before = await lockPost(tx, id);
    if (!before) return { status: "missing" };
    const [row] = await tx
      .update(webPosts)
      .set({
        ...columns,
        publishedAt: publishedAtAfterSave(input),
        version: sql`${webPosts.version} + 1`,
      })
      .where(postAtVersion(id, options.expectedVersion))
      .returning({ id: webPosts.id, slug: webPosts.slug, version: webPosts.version });
    if (!row) return { status: "conflict" };
    await writeRevisions(tx, [row.id], options.saver, options.keepRevisions);
    const moved = before.slug !== row.slug;
    if (before.status === "published" && columns.status === "published" && moved) {
      await recordMovedPath(
        tx,
        `/blog/${before.slug}`,
        `/blog/${row.slug}`,
        "post",
        options.saver.id,
      );
    } else if (columns.status === "published" && (moved || before.status !== "published")) {
      await releasePostAddress(tx, row.slug);
    }
    if (columns.status === "published" && before.status !== "published") {
      await announcePublished(tx, [row.id]);
    }
    return { status: "saved", ...row };
  });
}

/**
 * Creates the post, or updates the one with the same slug: sending the same article twice never
 * makes a duplicate, also when both sends arrive at once (one statement on the unique slug).
 */
export async function upsertPostBySlug(
  db: Db,
  input: PostInput,
  authorId: string | null,
  options: SaveOptions = { saver: { id: authorId, name: "", source: "api" } },
) {
  const columns = columnsOf(input);
  return inTransaction(db, async (tx) => {
    // The status before, to tell a post that goes public now from a save of a public one.
    const [before] = await tx
      .select({ status: webPosts.status })
      .from(webPosts)
      .where(eq(webPosts.slug, columns.slug))
      .for("update");
    const [row] = await tx
      .insert(webPosts)
      .values({ ...columns, authorId, publishedAt: publishedAtOfNewPost(input) })
      .onConflictDoUpdate({
        target: webPosts.slug,
        set: {
          title: columns.title,
          content: columns.content,
          excerpt: columns.excerpt,
          status: columns.status,
          categoryId: columns.categoryId,
          featuredImageUrl: columns.featuredImageUrl,
          metaTitle: columns.metaTitle,
          metaDescription: columns.metaDescription,
          publishedAt: publishedAtAfterSave(input),
          version: sql`${webPosts.version} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning({
        id: webPosts.id,
        slug: webPosts.slug,
        status: webPosts.status,
        publishedAt: webPosts.publishedAt,
        // xmax is 0 for a row this statement inserted, set for one it updated.
        created: sql<boolean>`(xmax = 0)`,
      });
    if (!row) throw new Error("the post was not stored");
    await writeRevisions(tx, [row.id], options.saver, options.keepRevisions);
    if (row.status === "published") {
      await releasePostAddress(tx, row.slug);
      // A row made by a concurrent send of the same slug (neither saw it before) was announced
      // by that send, if it published.
      if (row.created || (before && before.status !== "published")) {
        await announcePublished(tx, [row.id]);
      }
    }
    return row;
  });
}

export async function deletePost(db: Db, id: number) {
  const rows = await db.delete(webPosts).where(eq(webPosts.id, id)).returning({ id: webPosts.id });
  return rows.length > 0;
}
