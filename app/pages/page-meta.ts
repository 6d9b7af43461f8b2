import type { MetaDescriptor } from "react-router";
import { seo } from "~/lib/seo";
import type { PageHead } from "./view";

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/**
 * A page's head like every other page's (title with the site's name, description, Open Graph),
 * with the page's own canonical address when staff set one: og:url follows it, so links shared
 * from a copy point at the original.
 */
export function pageMeta(matches: MatchLike[], head: PageHead): MetaDescriptor[] {
  const tags = seo(matches, {
    title: head.title,
    description: head.description,
    path: head.path,
    image: head.image,
    noindex: head.noindex,
  });
  const canonical = head.canonical;
  if (!canonical) return tags;
  return tags.map((tag) => {
    if ("tagName" in tag && tag.tagName === "link" && tag.rel === "canonical") {
      return { ...tag, href: canonical };
    }
    if ("property" in tag && tag.property === "og:url") return { ...tag, content: canonical };
    return tag;
  });
}
