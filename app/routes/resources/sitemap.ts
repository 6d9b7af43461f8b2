import { publicPagePaths } from "~/content/service-paths";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import { listPublicPages } from "~/models/overview.server";
import { listPageAddresses } from "~/pages/page-addresses.server";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Every public page, published posts included (the same list the overview and the link audit
 * use); a page row's entry carries the time it last changed.
 */
export async function loader() {
  const site = getEnv().SITE_URL;
  let entries: { path: string; lastmod?: string }[];
  let complete = true;
  try {
    const db = getDb();
    const [paths, pages] = await Promise.all([listPublicPages(db), listPageAddresses(db)]);
    const changed = new Map(pages.map((page) => [page.path, page.updatedAt]));
    entries = paths.map((path) => ({ path, lastmod: changed.get(path) }));
  } catch (error) {
    logger.error({ err: error }, "could not list blog posts and pages for the sitemap");
    noteDatabaseFallback();
    entries = publicPagePaths.map((path) => ({ path }));
    complete = false;
  }
  const urls = entries
    .map(
      ({ path, lastmod }) =>
        `  <url><loc>${escapeXml(`${site}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      // The list without the posts must not stay in a CDN for an hour once the database is back.
      "Cache-Control": complete ? "public, max-age=3600" : "no-store",
    },
  });
}
