import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { openPglite } from "~/db/client.server";
import { webCategories, webPosts, webRedirects } from "~/db/schema.server";

export interface SeedPost {
  title: string;
  slug: string;
  content: string;
  excerpt?: string | null;
  status?: "draft" | "published" | "archived";
  publishedAt?: Date | null;
  category?: string | null;
  featuredImageUrl?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

/**
 * Writes categories (by name) and posts straight into a server's embedded database. PGlite allows
 * one process at a time, so only while no server runs on dataDir (see OwnServer.whileStopped).
 */
export async function seedBlogPosts(
  dataDir: string,
  posts: SeedPost[],
  /** Redirects as stored before today's rules (the Redirects tab would refuse them now). */
  redirects: { fromPath: string; target: string }[] = [],
) {
  const client = await PGlite.create(path.join(dataDir, "db"));
  try {
    const { db } = openPglite(client);
    if (redirects.length > 0) await db.insert(webRedirects).values(redirects);
    const categoryIds = new Map<string, number>();
    for (const name of new Set(posts.flatMap((p) => (p.category ? [p.category] : [])))) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
      const [existing] = await db
        .select({ id: webCategories.id })
        .from(webCategories)
        .where(eq(webCategories.slug, slug));
      const id =
        existing?.id ??
        (
          await db.insert(webCategories).values({ name, slug }).returning({ id: webCategories.id })
        )[0]?.id;
      if (id === undefined) throw new Error(`could not create category ${name}`);
      categoryIds.set(name, id);
    }
    for (const post of posts) {
      const status = post.status ?? "published";
      await db.insert(webPosts).values({
        title: post.title,
        slug: post.slug,
        content: post.content,
        excerpt: post.excerpt ?? null,
        status,
        publishedAt:
          post.publishedAt === undefined
            ? status === "published"
              ? new Date()
              : null
            : post.publishedAt,
        categoryId: post.category ? (categoryIds.get(post.category) ?? null) : null,
        featuredImageUrl: post.featuredImageUrl ?? null,
        metaTitle: post.metaTitle ?? null,
        metaDescription: post.metaDescription ?? null,
      });
    }
  } finally {
    await client.close();
  }
}

/** A post's stored view count, read while no server runs on dataDir. */
export async function readViewCount(dataDir: string, slug: string) {
  const client = await PGlite.create(path.join(dataDir, "db"));
  try {
    const { db } = openPglite(client);
    const [row] = await db
      .select({ viewCount: webPosts.viewCount })
      .from(webPosts)
      .where(eq(webPosts.slug, slug));
    return row?.viewCount;
  } finally {
    await client.close();
  }
}
