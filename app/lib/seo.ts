import type { MetaDescriptor } from "react-router";

interface RootData {
  siteUrl: string;
  siteName: string;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's site address and name, as seen from any route's meta function. */
export function rootData(matches: MatchLike[]): RootData {
  const root = matches.find((m) => m?.id === "root")?.loaderData as Partial<RootData> | undefined;
  return { siteUrl: root?.siteUrl ?? "", siteName: root?.siteName ?? "AI Solutions" };
}

/**
 * Title, description, canonical URL, Open Graph and Twitter tags for a page.
 * `path` is the page's own path; the canonical URL is SITE_URL + path.
 */
export function seo(
  matches: MatchLike[],
  page: {
    title: string;
    description: string;
    path: string;
    image?: string;
    type?: "website" | "article";
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const { siteUrl, siteName } = rootData(matches);
  const url = `${siteUrl}${page.path}`;
  const title = page.title.includes(siteName) ? page.title : `${page.title} | ${siteName}`;
  const image = page.image
    ? page.image.startsWith("http")
      ? page.image
      : `${siteUrl}${page.image}`
    : `${siteUrl}/images/og-default.png`;
  return [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
