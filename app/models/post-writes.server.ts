import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type postStatuses, webPosts } from "~/db/schema.server";
import { slugify } from "~/lib/slug";

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
}

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The stored columns of an input, with the spec's defaults applied. */
function columnsOf(input: PostInput) {
  const excerpt = blankToNull(input.excerpt);
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

/** A new post; published now when created as published, else unpublished (published_at null). */
export async function createPost(db: Db, input: PostInput, authorId: string | null) {
  const columns = columnsOf(input);
  const [row] = await db
    .insert(webPosts)
    .values({
      ...columns,
      authorId,
      publishedAt: columns.status === "published" ? new Date() : null,
    })
    .returning({ id: webPosts.id, slug: webPosts.slug });
  if (!row) throw new Error("the post was not stored");
  return row;
}

/**
 * Changes a post; one that is published without a publish time gets now (an earlier publish time
 * is kept). Answers null when there is no such post.
 */
export async function updatePost(db: Db, id: number, input: PostInput) {
  const columns = columnsOf(input);
  const [row] = await db
    .update(webPosts)
    .set({
      ...columns,
      publishedAt:
        columns.status === "published"
          ? sql`coalesce(${webPosts.publishedAt}, now())`
          : webPosts.publishedAt,
    })
    .where(eq(webPosts.id, id))
    .returning({ id: webPosts.id, slug: webPosts.slug });
  return row ?? null;
}

/**
 * Creates the post, or updates the one with the same slug: sending the same article twice never
 * makes a duplicate, also when both sends arrive at once (one statement on the unique slug).
 */
export async function upsertPostBySlug(db: Db, input: PostInput, authorId: string | null) {
  const columns = columnsOf(input);
  const publishedAt = columns.status === "published" ? new Date() : null;
  const [row] = await db
    .insert(webPosts)
    .values({ ...columns, authorId, publishedAt })
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
        publishedAt:
          columns.status === "published"
            ? sql`coalesce(${webPosts.publishedAt}, now())`
            : sql`${webPosts.publishedAt}`,
        updatedAt: new Date(),
      },
    })
    .returning({
      id: webPosts.id,
      slug: webPosts.slug,
      // xmax is 0 for a row this statement inserted, set for one it updated.
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("the post was not stored");
  return row;
}

export async function deletePost(db: Db, id: number) {
  const rows = await db.delete(webPosts).where(eq(webPosts.id, id)).returning({ id: webPosts.id });
  return rows.length > 0;
}
