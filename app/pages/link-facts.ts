import {
  canonicalAddress,
  matchRedirect,
  type RedirectEntry,
  redirectTable,
  withoutTrailingSlash,
} from "~/lib/redirect-paths";
import { isServedAddress } from "~/lib/redirect-sources";

/**
 * What the check before publishing (publish-check.ts) asks about a link to this site: whether
 * something answers at the address, and whether a redirect sends it elsewhere first.
 * Browser-safe: the server gathers the data (link-facts.server.ts), the editor's loader hands it
 * to the browser as plain JSON, and `linkFactsFrom` answers from it there, as staff type.
 */
export interface LinkFacts {
  /** The site's public origin (`https://example.com`): absolute links to it count as internal. */
  siteOrigin: string;
  /** Whether the site answers this path (`/about`, `/blog/x`, `/blog?category=ai`). */
  exists(path: string): boolean;
  /** Where a live redirect sends this path, or null when none does. */
  redirectsTo(path: string): string | null;
}

/** The facts as data, for a loader to send: small enough for any real site (one line a page). */
export interface LinkFactsData {
  siteOrigin: string;
  /** Published pages and the site's own fixed pages. Matched in any case, as the router does. */
  pages: string[];
  /** Visible posts' addresses (`/blog/<slug>`, encoded): a slug is matched exactly. */
  posts: string[];
  /** Category slugs: `/blog?category=<slug>` lists a category's posts. */
  categories: string[];
  /** The redirects that are followed (liveRedirects). */
  redirects: RedirectEntry[];
}

function split(address: string) {
  const bare = address.replace(/#.*$/, "");
  const at = bare.indexOf("?");
  return at === -1
    ? { path: bare, query: "" }
    : { path: bare.slice(0, at), query: bare.slice(at + 1) };
}

const keyOf = (path: string) => canonicalAddress(withoutTrailingSlash(path));

export function linkFactsFrom(data: LinkFactsData): LinkFacts {
  const pages = new Set(data.pages.map((path) => keyOf(path).toLowerCase()));
  const posts = new Set(data.posts.map(keyOf));
  const categories = new Set(data.categories);
  const redirects = redirectTable(data.redirects);
  return {
    siteOrigin: data.siteOrigin,
    exists(address) {
      const { path, query } = split(address);
      const key = keyOf(path);
      if (key.toLowerCase() === "/blog") {
        // The blog lists any category it is asked for; one that does not exist lists nothing.
        const category = new URLSearchParams(query).get("category");
        return category === null || categories.has(category);
      }
      if (isServedAddress(key)) return true;
      // The post route answers every other /blog/<x>; only a visible post's slug is a page.
      if (/^\/blog\/[^/]+$/i.test(key)) return posts.has(key);
      return pages.has(key.toLowerCase());
    },
    redirectsTo(address) {
      const { path, query } = split(address);
      return matchRedirect(redirects, path, query)?.location ?? null;
    },
  };
}
