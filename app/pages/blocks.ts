import { CARD_ICONS } from "~/pages/icons";
import { hasControlCharacter } from "~/schemas/text";
import { z } from "~/schemas/zod";
import {
  DEFAULT_PLACEHOLDER_VALUES,
  LEGAL_WHEN,
  legalTextProblem,
  placeholderProblem,
  resolvePlaceholders,
} from "./placeholders";

/**
 * The blocks a page is built from: one zod discriminated union on `type`, shared by the browser
 * (the editor validates as staff type) and the server (every write is validated with it).
 *
 * Every block carries `v`, the version of its own shape. A block's shape changes by raising its
 * version and adding an upgrade from the one before; stored blocks are upgraded when they are
 * read (`readBlocks`), so a page saved long ago is never shown broken and never needs a data
 * migration. A write must send the current version of every block.
 *
 * Browser-safe: no server import. The public components import only the types.
 */

export const LINK_MAX = 2000;
const SHORT = 200;
const MEDIUM = 1000;
export const MARKDOWN_MAX = 60_000;
/** Enough for any real page; a page of more blocks is a sign something is looping. */
export const BLOCKS_MAX = 100;
const ITEMS_MAX = 50;

/**
 * Which legal-document syntax a text may hold (app/pages/placeholders.ts): none (every text but
 * these), conditions (a hero's text: the cookie policy's summary), or conditions and inserts
 * (a legal block's introduction and sections).
 */
type LegalSyntax = "none" | "conditions" | "inserts";

const text = (max: number, label: string, required = false, legal: LegalSyntax = "none") => {
  const base = z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine(
      (v) => !hasControlCharacter(v, true),
      `${label} contains a character that is not allowed.`,
    )
    // Settings values ({company_name}): an unknown one is a typo that would show on the page.
    .superRefine((v, ctx) => {
      const problem =
        legal === "none" ? placeholderProblem(v) : legalTextProblem(v, legal === "inserts");
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
  return required
    ? base.refine((v) => v.length > 0, `Enter ${label.toLowerCase()}.`)
    : base.default("");
};

/** A site path (/contact, /media/…), an in-page anchor (#products), or an http(s) or mailto link. */
export function isLinkTarget(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.includes("\\");
  if (value.startsWith("#")) return /^#[A-Za-z][\w-]*$/.test(value);
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[\d\s-]+)$/i.test(value);
}

/**
 * A link is checked as it will be with the built-in values in place of its settings values
 * (`{opshub_app_url}`, `mailto:{contact_email}`, `tel:{contact_phone}`); a link with an unknown
 * value gets that message alone.
 */
const href = (label: string, required = false) =>
  text(LINK_MAX, label, required).refine(
    (v) =>
      v === "" ||
      placeholderProblem(v) !== null ||
      isLinkTarget(resolvePlaceholders(v, DEFAULT_PLACEHOLDER_VALUES, "link")),
    `${label}: use a site path (/contact), an anchor (#faq) or a full https:// address.`,
  );

/** An image: a site path (the media library's /media/…) or an https URL, with its alt text. */
const imageUrl = (label: string, required = false) =>
  text(LINK_MAX, label, required).refine(
    (v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/\S+$/i.test(v),
    `${label}: choose an image from the media library or give an https:// address.`,
  );

/** A button's icon (lucide): the arrows follow the words, the others come before them. */
export const LINK_ICONS = [
  "arrow-right",
  "arrow-down",
  "calendar",
  "rocket",
  "play",
  "mail",
] as const;
/** A button's look; "" is by its place: the main button solid, the second outlined. */
export const LINK_STYLES = ["solid", "outline", "plain"] as const;

/**
 * A button. `icon` and `style` came after blocks with buttons were stored; both default, so a
 * stored link without them reads as before (no icon, the look by its place) and the blocks that
 * only embed a link kept their version: zod fills the two in on read.
 */
const link = z.object({
  label: text(80, "The button text"),
  href: href("The button link"),
  icon: z.enum([...LINK_ICONS, ""], "Choose a button icon from the list.").default(""),
  style: z.enum([...LINK_STYLES, ""], "Choose a button style from the list.").default(""),
});
export type BlockLink = z.infer<typeof link>;
/** A button not given: no text, no link (drawn as nothing). */
const EMPTY_LINK: BlockLink = { label: "", href: "", icon: "", style: "" };

/** An anchor other blocks' links can point to (#faq); letters, digits and hyphens. */
const anchor = z
  .string()
  .trim()
  .max(60, "The anchor is too long (at most 60 characters).")
  .refine(
    (v) => v === "" || /^[a-z][a-z0-9-]*$/.test(v),
    "The anchor: lower-case letters, digits and hyphens, starting with a letter.",
  )
  .default("");

const items = <T extends z.ZodType>(item: T, label: string, min = 0) =>
  z
    .array(item, `${label} must be a list.`)
    .max(ITEMS_MAX, `${label}: at most ${ITEMS_MAX}.`)
    .refine((v) => v.length >= min, `${label}: add at least ${min}.`);

/** What every block has: a key the editor keeps it by, its type, its shape's version, an anchor. */
const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "The block's id is not valid."),
  anchor,
};

export { CARD_ICONS };

const icon = z
  .union([z.enum(CARD_ICONS, "Choose an icon from the list."), z.literal("")])
  .default("");

/** A band's background: the page's, light grey, or dark (cards on it turn translucent). */
export const TONES = ["plain", "muted", "dark"] as const;
/** What a block drawn as a page band (Section) shares: its background and less space above. */
const band = (tone: (typeof TONES)[number] = "plain") => ({
  tone: z.enum(TONES, "Choose a background.").default(tone),
  /** "Less space above": for the band right under a hero. */
  tightTop: z.boolean("Less space above must be on or off.").default(false),
});

export const HERO_FIGURES_MAX = 8;
/** How a form block is laid out (see the form block's `layout`). */
export const FORM_LAYOUTS = ["single", "details", "aside"] as const;
export const FORM_STEPS_MAX = 6;
export const RICH_TEXT_FACTS_MAX = 12;
export const HERO_HIGHLIGHTS_MAX = 12;
/** Where a block's figures come from: its own list, or the Content tab's Statistics. */
export const FIGURE_SOURCES = ["block", "statistics"] as const;
/** Where a card grid's cards come from: its own list, or the Content tab's Services. */
export const CARD_SOURCES = ["block", "services"] as const;
const figure = z.object({
  value: text(40, "A figure", true),
  label: text(120, "A figure's label", true),
});

const blockSchemas = {
  hero: z.object({
    ...base,
    type: z.literal("hero"),
    v: z.literal(3),
    /** spotlight: the home page's opening (larger heading, its last word in the brand gradient). */
    variant: z
      .enum(["centred", "split", "minimal", "spotlight"], "Choose a hero style.")
      .default("centred"),
    badge: text(80, "The badge"),
    title: text(SHORT, "The heading", true),
    /** May hold legal conditions: the cookie policy's summary says what runs on the site. */
    text: text(MEDIUM, "The text", false, "conditions"),
    primary: link.optional(),
    secondary: link.optional(),
    image: imageUrl("The image"),
    imageAlt: text(300, "The image's alt text"),
    /** Figures under the buttons, as the product pages' (500+ clients). */
    figures: z
      .array(figure, "Figures must be a list.")
      .max(HERO_FIGURES_MAX, `Figures: at most ${HERO_FIGURES_MAX}.`)
      .default([]),
    /** statistics: the figures of Content → Statistics (the home page's), not the block's own. */
    figuresFrom: z.enum(FIGURE_SOURCES, "Choose where the figures come from.").default("block"),
    /** Short points under the buttons: pills under a label, or checks (a trial's terms). */
    highlights: z
      .object({
        label: text(SHORT, "The highlights' label"),
        style: z.enum(["pills", "checks"], "Choose a highlight style.").default("pills"),
        items: z
          .array(text(120, "A highlight", true), "Highlights must be a list.")
          .max(HERO_HIGHLIGHTS_MAX, `Highlights: at most ${HERO_HIGHLIGHTS_MAX}.`)
          .default([]),
      })
      .default({ label: "", style: "pills", items: [] }),
    /** The legal pages' Back button: back in the visitor's history, else home. */
    backButton: z.boolean("Back button must be on or off.").default(false),
  }),
  richText: z.object({
    ...base,
    type: z.literal("richText"),
    v: z.literal(2),
    eyebrow: text(80, "The eyebrow"),
    /** With a heading the text is drawn as a page band (Section); without one, as before. */
    title: text(SHORT, "The heading"),
    ...band(),
    markdown: text(MARKDOWN_MAX, "The text", true),
    /** Facts beside the text (About's "At a glance"): a titled list of terms and details. */
    aside: z
      .object({
        title: text(80, "The facts' heading"),
        items: z
          .array(
            z.object({
              term: text(80, "A fact's term", true),
              detail: text(300, "A fact's detail", true),
            }),
            "Facts must be a list.",
          )
          .max(RICH_TEXT_FACTS_MAX, `Facts: at most ${RICH_TEXT_FACTS_MAX}.`)
          .default([]),
      })
      .default({ title: "", items: [] }),
  }),
  image: z.object({
    ...base,
    type: z.literal("image"),
    v: z.literal(1),
    src: imageUrl("The image", true),
    alt: text(300, "The alt text"),
    caption: text(300, "The caption"),
  }),
  imageText: z.object({
    ...base,
    type: z.literal("imageText"),
    v: z.literal(1),
    title: text(SHORT, "The heading"),
    markdown: text(MARKDOWN_MAX, "The text", true),
    src: imageUrl("The image", true),
    alt: text(300, "The alt text"),
    imageSide: z.enum(["left", "right"]).default("left"),
    link: link.optional(),
  }),
  cardGrid: z
    .object({
      ...base,
      type: z.literal("cardGrid"),
      v: z.literal(3),
      eyebrow: text(80, "The eyebrow"),
      title: text(SHORT, "The heading"),
      intro: text(MEDIUM, "The introduction"),
      ...band(),
      /** stacked: icon above the title; beside: a gradient icon beside it; tile: small and dense. */
      style: z.enum(["stacked", "beside", "tile"], "Choose a card style.").default("stacked"),
      columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
      /** card: the whole card is the link; text: a text link under it; button: a full-width button. */
      linkStyle: z
        .enum(["card", "text", "button"], "Choose how a card's link shows.")
        .default("card"),
      cards: items(
        z.object({
          icon,
          badge: text(80, "A card's badge"),
          title: text(SHORT, "A card's title", true),
          text: text(MEDIUM, "A card's text"),
          checks: items(text(200, "A check", true), "A card's checks").default([]),
          href: href("A card's link"),
          /** The link's words ("Learn more"); on a whole-card link, empty shows none. */
          linkLabel: text(80, "A card's link text"),
        }),
        "Cards",
      ),
      /**
       * services: the cards of Content → Services (the home page's: numbered, Featured, each
       * linking to its service), not the block's own, which may then be none.
       */
      cardsFrom: z.enum(CARD_SOURCES, "Choose where the cards come from.").default("block"),
      /** Buttons under the grid. */
      primary: link.optional(),
      secondary: link.optional(),
    })
    .superRefine((block, ctx) => {
      if (block.cardsFrom === "block" && block.cards.length === 0) {
        ctx.addIssue({ code: "custom", path: ["cards"], message: "Cards: add at least 1." });
      }
    }),
  featureList: z.object({
    ...base,
    type: z.literal("featureList"),
    v: z.literal(2),
    eyebrow: text(80, "The eyebrow"),
    title: text(SHORT, "The heading"),
    intro: text(MEDIUM, "The introduction"),
    ...band(),
    /** The list in a box, as the service and product pages' benefits. */
    boxed: z.boolean("In a box must be on or off.").default(false),
    items: items(text(300, "A feature", true), "Features", 1),
  }),
  stats: z.object({
    ...base,
    type: z.literal("stats"),
    v: z.literal(2),
    eyebrow: text(80, "The eyebrow"),
    title: text(SHORT, "The heading"),
    intro: text(MEDIUM, "The introduction"),
    ...band("muted"),
    items: items(figure, "Figures", 1),
  }),
  steps: z.object({
    ...base,
    type: z.literal("steps"),
    v: z.literal(2),
    eyebrow: text(80, "The eyebrow"),
    title: text(SHORT, "The heading"),
    intro: text(MEDIUM, "The introduction"),
    ...band(),
    /** row: the number beside the title; card: the number above it. */
    style: z.enum(["row", "card"], "Choose a step style.").default("row"),
    /** "1" or "01". */
    numbering: z.enum(["1", "01"], "Choose how steps are numbered.").default("1"),
    steps: items(
      z.object({ title: text(SHORT, "A step's title", true), text: text(MEDIUM, "A step's text") }),
      "Steps",
      1,
    ),
  }),
  faq: z.object({
    ...base,
    type: z.literal("faq"),
    v: z.literal(2),
    title: text(SHORT, "The heading"),
    items: items(
      z.object({
        question: text(300, "A question", true),
        answer: text(3000, "An answer", true),
      }),
      "Questions",
      1,
    ),
  }),
  cta: z.object({
    ...base,
    type: z.literal("cta"),
    v: z.literal(3),
    eyebrow: text(80, "The eyebrow"),
    title: text(SHORT, "The heading", true),
    text: text(MEDIUM, "The text"),
    primary: link,
    secondary: link.optional(),
    /** band: across the page in the brand gradient; card: a white card on a light grey band. */
    style: z.enum(["band", "card"], "Choose a call to action style.").default("band"),
  }),
  testimonials: z.object({
    ...base,
    type: z.literal("testimonials"),
    v: z.literal(1),
    title: text(SHORT, "The heading"),
    items: items(
      z.object({
        quote: text(MEDIUM, "A quote", true),
        name: text(120, "A name", true),
        role: text(120, "A role"),
      }),
      "Testimonials",
      1,
    ),
  }),
  logos: z.object({
    ...base,
    type: z.literal("logos"),
    v: z.literal(1),
    title: text(SHORT, "The heading"),
    items: items(
      z.object({
        name: text(120, "A name", true),
        src: imageUrl("A logo"),
        href: href("A logo's link"),
      }),
      "Logos",
      1,
    ),
  }),
  productShowcase: z.object({
    ...base,
    type: z.literal("productShowcase"),
    v: z.literal(1),
    eyebrow: text(80, "The eyebrow"),
    title: text(SHORT, "The heading"),
    intro: text(MEDIUM, "The introduction"),
    products: items(
      z.object({
        badge: text(80, "A product's badge"),
        name: text(SHORT, "A product's name", true),
        description: text(MEDIUM, "A product's description", true),
        features: items(text(200, "A feature", true), "A product's features"),
        href: href("A product's link"),
        linkLabel: text(80, "A product's link text"),
        src: imageUrl("A product's image"),
        alt: text(300, "A product's image alt text"),
      }),
      "Products",
      1,
    ),
  }),
  postList: z.object({
    ...base,
    type: z.literal("postList"),
    v: z.literal(1),
    title: text(SHORT, "The heading"),
    /** A category's slug; empty for the latest posts of every category. */
    category: text(200, "The category"),
    count: z.coerce
      .number()
      .int()
      .min(1, "Show at least 1 post.")
      .max(12, "Show at most 12 posts.")
      .default(3),
  }),
  form: z.object({
    ...base,
    type: z.literal("form"),
    v: z.literal(2),
    form: z.enum(["contact", "consultation", "newsletter"], "Choose a form."),
    /**
     * single: the form card alone; details: the site's contact details, business hours and social
     * links (from the settings) beside it; aside: a side panel of the block's own beside it.
     */
    layout: z.enum(FORM_LAYOUTS, "Choose a form layout.").default("single"),
    title: text(SHORT, "The heading"),
    intro: text(MEDIUM, "The introduction"),
    /** Under the form, in the card: other ways to get in touch (Markdown). */
    after: text(MEDIUM, "The text under the form"),
    /** A line and up to two buttons under the form (Book Directly, Email us). */
    actions: z
      .object({
        text: text(300, "The buttons' line"),
        primary: link.default(EMPTY_LINK),
        secondary: link.default(EMPTY_LINK),
      })
      .default({ text: "", primary: EMPTY_LINK, secondary: EMPTY_LINK }),
    /** Numbered steps at the foot of the card ("What happens next"). */
    stepsTitle: text(SHORT, "The steps' heading"),
    steps: z
      .array(
        z.object({
          title: text(SHORT, "A step's title", true),
          text: text(MEDIUM, "A step's text"),
        }),
        "Steps must be a list.",
      )
      .max(FORM_STEPS_MAX, `Steps: at most ${FORM_STEPS_MAX}.`)
      .default([]),
    /** The side panel of the "aside" layout: a heading, a line and a list of checks. */
    aside: z
      .object({
        title: text(SHORT, "The side panel's heading"),
        text: text(MEDIUM, "The side panel's text"),
        items: z
          .array(text(200, "A side panel point", true), "The side panel's points must be a list.")
          .max(ITEMS_MAX, `The side panel's points: at most ${ITEMS_MAX}.`)
          .default([]),
      })
      .default({ title: "", text: "", items: [] }),
  }),
  legal: z.object({
    ...base,
    type: z.literal("legal"),
    v: z.literal(2),
    /**
     * true: "Contents", an ordered list and numbered headings; false: "On this page", a plain
     * list (shown from wide screens on) and headings without numbers, as the site's own legal
     * pages.
     */
    numbered: z.boolean("Numbered sections must be on or off.").default(true),
    /** Shown above the sections: what the document is and whom it binds. */
    intro: text(MARKDOWN_MAX, "The introduction", false, "inserts"),
    sections: items(
      z.object({
        heading: text(SHORT, "A section's heading", true),
        /** The section's id for links (#your-rights); empty: made from its heading. */
        anchor,
        /** Shown always, or only while a fact about the site holds (or does not). */
        when: z.enum(LEGAL_WHEN, "Choose when the section shows.").default("always"),
        /** steps: each `##` heading of the text starts a numbered step card. */
        style: z.enum(["text", "steps"], "Choose a section style.").default("text"),
        markdown: text(MARKDOWN_MAX, "A section's text", true, "inserts"),
      }),
      "Sections",
      1,
    ),
  }),
  shared: z.object({
    ...base,
    type: z.literal("shared"),
    v: z.literal(1),
    /** A shared section's id: edited once, shown wherever it is placed. */
    sharedId: z.coerce
      .number("Choose a shared section.")
      .int()
      .positive("Choose a shared section."),
  }),
} as const;

export type BlockType = keyof typeof blockSchemas;
export const BLOCK_TYPES = Object.keys(blockSchemas) as BlockType[];

export const blockSchema = z.discriminatedUnion(
  "type",
  Object.values(blockSchemas) as unknown as [
    (typeof blockSchemas)[BlockType],
    ...(typeof blockSchemas)[BlockType][],
  ],
);
export type Block = z.infer<(typeof blockSchemas)[BlockType]>;
export type BlockOf<T extends BlockType> = z.infer<(typeof blockSchemas)[T]>;

/** The version of each block's shape that this code writes. */
export const CURRENT_VERSION: { [T in BlockType]: number } = Object.fromEntries(
  BLOCK_TYPES.map((type) => [type, (blockSchemas[type].shape.v as z.ZodLiteral<number>).value]),
) as { [T in BlockType]: number };

type Raw = Record<string, unknown>;

/**
 * How an older shape becomes the next: `upgrades[type][n]` turns version n into n + 1. Applied in
 * a row on read; never removed (a backup from years ago must still open).
 */
export const upgrades: { [T in BlockType]?: Record<number, (block: Raw) => Raw> } = {
  hero: {
    // v1 held the home page's hero settings one for one: heading, subheading, one button.
    1: ({ heading, subheading, ctaText, ctaLink, ...rest }) => ({
      ...rest,
      v: 2,
      title: heading,
      text: subheading ?? "",
      ...(ctaText ? { primary: { label: ctaText, href: ctaLink ?? "" } } : {}),
    }),
    // v3 added the home page's look, figures, highlights and the Back button, all off.
    2: (block) => ({
      figures: [],
      figuresFrom: "block",
      highlights: { label: "", style: "pills", items: [] },
      backButton: false,
      ...block,
      v: 3,
    }),
  },
  richText: {
    // v2 added an eyebrow, a heading, the band's options and facts beside the text, all empty:
    // a block without a heading or facts is drawn as v1 was.
    1: (block) => ({
      eyebrow: "",
      title: "",
      tone: "plain",
      tightTop: false,
      aside: { title: "", items: [] },
      ...block,
      v: 2,
    }),
  },
  faq: {
    // v1 stored each entry as { q, a }.
    1: ({ items: entries, ...rest }) => ({
      ...rest,
      v: 2,
      items: Array.isArray(entries)
        ? entries.map((entry: Raw) => ({ question: entry?.q ?? "", answer: entry?.a ?? "" }))
        : entries,
    }),
  },
  cardGrid: {
    // v2 added the band's options, card styles, checks, badges, link words and buttons; a card
    // with a link kept its whole-card link and its "Learn more".
    1: ({ cards, ...rest }) => ({
      tone: "plain",
      tightTop: false,
      style: "stacked",
      linkStyle: "card",
      ...rest,
      v: 2,
      cards: Array.isArray(cards)
        ? cards.map((card: Raw) =>
            card && typeof card === "object"
              ? {
                  badge: "",
                  checks: [],
                  linkLabel: typeof card.href === "string" && card.href.trim() ? "Learn more" : "",
                  ...card,
                }
              : card,
          )
        : cards,
    }),
    // v3 added the cards of Content → Services as a source; a stored grid keeps its own cards.
    2: (block) => ({ cardsFrom: "block", ...block, v: 3 }),
  },
  featureList: {
    // v2 added an eyebrow, the band's options and the box.
    1: (block) => ({ eyebrow: "", tone: "plain", tightTop: false, boxed: false, ...block, v: 2 }),
  },
  stats: {
    // v2 added an eyebrow, an introduction and the band's options; v1 was always on grey.
    1: (block) => ({ eyebrow: "", intro: "", tone: "muted", tightTop: false, ...block, v: 2 }),
  },
  steps: {
    // v2 added an eyebrow, the band's options, numbered cards and "01" numbers.
    1: (block) => ({
      eyebrow: "",
      tone: "plain",
      tightTop: false,
      style: "row",
      numbering: "1",
      ...block,
      v: 2,
    }),
  },
  form: {
    // v2 added the layouts, the text and buttons under the form, the steps and the side panel,
    // all empty: a v1 block is the form card alone, as before.
    1: (block) => ({
      layout: "single",
      after: "",
      actions: { text: "", primary: { ...EMPTY_LINK }, secondary: { ...EMPTY_LINK } },
      stepsTitle: "",
      steps: [],
      aside: { title: "", text: "", items: [] },
      ...block,
      v: 2,
    }),
  },
  cta: {
    // v1 had one button, as two fields.
    1: ({ buttonLabel, buttonHref, ...rest }) => ({
      ...rest,
      v: 2,
      primary: { label: buttonLabel ?? "", href: buttonHref ?? "" },
    }),
    // v3 added an eyebrow and the card style; v2 was always the band.
    2: (block) => ({ eyebrow: "", style: "band", ...block, v: 3 }),
  },
  legal: {
    // v2 added unnumbered contents, a section's anchor, condition and steps style: a v1 document
    // stays numbered, its sections' ids made from their headings, always shown, as text.
    1: ({ sections, ...rest }) => ({
      numbered: true,
      ...rest,
      v: 2,
      sections: Array.isArray(sections)
        ? sections.map((section: Raw) =>
            section && typeof section === "object"
              ? { anchor: "", when: "always", style: "text", ...section }
              : section,
          )
        : sections,
    }),
  },
};

/** A stored block brought to the current shape of its type; unchanged when it is current. */
export function upgradeBlock(raw: unknown): unknown {
  if (!raw || typeof raw !== "object") return raw;
  let block = raw as Raw;
  const type = block.type as BlockType;
  if (!(type in blockSchemas)) return raw;
  const steps = upgrades[type] ?? {};
  let version = typeof block.v === "number" ? block.v : 1;
  while (version < CURRENT_VERSION[type]) {
    const step = steps[version];
    if (!step) break;
    block = step(block);
    version = block.v as number;
  }
  return block;
}

export interface UnreadableBlock {
  index: number;
  type: string;
  problem: string;
}

/**
 * The stored blocks as the current code shows them: each upgraded, then validated. A block that
 * still does not fit (written by a newer version of the site, or damaged by hand) is left out and
 * reported, so a page never shows a broken block; the editor says which one was left out.
 */
export function readBlocks(stored: unknown): { blocks: Block[]; unreadable: UnreadableBlock[] } {
  const blocks: Block[] = [];
  const unreadable: UnreadableBlock[] = [];
  const ids = new Set<string>();
  const list = Array.isArray(stored) ? stored : [];
  list.forEach((raw, index) => {
    const parsed = blockSchema.safeParse(upgradeBlock(raw));
    if (parsed.success) {
      // Two blocks with one id (a copy made by hand, an import) would confuse the editor, which
      // keeps blocks by id, and a save would be refused over an id staff never see: the second
      // gets a fresh one. Anchors, not ids, are what links point at.
      const block = ids.has(parsed.data.id) ? { ...parsed.data, id: newBlockId() } : parsed.data;
      ids.add(block.id);
      blocks.push(block);
    } else
      unreadable.push({
        index,
        type: String((raw as Raw | null)?.type ?? "unknown"),
        problem: parsed.error.issues[0]?.message ?? "not valid",
      });
  });
  return { blocks, unreadable };
}

/** What staff call each block, for the editor's menu, its errors and the History panel's diff. */
export const BLOCK_LABELS: { [T in BlockType]: string } = {
  hero: "Hero",
  richText: "Rich text",
  image: "Image",
  imageText: "Image and text",
  cardGrid: "Card grid",
  featureList: "Feature list",
  stats: "Statistics",
  steps: "Steps",
  faq: "FAQ",
  cta: "Call to action",
  testimonials: "Testimonials",
  logos: "Logos",
  productShowcase: "Product showcase",
  postList: "Post list",
  form: "Form",
  legal: "Legal document",
  shared: "Shared section",
};

/** Where a problem is: "Block 3 (Card grid), cards › 2 › title". Positions count from 1. */
export function describeIssuePath(path: readonly PropertyKey[], blocks: unknown): string {
  const [index, ...rest] = path;
  if (typeof index !== "number") return "The blocks";
  const type = (Array.isArray(blocks) ? (blocks[index] as Raw | undefined)?.type : undefined) as
    | BlockType
    | undefined;
  const label = type && type in BLOCK_LABELS ? BLOCK_LABELS[type] : "unknown type";
  const field = rest.map((part) => (typeof part === "number" ? String(part + 1) : String(part)));
  return `Block ${index + 1} (${label})${field.length ? `, ${field.join(" › ")}` : ""}`;
}

/** The blocks a write sends: at most BLOCKS_MAX, each of a known type at its current version. */
export const blocksSchema = z
  .array(z.unknown(), "The blocks must be a list.")
  .max(BLOCKS_MAX, `A page holds at most ${BLOCKS_MAX} blocks.`)
  .superRefine((list, ctx) => {
    const ids = new Set<string>();
    list.forEach((raw, index) => {
      const type = (raw as Raw | null)?.type;
      if (typeof type !== "string" || !(type in blockSchemas)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "type"],
          message: `Block ${index + 1}: "${String(type)}" is not a kind of block this site has.`,
        });
        return;
      }
      const parsed = blockSchema.safeParse(raw);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          ctx.addIssue({
            code: "custom",
            path: [index, ...issue.path],
            message: `${describeIssuePath([index, ...issue.path], list)}: ${issue.message}`,
          });
        }
        return;
      }
      if (ids.has(parsed.data.id)) {
        ctx.addIssue({
          code: "custom",
          path: [index, "id"],
          message: `Block ${index + 1}: two blocks have the same id.`,
        });
      }
      ids.add(parsed.data.id);
    });
  })
  .transform((list) => list.map((raw) => blockSchema.parse(raw)));

/** A new block's id: short, random, safe in a URL fragment and an HTML id. */
export function newBlockId(): string {
  const bytes = new Uint8Array(9);
  globalThis.crypto.getRandomValues(bytes);
  return `b${Array.from(bytes, (b) => b.toString(36).padStart(2, "0"))
    .join("")
    .slice(0, 14)}`;
}
