import { asc, count, sql } from "drizzle-orm";
import { publicPagePaths } from "~/content/service-paths";
import type { Database, Db } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import { isServedAddress } from "~/lib/redirect-sources";
import { isListedPage, listPageAddresses } from "~/pages/page-addresses.server";
import { isVisiblePost } from "./blog.server";
import { getActiveLinks } from "./link-audit.server";

/**
 * The site's own pages in the sitemap: the fixed list of the pages the site came with, then the
 * published pages staff made at other addresses, except those hidden from search engines. A fixed
 * page that is a page row is listed only while that row is published and not hidden (staff may
 * archive the About page or delete a product page); one that no row holds is listed while a route
 * of the app still draws it (the blog), and left out once neither does.
 */
async function listSitePages(db: Db): Promise<string[]> {
  const rows = await listPageAddresses(db);
  const byPath = new Map(rows.map((page) => [page.path, page]));
  const fixed = publicPagePaths.filter((path) => {
    const row = byPath.get(path);
    return row ? isListedPage(row) : isServedAddress(path);
  });
  const listed = new Set<string>(publicPagePaths);
  const built = rows.filter((page) => isListedPage(page) && !listed.has(page.path));
  return [...fixed, ...built.map((page) => page.path)];
}

/**
 * Every public page the sitemap lists: the site's own pages (listSitePages) and each published
 * blog post at /blog/<slug>. The overview counts it and the link audit starts from it.
 */
export async function listPublicPages(db: Db): Promise<string[]> {
  const [pages, posts] = await Promise.all([listSitePages(db), listPostPages(db)]);
  return [...pages, ...posts];
}

async function listPostPages(db: Db): Promise<string[]> {
  const posts = await db
    .select({ slug: webPosts.slug })
    .from(webPosts)
    .where(isVisiblePost())
    .orderBy(asc(webPosts.slug));
  return posts.map((p) => `/blog/${encodeURIComponent(p.slug)}`);
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
  const [sitePages, postPages, posts, links] = await Promise.all([
    listSitePages(database.db),
    listPostPages(database.db),
    countPosts(database.db),
    getActiveLinks(database.db),
  ]);
  return {
    site,
    pages: {
      total: sitePages.length + postPages.length,
      // "Site pages": the fixed ones and those built from blocks.
      fixed: sitePages.length,
      posts: postPages.length,
    },
    posts,
    links,
  };
}

export type Overview = Awaited<ReturnType<typeof getOverview>>;
