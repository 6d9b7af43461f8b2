import { publicPagePaths } from "~/content/service-paths";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import { listPublicPages } from "~/models/overview.server";

function escapeXml(value: string) {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Every public page, published posts included: the same list the overview and link audit use. */
export async function loader() {
  const site = getEnv().SITE_URL;
  let paths: string[];
  let complete = true;
  try {
    paths = await listPublicPages(getDb());
  } catch (error) {
    logger.error({ err: error }, "could not list blog posts for the sitemap");
    noteDatabaseFallback();
    paths = [...publicPagePaths];
    complete = false;
  }
  const urls = paths
    .map((path) => `  <url><loc>${escapeXml(`${site}${path}`)}</loc></url>`)
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
