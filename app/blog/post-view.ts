/** A featured image address the page may show: http(s) or a path on this site; anything else none. */
export function safeImageUrl(value: string | null | undefined) {
  const url = value?.trim();
  if (!url) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    new URL(url);
    return url;
  } catch {
    return null;
  }
}

/** The image as an absolute address, for Open Graph and JSON-LD. */
export function absoluteUrl(siteUrl: string, url: string) {
  return url.startsWith("/") ? `${siteUrl}${url}` : url;
}

/** "12 views", "1 view" */
export function viewsLabel(count: number) {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "view" : "views"}`;
}

/** Plain text for a description when the post has none: the first 150 characters of the body. */
export function plainExcerpt(text: string, length = 150) {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/[#*_`>[\]()!|~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain.length > length ? `${plain.slice(0, length).trimEnd()}...` : plain;
}
