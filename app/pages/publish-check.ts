import { Marked, type Token } from "marked";
import {
  imagesInContent,
  type LibraryFile,
  libraryFileOf,
  libraryNameCandidate,
} from "~/blog/image-alt";
import type { Block } from "./blocks";
import type { LinkFacts } from "./link-facts";

export type { LinkFacts };

/**
 * The check before publishing, for pages and posts: warnings that never block a save, each
 * naming the place in the editor that needs a look (a field, or a block and a field in it).
 *
 * Browser-safe and admin-only: the editors run it as staff type, with the link facts the server
 * gathered (link-facts.server.ts). No public route may import it (it brings marked along).
 *
 * The heading outline is the one the public page renders, not the one the markdown suggests:
 * the blog's renderer (app/blog/render.server.ts) turns every h1 of a body into an h2, since
 * the page's title is its one h1, and app/pages/render.server.ts moves a block's markdown
 * headings one level further down under a heading of the block's own. So a "# " in a text
 * block is an H2 on the page, never a second H1. See `pageOutline` for the blocks' headings.
 */

export type PublishWarningCode =
  | "title-long"
  | "description-length"
  | "h1-count"
  | "heading-skip"
  | "image-alt"
  | "no-internal-link"
  | "link-missing"
  | "link-redirect"
  | "paragraph-long"
  | "sentences-long";

/**
 * Where the editor takes staff for a warning. `content` is a post's body; for a page it means
 * the blocks as a whole (a warning about the page, like "no internal link"). A block's `field`
 * is a dotted path in the block with list positions from 0 (`cards.2.href`, `sections.0.markdown`),
 * as the editor's field ids are made.
 */
export type PublishWarningPlace =
  | { field: "title" | "metaTitle" | "metaDescription" | "content" | "featuredImageUrl" }
  | { blockIndex: number; blockId: string; field?: string };

export interface PublishWarning {
  code: PublishWarningCode;
  /** Plain English for staff: what is wrong and what would be better. */
  message: string;
  where: PublishWarningPlace;
}

/** The media library's alt texts, as the blog editor looks them up (app/blog/image-alt.ts). */
export interface MediaFacts {
  library: ReadonlyMap<string, LibraryFile>;
  /** File names still being looked up: their images are not warned about yet. */
  pending?: ReadonlySet<string>;
}

export interface PageCheckDraft {
  title: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  blocks: Block[];
}

export interface PostCheckDraft {
  title: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  excerpt?: string | null;
  /** Markdown, or HTML from the creator pages (read as HTML, as the blog's renderer does). */
  content: string;
  featuredImageUrl?: string | null;
}

/** Search results show about this many characters of a title. */
export const TITLE_MAX = 60;
/** A description search results show whole, and long enough to say something. */
export const DESCRIPTION_MIN = 120;
export const DESCRIPTION_MAX = 156;
export const PARAGRAPH_WORDS_MAX = 150;
export const SENTENCE_WORDS_MAX = 20;
/** The share of long sentences that is still fine: a quarter, exactly, is. */
export const LONG_SENTENCES_SHARE = 0.25;

// ---------------------------------------------------------------------------------------------
// Words and sentences

/** Words: whitespace-separated tokens with a letter or a digit in them ("—" and "&" are not). */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Short words that end with a full stop without ending a sentence. */
const ABBREVIATIONS = new Set([
  "approx",
  "cf",
  "dr",
  "etc",
  "fig",
  "inc",
  "incl",
  "jr",
  "ltd",
  "mr",
  "mrs",
  "ms",
  "no",
  "prof",
  "sr",
  "st",
  "vs",
]);

function isAbbreviation(word: string) {
  const bare = word.replace(/^[("'“‘[]+/, "");
  // A single letter (an initial: "J. Smith") or dotted letters ("e.g.", "i.e.", "U.S.").
  if (/^(\p{L}\.)*\p{L}$/u.test(bare)) return true;
  return ABBREVIATIONS.has(bare.toLowerCase());
}

/**
 * A text's sentences. The rule: a sentence ends at ".", "!" or "?" (a run of them, and any
 * closing quote or bracket after) that is followed by whitespace or the end of the text, except
 * a full stop after an abbreviation (a single letter, dotted letters like "e.g." or "U.S.", or
 * one of a few short words like "etc." and "Dr."). A stop inside a token ("2.5", "example.com")
 * is never followed by whitespace, so it never ends one. Pieces without a word are dropped.
 */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?]+["'”’)\]]*(?=\s|$)/g)) {
    const stop = match.index + match[0].length;
    if (!/[!?]/.test(match[0]) && !match[0].startsWith("..")) {
      const before = text.slice(start, match.index).split(/\s+/).pop() ?? "";
      if (isAbbreviation(before)) continue;
    }
    sentences.push(text.slice(start, stop));
    start = stop;
  }
  sentences.push(text.slice(start));
  return sentences.map((sentence) => sentence.trim()).filter((s) => wordCount(s) > 0);
}

// ---------------------------------------------------------------------------------------------
// What a page or post consists of, as the checks read it

interface Heading {
  /** The level on the public page (1 for h1). */
  level: number;
  text: string;
  where: PublishWarningPlace;
}

interface Found {
  text: string;
  where: PublishWarningPlace;
}

interface Outline {
  headings: Heading[];
  paragraphs: Found[];
  /** Every link's address as written (`href`). */
  links: Found[];
  images: { url: string; alt: string; where: PublishWarningPlace }[];
}

const emptyOutline = (): Outline => ({ headings: [], paragraphs: [], links: [], images: [] });

const markdown = new Marked({ gfm: true, breaks: false, async: false });

// As in app/blog/render.server.ts: content starting with a block tag is HTML, never markdown.
const HTML_DOCUMENT =
  /^\s*<(p|h[1-6]|div|section|article|header|ul|ol|table|figure|blockquote|img|pre|hr|br|!--)[\s>/]/i;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function htmlText(html: string) {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== "#") return ENTITIES[code.toLowerCase()] ?? " ";
      const point = /^#x/i.test(code)
        ? Number.parseInt(code.slice(2), 16)
        : Number.parseInt(code.slice(1), 10);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * How a body heading's level becomes the page's: h1 is h2 (the blog's renderer), and `below` a
 * heading of the block's own, h2 to h5 go one down (app/pages/render.server.ts).
 */
function renderedLevel(level: number, below: boolean) {
  const body = level === 1 ? 2 : level;
  return below && body >= 2 && body <= 5 ? body + 1 : body;
}

/**
 * The headings, paragraphs and links of HTML (a creator page's body, or HTML inside markdown),
 * read the simple way: the blog's sanitizer keeps only plain tags, so a tag is a tag here.
 */
function readHtml(html: string, out: Outline, where: PublishWarningPlace, below: boolean) {
  const clean = html.replace(/<!--[\s\S]*?-->/g, "");
  for (const [, level, inner] of clean.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi)) {
    out.headings.push({
      level: renderedLevel(Number(level), below),
      text: htmlText(inner ?? ""),
      where,
    });
  }
  for (const [, inner] of clean.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p\s*>/gi)) {
    const text = htmlText(inner ?? "");
    if (text) out.paragraphs.push({ text, where });
  }
  for (const [, double, single, bare] of clean.matchAll(
    /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi,
  )) {
    out.links.push({ text: htmlText(double ?? single ?? bare ?? ""), where });
  }
}

/** A paragraph's words as a reader sees them: link texts kept, images and tags left out. */
function inlineText(tokens: readonly Token[] | undefined): string {
  if (!tokens) return "";
  return tokens
    .map((token) => {
      if (token.type === "image" || token.type === "html") return " ";
      if (token.type === "br") return " ";
      if ("tokens" in token && token.tokens) return inlineText(token.tokens);
      return "text" in token ? String(token.text) : "";
    })
    .join("");
}

/**
 * A markdown field's headings, paragraphs, links and images, read with marked's lexer (the
 * parser the page renders with). `below`: the block shows a heading of its own above it.
 */
function readMarkdown(text: string, out: Outline, where: PublishWarningPlace, below = false) {
  for (const image of imagesInContent(text)) out.images.push({ ...image, where });
  if (HTML_DOCUMENT.test(text)) {
    readHtml(text, out, where, below);
    return;
  }
  markdown.walkTokens(markdown.lexer(text), (token) => {
    switch (token.type) {
      case "heading":
        out.headings.push({
          level: renderedLevel(token.depth, below),
          text: htmlText(inlineText(token.tokens)),
          where,
        });
        break;
      case "paragraph": {
        const plain = inlineText(token.tokens).replace(/\s+/g, " ").trim();
        if (plain) out.paragraphs.push({ text: plain, where });
        break;
      }
      case "link":
        out.links.push({ text: token.href, where });
        break;
      case "html":
        readHtml(token.text, out, where, below);
        break;
    }
  });
}

const at = (block: Block, blockIndex: number, field?: string): PublishWarningPlace =>
  field === undefined
    ? { blockIndex, blockId: block.id }
    : { blockIndex, blockId: block.id, field };

/** A button shows (and links) only with both its text and its address (see block-link.tsx). */
const shownLink = (link: { label: string; href: string } | undefined) =>
  Boolean(link?.label && link.href);

/**
 * A page's outline as its public components render it (app/components/blocks/*): the first
 * hero's heading is the page's h1, or, when no hero is on the page, the title in a plain header;
 * a later hero, a block's heading and a legal section's heading are h2; cards, steps and
 * products are h3 (even in a block without a heading). Shared blocks are not shown yet.
 */
function pageOutline(draft: PageCheckDraft): Outline {
  const out = emptyOutline();
  const blocks = draft.blocks.map((block, index) => ({ block, index }));
  const shown = blocks.filter(({ block }) => block.type !== "shared");
  const firstHero = shown.find(({ block }) => block.type === "hero")?.block;
  if (!firstHero && draft.title.trim()) {
    out.headings.push({ level: 1, text: draft.title.trim(), where: { field: "title" } });
  }
  for (const { block, index } of shown) {
    const place = (field?: string) => at(block, index, field);
    const heading = (level: number, text: string, field: string) => {
      if (text.trim()) out.headings.push({ level, text: text.trim(), where: place(field) });
    };
    const paragraph = (text: string, field: string) => {
      const plain = text.replace(/\s+/g, " ").trim();
      if (plain) out.paragraphs.push({ text: plain, where: place(field) });
    };
    const link = (href: string, field: string) => {
      if (href.trim()) out.links.push({ text: href.trim(), where: place(field) });
    };
    const image = (url: string, alt: string, field: string) => {
      if (url.trim()) out.images.push({ url: url.trim(), alt, where: place(field) });
    };
    switch (block.type) {
      case "hero":
        heading(block === firstHero ? 1 : 2, block.title, "title");
        paragraph(block.text, "text");
        if (shownLink(block.primary)) link(block.primary?.href ?? "", "primary.href");
        if (shownLink(block.secondary)) link(block.secondary?.href ?? "", "secondary.href");
        image(block.image, block.imageAlt, "imageAlt");
        break;
      case "richText":
        heading(2, block.title, "title");
        readMarkdown(block.markdown, out, place("markdown"), Boolean(block.title.trim()));
        break;
      case "image":
        image(block.src, block.alt, "alt");
        break;
      case "imageText":
        image(block.src, block.alt, "alt");
        heading(2, block.title, "title");
        readMarkdown(block.markdown, out, place("markdown"), Boolean(block.title.trim()));
        if (shownLink(block.link)) link(block.link?.href ?? "", "link.href");
        break;
      case "cardGrid":
        heading(2, block.title, "title");
        paragraph(block.intro, "intro");
        block.cards.forEach((card, i) => {
          heading(3, card.title, `cards.${i}.title`);
          paragraph(card.text, `cards.${i}.text`);
          link(card.href, `cards.${i}.href`);
        });
        if (shownLink(block.primary)) link(block.primary?.href ?? "", "primary.href");
        if (shownLink(block.secondary)) link(block.secondary?.href ?? "", "secondary.href");
        break;
      case "featureList":
        heading(2, block.title, "title");
        paragraph(block.intro, "intro");
        break;
      case "stats":
        heading(2, block.title, "title");
        break;
      case "steps":
        heading(2, block.title, "title");
        paragraph(block.intro, "intro");
        block.steps.forEach((step, i) => {
          // Numbered cards ("01") say "Step 1: " to screen readers inside the heading.
          const said = block.style === "card" && block.numbering === "01" ? `Step ${i + 1}: ` : "";
          heading(3, step.title.trim() ? `${said}${step.title}` : "", `steps.${i}.title`);
          paragraph(step.text, `steps.${i}.text`);
        });
        break;
      case "faq":
        heading(2, block.title, "title");
        block.items.forEach((item, i) => {
          paragraph(item.answer, `items.${i}.answer`);
        });
        break;
      case "cta":
        heading(2, block.title, "title");
        paragraph(block.text, "text");
        if (shownLink(block.primary)) link(block.primary.href, "primary.href");
        if (shownLink(block.secondary)) link(block.secondary?.href ?? "", "secondary.href");
        break;
      case "testimonials":
        heading(2, block.title, "title");
        block.items.forEach((item, i) => {
          paragraph(item.quote, `items.${i}.quote`);
        });
        break;
      case "logos":
        heading(2, block.title, "title");
        // A logo's alt text is its name, which the schema requires.
        block.items.forEach((item, i) => {
          link(item.href, `items.${i}.href`);
        });
        break;
      case "productShowcase":
        heading(2, block.title, "title");
        paragraph(block.intro, "intro");
        block.products.forEach((product, i) => {
          image(product.src, product.alt, `products.${i}.alt`);
          heading(3, product.name, `products.${i}.name`);
          paragraph(product.description, `products.${i}.description`);
          link(product.href, `products.${i}.href`);
        });
        break;
      case "postList":
        // Its posts' cards (h2 or h3 under the block's own) are whatever is published then;
        // its "See all articles" link is the block's.
        heading(2, block.title, "title");
        link(
          block.category ? `/blog?category=${encodeURIComponent(block.category)}` : "/blog",
          "category",
        );
        break;
      case "form":
        // Without a heading of its own the form shows its default one ("Send us a message").
        out.headings.push({ level: 2, text: block.title.trim() || "Form", where: place("title") });
        paragraph(block.intro, "intro");
        readMarkdown(block.after, out, place("after"), true);
        paragraph(block.actions.text, "actions.text");
        if (shownLink(block.actions.primary))
          link(block.actions.primary.href, "actions.primary.href");
        if (shownLink(block.actions.secondary)) {
          link(block.actions.secondary.href, "actions.secondary.href");
        }
        heading(3, block.stepsTitle, "stepsTitle");
        block.steps.forEach((step, i) => {
          paragraph(step.text, `steps.${i}.text`);
        });
        if (block.layout === "aside") {
          heading(3, block.aside.title, "aside.title");
          paragraph(block.aside.text, "aside.text");
        }
        break;
      case "legal":
        readMarkdown(block.intro, out, place("intro"));
        block.sections.forEach((section, i) => {
          // Numbered on the page when the document is, as in its table of contents.
          heading(
            2,
            block.numbered ? `${i + 1}. ${section.heading}` : section.heading,
            `sections.${i}.heading`,
          );
          readMarkdown(section.markdown, out, place(`sections.${i}.markdown`), true);
        });
        break;
    }
  }
  return out;
}

/** A post's outline as app/routes/blog/post.tsx renders it: the title is the h1, the body follows. */
function postOutline(draft: PostCheckDraft): Outline {
  const out = emptyOutline();
  if (draft.title.trim()) {
    out.headings.push({ level: 1, text: draft.title.trim(), where: { field: "title" } });
  }
  readMarkdown(draft.content, out, { field: "content" });
  const featured = draft.featuredImageUrl?.trim();
  // The featured image's alt text is the media library's: the post has no field for it.
  if (featured) {
    out.images.unshift({ url: featured, alt: "", where: { field: "featuredImageUrl" } });
  }
  return out;
}

/** The page's headings in order, with their levels on the public page (for the editor and tests). */
export function pageHeadings(draft: PageCheckDraft): { level: number; text: string }[] {
  return pageOutline(draft).headings.map(({ level, text }) => ({ level, text }));
}

/** The media library files a page's images may be (to look their alt texts up). */
export function libraryNamesOfPage(blocks: Block[]): string[] {
  const names = new Set<string>();
  for (const image of pageOutline({ title: "", blocks }).images) {
    const name = libraryNameCandidate(image.url);
    if (name) names.add(name);
  }
  return [...names].sort();
}

// ---------------------------------------------------------------------------------------------
// The checks

const quote = (text: string, max = 40) =>
  `"${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}"`;

const length = (text: string) => [...text].length;

function checkTitle(title: string, metaTitle: string): PublishWarning[] {
  // The title search results show: the meta title when staff set one, else the title. Counted
  // as staff wrote it: the " | <site name>" the site adds to every page's title is not theirs.
  const meta = metaTitle.trim();
  const shown = meta || title.trim();
  const chars = length(shown);
  if (chars <= TITLE_MAX) return [];
  return [
    {
      code: "title-long",
      message: `The ${meta ? "meta title" : "title"} is ${chars} characters; search results show about ${TITLE_MAX}.`,
      where: { field: meta ? "metaTitle" : "title" },
    },
  ];
}

function checkDescription(description: string, from: string): PublishWarning[] {
  const where = { field: "metaDescription" } as const;
  const text = description.trim();
  if (!text) {
    return [
      {
        code: "description-length",
        message: `There is no meta description, so search engines pick some text of the page. Write ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} characters that make people want to click.`,
        where,
      },
    ];
  }
  const chars = length(text);
  if (chars < DESCRIPTION_MIN) {
    return [
      {
        code: "description-length",
        message: `${from} is ${chars} characters; ${DESCRIPTION_MIN}–${DESCRIPTION_MAX} fills the space search results give it.`,
        where,
      },
    ];
  }
  if (chars > DESCRIPTION_MAX) {
    return [
      {
        code: "description-length",
        message: `${from} is ${chars} characters; search results cut it off after about ${DESCRIPTION_MAX}.`,
        where,
      },
    ];
  }
  return [];
}

function checkHeadings(
  headings: Heading[],
  noneWhere: PublishWarningPlace,
  /** What gives this kind of document its H1. */
  noneFix: string,
): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const h1s = headings.filter((heading) => heading.level === 1);
  if (h1s.length === 0) {
    warnings.push({
      code: "h1-count",
      message: `The page has no main heading (H1). ${noneFix}`,
      where: noneWhere,
    });
  } else if (h1s.length > 1) {
    const second = h1s[1] as Heading;
    warnings.push({
      code: "h1-count",
      message: `The page has ${h1s.length} main headings (H1); it should have exactly one. The second is ${quote(second.text)}.`,
      where: second.where,
    });
  }
  let previous = 0;
  for (const heading of headings) {
    if (heading.level > previous + 1) {
      warnings.push({
        code: "heading-skip",
        message:
          previous === 0
            ? `The heading ${quote(heading.text)} (H${heading.level}) comes before the page's main heading (H1).`
            : `The heading ${quote(heading.text)} is an H${heading.level} right after an H${previous}, skipping a level; make it an H${previous + 1}.`,
        where: heading.where,
      });
    }
    previous = heading.level;
  }
  return warnings;
}

function fileLabel(url: string) {
  const path = url.split(/[?#]/, 1)[0] ?? url;
  const last = path.slice(path.lastIndexOf("/") + 1) || path;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

function checkImages(
  images: Outline["images"],
  siteOrigin: string,
  media: MediaFacts | undefined,
): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const seen = new Set<string>();
  for (const image of images) {
    if (image.alt.trim()) continue;
    // A library image without alt text of its own shows the library's (see block-image.tsx).
    const candidate = libraryNameCandidate(image.url);
    if (candidate && media?.pending?.has(candidate)) continue;
    const file = media ? libraryFileOf(image.url, media.library, siteOrigin) : undefined;
    if (file?.altText.trim()) continue;
    const key = `${JSON.stringify(image.where)} ${image.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const label = file?.originalName || fileLabel(image.url);
    warnings.push({
      code: "image-alt",
      message: `The image ${label} has no alt text, so people who cannot see it will not know what it shows.`,
      where: image.where,
    });
  }
  return warnings;
}

/**
 * A link's address on this site (path, query, fragment), or null for another site, an anchor on
 * the same page, mail, a phone number, or anything the page would not link.
 */
export function internalPath(href: string, siteOrigin: string): string | null {
  const value = href.trim();
  if (value.startsWith("/")) return value.startsWith("//") || value.includes("\\") ? null : value;
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    if (url.origin !== new URL(siteOrigin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

function checkLinks(links: Found[], facts: LinkFacts): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  const seen = new Set<string>();
  let internal = 0;
  for (const link of links) {
    const path = internalPath(link.text, facts.siteOrigin);
    if (path === null) continue;
    internal += 1;
    const key = `${JSON.stringify(link.where)} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // The site answers a redirect before anything else (server/redirects.ts).
    const target = facts.redirectsTo(path);
    if (target !== null) {
      warnings.push({
        code: "link-redirect",
        message: `The link to ${path} goes through a redirect to ${target}; link to ${target} directly.`,
        where: link.where,
      });
    } else if (!facts.exists(path)) {
      warnings.push({
        code: "link-missing",
        message: `The link to ${path} goes to a page that does not exist (or is not published).`,
        where: link.where,
      });
    }
  }
  return internal > 0
    ? warnings
    : [
        {
          code: "no-internal-link",
          message:
            "Nothing here links to another page of this site; a link or two helps readers, and search engines, find more.",
          where: { field: "content" },
        },
        ...warnings,
      ];
}

function checkReadability(paragraphs: Found[]): PublishWarning[] {
  const warnings: PublishWarning[] = [];
  for (const paragraph of paragraphs) {
    const words = wordCount(paragraph.text);
    if (words > PARAGRAPH_WORDS_MAX) {
      warnings.push({
        code: "paragraph-long",
        message: `A paragraph of ${words} words (${quote(paragraph.text)}); keep paragraphs to ${PARAGRAPH_WORDS_MAX} words or fewer.`,
        where: paragraph.where,
      });
    }
  }
  let total = 0;
  let long = 0;
  let first: Found | undefined;
  for (const paragraph of paragraphs) {
    for (const sentence of sentencesOf(paragraph.text)) {
      total += 1;
      if (wordCount(sentence) > SENTENCE_WORDS_MAX) {
        long += 1;
        first ??= { text: sentence, where: paragraph.where };
      }
    }
  }
  if (first && long > total * LONG_SENTENCES_SHARE) {
    warnings.push({
      code: "sentences-long",
      message: `${long} of ${total} sentences (${Math.round((long / total) * 100)}%) have more than ${SENTENCE_WORDS_MAX} words; keep that to a quarter or fewer. The first: ${quote(first.text)}.`,
      where: first.where,
    });
  }
  return warnings;
}

/** The warnings in the editor's order: search results, then structure, links and reading. */
export function checkPage(
  draft: PageCheckDraft,
  links: LinkFacts,
  media?: MediaFacts,
): PublishWarning[] {
  const outline = pageOutline(draft);
  return [
    ...checkTitle(draft.title, draft.metaTitle ?? ""),
    // With none, the page uses its hero's text or first text, cut to fit: staff did not write it.
    ...checkDescription(draft.metaDescription ?? "", "The meta description"),
    ...checkHeadings(outline.headings, { field: "title" }, "Give it a title, or a hero block."),
    ...checkImages(outline.images, links.siteOrigin, media),
    ...checkLinks(outline.links, links),
    ...checkReadability(outline.paragraphs),
  ];
}

export function checkPost(
  draft: PostCheckDraft,
  links: LinkFacts,
  media?: MediaFacts,
): PublishWarning[] {
  const outline = postOutline(draft);
  // The post's description is its meta description, else its excerpt (app/routes/blog/post.tsx).
  const meta = draft.metaDescription?.trim() ?? "";
  const excerpt = draft.excerpt?.trim() ?? "";
  return [
    ...checkTitle(draft.title, draft.metaTitle ?? ""),
    ...checkDescription(
      meta || excerpt,
      meta ? "The meta description" : "The excerpt, which stands in for the meta description,",
    ),
    ...checkHeadings(outline.headings, { field: "title" }, "Give the post a title."),
    ...checkImages(outline.images, links.siteOrigin, media),
    ...checkLinks(outline.links, links),
    ...checkReadability(outline.paragraphs),
  ];
}
