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
    /** An address, or the 1200 × 630 link-preview crop of a library image. */
    image?: string | { url: string; width: number; height: number };
    type?: "website" | "article";
    noindex?: boolean;
  },
): MetaDescriptor[] {
  const { siteUrl, siteName } = rootData(matches);
  const url = `${siteUrl}${page.path}`;
  const title = page.title.includes(siteName) ? page.title : `${page.title} | ${siteName}`;
  const given = typeof page.image === "string" ? page.image : page.image?.url;
  const image = given
    ? given.startsWith("http")
      ? given
      : `${siteUrl}${given}`
    : `${siteUrl}/images/og-default.png`;
  const size =
    typeof page.image === "object"
      ? page.image
      : page.image
        ? undefined
        : { width: 1200, height: 630 };
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
    ...(size
      ? [
          { property: "og:image:width", content: String(size.width) },
          { property: "og:image:height", content: String(size.height) },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    ...(page.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}
