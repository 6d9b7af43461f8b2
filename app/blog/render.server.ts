import { createHash } from "node:crypto";
import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { getEnv } from "~/env.server";
import { headingId } from "~/lib/slug";
import { IMAGE_SIZES, pictureHtml, type ResponsiveImage } from "~/media/responsive";
import { mediaNameFromUrl } from "~/media/responsive.server";

// Posts are markdown (the blog manager, the post API) or HTML (the creator pages). Both go
// through one allow-list: whatever the author wrote, the page only ever gets these tags and
// attributes, links and images only with http(s), mailto (links), tel (links) or site-relative addresses.

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const allowedTags = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "blockquote",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "del",
  "ins",
  "mark",
  "sub",
  "sup",
  "small",
  "abbr",
  "code",
  "pre",
  "kbd",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "div",
  "span",
  "section",
  "article",
  "dl",
  "dt",
  "dd",
  "input",
];

// Tags whose text must go with them rather than stay behind as visible text.
const nonTextTags = [
  "script",
  "style",
  "textarea",
  "option",
  "noscript",
  "template",
  "title",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "frameset",
  "noembed",
  "xmp",
];

const SITE_RELATIVE = /^\/(?![/\\])/;
const SAFE_ABSOLUTE = /^(https?:\/\/|mailto:)/i;
/** A phone number to call (tel:+18135550142, as a page's "call us" writes it): digits only. */
const TEL = /^tel:\+?\d[\d-]*$/i;

/** An address a post may link to or show: http(s), mailto, tel, or a path on this site. Images: no mailto or tel. */
function safeUrl(value: string | undefined, { mailto }: { mailto: boolean }) {
  const url = (value ?? "").trim();
  // Control characters and whitespace inside a scheme are how "java\tscript:" slips through.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to refuse them
  if (!url || /[\u0000-\u001f\u007f]/.test(url)) return undefined;
  if (SITE_RELATIVE.test(url) || url.startsWith("#")) return url;
  if (TEL.test(url)) return mailto ? url : undefined;
  if (!SAFE_ABSOLUTE.test(url)) return undefined;
  if (!mailto && /^(mailto|tel):/i.test(url)) return undefined;
  try {
    new URL(url);
    return url;
  } catch {
    return undefined;
  }
}

function isExternal(href: string, siteOrigin: string | undefined) {
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return new URL(href).origin !== siteOrigin;
  } catch {
    return true;
  }
}

type PostImages = ReadonlyMap<string, ResponsiveImage>;

function sanitize(html: string, siteOrigin: string | undefined, images: PostImages) {
  return sanitizeHtml(html, {
    allowedTags,
    nonTextTags,
    disallowedTagsMode: "discard",
    allowedAttributes: {
      // target, rel, loading and decoding are set by the transforms below, never taken from input.
      a: ["href", "title", "target", "rel"],
      // data-media marks an image of our library, set by the transform below (never from input).
      img: ["src", "alt", "title", "width", "height", "loading", "decoding", "data-media"],
      th: ["align", "colspan", "rowspan", "scope"],
      td: ["align", "colspan", "rowspan"],
      abbr: ["title"],
      ol: ["start"],
      input: ["type", "checked", "disabled"],
    },
    // Only the language hint of fenced code blocks; no author classes that could restyle the page.
    allowedClasses: { code: ["language-*"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    allowedSchemesByTag: { img: ["http", "https"] },
    allowProtocolRelative: false,
    allowedStyles: {},
    exclusiveFilter: (frame) =>
      // Task-list checkboxes are the only inputs a post may hold.
      frame.tag === "input" && frame.attribs.type !== "checkbox",
    transformTags: {
      // The page's title is its one h1; a post's own top-level headings sit below it.
      h1: "h2",
      a: (tagName, attribs) => {
        const href = safeUrl(attribs.href, { mailto: true });
        const out: Record<string, string> = {};
        if (attribs.title) out.title = attribs.title;
        if (href) {
          out.href = href;
          if (isExternal(href, siteOrigin)) {
            out.target = "_blank";
            out.rel = "noopener noreferrer nofollow";
          }
        }
        return { tagName, attribs: out };
      },
      img: (tagName, attribs) => {
        const src = safeUrl(attribs.src, { mailto: false });
        const out: Record<string, string> = { alt: attribs.alt ?? "" };
        if (src) out.src = src;
        if (attribs.title) out.title = attribs.title;
        const media = mediaNameFromUrl(src, siteOrigin);
        if (media && images.has(media)) {
          // Replaced by a <picture> once sanitized (withPictures).
          out["data-media"] = media;
          return { tagName, attribs: out };
        }
        for (const size of ["width", "height"] as const) {
          const value = attribs[size];
          if (value && /^\d{1,4}$/.test(value)) out[size] = value;
        }
        out.loading = "lazy";
        out.decoding = "async";
        return { tagName, attribs: out };
      },
      input: (tagName, attribs) => ({
        tagName,
        attribs: {
          type: attribs.type === "checkbox" ? "checkbox" : "hidden",
          disabled: "",
          ...(attribs.checked !== undefined ? { checked: "" } : {}),
        },
      }),
    },
  });
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#39": "'",
  nbsp: " ",
};

function headingSlug(innerHtml: string) {
  const text = innerHtml
    .replace(/<[^>]*>/g, "")
    .replace(/&(#?\w+);/g, (_, name: string) => ENTITIES[name] ?? " ");
  return headingId(text, 80);
}

const PAGE_IDS = ["main", "related-posts"];

/** Every heading gets an id from its text (unique within the post), so sections can be linked. */
function addHeadingIds(html: string) {
  // Ids the page around the post already uses count as taken.
  const seen = new Map<string, number>(PAGE_IDS.map((id) => [id, 1]));
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const base = headingSlug(inner);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const id = count === 0 ? base : `${base}-${count + 1}`;
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
}

// HTML from the creator pages starts with a block tag; markdown parsing would turn its indented
// lines into code blocks, so such content is sanitized as it is.
const HTML_DOCUMENT =
  /^\s*<(p|h[1-6]|div|section|article|header|ul|ol|table|figure|blockquote|img|pre|hr|br|!--)[\s>/]/i;

function siteOriginFromEnv() {
  try {
    return new URL(getEnv().SITE_URL).origin;
  } catch {
    return undefined;
  }
}

const ENTITY_DECODE: Record<string, string> = {
  "&amp;": "&",
  "&quot;": '"',
  "&lt;": "<",
  "&gt;": ">",
};

function attributeOf(tag: string, name: string) {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replace(/&(?:amp|quot|lt|gt);/g, (entity) => ENTITY_DECODE[entity] ?? entity);
}

/**
 * Library images become <picture> with AVIF and WebP copies, their real size and a placeholder.
 * The tags matched here are the sanitizer's own output, with attributes it escaped.
 */
function withPictures(html: string, images: PostImages) {
  if (images.size === 0) return html;
  return html.replace(/<img\b[^>]*\sdata-media="([^"]+)"[^>]*>/g, (tag, name: string) => {
    const image = images.get(name);
    if (!image) return tag;
    return pictureHtml(image, {
      // The library's alt text stands in when the post gives none.
      alt: attributeOf(tag, "alt") || image.alt,
      title: attributeOf(tag, "title"),
      sizes: IMAGE_SIZES.article,
    });
  });
}

/**
 * A post's content (markdown, or HTML from the creator pages) as safe HTML for the page. With
 * `images` (by file name, app/media/responsive.server), library images are made responsive.
 */
export function renderPostHtml(
  content: string,
  options: { siteUrl?: string; images?: PostImages } = {},
): string {
  const siteOrigin = options.siteUrl ? new URL(options.siteUrl).origin : siteOriginFromEnv();
  const images = options.images ?? new Map();
  const html = HTML_DOCUMENT.test(content)
    ? content
    : (markdown.parse(content, { async: false }) as string);
  return withPictures(addHeadingIds(sanitize(html, siteOrigin, images)), images);
}

/** Changes whenever an image of the post changes (new copies, new alt text). */
function imagesKey(images: PostImages | undefined) {
  if (!images || images.size === 0) return "";
  const hash = createHash("sha1");
  for (const [name, image] of [...images].sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${name}\0${image.srcSet}\0${image.sources.length}\0${image.alt}\0`);
  }
  return hash.digest("base64url");
}

const CACHE_LIMIT = 200;
const cache = new Map<string, string>();

/**
 * The rendered post, remembered per post and version (its updated_at), so page views do not
 * render it again. Oldest entries go first once the cache is full.
 */
export function renderPostHtmlCached(
  post: { id: number; updatedAt: Date | string; content: string },
  options: { siteUrl?: string; images?: PostImages } = {},
): string {
  const version = post.updatedAt instanceof Date ? post.updatedAt.getTime() : post.updatedAt;
  const key = `${post.id}:${version}:${imagesKey(options.images)}`;
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const html = renderPostHtml(post.content, options);
  cache.set(key, html);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return html;
}

/** For tests. */
export function renderCacheSize() {
  return cache.size;
}
