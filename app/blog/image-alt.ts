import { Marked, type Token } from "marked";
import { MEDIA_NAME_PATTERN } from "~/media/rules";
import { z } from "~/schemas/zod";

/**
 * Which images of a post would reach the page without alt text, for the editor's warning. A post
 * body is read the way app/blog/render.server.ts reads it (the same markdown parser, and HTML from
 * the creator pages as HTML), so the warning names exactly the images the page will show.
 */

/** The most files one look-up asks about: far more images than a post holds. */
export const LIBRARY_LOOKUP_MAX = 50;

/** GET /admin/blog/media?names=a,b: the library's alt texts of these files. */
export const libraryLookupSchema = z.object({
  names: z
    .string()
    .max(LIBRARY_LOOKUP_MAX * 80)
    .transform((value) => [...new Set(value.split(",").filter(Boolean))])
    .pipe(
      z
        .array(z.string().regex(MEDIA_NAME_PATTERN, "Not a media library file name"))
        .max(LIBRARY_LOOKUP_MAX),
    ),
});

/** A library file as the look-up answers it. */
export interface LibraryFile {
  name: string;
  originalName: string;
  altText: string;
  url: string;
}

export interface PostImage {
  url: string;
  alt: string;
}

export interface ImageWithoutAlt {
  where: "featured" | "content";
  url: string;
  /** How the editor knows the file: its uploaded name for a library file, else its address's. */
  label: string;
  inLibrary: boolean;
}

// As in render.server.ts: content starting with a block tag is the creators' HTML, never markdown
// (parsing it as markdown would turn its indented lines into code).
const HTML_DOCUMENT =
  /^\s*<(p|h[1-6]|div|section|article|header|ul|ol|table|figure|blockquote|img|pre|hr|br|!--)[\s>/]/i;

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(value: string) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code[0] !== "#") return ENTITIES[code.toLowerCase()] ?? entity;
    const point =
      code[1] === "x" || code[1] === "X"
        ? Number.parseInt(code.slice(2), 16)
        : Number.parseInt(code.slice(1), 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}

const IMG_TAG = /<img\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function imagesInHtml(html: string): PostImage[] {
  const images: PostImage[] = [];
  // The sanitizer drops comments, and the images inside them with them.
  for (const tag of html.replace(/<!--[\s\S]*?-->/g, "").matchAll(IMG_TAG)) {
    const attributes = new Map<string, string>();
    for (const [, name, double, single, bare] of (tag[1] ?? "").matchAll(ATTRIBUTE)) {
      const key = name?.toLowerCase();
      if (key && !attributes.has(key)) {
        attributes.set(key, decodeEntities(double ?? single ?? bare ?? ""));
      }
    }
    images.push({ url: attributes.get("src") ?? "", alt: attributes.get("alt") ?? "" });
  }
  return images;
}

/** Only these addresses become an image on the page; the sanitizer drops the others' src. */
function isShown(url: string) {
  return /^\/(?![/\\])/.test(url) || /^https?:\/\//i.test(url);
}

/** The images a post body shows, in order, with the alt text its author wrote ("" for none). */
export function imagesInContent(content: string): PostImage[] {
  let images: PostImage[];
  if (HTML_DOCUMENT.test(content)) {
    images = imagesInHtml(content);
  } else {
    images = [];
    markdown.walkTokens(markdown.lexer(content), (token: Token) => {
      if (token.type === "image") images.push({ url: token.href, alt: token.text });
      else if (token.type === "html") images.push(...imagesInHtml(token.text));
    });
  }
  return images
    .map((image) => ({ url: image.url.trim(), alt: image.alt }))
    .filter((image) => isShown(image.url));
}

/**
 * The library file an address may point at: the last segment of its path when it has the shape
 * of a name the server gives. Whether it really is one is for the look-up (see `libraryFileOf`).
 */
export function libraryNameCandidate(url: string): string | undefined {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const name = path.slice(path.lastIndexOf("/") + 1);
  return MEDIA_NAME_PATTERN.test(name) ? name : undefined;
}

/** The names to look up for a post: its featured image's and its body images'. */
export function libraryNamesOf(featuredImageUrl: string, content: string): string[] {
  const urls = [featuredImageUrl.trim(), ...imagesInContent(content).map((image) => image.url)];
  const names = new Set<string>();
  for (const url of urls) {
    const name = url ? libraryNameCandidate(url) : undefined;
    if (name) names.add(name);
  }
  return [...names].sort().slice(0, LIBRARY_LOOKUP_MAX);
}

/**
 * The library file behind an address, as pages resolve it: /media/<name>, the same on this site's
 * origin, or the file's own public address (a bucket's).
 */
export function libraryFileOf(
  url: string,
  library: ReadonlyMap<string, LibraryFile>,
  origin: string | undefined,
): LibraryFile | undefined {
  const name = libraryNameCandidate(url);
  const file = name ? library.get(name) : undefined;
  if (!file) return undefined;
  const local = `/media/${file.name}`;
  if (url === file.url || url === local || (origin && url === `${origin}${local}`)) return file;
  return undefined;
}

function addressLabel(url: string) {
  const path = url.split(/[?#]/, 1)[0] ?? url;
  const last = path.slice(path.lastIndexOf("/") + 1) || path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * Each image of the post that would have no alt text on the page. An image counts as described by
 * its own alt text, or, for a library file, by the library's: the page fills that in. Images whose
 * file is still being looked up (`pending`) are left out rather than guessed at.
 */
export function imagesWithoutAlt({
  featuredImageUrl,
  content,
  library,
  pending,
  origin,
}: {
  featuredImageUrl: string;
  content: string;
  library: ReadonlyMap<string, LibraryFile>;
  pending?: ReadonlySet<string>;
  origin?: string;
}): ImageWithoutAlt[] {
  const missing: ImageWithoutAlt[] = [];
  const check = (where: ImageWithoutAlt["where"], image: PostImage) => {
    if (image.alt.trim()) return;
    const candidate = libraryNameCandidate(image.url);
    if (candidate && pending?.has(candidate)) return;
    const file = libraryFileOf(image.url, library, origin);
    if (file?.altText.trim()) return;
    const label = file?.originalName || addressLabel(image.url);
    // One entry per file and place: the same image twice in the body needs one fix.
    if (missing.some((entry) => entry.where === where && entry.url === image.url)) return;
    missing.push({ where, url: image.url, label, inLibrary: file !== undefined });
  };
  const featured = featuredImageUrl.trim();
  if (featured) check("featured", { url: featured, alt: "" });
  for (const image of imagesInContent(content)) check("content", image);
  return missing;
}

const list = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/** The editor's warning for these images; undefined when every image is described. */
export function altTextWarning(missing: readonly ImageWithoutAlt[]): string | undefined {
  if (missing.length === 0) return undefined;
  const parts: string[] = [];
  const featured = missing.find((entry) => entry.where === "featured");
  if (featured) parts.push(`the featured image (${featured.label})`);
  const body = missing.filter((entry) => entry.where === "content").map((entry) => entry.label);
  if (body.length > 0) parts.push(`${list.format(body)} in the content`);
  const one = missing.length === 1;
  const text = [
    `${one ? "An image has" : "Some images have"} no alt text: ${parts.join("; ")}.`,
    `Add it in the media library (Alt text) or in the image's markdown, so people who cannot see ${one ? "it know what it shows" : "the images know what they show"}.`,
  ];
  if (featured && !featured.inLibrary) {
    text.push(
      "A featured image from outside the media library cannot have alt text: choose one from the library.",
    );
  }
  return text.join(" ");
}
