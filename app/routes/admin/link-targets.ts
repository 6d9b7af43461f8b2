import { asc, eq } from "drizzle-orm";
import { data } from "react-router";
import { requireSectionApi } from "~/auth/permissions.server";
import type { LinkTarget } from "~/components/admin/rich-text/link-targets";
import { publicPagePaths, publicPageTitles } from "~/content/service-paths";
import { getDb } from "~/db/client.server";
import { webPages, webPosts } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { isVisiblePost } from "~/models/blog.server";
import type { Route } from "./+types/link-targets";

/**
 * GET /admin/pages/link-targets: the published pages and visible posts, with their titles, that
 * the rich-text editor's link picker offers (the same site the check before publishing knows).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "pages");
  try {
    const db = getDb();
    const [pages, posts] = await Promise.all([
      db
        .select({ title: webPages.title, path: webPages.path })
        .from(webPages)
        .where(eq(webPages.status, "published"))
        .orderBy(asc(webPages.path)),
      db
        .select({ title: webPosts.title, slug: webPosts.slug })
        .from(webPosts)
        .where(isVisiblePost())
        .orderBy(asc(webPosts.title)),
    ]);
    const seen = new Set(pages.map((page) => page.path));
    const targets: LinkTarget[] = [
      ...pages.map((page) => ({ kind: "page" as const, title: page.title, address: page.path })),
      // The site's own pages not (yet) made of blocks. Those that are rows are listed above
      // while published, and not at all while a draft (a link there would find nothing).
      ...publicPagePaths.flatMap((path) => {
        const title = publicPageTitles[path];
        return title && !seen.has(path) ? [{ kind: "page" as const, title, address: path }] : [];
      }),
      ...posts.map((post) => ({
        kind: "post" as const,
        title: post.title,
        address: `/blog/${encodeURIComponent(post.slug)}`,
      })),
    ];
    return data({ ok: true as const, targets });
  } catch (error) {
    logger.error({ err: error }, "Could not list the link picker's pages and posts");
    return data(
      { ok: false as const, error: "The pages and posts could not be loaded. Please try again." },
      { status: 500 },
    );
  }
}
