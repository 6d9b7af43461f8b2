import { describe, expect, it } from "vitest";
import {
  BLOCK_LABELS,
  BLOCK_TYPES,
  type BlockType,
  blockSchema,
  blocksSchema,
  CURRENT_VERSION,
  newBlockId,
  readBlocks,
  upgradeBlock,
  upgrades,
} from "./blocks";

/** One valid block of every type, as the editor would send it. */
const examples: { [T in BlockType]: Record<string, unknown> } = {
  hero: {
    type: "hero",
    v: 3,
    title: "Voice agents that answer every call",
    primary: { label: "Book a demo", href: "/schedule-consultation" },
  },
  richText: { type: "richText", v: 2, markdown: "## Why\n\nBecause **calls** matter." },
  image: { type: "image", v: 1, src: "/media/team.jpg", alt: "Our team" },
  imageText: {
    type: "imageText",
    v: 1,
    markdown: "We set it up in a week.",
    src: "https://cdn.example.com/a.png",
    imageSide: "right",
  },
  cardGrid: {
    type: "cardGrid",
    v: 3,
    columns: 2,
    cards: [{ icon: "Bot", title: "Fast setup", href: "#faq" }],
  },
  featureList: { type: "featureList", v: 2, items: ["24/7 answering", "CRM sync"] },
  stats: { type: "stats", v: 2, items: [{ value: "98%", label: "Calls answered" }] },
  steps: { type: "steps", v: 2, steps: [{ title: "Talk to us" }, { title: "Go live" }] },
  faq: { type: "faq", v: 2, items: [{ question: "Sundays?", answer: "Yes." }] },
  cta: { type: "cta", v: 3, title: "Ready?", primary: { label: "Call us", href: "tel:+1 555" } },
  testimonials: { type: "testimonials", v: 1, items: [{ quote: "Great.", name: "Grace" }] },
  logos: { type: "logos", v: 1, items: [{ name: "Acme", src: "/media/acme.svg" }] },
  productShowcase: {
    type: "productShowcase",
    v: 1,
    products: [{ name: "Receptionist", description: "Answers calls.", features: ["Bookings"] }],
  },
  postList: { type: "postList", v: 1, category: "news", count: "4" },
  form: { type: "form", v: 2, form: "contact" },
  legal: {
    type: "legal",
    v: 2,
    sections: [{ heading: "Who we are", markdown: "AI Solutions Ltd." }],
  },
  shared: { type: "shared", v: 1, sharedId: 3 },
};

/** For each type, one broken field and the words its message must carry. */
const broken: { [T in BlockType]: [field: string, value: unknown, message: RegExp] } = {
  hero: ["title", "  ", /heading/i],
  richText: ["markdown", "", /text/i],
  image: ["src", "javascript:alert(1)", /image/i],
  imageText: ["imageSide", "top", /./],
  cardGrid: ["cards", [], /cards: add at least 1/i],
  featureList: ["items", [""], /feature/i],
  stats: ["items", [{ value: "", label: "x" }], /figure/i],
  steps: ["steps", [{ title: "" }], /step's title/i],
  faq: ["items", [{ question: "Q", answer: "" }], /answer/i],
  cta: ["primary", { label: "Go", href: "javascript:alert(1)" }, /button link/i],
  testimonials: ["items", [{ quote: "Hi", name: "" }], /name/i],
  logos: ["items", [{ name: "Acme", href: "ftp://x" }], /logo's link/i],
  productShowcase: ["products", [{ name: "X", description: "" }], /description/i],
  postList: ["count", 40, /at most 12/i],
  form: ["form", "survey", /choose a form/i],
  legal: ["sections", [{ heading: "", markdown: "x" }], /section's heading/i],
  shared: ["sharedId", 0, /shared section/i],
};

const withId = (block: Record<string, unknown>, id = newBlockId()) => ({ id, ...block });

describe("block schemas", () => {
  it("has an example and a label for every type, each at its current version", () => {
    expect(Object.keys(examples).sort()).toEqual([...BLOCK_TYPES].sort());
    for (const type of BLOCK_TYPES) {
      expect(BLOCK_LABELS[type]).toBeTruthy();
      expect(examples[type].v).toBe(CURRENT_VERSION[type]);
    }
  });

  it.each(BLOCK_TYPES)("reads a valid %s block, filling in the defaults", (type) => {
    const parsed = blockSchema.safeParse(withId(examples[type]));
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.type).toBe(type);
    expect(parsed.data?.anchor).toBe("");
  });

  it.each(BLOCK_TYPES)("refuses a %s block with a broken field, naming it", (type) => {
    const [field, value, message] = broken[type];
    const parsed = blockSchema.safeParse(withId({ ...examples[type], [field]: value }));
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path[0]).toBe(field);
    expect(issue?.message).toMatch(message);
  });

  it("refuses an anchor that cannot be an HTML id and an id that is not safe", () => {
    const bad = blockSchema.safeParse(withId({ ...examples.faq, anchor: "Our FAQ" }));
    expect(bad.error?.issues[0]?.message).toMatch(/anchor/i);
    const badId = blockSchema.safeParse(withId(examples.faq, "a b"));
    expect(badId.error?.issues[0]?.path).toEqual(["id"]);
  });

  it("makes ids that are valid and different", () => {
    const ids = new Set(Array.from({ length: 200 }, newBlockId));
    expect(ids.size).toBe(200);
    for (const id of ids)
      expect(blockSchema.safeParse(withId(examples.faq, id)).success).toBe(true);
  });
});

describe("upgrades of older block shapes", () => {
  const old: Record<
    string,
    { stored: Record<string, unknown>; expected: Record<string, unknown> }
  > = {
    "hero v1": {
      stored: {
        id: "h",
        type: "hero",
        v: 1,
        heading: "Welcome",
        subheading: "Since 1999",
        ctaText: "Call us",
        ctaLink: "/contact",
      },
      expected: {
        type: "hero",
        v: 3,
        title: "Welcome",
        text: "Since 1999",
        primary: { label: "Call us", href: "/contact", icon: "", style: "" },
        figures: [],
        backButton: false,
      },
    },
    "hero v1 without a button": {
      stored: { id: "h", type: "hero", heading: "Welcome" },
      expected: { type: "hero", v: 3, title: "Welcome", text: "" },
    },
    "faq v1": {
      stored: { id: "f", type: "faq", v: 1, items: [{ q: "Sundays?", a: "Yes." }] },
      expected: { type: "faq", v: 2, items: [{ question: "Sundays?", answer: "Yes." }] },
    },
    "cta v1": {
      stored: {
        id: "c",
        type: "cta",
        v: 1,
        title: "Ready?",
        buttonLabel: "Book",
        buttonHref: "/schedule-consultation",
      },
      expected: {
        type: "cta",
        v: 3,
        title: "Ready?",
        primary: { label: "Book", href: "/schedule-consultation", icon: "", style: "" },
        style: "band",
      },
    },
  };

  it("has an upgrade for every version before the current one", () => {
    for (const type of BLOCK_TYPES) {
      for (let v = 1; v < CURRENT_VERSION[type]; v++) {
        expect(upgrades[type]?.[v], `${type} v${v}`).toBeTypeOf("function");
      }
    }
  });

  it.each(Object.entries(old))("turns %s into a valid current block", (_, { stored, expected }) => {
    const upgraded = upgradeBlock(stored);
    const parsed = blockSchema.safeParse(upgraded);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject(expected);
    // The old field names are gone.
    expect(Object.keys(parsed.data ?? {})).not.toContain("heading");
    expect(Object.keys(parsed.data ?? {})).not.toContain("buttonLabel");
  });

  it("gives a hero v1 without a button none", () => {
    const parsed = blockSchema.parse(upgradeBlock({ id: "h", type: "hero", heading: "Hi" }));
    expect(parsed).not.toHaveProperty("primary");
  });

  it("gives a v1 card grid today's look: whole-card links with Learn more, on a plain band", () => {
    const stored = {
      id: "g",
      type: "cardGrid",
      v: 1,
      anchor: "services",
      eyebrow: "",
      title: "Services",
      intro: "",
      columns: 3,
      cards: [
        { icon: "Bot", title: "Chatbots", text: "Answers.", href: "/chatbots" },
        { icon: "", title: "No link", text: "", href: "" },
      ],
    };
    const expected = {
      ...stored,
      v: 3,
      tone: "plain",
      tightTop: false,
      style: "stacked",
      linkStyle: "card",
      cardsFrom: "block",
      cards: [
        { ...stored.cards[0], badge: "", checks: [], linkLabel: "Learn more" },
        { ...stored.cards[1], badge: "", checks: [], linkLabel: "" },
      ],
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    expect(readBlocks([stored]).blocks).toEqual([expected]);
  });

  it("keeps a v2 card grid's own cards: the cards of Content → Services came with v3", () => {
    const stored = {
      id: "g2",
      type: "cardGrid",
      v: 2,
      anchor: "features",
      eyebrow: "",
      title: "Features",
      intro: "",
      tone: "muted",
      tightTop: true,
      style: "beside",
      columns: 2,
      linkStyle: "text",
      cards: [
        {
          icon: "Bot",
          badge: "",
          title: "Chatbots",
          text: "Answers.",
          checks: [],
          href: "/chatbots",
          linkLabel: "Learn more",
        },
      ],
    };
    const expected = { ...stored, v: 3, cardsFrom: "block" };
    expect(upgradeBlock(stored)).toEqual(expected);
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    expect(readBlocks([stored]).blocks).toEqual([expected]);
  });

  it("lets a card grid whose cards come from Content → Services have none of its own", () => {
    const services = blockSchema.safeParse(
      withId({ ...examples.cardGrid, cardsFrom: "services", cards: [] }),
    );
    expect(services.error?.issues).toBeUndefined();
    expect(services.data).toMatchObject({ cardsFrom: "services", cards: [] });
    const own = blockSchema.safeParse(withId({ ...examples.cardGrid, cards: [] }));
    expect(own.error?.issues[0]?.path).toEqual(["cards"]);
    expect(own.error?.issues[0]?.message).toMatch(/cards: add at least 1/i);
    const other = blockSchema.safeParse(withId({ ...examples.cardGrid, cardsFrom: "posts" }));
    expect(other.error?.issues[0]?.message).toMatch(/where the cards come from/i);
  });

  it("gives a v1 feature list, statistics and steps their defaults, keeping today's look", () => {
    const list = {
      id: "l",
      type: "featureList",
      v: 1,
      anchor: "",
      title: "Why",
      intro: "",
      items: ["A"],
    };
    const stats = {
      id: "s",
      type: "stats",
      v: 1,
      anchor: "",
      title: "",
      items: [{ value: "9", label: "Nine" }],
    };
    const steps = {
      id: "t",
      type: "steps",
      v: 1,
      anchor: "",
      title: "How",
      intro: "",
      steps: [{ title: "Talk", text: "" }],
    };
    const expected = [
      { ...list, v: 2, eyebrow: "", tone: "plain", tightTop: false, boxed: false },
      // v1 statistics were always drawn on the light grey band.
      { ...stats, v: 2, eyebrow: "", intro: "", tone: "muted", tightTop: false },
      { ...steps, v: 2, eyebrow: "", tone: "plain", tightTop: false, style: "row", numbering: "1" },
    ];
    for (const [index, stored] of [list, stats, steps].entries()) {
      expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected[index]);
    }
    const read = readBlocks([list, stats, steps]);
    expect(read.unreadable).toEqual([]);
    expect(read.blocks).toEqual(expected);
    // What was read can be written back as it is.
    expect(blocksSchema.parse(read.blocks)).toEqual(expected);
  });

  it("gives a v1 rich text no heading, band options or facts, so it is drawn as before", () => {
    const stored = {
      id: "r",
      type: "richText",
      v: 1,
      anchor: "story",
      markdown: "## Why\n\nBecause **calls** matter.",
    };
    const expected = {
      ...stored,
      v: 2,
      eyebrow: "",
      title: "",
      tone: "plain",
      tightTop: false,
      aside: { title: "", items: [] },
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    const read = readBlocks([stored]);
    expect(read.unreadable).toEqual([]);
    expect(read.blocks).toEqual([expected]);
    // What was read can be written back as it is; the old version itself no longer can.
    expect(blocksSchema.parse(read.blocks)).toEqual([expected]);
    expect(blocksSchema.safeParse([stored]).success).toBe(false);
  });

  it("gives a v1 form the single layout and nothing under or beside it, so it is drawn as before", () => {
    const stored = {
      id: "m",
      type: "form",
      v: 1,
      anchor: "message",
      form: "contact",
      title: "Write to us",
      intro: "We answer within a day.",
    };
    const noLink = { label: "", href: "", icon: "", style: "" };
    const expected = {
      ...stored,
      v: 2,
      layout: "single",
      after: "",
      actions: { text: "", primary: noLink, secondary: noLink },
      stepsTitle: "",
      steps: [],
      aside: { title: "", text: "", items: [] },
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    const read = readBlocks([stored]);
    expect(read.unreadable).toEqual([]);
    expect(read.blocks).toEqual([expected]);
    // What was read can be written back as it is; the old version itself no longer can.
    expect(blocksSchema.parse(read.blocks)).toEqual([expected]);
    expect(blocksSchema.safeParse([stored]).success).toBe(false);
  });

  it("checks a form's buttons as links and keeps its steps and side points to their limits", () => {
    const form = (fields: Record<string, unknown>) =>
      blockSchema.safeParse({ id: "m", type: "form", v: 2, form: "consultation", ...fields });
    expect(
      form({
        actions: {
          text: "Or book yourself.",
          primary: { label: "Book", href: "{booking_url}", style: "outline" },
          secondary: { label: "Mail", href: "mailto:{contact_email}?subject=Hi", icon: "mail" },
        },
      }).success,
    ).toBe(true);
    expect(
      form({ actions: { primary: { label: "Go", href: "javascript:alert(1)" } } }).success,
    ).toBe(false);
    expect(form({ steps: [{ title: "", text: "x" }] }).success).toBe(false);
    expect(form({ steps: Array.from({ length: 7 }, () => ({ title: "A" })) }).success).toBe(false);
    expect(form({ layout: "wide" }).success).toBe(false);
    expect(form({ after: "{no_such_value}" }).success).toBe(false);
  });

  it("refuses facts beside a rich text without a term or a detail", () => {
    const facts = (items: unknown[]) =>
      blockSchema.safeParse({
        ...withId(examples.richText),
        aside: { title: "At a glance", items },
      });
    expect(facts([{ term: "Headquarters", detail: "{business_location}" }]).success).toBe(true);
    expect(facts([{ term: "", detail: "Tampa" }]).error?.issues[0]?.message).toMatch(
      /fact's term/i,
    );
    expect(facts([{ term: "Clients", detail: " " }]).error?.issues[0]?.message).toMatch(
      /fact's detail/i,
    );
  });

  it("gives a v2 hero the v3 options switched off, and its buttons no icon and their usual look", () => {
    const stored = {
      id: "h",
      type: "hero",
      v: 2,
      anchor: "service-hero",
      variant: "centred",
      badge: "AI Chatbots",
      title: "Chatbots that answer",
      text: "Day and night.",
      primary: { label: "Schedule Consultation", href: "/schedule-consultation" },
      secondary: { label: "Contact Us", href: "/contact" },
      image: "",
      imageAlt: "",
    };
    const expected = {
      ...stored,
      v: 3,
      primary: { ...stored.primary, icon: "", style: "" },
      secondary: { ...stored.secondary, icon: "", style: "" },
      figures: [],
      figuresFrom: "block",
      highlights: { label: "", style: "pills", items: [] },
      backButton: false,
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    const read = readBlocks([stored]);
    expect(read.unreadable).toEqual([]);
    expect(read.blocks).toEqual([expected]);
    // What was read can be written back as it is.
    expect(blocksSchema.parse(read.blocks)).toEqual([expected]);
  });

  it("gives a v2 call to action the band without an eyebrow, as it was drawn", () => {
    const stored = {
      id: "c",
      type: "cta",
      v: 2,
      anchor: "cta",
      title: "Ready?",
      text: "Book a call.",
      primary: { label: "Book", href: "/schedule-consultation" },
    };
    const expected = {
      ...stored,
      v: 3,
      eyebrow: "",
      style: "band",
      primary: { ...stored.primary, icon: "", style: "" },
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    expect(readBlocks([stored]).blocks).toEqual([expected]);
    expect(blocksSchema.parse(readBlocks([stored]).blocks)).toEqual([expected]);
  });

  it("reads a button stored before icons and styles with none, in a block that kept its version", () => {
    const stored = {
      id: "i",
      type: "imageText",
      v: 1,
      markdown: "Text.",
      src: "/media/a.png",
      link: { label: "Read more", href: "/about" },
    };
    const [block] = readBlocks([stored]).blocks;
    expect(block?.type === "imageText" && block.link).toEqual({
      label: "Read more",
      href: "/about",
      icon: "",
      style: "",
    });
  });

  it("keeps a v1 legal document numbered, its sections always shown as text with ids from their headings", () => {
    const stored = {
      id: "l",
      type: "legal",
      v: 1,
      anchor: "",
      intro: "What this covers.",
      sections: [
        { heading: "Scope", markdown: "This policy applies here." },
        { heading: "Contact", markdown: "Write to us." },
      ],
    };
    const expected = {
      ...stored,
      v: 2,
      numbered: true,
      sections: stored.sections.map((section) => ({
        ...section,
        anchor: "",
        when: "always",
        style: "text",
      })),
    };
    expect(blockSchema.parse(upgradeBlock(stored))).toEqual(expected);
    expect(readBlocks([stored]).blocks).toEqual([expected]);
    expect(blocksSchema.parse(readBlocks([stored]).blocks)).toEqual([expected]);
  });

  it("leaves a current block as it is", () => {
    const current = withId(examples.faq);
    expect(upgradeBlock(current)).toBe(current);
  });
});

describe("legal documents' conditions and inserts", () => {
  const legal = (markdown: string, extra: Record<string, unknown> = {}) =>
    blockSchema.safeParse(
      withId({ ...examples.legal, sections: [{ heading: "Cookies", markdown, ...extra }] }),
    );
  const message = (parsed: ReturnType<typeof legal>) => parsed.error?.issues[0]?.message;

  it("accepts conditions, inserts alone in a paragraph, {company_name|upper} and a section's options", () => {
    const parsed = legal(
      "We set {if optional_cookies}three{else}two{end} cookies.\n\n{cookie_cards:essential}\n\n{contact_card:Privacy question}\n\n{company\\_name|upper}",
      { anchor: "cookies-we-use", when: "!google_analytics", style: "steps" },
    );
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.type === "legal" && parsed.data.sections[0]).toMatchObject({
      anchor: "cookies-we-use",
      when: "!google_analytics",
      style: "steps",
    });
  });

  it("refuses an unknown condition, nesting, an unclosed one, a misplaced insert and an unknown when", () => {
    expect(message(legal("{if cookies}x{end}"))).toMatch(/"cookies" is not a condition/);
    expect(message(legal("{if optional_cookies}{if google_analytics}x{end}{end}"))).toMatch(
      /cannot start inside another/,
    );
    expect(message(legal("{if optional_cookies}x"))).toMatch(/is not closed/);
    expect(message(legal("x {else} y"))).toMatch(/outside a condition/);
    expect(message(legal("Write to us: {contact_card}"))).toMatch(/alone in its paragraph/);
    expect(message(legal("{cookie_cards:all}"))).toMatch(/cookie_cards:essential/);
    expect(message(legal("{compnay_name}"))).toMatch(/not a value this site knows/);
    expect(message(legal("x", { when: "sometimes" }))).toMatch(/when the section shows/);
  });

  it("refuses them outside a legal document with a clear message; a hero's text may hold conditions", () => {
    const rich = blockSchema.safeParse(
      withId({ ...examples.richText, markdown: "{if optional_cookies}x{end}" }),
    );
    expect(rich.error?.issues[0]?.message).toBe(
      "{if optional_cookies}: conditions may be used only in a legal document's text.",
    );
    const insert = blockSchema.safeParse(
      withId({ ...examples.richText, markdown: "{contact_card}" }),
    );
    expect(insert.error?.issues[0]?.message).toMatch(/only in a legal document's sections/);
    const hero = blockSchema.safeParse(
      withId({ ...examples.hero, text: "{if optional_cookies}Some{else}No{end} cookies." }),
    );
    expect(hero.error?.issues).toBeUndefined();
    const heroInsert = blockSchema.safeParse(withId({ ...examples.hero, text: "{contact_card}" }));
    expect(heroInsert.error?.issues[0]?.message).toMatch(/only in a legal document's sections/);
  });
});

describe("the band and style options", () => {
  const grid = (over: Record<string, unknown>) =>
    blockSchema.safeParse(withId({ ...examples.cardGrid, ...over }));

  it("accepts a dark card grid of tiles with checks, link words, text links and buttons", () => {
    const parsed = grid({
      tone: "dark",
      tightTop: true,
      style: "tile",
      linkStyle: "text",
      cards: [
        {
          title: "Restaurant demo",
          badge: "Live",
          checks: ["Takes orders", "Books tables"],
          href: "https://demo.example.com",
          linkLabel: "Open the demo",
        },
      ],
      primary: { label: "See all demos", href: "/demos" },
      secondary: { label: "Talk to us", href: "/contact" },
    });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({
      tone: "dark",
      tightTop: true,
      style: "tile",
      linkStyle: "text",
      cards: [{ checks: ["Takes orders", "Books tables"], linkLabel: "Open the demo" }],
      primary: { label: "See all demos", href: "/demos" },
    });
  });

  it.each([
    [{ tone: "black" }, ["tone"], /choose a background/i],
    [{ tightTop: "yes" }, ["tightTop"], /less space above/i],
    [{ style: "carousel" }, ["style"], /choose a card style/i],
    [{ linkStyle: "popup" }, ["linkStyle"], /choose how a card's link shows/i],
    [{ cards: [{ title: "A", checks: [""] }] }, ["cards", 0, "checks", 0], /enter a check/i],
    [{ cards: [{ title: "A", checks: "x" }] }, ["cards", 0, "checks"], /must be a list/i],
    [
      { cards: [{ title: "A", linkLabel: "x".repeat(81) }] },
      ["cards", 0, "linkLabel"],
      /link text is too long/i,
    ],
    [
      { primary: { label: "Go", href: "javascript:alert(1)" } },
      ["primary", "href"],
      /button link/i,
    ],
  ])("refuses a card grid with %j, naming the field", (over, path, message) => {
    const issue = grid(over).error?.issues[0];
    expect(issue?.path).toEqual(path);
    expect(issue?.message).toMatch(message);
  });

  it("refuses a feature list's box, statistics' band and steps' style that are not on offer", () => {
    const list = blockSchema.safeParse(withId({ ...examples.featureList, boxed: "true" }));
    expect(list.error?.issues[0]?.path).toEqual(["boxed"]);
    expect(list.error?.issues[0]?.message).toMatch(/in a box/i);
    const stats = blockSchema.safeParse(withId({ ...examples.stats, tone: "red" }));
    expect(stats.error?.issues[0]?.message).toMatch(/choose a background/i);
    const steps = blockSchema.safeParse(withId({ ...examples.steps, style: "timeline" }));
    expect(steps.error?.issues[0]?.message).toMatch(/choose a step style/i);
    const numbers = blockSchema.safeParse(withId({ ...examples.steps, numbering: "I" }));
    expect(numbers.error?.issues[0]?.message).toMatch(/how steps are numbered/i);
  });

  it("fills in today's look for a block written without the options", () => {
    const parsed = blocksSchema.parse(
      ["cardGrid", "featureList", "stats", "steps"].map((type) =>
        withId(examples[type as BlockType]),
      ),
    );
    expect(parsed.map((b) => ("tone" in b ? b.tone : null))).toEqual([
      "plain",
      "plain",
      "muted",
      "plain",
    ]);
    const [cards, list, , steps] = parsed;
    expect(cards).toMatchObject({ style: "stacked", linkStyle: "card", tightTop: false });
    expect(cards?.type === "cardGrid" && cards.cards[0]).toMatchObject({
      checks: [],
      linkLabel: "",
    });
    expect(list).toMatchObject({ boxed: false, eyebrow: "" });
    expect(steps).toMatchObject({ style: "row", numbering: "1" });
  });
});

describe("the hero's and the call to action's options", () => {
  const hero = (over: Record<string, unknown>) =>
    blockSchema.safeParse(withId({ ...examples.hero, ...over }));
  const cta = (over: Record<string, unknown>) =>
    blockSchema.safeParse(withId({ ...examples.cta, ...over }));
  const figures = (count: number) =>
    Array.from({ length: count }, (_, i) => ({ value: `${i}+`, label: `Figure ${i}` }));

  it("accepts the home page's hero: spotlight, figures from Content, buttons with icons", () => {
    const parsed = hero({
      variant: "spotlight",
      anchor: "home",
      figuresFrom: "statistics",
      primary: { label: "Explore Our Products", href: "#products", icon: "arrow-right" },
      secondary: { label: "{hero_cta_text}", href: "/schedule-consultation", style: "outline" },
    });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({
      variant: "spotlight",
      figuresFrom: "statistics",
      primary: { icon: "arrow-right", style: "" },
      secondary: { icon: "", style: "outline" },
    });
  });

  it("accepts a product hero's figures and checks, and a legal hero's Back button", () => {
    const parsed = hero({
      figures: figures(8),
      highlights: { style: "checks", items: ["14-day free trial", "No credit card"] },
      backButton: true,
    });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({
      figuresFrom: "block",
      highlights: { label: "", style: "checks", items: ["14-day free trial", "No credit card"] },
      backButton: true,
    });
    expect(parsed.data?.type === "hero" && parsed.data.figures).toHaveLength(8);
  });

  it.each([
    [{ variant: "banner" }, ["variant"], /choose a hero style/i],
    [{ figures: figures(9) }, ["figures"], /figures: at most 8/i],
    [{ figures: [{ value: "", label: "Clients" }] }, ["figures", 0, "value"], /enter a figure/i],
    [{ figuresFrom: "settings" }, ["figuresFrom"], /where the figures come from/i],
    [
      { highlights: { items: Array.from({ length: 13 }, (_, i) => `Point ${i}`) } },
      ["highlights", "items"],
      /highlights: at most 12/i,
    ],
    [{ highlights: { items: ["x".repeat(121)] } }, ["highlights", "items", 0], /too long/i],
    [{ highlights: { items: [" "] } }, ["highlights", "items", 0], /enter a highlight/i],
    [{ highlights: { style: "stars" } }, ["highlights", "style"], /highlight style/i],
    [{ backButton: "yes" }, ["backButton"], /back button must be on or off/i],
    [
      { primary: { label: "Go", href: "/go", icon: "Rocket" } },
      ["primary", "icon"],
      /button icon/i,
    ],
    [
      { secondary: { label: "Go", href: "/go", style: "ghost" } },
      ["secondary", "style"],
      /button style/i,
    ],
  ])("refuses a hero with %j, naming the field", (over, path, message) => {
    const issue = hero(over).error?.issues[0];
    expect(issue?.path).toEqual(path);
    expect(issue?.message).toMatch(message);
  });

  it("accepts a call to action as a card with an eyebrow, and refuses a style not on offer", () => {
    const parsed = cta({ style: "card", eyebrow: "Omnichannel", anchor: "platform" });
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data).toMatchObject({ style: "card", eyebrow: "Omnichannel" });
    expect(cta({}).data).toMatchObject({ style: "band", eyebrow: "" });
    const refused = cta({ style: "popup" }).error?.issues[0];
    expect(refused?.path).toEqual(["style"]);
    expect(refused?.message).toMatch(/call to action style/i);
  });
});

describe("reading stored blocks", () => {
  it("upgrades what it can, and leaves out and reports the rest", () => {
    const { blocks, unreadable } = readBlocks([
      { id: "f", type: "faq", v: 1, items: [{ q: "Sundays?", a: "Yes." }] },
      { id: "x", type: "carousel", v: 1 },
      { id: "n", type: "cta", v: 7, title: "From the future" },
      null,
      withId(examples.stats, "s"),
    ]);
    expect(blocks.map((b) => [b.id, b.type, b.v])).toEqual([
      ["f", "faq", 2],
      ["s", "stats", 2],
    ]);
    expect(unreadable.map((u) => [u.index, u.type])).toEqual([
      [1, "carousel"],
      [2, "cta"],
      [3, "unknown"],
    ]);
    for (const u of unreadable) expect(u.problem).not.toBe("");
  });

  it("gives the second of two blocks with one id a new id, so the page can be saved again", () => {
    const { blocks } = readBlocks([withId(examples.faq, "same"), withId(examples.cta, "same")]);
    expect(blocks[0]?.id).toBe("same");
    expect(blocks[1]?.id).not.toBe("same");
    expect(blocksSchema.safeParse(blocks).success).toBe(true);
  });

  it("reads nothing from something that is not a list", () => {
    expect(readBlocks(null)).toEqual({ blocks: [], unreadable: [] });
    expect(readBlocks({ type: "hero" })).toEqual({ blocks: [], unreadable: [] });
  });
});

describe("the blocks a write sends", () => {
  it("accepts a list of every type and gives back the parsed blocks", () => {
    const list = BLOCK_TYPES.map((type) => withId(examples[type]));
    const parsed = blocksSchema.safeParse(list);
    expect(parsed.error?.issues).toBeUndefined();
    expect(parsed.data?.map((b) => b.type)).toEqual(BLOCK_TYPES);
  });

  it("names the block's position, label and field of a problem", () => {
    const parsed = blocksSchema.safeParse([
      withId(examples.hero),
      withId({
        ...examples.cardGrid,
        cards: [{ title: "Fine" }, { title: "" }],
      }),
    ]);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path).toEqual([1, "cards", 1, "title"]);
    expect(issue?.message).toBe("Block 2 (Card grid), cards › 2 › title: Enter a card's title.");
  });

  it("refuses a type the site does not have, and an old version", () => {
    const unknown = blocksSchema.safeParse([withId({ type: "carousel", v: 1 })]);
    expect(unknown.error?.issues[0]?.path).toEqual([0, "type"]);
    expect(unknown.error?.issues[0]?.message).toMatch(/Block 1: "carousel" is not a kind of block/);
    const stale = blocksSchema.safeParse([
      withId({ type: "faq", v: 1, items: [{ q: "a", a: "b" }] }),
    ]);
    expect(stale.error?.issues[0]?.message).toMatch(/^Block 1 \(FAQ\), v: /);
  });

  it("refuses two blocks with one id", () => {
    const parsed = blocksSchema.safeParse([
      withId(examples.faq, "same"),
      withId(examples.cta, "same"),
    ]);
    expect(parsed.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [[1, "id"], "Block 2: two blocks have the same id."],
    ]);
  });

  it("refuses more blocks than a page holds", () => {
    const many = Array.from({ length: 101 }, () => withId(examples.richText));
    expect(blocksSchema.safeParse(many).error?.issues[0]?.message).toMatch(/at most 100 blocks/);
  });
});
