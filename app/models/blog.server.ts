import { and, asc, desc, eq, exists, lte, type SQL, sql } from "drizzle-orm";
import { type Db, getDb } from "~/db/client.server";
import { webCategories, webPosts } from "~/db/schema.server";

/** The blog list shows this many posts at first and adds this many per Load More. */
export const BLOG_PAGE_SIZE = 6;
/** The deepest page a list URL may ask for (page × size posts in one answer). */
export const BLOG_MAX_PAGE = 50;
/** A search text longer than this is cut: nobody types more, and the parser's work stays small. */
export const BLOG_MAX_QUERY = 200;

export interface PostListItem {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  /** The first characters of the body, for the card's excerpt fallback (never the whole body). */
  contentStart: string;
  /** Length of the whole body, for the reading time. */
  contentLength: number;
  publishedAt: Date;
  featuredImageUrl: string | null;
  category: { name: string; slug: string } | null;
}

export interface PostListQuery {
  q?: string | null;
  /** A category slug. */
  category?: string | null;
  limit?: number;
  offset?: number;
}

export interface PostList {
  posts: PostListItem[];
  hasMore: boolean;
}

/** Posts visitors may see: published, and their publish time has come. */
export function isVisiblePost(): SQL {
  return and(eq(webPosts.status, "published"), lte(webPosts.publishedAt, sql`now()`)) as SQL;
}

/** The trimmed search text, or null when there is nothing to search for. */
export function normalizeQuery(q: string | null | undefined): string | null {
  const trimmed = (q ?? "").replace(/\s+/g, " ").trim().slice(0, BLOG_MAX_QUERY);
  return trimmed === "" ? null : trimmed;
}

/** The last word of a search, when it is a plain word (not negated, not inside quotes). */
function lastPlainWord(query: string) {
  if ((query.match(/"/g) ?? []).length % 2 === 1) return null;
  const match = /(?:^|\s)([\p{L}\p{N}]+)$/u.exec(query);
  return match?.[1] ? { word: match[1], rest: query.slice(0, match.index).trim() } : null;
}

/**
 * The search as PostgreSQL runs it: the words as web search engines take them (English stemming,
 * quotes, a minus), the last one also as the beginning of a word, since the list follows the box
 * as people type ("harb" finds "harbour" before the word is finished; "restaurant" is stemmed to
 * "restaur" first, so it still finds "restaurants"). One query either way: as fast as before.
 */
function searchQuery(query: string): SQL {
  const last = lastPlainWord(query);
  if (!last) return sql`websearch_to_tsquery('english', ${query})`;
  const prefix = sql`to_tsquery('english', ${`${last.word.toLowerCase()}:*`})`;
  return last.rest ? sql`(websearch_to_tsquery('english', ${last.rest}) && ${prefix})` : prefix;
}

/**
 * Published posts, newest first, or with a search text the best matches first (PostgreSQL full-text
 * search over the generated `search_vector`: title weighs most, then excerpt, then body; English
 * stemming, so "restaurants" finds "restaurant"), ties newest first. Optionally only one category
 * (by slug). Offset paging over a total order (rank, published_at, id), so pages never repeat or
 * skip a post; one row more than asked tells whether there are more.
 */
export async function listPublishedPosts(
  { q, category, limit = BLOG_PAGE_SIZE, offset = 0 }: PostListQuery = {},
  db: Db = getDb(),
): Promise<PostList> {
  const query = normalizeQuery(q);
  const tsquery = query ? searchQuery(query) : null;
  const conditions: SQL[] = [isVisiblePost()];
  if (tsquery) conditions.push(sql`${webPosts.searchVector} @@ ${tsquery}`);
  if (category) conditions.push(eq(webCategories.slug, category));
  const order: SQL[] = [];
  if (tsquery) order.push(sql`ts_rank(${webPosts.searchVector}, ${tsquery}) desc`);
  order.push(desc(webPosts.publishedAt), desc(webPosts.id));

  const safeLimit = Math.max(1, Math.min(Math.floor(limit), BLOG_PAGE_SIZE * BLOG_MAX_PAGE));
  const safeOffset = Math.max(0, Math.floor(offset));
  const rows = await db
    .select({
      id: webPosts.id,
      title: webPosts.title,
      slug: webPosts.slug,
      excerpt: webPosts.excerpt,
      contentStart: sql<string>`left(${webPosts.content}, 200)`,
      contentLength: sql<number>`char_length(${webPosts.content})`.mapWith(Number),
      publishedAt: webPosts.publishedAt,
      featuredImageUrl: webPosts.featuredImageUrl,
      categoryName: webCategories.name,
      categorySlug: webCategories.slug,
    })
    .from(webPosts)
    .leftJoin(webCategories, eq(webCategories.id, webPosts.categoryId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(safeLimit + 1)
    .offset(safeOffset);

  const hasMore = rows.length > safeLimit;
  const posts = rows.slice(0, safeLimit).map((row) => ({
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    contentStart: row.contentStart ?? "",
    contentLength: row.contentLength ?? 0,
    // Visible posts always have a publish time (the filter above requires one).
    publishedAt: row.publishedAt as Date,
    featuredImageUrl: row.featuredImageUrl,
    category:
      row.categorySlug !== null && row.categoryName !== null
        ? { name: row.categoryName, slug: row.categorySlug }
        : null,
  }));
  return { posts, hasMore };
}

export interface CategorySummary {
  id: number;
  name: string;
  slug: string;
}

/** Categories that have at least one visible post, by name: the list's filter buttons. */
export async function listCategoriesWithPosts(db: Db = getDb()): Promise<CategorySummary[]> {
  return db
    .select({ id: webCategories.id, name: webCategories.name, slug: webCategories.slug })
    .from(webCategories)
    .where(
      exists(
        db
          .select({ one: sql`1` })
          .from(webPosts)
          .where(and(eq(webPosts.categoryId, webCategories.id), isVisiblePost())),
      ),
    )
    .orderBy(asc(webCategories.name), asc(webCategories.id));
}

/** The spec's card excerpt: the post's own excerpt, else the first 150 characters and an ellipsis. */
export function cardExcerpt(post: Pick<PostListItem, "excerpt" | "contentStart">): string {
  if (post.excerpt?.trim()) return post.excerpt.trim();
  const plain = post.contentStart
    .replace(/[#>*_`~[\]]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return plain === "" ? "" : `${plain.slice(0, 150)}...`;
}

/** The spec's reading time: ceil(content length / 1000) minutes, at least 1. */
export function readingMinutes(contentLength: number): number {
  return Math.max(1, Math.ceil(contentLength / 1000));
}

/** The spec's three fallback images, cycling by the card's index in the list. */
export const FALLBACK_IMAGES = [
  "/images/blog/fallback-1.svg",
  "/images/blog/fallback-2.svg",
  "/images/blog/fallback-3.svg",
] as const;

export function cardImage(post: Pick<PostListItem, "featuredImageUrl">, index: number): string {
  return (
    post.featuredImageUrl?.trim() ||
    (FALLBACK_IMAGES[index % FALLBACK_IMAGES.length] ?? FALLBACK_IMAGES[0])
  );
}
