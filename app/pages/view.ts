import type { PostCardData } from "~/components/blog/post-card";
import type { CookieCard } from "~/content/cookies";
import type { BotCheckConfig } from "~/lib/bot-check";
import type { ResponsiveImage } from "~/media/responsive";
import type { Block, BlockOf } from "./blocks";
import type { LegalFacts } from "./legal-versions";

/**
 * A page as its public components draw it: the stored blocks with what only the server can
 * work out (markdown as sanitized HTML, library images' responsive copies, the post list's posts,
 * the icons' SVG, the legal document's contents). Made by app/pages/render.server.ts; types only,
 * so the components import no server code and the browser gets no markdown library.
 */

/** A file's width and height in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/**
 * A library image's responsive copies; null for any other address (shown as it is). `size`: a
 * file the site ships under public/ has its width and height (null for any other address).
 */
type WithPicture = { picture: ResponsiveImage | null; size?: ImageSize | null };

export type HeroView = BlockOf<"hero"> &
  WithPicture & {
    /**
     * With `figuresFrom: "statistics"`, Content → Statistics' figures (the home page's); null
     * otherwise, as the server reads them only for a hero that shows them.
     */
    statistics: { value: string; label: string }[] | null;
    /** On a legal page whose hero comes before its legal block: "Last updated" under the text. */
    facts?: LegalFacts;
  };
export type RichTextView = Omit<BlockOf<"richText">, "markdown"> & { html: string };
export type ImageView = BlockOf<"image"> & WithPicture;
export type ImageTextView = Omit<BlockOf<"imageText">, "markdown"> & { html: string } & WithPicture;
/** A card of Content → Services, as a card grid with `cardsFrom: "services"` shows it. */
export interface ServiceCardView {
  title: string;
  description: string;
  featured: boolean;
  /** The service's own link, else its service page's address. */
  href: string;
  /** The service's icon as SVG markup the server made from the fixed icon list. */
  iconSvg: string;
}
export type CardGridView = Omit<BlockOf<"cardGrid">, "cards"> & {
  /** `iconSvg`: the card's icon as SVG markup the server made from the fixed icon list. */
  cards: (BlockOf<"cardGrid">["cards"][number] & { iconSvg: string | null })[];
  /**
   * With `cardsFrom: "services"`, Content → Services' cards (the home page's); null otherwise,
   * as the server reads them only for a grid that shows them.
   */
  services: ServiceCardView[] | null;
};
export type ProductShowcaseView = Omit<BlockOf<"productShowcase">, "products"> & {
  products: (BlockOf<"productShowcase">["products"][number] & WithPicture)[];
};
export type PostListView = BlockOf<"postList"> & {
  posts: PostCardData[];
  /** The blog list the block is a preview of: all posts, or the block's category. */
  moreHref: string;
};
/** The site's contact details as the "details" form layout draws them (from the settings). */
export interface ContactDetails {
  email: string;
  phone: string;
  /** The phone as a tel: address (tel:+18135550142). */
  phoneHref: string;
  alternatePhone: { label: string; href: string } | null;
  supportEmail: string;
  /** An http(s) address and the host it shows as; null when the setting holds none. */
  website: { href: string; host: string } | null;
  emergencyContact: string | null;
  address: string;
  /** The week, equal weekdays on one line (Monday – Friday), then Saturday and Sunday. */
  businessHours: { days: string; hours: string }[];
  /** The social networks with an address; empty shows no "Follow us". */
  social: { label: string; href: string }[];
}

export type FormView = Omit<BlockOf<"form">, "after"> & {
  /** What the contact form's bot check needs (only the contact form has one). */
  botCheck: BotCheckConfig | null;
  /** The text under the form, as sanitized HTML. */
  afterHtml: string;
  /** With the "details" layout: the panels beside the form; null otherwise. */
  details: ContactDetails | null;
};
/** A legal document's contact card (`{contact_card:Subject}`): the company's details, resolved. */
export interface LegalContactView {
  name: string;
  email: string;
  /** mailto: with the card's subject. */
  mailto: string;
  phone: string;
  tel: string;
  address: string;
}
/** A piece of a legal text: sanitized HTML, or one of the inserts drawn by a component. */
export type LegalPart =
  | { kind: "html"; html: string }
  | { kind: "contact"; contact: LegalContactView }
  | { kind: "cookieCards"; cards: CookieCard[] };
/** A numbered step card of a section in the "steps" style: its `##` heading and what follows. */
export interface LegalStepView {
  title: string;
  parts: LegalPart[];
}
export interface LegalSectionView {
  /** The section's anchor, unique on the page; the table of contents links to it. */
  id: string;
  headingId: string;
  number: number;
  heading: string;
  /** The text (before the first step, in the steps style). */
  parts: LegalPart[];
  /** The steps style's cards; empty in the text style. */
  steps: LegalStepView[];
}
export type LegalView = Omit<BlockOf<"legal">, "intro" | "sections"> & {
  intro: LegalPart[];
  /** The sections shown on this site now (a section's `when` may leave it out). */
  sections: LegalSectionView[];
  /** On a legal page's first legal block: "Last updated" and the earlier versions. */
  facts?: LegalFacts;
  /** The hero above already says "Last updated": the block lists only the earlier versions. */
  factsInHero?: boolean;
};

type Replaced =
  | "hero"
  | "richText"
  | "image"
  | "imageText"
  | "cardGrid"
  | "productShowcase"
  | "postList"
  | "form"
  | "legal"
  // A shared block is replaced by its section's block before the view is made (render.server.ts).
  | "shared";

export type BlockView =
  | Exclude<Block, { type: Replaced }>
  | HeroView
  | RichTextView
  | ImageView
  | ImageTextView
  | CardGridView
  | ProductShowcaseView
  | PostListView
  | FormView
  | LegalView;

export type BlockViewOf<T extends BlockView["type"]> = Extract<BlockView, { type: T }>;

export interface PageView {
  /** The page's title: its h1 when no hero gives one. */
  title: string;
  blocks: BlockView[];
  /**
   * Structured data for search engines, emitted under the nonce: the home page's Organization
   * first, then one FAQPage per FAQ block.
   */
  jsonLd: Record<string, unknown>[];
  /** A legal page's version facts that no legal block of its own shows (it has none). */
  legal?: LegalFacts;
}

/** What a page's <head> says about it, worked out on the server (pageHead) for the route's meta. */
export interface PageHead {
  /** The meta title, else the page's title (the site's name is added by seo()). */
  title: string;
  description: string;
  path: string;
  /** The canonical address: the page's own setting (made absolute), else the site's address + path. */
  canonical: string | null;
  /** A library image's 1200 × 630 link-preview crop, else the address as given. */
  image: string | { url: string; width: number; height: number } | undefined;
  noindex: boolean;
}
