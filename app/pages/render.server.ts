import path from "node:path";
import sharp from "sharp";
import { renderPostHtml } from "~/blog/render.server";
import type { PostCardData } from "~/components/blog/post-card";
import { contentIconSvg, serviceIconSvg } from "~/components/service-icon";
import {
  type CookieFacts,
  cookieFactsFrom,
  essentialCookieCards,
  integrationCookieCards,
  legalConditionsFrom,
} from "~/content/cookies";
import { servicePath } from "~/content/site-defaults";
import type { Db } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { botCheckSettingsFrom, publicBotCheckConfig } from "~/lib/bot-check.server";
import { logger } from "~/lib/logger.server";
import { telHref } from "~/lib/phone";
import { projectRoot } from "~/lib/project-root.server";
import { headingId } from "~/lib/slug";
import {
  imagesByName,
  mediaNamesIn,
  type ResolvedImage,
  resolveImages,
} from "~/media/responsive.server";
import { cardExcerpt, cardImage, listPublishedPosts, readingMinutes } from "~/models/blog.server";
import { customCodeDescription, listPublicWidgets } from "~/models/integrations.server";
import {
  getFooter,
  getSettingsMap,
  listHeroStats,
  listServices,
  siteNameFrom,
} from "~/models/site.server";
import { blocksWithValues } from "./block-values.server";
import type { Block, BlockOf } from "./blocks";
import { contactDetailsFrom } from "./contact-details.server";
import { blocksWithConditions } from "./legal-text";
import type { LegalFacts } from "./legal-versions";
import {
  hasConditions,
  LEGAL_INSERT,
  type PlaceholderValues,
  placeholderValuesFrom,
  resolveConditions,
  resolvePlaceholders,
} from "./placeholders";
import { loadSharedBlocks, sharedIdsOf } from "./shared-sections.server";
import type {
  BlockView,
  ImageSize,
  LegalPart,
  LegalSectionView,
  LegalStepView,
  PageHead,
  PageView,
  ServiceCardView,
} from "./view";

/**
 * A page's stored blocks made ready for its public components (app/pages/view.ts): everything
 * that needs the server or the database is done here, once per render, so the browser gets
 * plain data and HTML that has already been through the blog's allow-list.
 */

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** The ids of the contact panels' headings, beside a form of layout "details". */
const CONTACT_PANEL_IDS = ["details-heading", "hours-heading", "social-heading"];

/** Ids the page around the blocks already uses (the layout's skip link goes to #main). */
const LAYOUT_IDS = ["main"];

/**
 * Hands out element ids unique on the page. A page holds several markdown fields, each rendered
 * on its own with ids from its headings' text, so two fields' "Overview" would otherwise collide
 * (and a link to #overview would go to the wrong one).
 */
function idRegistry(taken: readonly string[]) {
  const seen = new Set(taken);
  return (wanted: string) => {
    let id = wanted;
    for (let n = 2; seen.has(id); n += 1) id = `${wanted}-${n}`;
    seen.add(id);
    return id;
  };
}

/**
 * Markdown as sanitized HTML through the blog's renderer. `below` moves every heading one level
 * down, for text under a heading of the block's own (a legal section's h2, an image's title).
 */
function markdownHtml(
  markdown: string,
  options: { unique: (id: string) => string; images: ImagesByName; below?: boolean },
) {
  if (!markdown.trim()) return "";
  let html = renderPostHtml(markdown, { images: options.images });
  if (options.below) {
    html = html.replace(/<(\/?)h([2-5])\b/g, (_, slash: string, level: string) => {
      return `<${slash}h${Number(level) + 1}`;
    });
  }
  return html.replace(
    /(<h[1-6] id=")([^"]*)(")/g,
    (_, open: string, id: string, close: string) => `${open}${options.unique(id)}${close}`,
  );
}

type ImagesByName = Awaited<ReturnType<typeof imagesByName>>;

function markdownOf(block: Block): string[] {
  switch (block.type) {
    case "richText":
    case "imageText":
      return [block.markdown];
    case "legal":
      return [block.intro, ...block.sections.map((section) => section.markdown)];
    case "form":
      return [block.after];
    default:
      return [];
  }
}

function imageUrlsOf(block: Block): string[] {
  switch (block.type) {
    case "hero":
      return [block.image];
    case "image":
    case "imageText":
      return [block.src];
    case "productShowcase":
      return block.products.map((product) => product.src);
    default:
      return [];
  }
}

/** Files under public/ measured by this process: they ship with the release, so once is enough. */
const publicSizes = new Map<string, Promise<ImageSize | null>>();

async function measurePublicFile(sitePath: string): Promise<ImageSize | null> {
  const root = path.join(projectRoot(), "public");
  const file = path.resolve(root, `.${sitePath}`);
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  try {
    const { width, height } = await sharp(file).metadata();
    return width && height ? { width, height } : null;
  } catch {
    // Not there, or not an image: drawn without a size, as any address outside the library is.
    return null;
  }
}

/**
 * The size of an image the site ships under public/ (`/images/products/opshub.svg`), so its
 * <img> gets a width and height as a library image's does and the page does not shift while it
 * loads. Null for a library address (/media/…), any other address, a file that is not there and
 * a path leading out of public/.
 */
export function publicImageSize(url: string): Promise<ImageSize | null> {
  if (!url.startsWith("/") || url.startsWith("//") || url.startsWith("/media/")) {
    return Promise.resolve(null);
  }
  let sitePath: string;
  try {
    sitePath = decodeURIComponent(url.split(/[?#]/, 1)[0] ?? "");
  } catch {
    return Promise.resolve(null);
  }
  let size = publicSizes.get(sitePath);
  if (!size) {
    size = measurePublicFile(sitePath);
    publicSizes.set(sitePath, size);
  }
  return size;
}

async function publicImageSizes(urls: string[]): Promise<Map<string, ImageSize>> {
  const sizes = new Map<string, ImageSize>();
  await Promise.all(
    [...new Set(urls)].map(async (url) => {
      const size = await publicImageSize(url);
      if (size) sizes.set(url, size);
    }),
  );
  return sizes;
}

async function postsFor(db: Db, block: BlockOf<"postList">): Promise<PostCardData[]> {
  const { posts } = await listPublishedPosts(
    { category: block.category || null, limit: block.count },
    db,
  );
  const images = await resolveImages(posts.map((post) => post.featuredImageUrl?.trim()));
  return posts.map((post, index) => {
    const image = cardImage(post, index);
    return {
      slug: post.slug,
      title: post.title,
      excerpt: cardExcerpt(post),
      image,
      picture: images.get(image)?.image ?? null,
      publishedAt: post.publishedAt.toISOString(),
      publishedLabel: dateFormat.format(post.publishedAt),
      readingMinutes: readingMinutes(post.contentLength),
      category: post.category,
    };
  });
}

/** The home page's address: the one page whose structured data names the organisation. */
const HOME_ADDRESS = "/";

/**
 * Who runs the site, for search engines (the home page's first structured data): the site's name
 * and address, and the footer's contact details. Settings fall back to their defaults.
 */
export async function organizationJsonLd(): Promise<Record<string, unknown>> {
  const [settings, footer] = await Promise.all([getSettingsMap(), getFooter()]);
  const site = getEnv().SITE_URL;
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: siteNameFrom(settings),
    url: site,
    logo: `${site}/favicon.svg`,
    email: footer.email,
    telephone: footer.phone,
    address: { "@type": "PostalAddress", streetAddress: footer.address },
  };
}

/**
 * Content → Services as a card grid shows them (the home page's): each linking to its own link,
 * else to the service page its title names, with its icon drawn.
 */
async function serviceCards(): Promise<ServiceCardView[]> {
  return (await listServices()).map((service) => ({
    title: service.title,
    description: service.description,
    featured: service.featured,
    href: service.link || servicePath(service.title),
    iconSvg: serviceIconSvg(service.icon),
  }));
}

/** One FAQPage per FAQ block: what search engines read to show the questions in results. */
export function faqJsonLd(block: BlockOf<"faq">): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: block.items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export interface PageToRender {
  title: string;
  /** The page's address: the home page's ("/") says who runs the site (Organization data). */
  path?: string;
  blocks: Block[];
  /** A legal document's version facts, drawn with its (first) legal block. */
  legal?: LegalFacts | null;
  /**
   * A legal version's frozen facts: what ran in browsers and the settings' values when it was
   * published (its texts hold them already; its inserts are drawn from them). Read from the site
   * when not given.
   */
  cookies?: CookieFacts;
  values?: PlaceholderValues;
}

type ShownBlock = Exclude<Block, { type: "shared" }>;

/** Sections found missing in this process: each is logged once, not on every render. */
const missingLogged = new Set<number>();

/**
 * The page's blocks with each `shared` block replaced by its section's block, drawn exactly as a
 * block of that type placed on the page would be. The placement keeps its own id (the page's
 * element ids stay unique when a section is placed twice) and, when it has one, its anchor. A
 * section that no longer exists shows nothing.
 */
async function withSharedSections(db: Db, blocks: Block[]): Promise<ShownBlock[]> {
  const ids = sharedIdsOf(blocks);
  const sections = ids.length ? await loadSharedBlocks(db, ids) : new Map<number, Block>();
  return blocks.flatMap((block): ShownBlock[] => {
    if (block.type !== "shared") return [block];
    const section = sections.get(block.sharedId);
    if (!section || section.type === "shared") {
      if (!missingLogged.has(block.sharedId)) {
        missingLogged.add(block.sharedId);
        logger.warn(
          { sharedId: block.sharedId },
          "A page places a shared section that does not exist (or cannot be read); it shows nothing",
        );
      }
      return [];
    }
    return [{ ...section, id: block.id, anchor: block.anchor || section.anchor }];
  });
}

/** Whether anything in `value` may be a settings value ({company_name}); JSON's own braces are `{"`. */
const mayHoldValues = (value: unknown) => /\{[a-z]/.test(JSON.stringify(value));

/** The settings' values when `value` may use them; null (no read at all) when it cannot. */
async function valuesFor(value: unknown): Promise<PlaceholderValues | null> {
  return mayHoldValues(value) ? placeholderValuesFrom(await getSettingsMap()) : null;
}

/**
 * What runs in visitors' browsers, for legal texts' conditions and cookie cards: read only when
 * a text holds a condition or a cookie insert, or a legal section shows only under one.
 */
function needsCookieFacts(blocks: Block[]): boolean {
  return blocks.some((block) => {
    if (block.type === "hero") return hasConditions(block.text);
    if (block.type !== "legal") return false;
    return (
      hasConditions(block.intro) ||
      block.sections.some(
        (section) =>
          section.when !== "always" ||
          hasConditions(section.heading) ||
          hasConditions(section.markdown) ||
          /\{cookie\\?_cards/.test(section.markdown),
      )
    );
  });
}

/** What runs in visitors' browsers now (the enabled integrations), as the legal pages describe it. */
export async function siteCookieFacts(): Promise<CookieFacts> {
  const [widgets, description] = await Promise.all([listPublicWidgets(), customCodeDescription()]);
  return cookieFactsFrom(widgets, description);
}

/**
 * The view of a page's blocks: settings values put in, shared sections put in place, markdown rendered and sanitized,
 * library images resolved, the post lists' posts loaded, icons drawn, the legal documents'
 * contents numbered.
 */
export async function renderPageView(db: Db, page: PageToRender): Promise<PageView> {
  const shared = await withSharedSections(db, page.blocks);
  const cookies = page.cookies ?? (needsCookieFacts(shared) ? await siteCookieFacts() : null);
  const placed = cookies ? blocksWithConditions(shared, legalConditionsFrom(cookies)) : shared;
  const values = page.values ?? (await valuesFor([page.title, placed]));
  const blocks = blocksWithValues(placed, values);
  const title = values ? resolvePlaceholders(page.title, values) : page.title;
  const [images, bodyImages, fileSizes] = await Promise.all([
    resolveImages(blocks.flatMap(imageUrlsOf).filter(Boolean)),
    imagesByName(blocks.flatMap(markdownOf).flatMap(mediaNamesIn)),
    publicImageSizes(blocks.flatMap(imageUrlsOf)),
  ]);
  const pictureOf = (url: string) => (url ? (images.get(url)?.image ?? null) : null);
  const sizeOf = (url: string) => fileSizes.get(url) ?? null;
  // Explicit anchors are the staff's: they are reserved before any generated id is handed out.
  const unique = idRegistry([
    ...LAYOUT_IDS,
    // Section (app/components/marketing/section.tsx) labels an anchored band by `<anchor>-heading`.
    ...blocks.flatMap((block) => (block.anchor ? [block.anchor, `${block.anchor}-heading`] : [])),
    // The contact panels' headings (app/components/blocks/contact-panels.tsx).
    ...(blocks.some((block) => block.type === "form" && block.layout === "details")
      ? CONTACT_PANEL_IDS
      : []),
  ]);
  const markdown = (text: string, below = false) =>
    markdownHtml(text, { unique, images: bodyImages, below });
  const factsOn = page.legal ? blocks.findIndex((block) => block.type === "legal") : -1;
  // "Last updated" goes under the first hero's text when the hero comes before the document.
  const heroAt = blocks.findIndex((block) => block.type === "hero");
  const factsInHero =
    page.legal && heroAt !== -1 && (factsOn === -1 || heroAt < factsOn) ? heroAt : -1;
  const legalPart = (insert: RegExpExecArray): LegalPart => {
    const kind = (insert[1] ?? "").replace(/\\_/g, "_");
    if (kind === "cookie_cards") {
      const facts = cookies ?? { integrations: [] };
      return {
        kind: "cookieCards",
        cards:
          insert[2] === "optional" ? integrationCookieCards(facts) : essentialCookieCards(facts),
      };
    }
    const shown = values ?? placeholderValuesFrom(new Map());
    const subject = insert[2]?.trim();
    return {
      kind: "contact",
      contact: {
        name: shown.company_name,
        email: shown.contact_email,
        mailto: `mailto:${shown.contact_email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`,
        phone: shown.contact_phone,
        tel: telHref(shown.contact_phone),
        address: shown.contact_address,
      },
    };
  };
  /** A legal text as HTML pieces and the inserts between them (each alone in its paragraph). */
  const legalParts = (text: string, below: boolean): LegalPart[] => {
    const parts: LegalPart[] = [];
    let lines: string[] = [];
    const flush = () => {
      const html = markdown(lines.join("\n"), below);
      if (html) parts.push({ kind: "html", html });
      lines = [];
    };
    for (const line of text.split("\n")) {
      const insert = LEGAL_INSERT.exec(line.trim());
      if (insert) {
        flush();
        parts.push(legalPart(insert));
      } else lines.push(line);
    }
    flush();
    return parts;
  };
  /** The steps style: what comes before the first `##`, then one card per `##` heading. */
  const legalSteps = (text: string): { parts: LegalPart[]; steps: LegalStepView[] } => {
    const chunks = text.split(/^## +/m);
    const [before = "", ...rest] = chunks;
    return {
      parts: legalParts(before, true),
      steps: rest.map((chunk) => {
        const [title = "", ...body] = chunk.split("\n");
        return {
          // The heading's markdown escapes (a value's "\_") are shown as the characters.
          title: title.trim().replace(/\\([\\`*_{}[\]()<>!|~#&])/g, "$1"),
          parts: legalParts(body.join("\n"), true),
        };
      }),
    };
  };
  const botCheck = blocks.some((block) => block.type === "form" && block.form === "contact")
    ? publicBotCheckConfig(botCheckSettingsFrom(getEnv()))
    : null;
  // The contact panels, read only for a page whose form shows them (the contact page).
  const details = blocks.some((block) => block.type === "form" && block.layout === "details")
    ? contactDetailsFrom(await getSettingsMap())
    : null;
  // The Content tab's figures and services, read only for a page that shows them (the home
  // page), and who runs the site for the home page's structured data: side by side, so that a
  // database that does not answer costs one wait, not three, before their defaults show.
  const [statistics, services, organization] = await Promise.all([
    blocks.some((block) => block.type === "hero" && block.figuresFrom === "statistics")
      ? listHeroStats()
      : null,
    blocks.some((block) => block.type === "cardGrid" && block.cardsFrom === "services")
      ? serviceCards()
      : null,
    page.path === HOME_ADDRESS ? organizationJsonLd() : null,
  ]);

  const views = await Promise.all(
    blocks.map(async (block, at): Promise<BlockView> => {
      switch (block.type) {
        case "hero":
          return {
            ...block,
            picture: pictureOf(block.image),
            size: sizeOf(block.image),
            statistics: block.figuresFrom === "statistics" ? statistics : null,
            ...(at === factsInHero && page.legal ? { facts: page.legal } : {}),
          };
        case "richText": {
          const { markdown: text, ...rest } = block;
          // Under the block's own heading (an h2), the text's headings move one level down.
          return { ...rest, html: markdown(text, Boolean(block.title)) };
        }
        case "image":
          return { ...block, picture: pictureOf(block.src), size: sizeOf(block.src) };
        case "imageText": {
          const { markdown: text, ...rest } = block;
          return {
            ...rest,
            html: markdown(text, Boolean(block.title)),
            picture: pictureOf(block.src),
            size: sizeOf(block.src),
          };
        }
        case "cardGrid":
          return {
            ...block,
            cards: block.cards.map((card) => ({
              ...card,
              iconSvg: card.icon ? contentIconSvg(card.icon) : null,
            })),
            services: block.cardsFrom === "services" ? services : null,
          };
        case "productShowcase":
          return {
            ...block,
            products: block.products.map((product) => ({
              ...product,
              picture: pictureOf(product.src),
              size: sizeOf(product.src),
            })),
          };
        case "postList":
          return {
            ...block,
            posts: await postsFor(db, block),
            moreHref: block.category
              ? `/blog?category=${encodeURIComponent(block.category)}`
              : "/blog",
          };
        case "form": {
          const { after, ...rest } = block;
          return {
            ...rest,
            botCheck: block.form === "contact" ? botCheck : null,
            // Under the form's heading (an h2), the text's headings move one level down.
            afterHtml: markdown(after, true),
            details: block.layout === "details" ? details : null,
          };
        }
        case "legal": {
          const { intro, sections, ...rest } = block;
          return {
            ...rest,
            intro: legalParts(intro, false),
            sections: sections.map((section, index): LegalSectionView => {
              const id = unique(section.anchor || headingId(section.heading, 60));
              const headingAt = unique(`${id}-heading`);
              const text =
                section.style === "steps"
                  ? legalSteps(section.markdown)
                  : { parts: legalParts(section.markdown, true), steps: [] };
              return {
                id,
                headingId: headingAt,
                number: index + 1,
                heading: section.heading,
                ...text,
              };
            }),
            ...(at === factsOn && page.legal
              ? { facts: page.legal, ...(factsInHero !== -1 ? { factsInHero: true } : {}) }
              : {}),
          };
        }
        default:
          return block;
      }
    }),
  );

  return {
    title,
    blocks: views,
    jsonLd: [
      // First, as the home page has always had it: what a search engine reads of the site.
      ...(organization ? [organization] : []),
      ...blocks.flatMap((block) => (block.type === "faq" ? [faqJsonLd(block)] : [])),
    ],
    ...(page.legal && factsOn === -1 ? { legal: page.legal } : {}),
  };
}

function plainText(markdown: string) {
  return markdown
    .replace(/<[^>]*>/g, " ")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[#*_`>|~]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A description for a page that has none of its own: its hero's text, else its first text. */
function fallbackDescription(blocks: Block[]) {
  for (const block of blocks) {
    if (block.type === "hero" && block.text) return block.text;
    if (block.type === "richText" || block.type === "imageText") {
      const text = plainText(block.markdown);
      if (text) return text.length > 156 ? `${text.slice(0, 153).trimEnd()}...` : text;
    }
  }
  return "";
}

export async function pageHead(page: {
  title: string;
  path: string;
  blocks: Block[];
  metaTitle: string | null;
  metaDescription: string | null;
  ogImageUrl: string | null;
  canonicalUrl?: string | null;
  noindex?: boolean;
  /** A legal version's frozen facts and values (see PageToRender). */
  cookies?: CookieFacts;
  values?: PlaceholderValues;
}): Promise<PageHead> {
  const site = getEnv().SITE_URL.replace(/\/$/, "");
  // The cookie policy's description says what runs on the site, as its hero's text does.
  const cookies =
    page.cookies ??
    (hasConditions(page.metaDescription ?? "") || needsCookieFacts(page.blocks)
      ? await siteCookieFacts()
      : null);
  const conditions = cookies ? legalConditionsFrom(cookies) : null;
  const blocks = conditions ? blocksWithConditions(page.blocks, conditions) : page.blocks;
  const values =
    page.values ?? (await valuesFor([page.title, page.metaTitle, page.metaDescription, blocks]));
  const shown = (text: string | null) => {
    const decided = text && conditions ? resolveConditions(text, conditions) : text;
    return decided && values ? resolvePlaceholders(decided, values) : decided;
  };
  const canonical = page.canonicalUrl
    ? page.canonicalUrl.startsWith("/")
      ? `${site}${page.canonicalUrl}`
      : page.canonicalUrl
    : null;
  let image: PageHead["image"];
  if (page.ogImageUrl) {
    const resolved: ResolvedImage | undefined = (await resolveImages([page.ogImageUrl])).get(
      page.ogImageUrl,
    );
    image = resolved?.preview ?? page.ogImageUrl;
  }
  return {
    title: shown(page.metaTitle) || (shown(page.title) ?? ""),
    description:
      shown(page.metaDescription) ||
      fallbackDescription(blocksWithValues(blocks, values)) ||
      (shown(page.title) ?? ""),
    path: page.path,
    canonical,
    image,
    noindex: page.noindex ?? false,
  };
}
