import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  BLOCKS_MAX,
  type Block,
  type BlockLink,
  type BlockOf,
  type BlockType,
  CARD_ICONS,
  CURRENT_VERSION,
  FORM_STEPS_MAX,
  HERO_FIGURES_MAX,
  HERO_HIGHLIGHTS_MAX,
  newBlockId,
  RICH_TEXT_FACTS_MAX,
} from "./blocks";
import {
  LEGAL_CONDITION_LABELS,
  LEGAL_WHEN,
  type LegalCondition,
  type LegalWhen,
} from "./placeholders";

/**
 * What the page editor shows for each kind of block: its fields in order, each with the control
 * that edits it. The editor renders every block from this table (there is no hand-written form
 * per block), so a new block type or field is one entry here beside its schema in blocks.ts.
 *
 * Browser-safe: no server import.
 */

interface FieldBase {
  /** The key in the block (or in a list item). */
  name: string;
  label: string;
  hint?: string;
  /** Marked as required; the schema says what is missing. */
  required?: boolean;
  /**
   * Shown only while this holds for the values beside it (the figures list, while the figures are
   * the block's own); a field that does not apply is hidden, its value kept.
   */
  showIf?: (values: Record<string, unknown>) => boolean;
  /** What shows in a hidden field's place: where its content comes from instead, with a link. */
  instead?: { before: string; linkLabel: string; href: string; after: string };
}

export type TextFieldConfig = FieldBase & {
  kind: "text";
  maxLength?: number;
  placeholder?: string;
};
export type TextareaFieldConfig = FieldBase & {
  kind: "textarea";
  rows?: number;
  maxLength?: number;
};
/** Markdown: a taller monospaced textarea. */
export type MarkdownFieldConfig = FieldBase & { kind: "markdown"; rows?: number };
export type SelectFieldConfig = FieldBase & {
  kind: "select";
  options: readonly { value: string | number; label: string }[];
};
export type NumberFieldConfig = FieldBase & { kind: "number"; min: number; max: number };
export type CheckboxFieldConfig = FieldBase & { kind: "checkbox" };
/** A button: `{ label, href }`. An optional one is left out of the block while both are empty. */
export type LinkFieldConfig = FieldBase & { kind: "link"; optional?: boolean };
/** An image's address (`name`) and, when the block has one, its alt text (`altName`). */
export type ImageFieldConfig = FieldBase & { kind: "image"; altName?: string };
/** One of CARD_ICONS, or none. */
export type IconFieldConfig = FieldBase & { kind: "icon" };
/** A list of items, each an object with its own fields. */
export type ListFieldConfig = FieldBase & {
  kind: "list";
  /** What one item is called: "Card", "Question". */
  itemLabel: string;
  fields: readonly ItemFieldConfig[];
  newItem: () => Record<string, unknown>;
  /** Fewest items the block needs: the last one(s) cannot be removed. */
  min: number;
  /** Most items (the schema's limit); 50 when not given. */
  max?: number;
};
/** A list of short texts (a product's features). */
export type StringListFieldConfig = FieldBase & {
  kind: "strings";
  itemLabel: string;
  min: number;
  /** Most items (the schema's limit); 50 when not given. */
  max?: number;
  /** Longest item; 300 when not given. */
  maxLength?: number;
};

/**
 * Fields kept together in one object of the block (a hero's highlights: label, style, items; a
 * rich text's facts: title and a list of terms and details).
 */
export type GroupFieldConfig = FieldBase & {
  kind: "group";
  fields: readonly (ItemFieldConfig | ListFieldConfig)[];
};

export type ItemFieldConfig =
  | TextFieldConfig
  | TextareaFieldConfig
  | MarkdownFieldConfig
  | SelectFieldConfig
  | NumberFieldConfig
  | CheckboxFieldConfig
  | LinkFieldConfig
  | ImageFieldConfig
  | IconFieldConfig
  | StringListFieldConfig;

/**
 * Which shared section a `shared` block places: a select of the sections by name (loaded by the
 * control from /admin/pages/shared-sections) with a link to edit the chosen one.
 */
export type SharedSectionFieldConfig = FieldBase & { kind: "sharedSection" };

export type FieldConfig =
  | ItemFieldConfig
  | ListFieldConfig
  | GroupFieldConfig
  | SharedSectionFieldConfig;
export type FieldKind = FieldConfig["kind"];

export interface BlockEditorConfig<T extends BlockType = BlockType> {
  type: T;
  label: string;
  /** What the block is for, in the Add block menu. */
  description: string;
  fields: readonly FieldConfig[];
  /** A valid block of the current version, with placeholder copy staff replace. */
  create: () => Omit<BlockOf<T>, "id" | "type" | "v" | "anchor">;
}

const LEGAL_TEXT_HINT =
  "Besides settings values: {if optional_cookies}…{else}…{end} (also analytics_cookies, marketing_cookies, tracking_cookies, google_analytics), and alone in a paragraph {contact_card:Subject}, {cookie_cards:essential} or {cookie_cards:optional}.";

/** "Always", "With optional cookies", "Without Google Analytics". */
function legalWhenLabel(when: LegalWhen): string {
  if (when === "always") return "Always";
  const negated = when.startsWith("!");
  const name = (negated ? when.slice(1) : when) as LegalCondition;
  return `${negated ? "Without" : "With"} ${LEGAL_CONDITION_LABELS[name]}`;
}

const heading = (required = false): TextFieldConfig => ({
  name: "title",
  label: "Heading",
  kind: "text",
  maxLength: 200,
  required,
});
const intro: TextareaFieldConfig = {
  name: "intro",
  label: "Introduction",
  kind: "textarea",
  rows: 2,
  maxLength: 1000,
};
const eyebrow: TextFieldConfig = {
  name: "eyebrow",
  label: "Eyebrow",
  kind: "text",
  maxLength: 80,
  hint: "A short line above the heading.",
};

/** A page band's background (blocks drawn as a band: cards, features, figures, steps). */
const tone: SelectFieldConfig = {
  name: "tone",
  label: "Background",
  kind: "select",
  options: [
    { value: "plain", label: "Plain" },
    { value: "muted", label: "Light grey" },
    { value: "dark", label: "Dark" },
  ],
};
const tightTop: CheckboxFieldConfig = {
  name: "tightTop",
  label: "Less space above",
  kind: "checkbox",
  hint: "For the band right under a hero.",
};

const ICON_OPTIONS = [
  { value: "", label: "No icon" },
  ...CARD_ICONS.map((icon) => ({ value: icon, label: icon.replace(/([a-z])([A-Z])/g, "$1 $2") })),
];

export { ICON_OPTIONS };

/** A button's icons, in the words staff know them by; where each sits is the button's affair. */
export const LINK_ICON_OPTIONS: readonly { value: BlockLink["icon"]; label: string }[] = [
  { value: "", label: "No icon" },
  { value: "arrow-right", label: "Arrow right (after the text)" },
  { value: "arrow-down", label: "Arrow down (after the text)" },
  { value: "calendar", label: "Calendar" },
  { value: "rocket", label: "Rocket" },
  { value: "play", label: "Play" },
  { value: "mail", label: "Mail" },
];

export const LINK_STYLE_OPTIONS: readonly { value: BlockLink["style"]; label: string }[] = [
  { value: "", label: "By its place (main solid, second outlined)" },
  { value: "solid", label: "Solid" },
  { value: "outline", label: "Outlined" },
  { value: "plain", label: "Plain text" },
];

/** A button as a new block or template has it: no icon, the look by its place. */
export const button = (label: string, href: string): BlockLink => ({
  label,
  href,
  icon: "",
  style: "",
});

/** A card of a card grid, with the words a link shows by default. */
const card = (
  title: string,
  text: string,
  icon: BlockOf<"cardGrid">["cards"][number]["icon"] = "",
) => ({
  icon,
  badge: "",
  title,
  text,
  checks: [],
  href: "",
  linkLabel: "Learn more",
});

const configs: { [T in BlockType]: BlockEditorConfig<T> } = {
  hero: {
    type: "hero",
    label: BLOCK_LABELS.hero,
    description: "The big opening of a page: heading, a line of text, buttons, an image.",
    fields: [
      {
        name: "variant",
        label: "Style",
        kind: "select",
        options: [
          { value: "centred", label: "Centred" },
          { value: "split", label: "Text beside an image" },
          { value: "minimal", label: "Minimal" },
          { value: "spotlight", label: "Spotlight (the home page's: larger, last word coloured)" },
        ],
      },
      { name: "badge", label: "Badge", kind: "text", maxLength: 80 },
      heading(true),
      { name: "text", label: "Text", kind: "textarea", rows: 3, maxLength: 1000 },
      { name: "primary", label: "Main button", kind: "link", optional: true },
      { name: "secondary", label: "Second button", kind: "link", optional: true },
      {
        name: "highlights",
        label: "Highlights",
        kind: "group",
        hint: "Short points under the buttons, as the service pages' channels or a trial's terms.",
        fields: [
          {
            name: "style",
            label: "Highlight style",
            kind: "select",
            options: [
              { value: "pills", label: "Pills under a label" },
              { value: "checks", label: "Checks in a row" },
            ],
          },
          {
            name: "label",
            label: "Label over the highlights",
            kind: "text",
            maxLength: 200,
            hint: "A line above them (Works with); may stay empty.",
          },
          {
            name: "items",
            label: "Points",
            kind: "strings",
            itemLabel: "Highlight",
            min: 0,
            max: HERO_HIGHLIGHTS_MAX,
            maxLength: 120,
          },
        ],
      },
      {
        name: "figuresFrom",
        label: "Figures from",
        kind: "select",
        options: [
          { value: "block", label: "This block (the figures below)" },
          { value: "statistics", label: "Content → Statistics (the home page's figures)" },
        ],
      },
      {
        name: "figures",
        label: "Figures",
        kind: "list",
        itemLabel: "Figure",
        min: 0,
        max: HERO_FIGURES_MAX,
        fields: [
          { name: "value", label: "Figure", kind: "text", maxLength: 40, required: true },
          { name: "label", label: "Label", kind: "text", maxLength: 120, required: true },
        ],
        newItem: () => ({ value: "10+", label: "A label" }),
        showIf: (values) => values.figuresFrom !== "statistics",
        instead: {
          before: "The figures come from ",
          linkLabel: "Content → Statistics",
          href: "/admin/content",
          after: ".",
        },
      },
      {
        name: "backButton",
        label: "Back button",
        kind: "checkbox",
        hint: "As on the legal pages: back to the page the visitor came from, else the home page.",
      },
      { name: "image", label: "Image", kind: "image", altName: "imageAlt" },
    ],
    create: () => ({
      variant: "centred",
      badge: "",
      title: "A heading that says what you offer",
      text: "One or two sentences on why it matters to the reader.",
      primary: button("Get in touch", "/contact"),
      image: "",
      imageAlt: "",
      figures: [],
      figuresFrom: "block",
      highlights: { label: "", style: "pills", items: [] },
      backButton: false,
    }),
  },
  richText: {
    type: "richText",
    label: BLOCK_LABELS.richText,
    description: "Paragraphs, headings, lists and links, written in Markdown.",
    fields: [
      eyebrow,
      { ...heading(), hint: "With a heading the text is a band of its own, like the cards'." },
      tone,
      tightTop,
      { name: "markdown", label: "Text", kind: "markdown", required: true, rows: 10 },
      {
        name: "aside",
        label: "Facts beside the text",
        kind: "group",
        hint: "A short list beside the text on wide screens (below it on phones), as About's At a glance.",
        fields: [
          {
            name: "title",
            label: "Heading over the facts",
            kind: "text",
            maxLength: 80,
            hint: "Also names the box for screen readers; may stay empty.",
          },
          {
            name: "items",
            label: "Facts",
            kind: "list",
            itemLabel: "Fact",
            min: 0,
            max: RICH_TEXT_FACTS_MAX,
            fields: [
              { name: "term", label: "Term", kind: "text", maxLength: 80, required: true },
              { name: "detail", label: "Detail", kind: "text", maxLength: 300, required: true },
            ],
            newItem: () => ({ term: "Headquarters", detail: "{business_location}" }),
          },
        ],
      },
    ],
    create: () => ({
      eyebrow: "",
      title: "",
      tone: "plain",
      tightTop: false,
      markdown: "## A heading\n\nWrite your text here.",
      aside: { title: "", items: [] },
    }),
  },
  image: {
    type: "image",
    label: BLOCK_LABELS.image,
    description: "One image across the page, with a caption.",
    fields: [
      { name: "src", label: "Image", kind: "image", altName: "alt", required: true },
      { name: "caption", label: "Caption", kind: "text", maxLength: 300 },
    ],
    create: () => ({ src: "/images/og-default.png", alt: "", caption: "" }),
  },
  imageText: {
    type: "imageText",
    label: BLOCK_LABELS.imageText,
    description: "An image beside a heading and text, with an optional button.",
    fields: [
      heading(),
      { name: "markdown", label: "Text", kind: "markdown", required: true, rows: 6 },
      { name: "src", label: "Image", kind: "image", altName: "alt", required: true },
      {
        name: "imageSide",
        label: "Image side",
        kind: "select",
        options: [
          { value: "left", label: "Left" },
          { value: "right", label: "Right" },
        ],
      },
      { name: "link", label: "Button", kind: "link", optional: true },
    ],
    create: () => ({
      title: "A heading",
      markdown: "Say what the image shows and why it matters.",
      src: "/images/og-default.png",
      alt: "",
      imageSide: "left",
    }),
  },
  cardGrid: {
    type: "cardGrid",
    label: BLOCK_LABELS.cardGrid,
    description: "Cards in a grid: services, benefits, reasons, each with an icon.",
    fields: [
      eyebrow,
      heading(),
      intro,
      tone,
      tightTop,
      {
        name: "style",
        label: "Card style",
        kind: "select",
        options: [
          { value: "stacked", label: "Icon above the title" },
          { value: "beside", label: "Icon beside the title" },
          { value: "tile", label: "Small tiles" },
        ],
      },
      {
        name: "columns",
        label: "Columns",
        kind: "select",
        options: [
          { value: 2, label: "2" },
          { value: 3, label: "3" },
          { value: 4, label: "4" },
        ],
      },
      {
        name: "linkStyle",
        label: "Card links",
        kind: "select",
        hint: "How a card with a link shows it.",
        options: [
          { value: "card", label: "The whole card is the link" },
          { value: "text", label: "A text link under the card's words" },
          { value: "button", label: "A full-width button" },
        ],
      },
      {
        name: "cardsFrom",
        label: "Cards from",
        kind: "select",
        options: [
          { value: "block", label: "This block (the cards below)" },
          { value: "services", label: "Content → Services (the home page's service cards)" },
        ],
      },
      {
        name: "cards",
        label: "Cards",
        kind: "list",
        itemLabel: "Card",
        min: 1,
        showIf: (values) => values.cardsFrom !== "services",
        instead: {
          before: "The cards come from ",
          linkLabel: "Content → Services",
          href: "/admin/content",
          after: ".",
        },
        fields: [
          { name: "icon", label: "Icon", kind: "icon" },
          { name: "badge", label: "Badge", kind: "text", maxLength: 80 },
          { name: "title", label: "Title", kind: "text", maxLength: 200, required: true },
          { name: "text", label: "Text", kind: "textarea", rows: 2, maxLength: 1000 },
          { name: "checks", label: "Checks", kind: "strings", itemLabel: "Check", min: 0 },
          { name: "href", label: "Link", kind: "text", placeholder: "/contact or https://…" },
          {
            name: "linkLabel",
            // "Wording", not "Link text": the card's "Link" field stays the only one so named.
            label: "Wording",
            kind: "text",
            maxLength: 80,
            hint: "The words of the card's link (Learn more); on a whole-card link, leave empty to show none.",
          },
        ],
        newItem: () => card("A card's title", ""),
      },
      { name: "primary", label: "Button under the cards", kind: "link", optional: true },
      { name: "secondary", label: "Second button", kind: "link", optional: true },
    ],
    create: () => ({
      eyebrow: "",
      title: "What you get",
      intro: "",
      tone: "plain",
      tightTop: false,
      style: "stacked",
      columns: 3,
      linkStyle: "card",
      cardsFrom: "block",
      cards: [
        card("First benefit", "A sentence about it.", "Bot"),
        card("Second benefit", "A sentence about it.", "Gauge"),
        card("Third benefit", "A sentence about it.", "ShieldCheck"),
      ],
    }),
  },
  featureList: {
    type: "featureList",
    label: BLOCK_LABELS.featureList,
    description: "A heading and a checked list of features.",
    fields: [
      eyebrow,
      heading(),
      intro,
      tone,
      tightTop,
      {
        name: "boxed",
        label: "In a box",
        kind: "checkbox",
        hint: "The list in a white box with more space, as the service pages' benefits.",
      },
      { name: "items", label: "Features", kind: "strings", itemLabel: "Feature", min: 1 },
    ],
    create: () => ({
      eyebrow: "",
      title: "Features",
      intro: "",
      tone: "plain",
      tightTop: false,
      boxed: false,
      items: ["A first feature", "A second feature"],
    }),
  },
  stats: {
    type: "stats",
    label: BLOCK_LABELS.stats,
    description: "A row of figures with their labels (50+ clients, 99% uptime).",
    fields: [
      eyebrow,
      heading(),
      intro,
      tone,
      tightTop,
      {
        name: "items",
        label: "Figures",
        kind: "list",
        itemLabel: "Figure",
        min: 1,
        fields: [
          { name: "value", label: "Figure", kind: "text", maxLength: 40, required: true },
          { name: "label", label: "Label", kind: "text", maxLength: 120, required: true },
        ],
        newItem: () => ({ value: "10+", label: "A label" }),
      },
    ],
    create: () => ({
      eyebrow: "",
      title: "",
      intro: "",
      tone: "muted",
      tightTop: false,
      items: [
        { value: "50+", label: "Clients" },
        { value: "99%", label: "Satisfied" },
        { value: "24/7", label: "Support" },
      ],
    }),
  },
  steps: {
    type: "steps",
    label: BLOCK_LABELS.steps,
    description: "Numbered steps: how it works, from the first call to launch.",
    fields: [
      eyebrow,
      heading(),
      intro,
      tone,
      tightTop,
      {
        name: "style",
        label: "Step style",
        kind: "select",
        options: [
          { value: "row", label: "Number beside the title" },
          { value: "card", label: "Number above the title" },
        ],
      },
      {
        name: "numbering",
        label: "Numbers",
        kind: "select",
        options: [
          { value: "1", label: "1, 2, 3" },
          { value: "01", label: "01, 02, 03" },
        ],
      },
      {
        name: "steps",
        label: "Steps",
        kind: "list",
        itemLabel: "Step",
        min: 1,
        fields: [
          { name: "title", label: "Title", kind: "text", maxLength: 200, required: true },
          { name: "text", label: "Text", kind: "textarea", rows: 2, maxLength: 1000 },
        ],
        newItem: () => ({ title: "A step", text: "" }),
      },
    ],
    create: () => ({
      eyebrow: "",
      title: "How it works",
      intro: "",
      tone: "plain",
      tightTop: false,
      style: "row",
      numbering: "1",
      steps: [
        { title: "We talk", text: "Tell us what you need." },
        { title: "We build", text: "We make it, step by step." },
        { title: "You launch", text: "It goes live, and we stay on hand." },
      ],
    }),
  },
  faq: {
    type: "faq",
    label: BLOCK_LABELS.faq,
    description: "Questions and answers that open one at a time.",
    fields: [
      heading(),
      {
        name: "items",
        label: "Questions",
        kind: "list",
        itemLabel: "Question",
        min: 1,
        fields: [
          { name: "question", label: "Question", kind: "text", maxLength: 300, required: true },
          { name: "answer", label: "Answer", kind: "textarea", rows: 3, required: true },
        ],
        newItem: () => ({ question: "A new question?", answer: "Its answer." }),
      },
    ],
    create: () => ({
      title: "Questions and answers",
      items: [{ question: "A question people ask?", answer: "Its answer." }],
    }),
  },
  cta: {
    type: "cta",
    label: BLOCK_LABELS.cta,
    description: "A closing band asking the reader to act, with one or two buttons.",
    fields: [
      {
        name: "style",
        label: "Style",
        kind: "select",
        options: [
          { value: "band", label: "A coloured band across the page" },
          { value: "card", label: "A white card on a light grey band" },
        ],
      },
      eyebrow,
      heading(true),
      { name: "text", label: "Text", kind: "textarea", rows: 2, maxLength: 1000 },
      { name: "primary", label: "Main button", kind: "link" },
      { name: "secondary", label: "Second button", kind: "link", optional: true },
    ],
    create: () => ({
      style: "band",
      eyebrow: "",
      title: "Ready to start?",
      text: "Tell us about your project; we answer within a day.",
      primary: button("Contact us", "/contact"),
    }),
  },
  testimonials: {
    type: "testimonials",
    label: BLOCK_LABELS.testimonials,
    description: "Quotes from clients, with their names and roles.",
    fields: [
      heading(),
      {
        name: "items",
        label: "Testimonials",
        kind: "list",
        itemLabel: "Testimonial",
        min: 1,
        fields: [
          { name: "quote", label: "Quote", kind: "textarea", rows: 3, required: true },
          { name: "name", label: "Name", kind: "text", maxLength: 120, required: true },
          { name: "role", label: "Role", kind: "text", maxLength: 120 },
        ],
        newItem: () => ({ quote: "What they said.", name: "Their name", role: "" }),
      },
    ],
    create: () => ({
      title: "What our clients say",
      items: [{ quote: "What a client said about you.", name: "A client", role: "" }],
    }),
  },
  logos: {
    type: "logos",
    label: BLOCK_LABELS.logos,
    description: "A row of client or partner logos.",
    fields: [
      heading(),
      {
        name: "items",
        label: "Logos",
        kind: "list",
        itemLabel: "Logo",
        min: 1,
        fields: [
          { name: "name", label: "Name", kind: "text", maxLength: 120, required: true },
          { name: "src", label: "Logo", kind: "image" },
          { name: "href", label: "Link", kind: "text", placeholder: "https://…" },
        ],
        newItem: () => ({ name: "A company", src: "", href: "" }),
      },
    ],
    create: () => ({ title: "Trusted by", items: [{ name: "A company", src: "", href: "" }] }),
  },
  productShowcase: {
    type: "productShowcase",
    label: BLOCK_LABELS.productShowcase,
    description: "Products side by side, each with features, an image and a link.",
    fields: [
      eyebrow,
      heading(),
      intro,
      {
        name: "products",
        label: "Products",
        kind: "list",
        itemLabel: "Product",
        min: 1,
        fields: [
          { name: "badge", label: "Badge", kind: "text", maxLength: 80 },
          { name: "name", label: "Name", kind: "text", maxLength: 200, required: true },
          {
            name: "description",
            label: "Description",
            kind: "textarea",
            rows: 2,
            required: true,
          },
          { name: "features", label: "Features", kind: "strings", itemLabel: "Feature", min: 0 },
          { name: "href", label: "Link", kind: "text", placeholder: "/products/…" },
          { name: "linkLabel", label: "Link text", kind: "text", maxLength: 80 },
          { name: "src", label: "Image", kind: "image", altName: "alt" },
        ],
        newItem: () => ({
          badge: "",
          name: "A product",
          description: "What it does.",
          features: [],
          href: "",
          linkLabel: "",
          src: "",
          alt: "",
        }),
      },
    ],
    create: () => ({
      eyebrow: "",
      title: "Our products",
      intro: "",
      products: [
        {
          badge: "",
          name: "A product",
          description: "What it does, in a sentence.",
          features: ["A feature"],
          href: "",
          linkLabel: "",
          src: "",
          alt: "",
        },
      ],
    }),
  },
  postList: {
    type: "postList",
    label: BLOCK_LABELS.postList,
    description: "The latest blog posts, of every category or of one.",
    fields: [
      heading(),
      {
        name: "category",
        label: "Category",
        kind: "text",
        hint: "A category's slug (as in its address); leave empty for every category.",
      },
      { name: "count", label: "Posts shown", kind: "number", min: 1, max: 12 },
    ],
    create: () => ({ title: "From the blog", category: "", count: 3 }),
  },
  form: {
    type: "form",
    label: BLOCK_LABELS.form,
    description: "One of the site's forms: contact, consultation or newsletter.",
    fields: [
      {
        name: "form",
        label: "Form",
        kind: "select",
        required: true,
        options: [
          { value: "contact", label: "Contact" },
          { value: "consultation", label: "Consultation request" },
          { value: "newsletter", label: "Newsletter sign-up" },
        ],
      },
      {
        name: "layout",
        label: "Layout",
        kind: "select",
        options: [
          { value: "single", label: "The form alone" },
          { value: "details", label: "Beside the contact details (from Settings)" },
          { value: "aside", label: "Beside a side panel" },
        ],
      },
      heading(),
      intro,
      {
        name: "after",
        label: "Text under the form",
        kind: "markdown",
        rows: 3,
        hint: "Other ways to reach you, as the contact page's e-mail and phone; may stay empty.",
      },
      {
        name: "actions",
        label: "Buttons under the form",
        kind: "group",
        hint: "A line and up to two buttons, as the consultation page's Book Directly and Email us.",
        fields: [
          { name: "text", label: "Line beside the buttons", kind: "text", maxLength: 300 },
          { name: "primary", label: "First button", kind: "link" },
          { name: "secondary", label: "Second button", kind: "link" },
        ],
      },
      {
        name: "stepsTitle",
        label: "Heading over the steps",
        kind: "text",
        maxLength: 200,
        hint: "Numbered steps at the foot of the form's card, as What happens next.",
      },
      {
        name: "steps",
        label: "Steps",
        kind: "list",
        itemLabel: "Step",
        min: 0,
        max: FORM_STEPS_MAX,
        fields: [
          { name: "title", label: "Title", kind: "text", maxLength: 200, required: true },
          { name: "text", label: "Text", kind: "textarea", rows: 2, maxLength: 1000 },
        ],
        newItem: () => ({ title: "A step", text: "" }),
      },
      {
        name: "aside",
        label: "Side panel",
        kind: "group",
        hint: "Beside the form on wide screens (below it on phones).",
        showIf: (values) => values.layout === "aside",
        fields: [
          { name: "title", label: "Heading", kind: "text", maxLength: 200 },
          { name: "text", label: "Text", kind: "textarea", rows: 2, maxLength: 1000 },
          {
            name: "items",
            label: "Points",
            kind: "strings",
            itemLabel: "Point",
            min: 0,
            maxLength: 200,
          },
        ],
      },
    ],
    create: () => ({
      form: "contact",
      layout: "single",
      title: "Get in touch",
      intro: "",
      after: "",
      actions: { text: "", primary: button("", ""), secondary: button("", "") },
      stepsTitle: "",
      steps: [],
      aside: { title: "", text: "", items: [] },
    }),
  },
  legal: {
    type: "legal",
    label: BLOCK_LABELS.legal,
    description: "A legal document: an introduction and sections, in Markdown.",
    fields: [
      {
        name: "numbered",
        label: "Numbered sections",
        kind: "checkbox",
        hint: 'On: "Contents" and numbered headings. Off: "On this page" beside the text on wide screens, as the site\'s own legal pages.',
      },
      {
        name: "intro",
        label: "Introduction",
        kind: "markdown",
        rows: 4,
        hint: LEGAL_TEXT_HINT,
      },
      {
        name: "sections",
        label: "Sections",
        kind: "list",
        itemLabel: "Section",
        min: 1,
        fields: [
          { name: "heading", label: "Heading", kind: "text", maxLength: 200, required: true },
          {
            name: "anchor",
            label: "Anchor",
            kind: "text",
            maxLength: 60,
            hint: "Optional: the section's address for links (#your-rights); empty: made from its heading.",
          },
          {
            name: "when",
            label: "Shown",
            kind: "select",
            options: LEGAL_WHEN.map((value) => ({ value, label: legalWhenLabel(value) })),
            hint: "Whether the section shows depends on the integrations enabled on the Integrations tab.",
          },
          {
            name: "style",
            label: "Style",
            kind: "select",
            options: [
              { value: "text", label: "Text" },
              { value: "steps", label: "Numbered steps (each ## heading starts a step)" },
            ],
          },
          {
            name: "markdown",
            label: "Text",
            kind: "markdown",
            rows: 6,
            required: true,
            hint: LEGAL_TEXT_HINT,
          },
        ],
        newItem: () => ({
          heading: "A section",
          anchor: "",
          when: "always",
          style: "text",
          markdown: "Its text.",
        }),
      },
    ],
    create: () => ({
      numbered: true,
      intro: "What this document covers and whom it binds.",
      sections: [
        { heading: "A section", anchor: "", when: "always", style: "text", markdown: "Its text." },
      ],
    }),
  },
  shared: {
    type: "shared",
    label: BLOCK_LABELS.shared,
    description: "A section edited once and shown on every page that places it.",
    fields: [
      {
        name: "sharedId",
        label: "Shared section",
        kind: "sharedSection",
        hint: "Edited once in the Pages tab; a change shows on every page that places it.",
        required: true,
      },
    ],
    create: () => ({ sharedId: 1 }),
  },
};

/** The anchor every block has, shown last in its card. */
export const ANCHOR_FIELD: TextFieldConfig = {
  name: "anchor",
  label: "Anchor",
  kind: "text",
  maxLength: 60,
  hint: "Optional: lets a link point here, as #anchor (lower-case letters, digits, hyphens).",
};

export function blockEditorConfig<T extends BlockType>(type: T): BlockEditorConfig<T> {
  return configs[type];
}

/** The Add block menu's entries, in the order of BLOCK_TYPES. */
export const BLOCK_MENU = BLOCK_TYPES.map((type) => ({
  type,
  label: configs[type].label,
  description: configs[type].description,
}));

/** A valid block of `type` at its current version, with a fresh id and placeholder copy. */
export function newBlock<T extends BlockType>(type: T): BlockOf<T> {
  return {
    id: newBlockId(),
    type,
    v: CURRENT_VERSION[type],
    anchor: "",
    ...configs[type].create(),
  } as unknown as BlockOf<T>;
}

/** A copy of `block` under a new id (Duplicate). */
export function copyBlock(block: Block): Block {
  return { ...structuredClone(block), id: newBlockId() };
}

/** The first line of a text (a markdown heading's # left out), cut to 80 characters. */
export function summaryLine(value: string): string {
  const line =
    value
      .trim()
      .split("\n")[0]
      ?.replace(/^#+\s*/, "") ?? "";
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

/** The line a collapsed block shows after its label: its heading, or the start of its text. */
export function blockSummary(block: Block): string {
  const b = block as Record<string, unknown>;
  for (const key of ["title", "heading", "markdown", "intro", "caption"]) {
    const value = b[key];
    if (typeof value === "string" && value.trim()) return summaryLine(value);
  }
  if (block.type === "legal" && block.sections[0]) return block.sections[0].heading;
  if (block.type === "form") return `${block.form} form`;
  return "";
}

/** A block as the shared editor list knows it: an id and a type (the rest is its fields). */
export interface EditorBlock {
  id: string;
  type: string;
}

/**
 * What the shared block list (app/components/admin/editor/block-list.tsx) needs to edit one kind
 * of body: the pages' blocks, or a newsletter campaign's. The list, its cards, drag and drop,
 * keyboard moves and undo are the same; only this table differs.
 */
export interface BlockCatalog<B extends EditorBlock = EditorBlock> {
  /** What holds the blocks, in the list's words: "page", "campaign". */
  noun: string;
  labels: Readonly<Record<string, string>>;
  /** The Add block menu, in order. */
  menu: readonly { type: string; label: string; description: string }[];
  /** The placeholder of the Add block search box. */
  searchPlaceholder: string;
  fields: (type: string) => readonly FieldConfig[];
  newBlock: (type: string) => B;
  copyBlock: (block: B) => B;
  summary: (block: B) => string;
  max: number;
  /** Whether each block has an anchor field, shown last in its card (the pages' blocks do). */
  anchor: boolean;
  /** What the list shows while it has no blocks. */
  empty: { title: string; text: string };
}

/** The pages' blocks, for the page editor and shared sections. */
export const PAGE_BLOCK_CATALOG: BlockCatalog<Block> = {
  noun: "page",
  labels: BLOCK_LABELS,
  menu: BLOCK_MENU,
  searchPlaceholder: "Search blocks: hero, FAQ, image…",
  fields: (type) => blockEditorConfig(type as BlockType).fields,
  newBlock: (type) => newBlock(type as BlockType),
  copyBlock,
  summary: blockSummary,
  max: BLOCKS_MAX,
  anchor: true,
  empty: {
    title: "This page has no blocks yet",
    text: "Add a hero, some text, a call to action: the page shows them in order.",
  },
};
