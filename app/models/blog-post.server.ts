import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webCategories, webPosts } from "~/db/schema.server";
import { isVisiblePost } from "./blog.server";

/** What a post card, a related post and a feed item show. */
const postSummaryColumns = {
  id: webPosts.id,
  title: webPosts.title,
  slug: webPosts.slug,
  excerpt: webPosts.excerpt,
  content: webPosts.content,
  publishedAt: webPosts.publishedAt,
};

const postColumns = {
  ...postSummaryColumns,
  status: webPosts.status,
  createdAt: webPosts.createdAt,
  updatedAt: webPosts.updatedAt,
  metaTitle: webPosts.metaTitle,
  metaDescription: webPosts.metaDescription,
  viewCount: webPosts.viewCount,
  featuredImageUrl: webPosts.featuredImageUrl,
  categoryId: webPosts.categoryId,
  categoryName: webCategories.name,
  categorySlug: webCategories.slug,
};

export type BlogPost = NonNullable<Awaited<ReturnType<typeof getPublishedPostBySlug>>>;

/**
 * The post at this slug with its category, if the public may read it (published). With
 * `preview` (an admin) drafts and archived posts are found too, for a preview.
 */
export async function getPublishedPostBySlug(
  db: Db,
  slug: string,
  { preview = false }: { preview?: boolean } = {},
) {
  const [row] = await db
    .select(postColumns)
    .from(webPosts)
    .leftJoin(webCategories, eq(webCategories.id, webPosts.categoryId))
    .where(preview ? eq(webPosts.slug, slug) : and(eq(webPosts.slug, slug), isVisiblePost()))
    .limit(1);
  if (!row) return null;
  const { categoryName, categorySlug, ...post } = row;
  return {
    ...post,
    category:
      post.categoryId !== null && categoryName !== null
        ? { id: post.categoryId, name: categoryName, slug: categorySlug ?? "" }
        : null,
  };
}

/** Up to `limit` other published posts of the same category, newest first. */
export async function listRelatedPosts(
  db: Db,
  post: { id: number; categoryId: number | null },
  limit = 2,
) {
  if (post.categoryId === null) return [];
  return db
    .select({
      ...postSummaryColumns,
      featuredImageUrl: webPosts.featuredImageUrl,
    })
    .from(webPosts)
    .where(and(eq(webPosts.categoryId, post.categoryId), isVisiblePost(), ne(webPosts.id, post.id)))
    .orderBy(sql`${webPosts.publishedAt} desc nulls last`, desc(webPosts.id))
    .limit(limit);
}

/**
 * Counts one reading of a post by a visitor. One statement: the visitor's row is inserted unless
 * it exists, and the post's count rises only when it was, so a visitor's concurrent requests
 * count once and every other visitor's count. Answers the count after this view, or null when
 * this visitor had already been counted.
 */
export async function recordPostView(db: Db, postId: number, visitorKey: string) {
  const result = (await db.execute(sql`
    with inserted as (
      insert into web_post_views (post_id, visitor_key)
      values (${postId}, ${visitorKey})
      on conflict do nothing
      returning post_id
    )
    update web_posts set view_count = view_count + 1
    where id in (select post_id from inserted)
    returning view_count`)) as unknown as { rows: { view_count: number }[] };
  const row = result.rows[0];
  return row ? Number(row.view_count) : null;
}

/** The newest published posts, for the RSS feed. */
export async function listLatestPublishedPosts(db: Db, limit = 20) {
  return db
    .select({
      ...postSummaryColumns,
      updatedAt: webPosts.updatedAt,
      categoryName: webCategories.name,
    })
    .from(webPosts)
    .leftJoin(webCategories, eq(webCategories.id, webPosts.categoryId))
    .where(isVisiblePost())
    .orderBy(sql`${webPosts.publishedAt} desc nulls last`, desc(webPosts.id))
    .limit(limit);
}

/** The spec's reading time: one minute per started thousand characters of content. */
export function readingMinutes(content: string) {
  return Math.ceil(content.length / 1000);
}
