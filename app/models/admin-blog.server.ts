import { and, asc, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { users, webCategories, webPostRevisions, webPosts } from "~/db/schema.server";
import { createPost, slugify } from "~/models/post-writes.server";
import { recordMovedPath, releaseRedirectFrom } from "~/models/redirects.server";
import type { BlogPostStatus } from "~/schemas/admin/blog";

export const POSTS_PAGE_SIZE = 20;

/** A post as the blog manager lists and edits it. */
export interface AdminPost {
  id: number;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  status: BlogPostStatus;
  categoryId: number | null;
  categoryName: string | null;
  featuredImageUrl: string;
  metaTitle: string;
  metaDescription: string;
  viewCount: number;
  /** ISO 8601. */
  createdAt: string;
  publishedAt: string | null;
  authorName: string | null;
  /** What a save names as the version it started from (see updatePost). */
  version: number;
}

export interface AdminCategory {
  id: number;
  name: string;
  slug: string;
  description: string;
  postCount: number;
}

/** Newest first (created_at desc), filtered by status and a title search, one page at a time. */
export async function listAdminPosts(
  db: Db,
  { status, q, page = 1 }: { status?: BlogPostStatus | null; q?: string | null; page?: number },
) {
  const term = q?.trim();
  const where = and(
    status ? eq(webPosts.status, status) : undefined,
    term
      ? or(
          ilike(webPosts.title, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
          ilike(webPosts.slug, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(webPosts).where(where);
  const totalCount = Number(total?.n ?? 0);
  const pages = Math.max(1, Math.ceil(totalCount / POSTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db
    .select({
      post: webPosts,
      categoryName: webCategories.name,
      authorName: users.name,
    })
    .from(webPosts)
    .leftJoin(webCategories, eq(webCategories.id, webPosts.categoryId))
    .leftJoin(users, eq(users.id, webPosts.authorId))
    .where(where)
    .orderBy(desc(webPosts.createdAt), desc(webPosts.id))
    .limit(POSTS_PAGE_SIZE)
    .offset((current - 1) * POSTS_PAGE_SIZE);
  const posts = rows.map(adminPostOf);
  return { posts, total: totalCount, page: current, pages };
}

function adminPostOf({
  post,
  categoryName,
  authorName,
}: {
  post: typeof webPosts.$inferSelect;
  categoryName: string | null;
  authorName: string | null;
}): AdminPost {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    content: post.content,
    status: post.status,
    categoryId: post.categoryId,
    categoryName: categoryName ?? null,
    featuredImageUrl: post.featuredImageUrl ?? "",
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    viewCount: post.viewCount,
    createdAt: post.createdAt.toISOString(),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    authorName: authorName ?? null,
    version: post.version,
  };
}

/** One post as the editor opens it, with who saved it last and when (its newest revision). */
export async function getAdminPost(
  db: Db,
  id: number,
): Promise<(AdminPost & { savedByName: string; savedAt: string }) | null> {
  const [row] = await db
    .select({
      post: webPosts,
      categoryName: webCategories.name,
      authorName: users.name,
      savedByName: sql<
        string | null
      >`(select saved_by_name from ${webPostRevisions} r where r.post_id = ${webPosts.id} order by r.id desc limit 1)`,
    })
    .from(webPosts)
    .leftJoin(webCategories, eq(webCategories.id, webPosts.categoryId))
    .leftJoin(users, eq(users.id, webPosts.authorId))
    .where(eq(webPosts.id, id));
  if (!row) return null;
  return {
    ...adminPostOf(row),
    savedByName: row.savedByName ?? "",
    savedAt: row.post.updatedAt.toISOString(),
  };
}

/** Posts waiting for their publish time, soonest first. */
export async function listScheduledPosts(db: Db) {
  const rows = await db
    .select({ id: webPosts.id, title: webPosts.title, publishedAt: webPosts.publishedAt })
    .from(webPosts)
    .where(eq(webPosts.status, "scheduled"))
    .orderBy(asc(webPosts.publishedAt), asc(webPosts.id))
    .limit(50);
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt?.toISOString() ?? null }));
}

export async function countPosts(db: Db) {
  const [row] = await db.select({ n: count() }).from(webPosts);
  return Number(row?.n ?? 0);
}

/** By name, with how many posts each has. */
export async function listCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db
    .select({
      id: webCategories.id,
      name: webCategories.name,
      slug: webCategories.slug,
      description: webCategories.description,
      postCount: sql<number>`(select count(*)::int from ${webPosts} where ${webPosts.categoryId} = ${webCategories.id})`,
    })
    .from(webCategories)
    .orderBy(asc(webCategories.name), asc(webCategories.id));
  return rows.map((r) => ({
    ...r,
    description: r.description ?? "",
    postCount: Number(r.postCount),
  }));
}

export interface CategoryInput {
  name: string;
  slug?: string | null;
  description?: string | null;
}

function categoryColumns(input: CategoryInput) {
  const name = input.name.trim();
  return {
    name,
    slug: input.slug?.trim() || slugify(name) || `category-${Date.now()}`,
    description: input.description?.trim() || null,
  };
}

/** A new category; a redirect left at its address by an earlier one goes (it would hide it). */
export async function createCategory(db: Db, input: CategoryInput) {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx
      .insert(webCategories)
      .values(categoryColumns(input))
      .returning({ id: webCategories.id, name: webCategories.name, slug: webCategories.slug });
    if (!row) throw new Error("the category was not stored");
    await releaseRedirectFrom(tx, `/blog?category=${row.slug}`);
    return row;
  });
}

/**
 * Renames a category (and its slug and description); null when there is no such category. A
 * changed slug leaves a redirect from the old category address, in the same transaction.
 */
export async function updateCategory(
  db: Db,
  id: number,
  input: CategoryInput,
  actorId: string | null = null,
) {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx
      .select({ slug: webCategories.slug })
      .from(webCategories)
      .where(eq(webCategories.id, id))
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(webCategories)
      .set(categoryColumns(input))
      .where(eq(webCategories.id, id))
      .returning({ id: webCategories.id, name: webCategories.name, slug: webCategories.slug });
    if (row && row.slug !== before.slug) {
      await recordMovedPath(
        tx,
        categoryAddress(before.slug),
        categoryAddress(row.slug),
        "category",
        actorId,
      );
    }
    return row ?? null;
  });
}

/** Where the blog lists a category's posts (as its filter links spell it). */
function categoryAddress(slug: string) {
  return `/blog?${new URLSearchParams({ category: slug })}`;
}

/** Deletes a category; its posts stay, without a category (the foreign key sets null). */
export async function deleteCategory(db: Db, id: number) {
  const rows = await db
    .delete(webCategories)
    .where(eq(webCategories.id, id))
    .returning({ id: webCategories.id, name: webCategories.name });
  return rows[0] ?? null;
}

export async function categoryExists(db: Db, id: number) {
  const rows = await db
    .select({ id: webCategories.id })
    .from(webCategories)
    .where(eq(webCategories.id, id))
    .limit(1);
  return rows.length > 0;
}

/** A unique-key violation (PostgreSQL 23505), as drizzle wraps it or as the driver throws it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if (typeof e === "object" && (e as { code?: unknown }).code === "23505") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const SAMPLE_CATEGORY = { name: "Technology", slug: "technology" } as const;
export const SAMPLE_POST_TITLE = "Welcome to Our Blog";

const SAMPLE_POST_CONTENT = `Welcome to our blog! This is where we share news, guides and ideas about AI voice agents, automation and growing a business with them.

## What you will find here

- Practical guides for putting AI to work
- Stories from the teams we work with
- Product news and updates

Edit or delete this post from the admin dashboard's Blog tab, and write your first article under Create New.`;

// Any constant shared by every instance: concurrent seeds queue on it.
const SEED_LOCK_KEY = 4_201_106;

/**
 * The spec's sample content: when there is no post at all, a category Technology and a published
 * welcome post. Runs in one transaction holding an advisory lock and checks again inside it, so
 * two loads at once seed once. Answers whether it seeded.
 */
export async function seedSampleContent(db: Db, authorId: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(webPosts);
    if (Number(existing?.n ?? 0) > 0) return false;
    await tx
      .insert(webCategories)
      .values({
        name: SAMPLE_CATEGORY.name,
        slug: SAMPLE_CATEGORY.slug,
        description: "AI, automation and the tools behind them.",
      })
      .onConflictDoNothing({ target: webCategories.slug });
    const [category] = await tx
      .select({ id: webCategories.id })
      .from(webCategories)
      .where(eq(webCategories.slug, SAMPLE_CATEGORY.slug));
    await createPost(
      tx as unknown as Db,
      {
        title: SAMPLE_POST_TITLE,
        content: SAMPLE_POST_CONTENT,
        excerpt: "News, guides and ideas about AI voice agents and automation.",
        status: "published",
        categoryId: category?.id ?? null,
      },
      authorId,
      { saver: { id: authorId, name: "Sample content", source: "sample" } },
    );
    return true;
  });
}
