import type { StoredVariant } from "~/db/schema.server";
import { getEnv } from "~/env.server";
import { getMediaRowsByNames, type MediaRow } from "~/models/media.server";
import { VARIANT_MIME } from "./images.server";
import type { ResponsiveImage } from "./responsive";
import { MEDIA_NAME_PATTERN } from "./rules";
import { getMediaStorage } from "./storage.server";

/** The fallback `src`: the copy nearest this width in the original's format. */
const FALLBACK_WIDTH = 960;

/** An image link preview (Open Graph, Twitter): the 1200 × 630 crop. */
export interface LinkPreviewImage {
  url: string;
  width: number;
  height: number;
}

function siteOrigin() {
  try {
    return new URL(getEnv().SITE_URL).origin;
  } catch {
    return undefined;
  }
}

/**
 * The library file an address points at, or undefined for any other address: `/media/<name>`,
 * the same on this site's origin, or the bucket's public address of the file.
 */
export function mediaNameFromUrl(
  url: string | null | undefined,
  origin: string | undefined = siteOrigin(),
): string | undefined {
  const value = url?.trim();
  if (!value) return undefined;
  let name: string | undefined;
  const bucketPrefix = getMediaStorage().publicUrl("");
  if (value.startsWith("/media/")) name = value.slice("/media/".length);
  else if (bucketPrefix !== "/media/" && value.startsWith(bucketPrefix)) {
    name = value.slice(bucketPrefix.length);
  } else if (origin && value.startsWith(`${origin}/media/`)) {
    name = value.slice(origin.length + "/media/".length);
  }
  return name && MEDIA_NAME_PATTERN.test(name) ? name : undefined;
}

/**
 * The library file names a post's content (markdown or HTML) mentions, wherever they are stored
 * (/media/… or a bucket's address); the renderer decides which images really point at them.
 */
export function mediaNamesIn(content: string): string[] {
  const names = new Set<string>();
  for (const match of content.matchAll(
    /\d{13}-[a-z0-9]{8,32}(?:-v\d{1,3}-(?:w\d{1,4}|og))?\.[a-z]{3,4}/g,
  )) {
    if (MEDIA_NAME_PATTERN.test(match[0])) names.add(match[0]);
  }
  return [...names];
}

function srcSet(variants: { url: string; width: number }[]) {
  return variants
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(", ");
}

/** A processed image row as pages show it; null when it has no copies (a document, an SVG, or not yet processed). */
export function toResponsiveImage(row: MediaRow): ResponsiveImage | null {
  if (!row.width || !row.height || row.variants.length === 0) return null;
  const storage = getMediaStorage();
  const url = (name: string) => storage.publicUrl(name);
  const steps = row.variants.filter((variant) => variant.kind === "w");
  const inFormat = (format: StoredVariant["format"]) =>
    steps
      .filter((variant) => variant.format === format)
      .map((variant) => ({ url: url(variant.name), width: variant.width }));

  const ownFormat = row.mimeType === "image/jpeg" ? "jpg" : (row.mimeType.split("/")[1] ?? "");
  const sources = (["avif", "webp"] as const)
    .map((format) => {
      const copies = inFormat(format);
      // The original is the largest copy in its own format.
      if (format === ownFormat) copies.push({ url: url(row.name), width: row.width as number });
      return { type: VARIANT_MIME[format], srcSet: srcSet(copies), count: copies.length };
    })
    .filter((source) => source.count > 0)
    .map(({ type, srcSet }) => ({ type, srcSet }));

  // The <img> itself: the original's format for browsers without AVIF or WebP.
  const fallbacks =
    ownFormat === "jpg" || ownFormat === "png"
      ? [...inFormat(ownFormat), { url: url(row.name), width: row.width }]
      : [{ url: url(row.name), width: row.width }];
  const src =
    [...fallbacks].sort(
      (a, b) => Math.abs(a.width - FALLBACK_WIDTH) - Math.abs(b.width - FALLBACK_WIDTH),
    )[0]?.url ?? url(row.name);
  return {
    src,
    srcSet: srcSet(fallbacks),
    sources,
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
    alt: row.altText,
  };
}

/** The 1200 × 630 crop of an image, with an absolute address. */
export function toLinkPreview(row: MediaRow): LinkPreviewImage | null {
  const og = row.variants.find((variant) => variant.kind === "og");
  if (!og) return null;
  const url = getMediaStorage().publicUrl(og.name);
  return {
    url: url.startsWith("/") ? `${getEnv().SITE_URL.replace(/\/+$/, "")}${url}` : url,
    width: og.width,
    height: og.height,
  };
}

/** A library file among a page's image addresses. */
export interface ResolvedImage {
  /** Null for a library file without copies (an SVG, or an image not processed yet). */
  image: ResponsiveImage | null;
  /** The library's alt text, for every library file. */
  alt: string;
  preview: LinkPreviewImage | null;
}

/**
 * The library files among these addresses, keyed by address, with their responsive forms.
 * Addresses outside the library are left out: pages show those as they are.
 */
export async function resolveImages(
  urls: readonly (string | null | undefined)[],
): Promise<Map<string, ResolvedImage>> {
  const byName = new Map<string, string[]>();
  for (const url of urls) {
    const name = mediaNameFromUrl(url);
    if (!name || !url) continue;
    byName.set(name, [...(byName.get(name) ?? []), url]);
  }
  const found = new Map<string, ResolvedImage>();
  if (byName.size === 0) return found;
  for (const row of await getMediaRowsByNames([...byName.keys()])) {
    const resolved = {
      image: toResponsiveImage(row),
      alt: row.altText,
      preview: toLinkPreview(row),
    };
    for (const url of byName.get(row.name) ?? []) found.set(url, resolved);
  }
  return found;
}

/** Responsive images by file name, for a post body. */
export async function imagesByName(
  names: readonly string[],
): Promise<Map<string, ResponsiveImage>> {
  const found = new Map<string, ResponsiveImage>();
  for (const row of await getMediaRowsByNames(names)) {
    const image = toResponsiveImage(row);
    if (image) found.set(row.name, image);
  }
  return found;
}
