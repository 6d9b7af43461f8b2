import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inArray } from "drizzle-orm";
import { type Db, openPglite } from "~/db/client.server";
import { type postStatuses, webCategories, webPosts } from "~/db/schema.server";

export interface SeedCategory {
  name: string;
  slug: string;
  description?: string | null;
}

export interface SeedPost {
  title: string;
  slug: string;
  content?: string;
  excerpt?: string | null;
  /** Default "published". */
  status?: (typeof postStatuses)[number];
  /** Default: now for published posts, null otherwise. A future date keeps a post hidden. */
  publishedAt?: Date | null;
  /** Slug of a category from `categories` (created when missing). */
  category?: string | null;
  featuredImageUrl?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
  viewCount?: number;
}

export interface SeededPost {
  id: number;
  slug: string;
}

/**
 * Writes categories and posts into any database handle: categories by slug (kept when they exist),
 * then the posts, in one insert per 500 rows. Returns the posts' ids by slug.
 */
export async function insertPosts(
  db: Db,
  posts: SeedPost[],
  categories: SeedCategory[] = [],
): Promise<SeededPost[]> {
  if (categories.length > 0) {
    await db.insert(webCategories).values(categories).onConflictDoNothing();
  }
  const slugs = [...new Set(posts.map((p) => p.category).filter((s): s is string => !!s))];
  const categoryIds = new Map<string, number>();
  if (slugs.length > 0) {
    const missing = slugs.filter((s) => !categories.some((c) => c.slug === s));
    if (missing.length > 0) {
      await db
        .insert(webCategories)
        .values(missing.map((slug) => ({ slug, name: slug })))
        .onConflictDoNothing();
    }
    const rows = await db
      .select({ id: webCategories.id, slug: webCategories.slug })
      .from(webCategories)
      .where(inArray(webCategories.slug, slugs));
    for (const row of rows) categoryIds.set(row.slug, row.id);
  }
  const now = new Date();
  const seeded: SeededPost[] = [];
  for (let start = 0; start < posts.length; start += 500) {
    const chunk = posts.slice(start, start + 500).map((post) => {
      const status = post.status ?? "published";
      return {
        title: post.title,
        slug: post.slug,
        content: post.content ?? "",
        excerpt: post.excerpt ?? null,
        status,
        publishedAt:
          post.publishedAt !== undefined ? post.publishedAt : status === "published" ? now : null,
        categoryId: post.category ? (categoryIds.get(post.category) ?? null) : null,
        featuredImageUrl: post.featuredImageUrl ?? null,
        metaTitle: post.metaTitle ?? post.title,
        metaDescription: post.metaDescription ?? post.excerpt ?? null,
        viewCount: post.viewCount ?? 0,
      };
    });
    const rows = await db
      .insert(webPosts)
      .values(chunk)
      .returning({ id: webPosts.id, slug: webPosts.slug });
    seeded.push(...rows);
  }
  return seeded;
}

/**
 * Seeds posts straight into a server's embedded database (PGlite at dataDir/db). PGlite allows one
 * process at a time, so call it only while no server runs on dataDir, e.g. inside
 * `own.whileStopped(() => seedPosts(own.dataDir, posts))`. A server that has run once has migrated it.
 */
export async function seedPosts(
  dataDir: string,
  posts: SeedPost[],
  categories: SeedCategory[] = [],
): Promise<SeededPost[]> {
  const client = await PGlite.create(path.join(dataDir, "db"));
  try {
    return await insertPosts(openPglite(client).db, posts, categories);
  } finally {
    await client.close();
  }
}
