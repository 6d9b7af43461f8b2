import { extensionOf, MEDIA_TYPES, type MediaExtension } from "./rules";

/**
 * How a media file is served. Anything opened directly runs nothing: the policy forbids scripts,
 * plugins and connections and sandboxes the document (an SVG's scripts and handlers stay inert,
 * even on the site's own origin), and no other site can frame it. Images show inline; documents
 * are downloads.
 */
export const MEDIA_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; sandbox";

const INLINE = new Set<MediaExtension>(["jpg", "png", "gif", "webp", "avif", "svg"]);

export function mediaTypeOfName(name: string): MediaExtension | undefined {
  const ext = extensionOf(name);
  return ext in MEDIA_TYPES ? (ext as MediaExtension) : undefined;
}

/** The response headers of a stored file, chosen from the type the server detected at upload. */
export function mediaResponseHeaders(name: string, ext: MediaExtension): Record<string, string> {
  const mime = MEDIA_TYPES[ext].mime;
  return {
    "Content-Type": ext === "txt" ? "text/plain; charset=utf-8" : mime,
    "X-Content-Type-Options": "nosniff",
    // Names are never reused, so a file can be cached for good.
    "Cache-Control": "public, max-age=31536000, immutable",
    "Content-Security-Policy": MEDIA_CSP,
    // Public files: other sites and mail clients may embed them (the site's default is same-origin).
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Content-Disposition": INLINE.has(ext) ? "inline" : `attachment; filename="${name}"`,
  };
}

/**
 * A bucket cannot send a CSP header, so an SVG there is stored as a download: <img> still shows
 * it, opening it directly saves it instead of rendering it at the bucket's origin.
 */
export function bucketContentDisposition(name: string, ext: MediaExtension) {
  return ext === "svg" || !INLINE.has(ext) ? `attachment; filename="${name}"` : undefined;
}
