import { asc, count, sql } from "drizzle-orm";
import { publicPagePaths } from "~/content/service-paths";
import type { Database, Db } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import { isVisiblePost } from "./blog.server";
import { getActiveLinks } from "./link-audit.server";

/**
 * Every public page: the fixed pages of the route table (the sitemap's list) and each published
 * blog post at /blog/<slug>. The overview counts it and the link audit starts from it.
 */
export async function listPublicPages(db: Db): Promise<string[]> {
  const posts = await db
    .select({ slug: webPosts.slug })
    .from(webPosts)
    .where(isVisiblePost())
    .orderBy(asc(webPosts.slug));
  return [...publicPagePaths, ...posts.map((p) => `/blog/${encodeURIComponent(p.slug)}`)];
}

export async function countPosts(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${webPosts.status} = 'published')::int`,
      drafts: sql<number>`count(*) filter (where ${webPosts.status} = 'draft')::int`,
      scheduled: sql<number>`count(*) filter (where ${webPosts.status} = 'scheduled')::int`,
    })
    .from(webPosts);
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    drafts: Number(row?.drafts ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
  };
}

const READINESS_TIMEOUT_MS = 3_000;

/** The readiness check of /readyz: the site is live while its database answers. */
export async function checkSiteStatus(database: Pick<Database, "ping">) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), READINESS_TIMEOUT_MS);
      }),
    ]);
    return { live: true as const };
  } catch {
    return { live: false as const };
  } finally {
    clearTimeout(timer);
  }
}

/** The overview's four figures, each a real count. */
export async function getOverview(database: Database) {
  const site = await checkSiteStatus(database);
  if (!site.live) return { site, pages: null, posts: null, links: null };
  const [pages, posts, links] = await Promise.all([
    listPublicPages(database.db),
    countPosts(database.db),
    getActiveLinks(database.db),
  ]);
  return {
    site,
    pages: {
      total: pages.length,
      fixed: publicPagePaths.length,
      posts: pages.length - publicPagePaths.length,
    },
    posts,
    links,
  };
}

export type Overview = Awaited<ReturnType<typeof getOverview>>;
