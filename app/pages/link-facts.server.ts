import type { Db } from "~/db/client.server";
import { webCategories, webRedirects } from "~/db/schema.server";
import { liveRedirects } from "~/lib/redirect-sources";
import { listPublicPages } from "~/models/overview.server";
import { type LinkFacts, type LinkFactsData, linkFactsFrom } from "./link-facts";
import { listPageAddresses } from "./page-addresses.server";

export type { LinkFacts, LinkFactsData };

/**
 * What exists on the site now, for the check before publishing: the pages the sitemap and the
 * link audit list (the fixed pages and the visible posts, `listPublicPages`), the published pages
 * built from blocks, the blog's categories and the redirects that are followed. Everything else
 * the site answers itself (sign-in, feeds, media) `isServedAddress` knows from the route table.
 * Drafts and scheduled posts or pages do not exist yet: a link to one is reported as missing.
 */
export async function loadLinkFactsData(db: Db, siteOrigin: string): Promise<LinkFactsData> {
  const [listed, pages, categories, redirects] = await Promise.all([
    listPublicPages(db),
    listPageAddresses(db),
    db.select({ slug: webCategories.slug }).from(webCategories),
    db.select({ fromPath: webRedirects.fromPath, target: webRedirects.target }).from(webRedirects),
  ]);
  const isPost = (path: string) => path.startsWith("/blog/");
  return {
    siteOrigin: new URL(siteOrigin).origin,
    pages: [
      ...listed.filter((path) => !isPost(path)),
      ...pages.filter((page) => page.status === "published").map((page) => page.path),
    ],
    posts: listed.filter(isPost),
    categories: categories.map((category) => category.slug),
    redirects: liveRedirects(redirects),
  };
}

export async function loadLinkFacts(db: Db, siteOrigin: string): Promise<LinkFacts> {
  return linkFactsFrom(await loadLinkFactsData(db, siteOrigin));
}
