import { describe, expect, it } from "vitest";
import type { LibraryFile } from "~/blog/image-alt";
import { type Block, blockSchema } from "./blocks";
import { linkFactsFrom } from "./link-facts";
import {
  checkPage,
  checkPost,
  internalPath,
  type PageCheckDraft,
  type PostCheckDraft,
  type PublishWarningCode,
  pageHeadings,
  sentencesOf,
  wordCount,
} from "./publish-check";

const facts = linkFactsFrom({
  siteOrigin: "https://example.com",
  pages: ["/", "/about", "/contact", "/spring-offer"],
  posts: ["/blog/voice-agents", "/blog/caf%C3%A9"],
  categories: ["ai"],
  redirects: [
    { fromPath: "/old-offer", target: "/spring-offer" },
    { fromPath: "/blog?category=old", target: "/blog?category=ai" },
  ],
});

let counter = 0;
/** A block as the editor sends it: validated and given its defaults by the schema. */
function block(fields: Record<string, unknown>): Block {
  counter += 1;
  return blockSchema.parse({ id: `b${counter}`, ...fields });
}

/** n words, no sentence end. */
const words = (n: number, word = "word") => Array.from({ length: n }, () => word).join(" ");
/** A sentence of n words. */
const sentence = (n: number) => `${words(n)}.`;
const chars = (n: number) => "x".repeat(n);

const hero = (over: Record<string, unknown> = {}) =>
  block({ type: "hero", v: 3, title: "Spring is here", ...over });
const text = (markdown: string) => block({ type: "richText", v: 2, markdown });

/** A page that passes every check, to change one thing at a time. */
function page(over: Partial<PageCheckDraft> = {}): PageCheckDraft {
  return {
    title: "Spring offer",
    metaTitle: "",
    metaDescription: chars(140),
    blocks: [hero(), text("## Why now\n\nShort and clear. See [us](/about).")],
    ...over,
  };
}

function post(over: Partial<PostCheckDraft> = {}): PostCheckDraft {
  return {
    title: "Voice agents in practice",
    metaTitle: "",
    metaDescription: chars(140),
    excerpt: "",
    content: "## How it works\n\nShort and clear. Read [more](/blog/voice-agents).",
    featuredImageUrl: "",
    ...over,
  };
}

const codes = (warnings: { code: PublishWarningCode }[]) => warnings.map((w) => w.code);
const only = (warnings: ReturnType<typeof checkPage>, code: PublishWarningCode) =>
  warnings.filter((w) => w.code === code);

describe("the starting drafts", () => {
  it("pass every check", () => {
    expect(checkPage(page(), facts)).toEqual([]);
    expect(checkPost(post(), facts)).toEqual([]);
  });
});

describe("title-long", () => {
  it("fires from 61 characters, at the field that is shown in search results", () => {
    expect(codes(checkPage(page({ title: chars(60) }), facts))).toEqual([]);
    expect(checkPage(page({ title: chars(61) }), facts)).toEqual([
      {
        code: "title-long",
        message: "The title is 61 characters; search results show about 60.",
        where: { field: "title" },
      },
    ]);
    // The meta title is the one shown when set: a long title behind a short one is fine.
    expect(checkPage(page({ title: chars(80), metaTitle: chars(60) }), facts)).toEqual([]);
    expect(only(checkPost(post({ metaTitle: chars(61) }), facts), "title-long")).toEqual([
      expect.objectContaining({
        where: { field: "metaTitle" },
        message: expect.stringMatching(/^The meta title is 61/),
      }),
    ]);
  });
});

describe("description-length", () => {
  it("fires below 120 and above 156 characters", () => {
    for (const [length, fires] of [
      [119, true],
      [120, false],
      [156, false],
      [157, true],
    ] as const) {
      const warnings = only(
        checkPage(page({ metaDescription: chars(length) }), facts),
        "description-length",
      );
      expect(warnings.length, `${length} characters`).toBe(fires ? 1 : 0);
      if (fires) expect(warnings[0]?.where).toEqual({ field: "metaDescription" });
    }
    expect(
      only(checkPage(page({ metaDescription: chars(157) }), facts), "description-length")[0]
        ?.message,
    ).toBe("The meta description is 157 characters; search results cut it off after about 156.");
  });

  it("fires when there is none, and reads a post's excerpt when it has no meta description", () => {
    expect(codes(checkPage(page({ metaDescription: "" }), facts))).toEqual(["description-length"]);
    expect(checkPost(post({ metaDescription: "", excerpt: chars(130) }), facts)).toEqual([]);
    const [warning] = checkPost(post({ metaDescription: "", excerpt: chars(90) }), facts);
    expect(warning?.message).toMatch(
      /^The excerpt, which stands in for the meta description, is 90/,
    );
  });
});

describe("h1-count", () => {
  it("counts the first hero's heading, else the page title, as the page's one H1", () => {
    expect(
      only(checkPage(page({ blocks: [text("Hello. See [us](/about).")] }), facts), "h1-count"),
    ).toEqual([]);
    const later = [hero({ title: "First" }), hero({ title: "Second" })];
    expect(pageHeadings(page({ blocks: later })).map((h) => h.level)).toEqual([1, 2]);
    expect(only(checkPage(page({ blocks: later }), facts), "h1-count")).toEqual([]);
  });

  it("fires when the page has no heading at all, pointing at the title", () => {
    const warnings = checkPage(
      page({ title: "", blocks: [text("Hello. See [us](/about).")] }),
      facts,
    );
    expect(only(warnings, "h1-count")).toEqual([
      {
        code: "h1-count",
        message: "The page has no main heading (H1). Give it a title, or a hero block.",
        where: { field: "title" },
      },
    ]);
  });

  it("tells a post without a title to get one (a post has no hero)", () => {
    expect(only(checkPost(post({ title: "" }), facts), "h1-count")).toEqual([
      {
        code: "h1-count",
        message: "The page has no main heading (H1). Give the post a title.",
        where: { field: "title" },
      },
    ]);
  });

  it("does not count a markdown '# ' heading: the site renders it as an H2", () => {
    const draft = page({ blocks: [hero(), text("# Also big\n\nSee [us](/about).")] });
    expect(pageHeadings(draft)).toEqual([
      { level: 1, text: "Spring is here" },
      { level: 2, text: "Also big" },
    ]);
    expect(checkPage(draft, facts)).toEqual([]);
    expect(checkPost(post({ content: "# Intro\n\nSee [this](/about)." }), facts)).toEqual([]);
  });
});

describe("heading-skip", () => {
  it("fires for a markdown heading more than one level below the one before, at its block", () => {
    const draft = page({ blocks: [hero(), text("#### Deep\n\nSee [us](/about).")] });
    expect(checkPage(draft, facts)).toEqual([
      {
        code: "heading-skip",
        message: 'The heading "Deep" is an H4 right after an H1, skipping a level; make it an H2.',
        where: { blockIndex: 1, blockId: draft.blocks[1]?.id, field: "markdown" },
      },
    ]);
    expect(
      checkPage(page({ blocks: [hero(), text("## Two\n\n### Three\n\n[us](/about)")] }), facts),
    ).toEqual([]);
  });

  it("fires for cards under a grid without a heading, which are H3s right after the H1", () => {
    const grid = block({
      type: "cardGrid",
      v: 3,
      cards: [{ title: "Fast", href: "/about" }, { title: "Kind" }],
    });
    const warnings = checkPage(page({ blocks: [hero(), grid] }), facts);
    expect(only(warnings, "heading-skip")).toEqual([
      expect.objectContaining({
        where: { blockIndex: 1, blockId: grid.id, field: "cards.0.title" },
      }),
    ]);
    const titled = block({ ...grid, id: "titled", title: "Why us" });
    expect(checkPage(page({ blocks: [hero(), titled] }), facts)).toEqual([]);
  });

  it("moves an image-text block's markdown headings below its own heading, as the page does", () => {
    const imageText = (title: string) =>
      block({
        type: "imageText",
        v: 1,
        title,
        markdown: "### Detail\n\n[us](/about)",
        src: "/x.png",
        alt: "A desk",
      });
    // Under its H2 "### Detail" is an H4: no H3 between.
    const warned = checkPage(page({ blocks: [hero(), imageText("Our desk")] }), facts);
    expect(
      pageHeadings(page({ blocks: [hero(), imageText("Our desk")] })).map((h) => h.level),
    ).toEqual([1, 2, 4]);
    expect(codes(warned)).toEqual(["heading-skip"]);
    expect(pageHeadings(page({ blocks: [hero(), imageText("")] })).map((h) => h.level)).toEqual([
      1, 3,
    ]);
  });

  it("fires for a heading before the page's H1 (a hero further down)", () => {
    const cta = block({
      type: "cta",
      v: 3,
      title: "Call us",
      primary: { label: "Go", href: "/contact" },
    });
    const draft = page({ blocks: [cta, hero()] });
    expect(only(checkPage(draft, facts), "heading-skip")).toEqual([
      {
        code: "heading-skip",
        message: `The heading "Call us" (H2) comes before the page's main heading (H1).`,
        where: { blockIndex: 0, blockId: cta.id, field: "title" },
      },
    ]);
  });

  it("reads a post's HTML body (from the creator pages) as HTML", () => {
    const warnings = checkPost(
      post({ content: '<h2>One</h2><h5>Five</h5><p>See <a href="/about">us</a>.</p>' }),
      facts,
    );
    expect(codes(warnings)).toEqual(["heading-skip"]);
    expect(warnings[0]?.where).toEqual({ field: "content" });
  });
});

describe("image-alt", () => {
  const library = new Map<string, LibraryFile>([
    [
      "1700000000000-a1b2c3d4.webp",
      {
        name: "1700000000000-a1b2c3d4.webp",
        originalName: "team.jpg",
        altText: "Our team",
        url: "/media/1700000000000-a1b2c3d4.webp",
      },
    ],
    [
      "1700000000000-ffffffff.webp",
      {
        name: "1700000000000-ffffffff.webp",
        originalName: "desk.jpg",
        altText: "",
        url: "/media/1700000000000-ffffffff.webp",
      },
    ],
  ]);

  it("fires for an image block without alt text, at its alt field", () => {
    const image = block({ type: "image", v: 1, src: "/uploads/photo.png" });
    expect(
      only(checkPage(page({ blocks: [hero(), image, text("[us](/about)")] }), facts), "image-alt"),
    ).toEqual([
      {
        code: "image-alt",
        message:
          "The image photo.png has no alt text, so people who cannot see it will not know what it shows.",
        where: { blockIndex: 1, blockId: image.id, field: "alt" },
      },
    ]);
    const described = block({ type: "image", v: 1, src: "/uploads/photo.png", alt: "A photo" });
    expect(checkPage(page({ blocks: [hero(), described, text("[us](/about)")] }), facts)).toEqual(
      [],
    );
  });

  it("takes the media library's alt text for a library image, and waits for a look-up under way", () => {
    const draft = (src: string) => page({ blocks: [hero({ image: src }), text("[us](/about)")] });
    expect(
      only(checkPage(draft("/media/1700000000000-a1b2c3d4.webp"), facts, { library }), "image-alt"),
    ).toEqual([]);
    const undescribed = only(
      checkPage(draft("/media/1700000000000-ffffffff.webp"), facts, { library }),
      "image-alt",
    );
    expect(undescribed).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/^The image desk\.jpg has no alt/),
        where: expect.objectContaining({ blockIndex: 0, field: "imageAlt" }),
      }),
    ]);
    const pending = new Set(["1700000000000-ffffffff.webp"]);
    expect(
      checkPage(draft("/media/1700000000000-ffffffff.webp"), facts, {
        library: new Map(),
        pending,
      }),
    ).toEqual([]);
  });

  it("fires for a markdown image without alt text, and a product's image, at their fields", () => {
    const showcase = block({
      type: "productShowcase",
      v: 1,
      title: "Products",
      products: [
        { name: "One", description: "First.", src: "/one.png", alt: "One", features: [] },
        { name: "Two", description: "Second.", src: "/two.png", features: [] },
      ],
    });
    const body = text("Look: ![](/chart.png) and [us](/about).");
    const warnings = only(
      checkPage(page({ blocks: [hero(), body, showcase] }), facts),
      "image-alt",
    );
    expect(warnings.map((w) => w.where)).toEqual([
      { blockIndex: 1, blockId: body.id, field: "markdown" },
      { blockIndex: 2, blockId: showcase.id, field: "products.1.alt" },
    ]);
  });

  it("fires for a post's featured image the library has no alt text for", () => {
    const warnings = checkPost(
      post({ featuredImageUrl: "/media/1700000000000-ffffffff.webp" }),
      facts,
      {
        library,
      },
    );
    expect(warnings).toEqual([
      expect.objectContaining({ code: "image-alt", where: { field: "featuredImageUrl" } }),
    ]);
    expect(
      checkPost(post({ featuredImageUrl: "/media/1700000000000-a1b2c3d4.webp" }), facts, {
        library,
      }),
    ).toEqual([]);
  });
});

describe("no-internal-link", () => {
  it("fires when nothing links to another page of the site", () => {
    const external = page({ blocks: [hero(), text("See [them](https://other.example).")] });
    expect(checkPage(external, facts)).toEqual([
      expect.objectContaining({ code: "no-internal-link", where: { field: "content" } }),
    ]);
    // Anchors on the page, mail and phone links are no pages of the site.
    const local = page({
      blocks: [hero(), text("[Up](#top), [mail](mailto:a@b.c), [call](tel:+123)")],
    });
    expect(codes(checkPage(local, facts))).toEqual(["no-internal-link"]);
  });

  it("counts a button, and an absolute link on the site's origin", () => {
    const button = page({ blocks: [hero({ primary: { label: "Talk", href: "/contact" } })] });
    expect(checkPage(button, facts)).toEqual([]);
    // A button without its text is not shown, so it links nowhere.
    const hidden = page({ blocks: [hero({ primary: { label: "", href: "/contact" } })] });
    expect(codes(checkPage(hidden, facts))).toEqual(["no-internal-link"]);
    const absolute = page({ blocks: [hero(), text("[About](https://example.com/about)")] });
    expect(checkPage(absolute, facts)).toEqual([]);
    expect(codes(checkPost(post({ content: "Plain words only." }), facts))).toEqual([
      "no-internal-link",
    ]);
  });
});

describe("link-missing", () => {
  it("fires for a link to an address nothing answers, at the card that has it", () => {
    const grid = block({
      type: "cardGrid",
      v: 3,
      title: "Offers",
      cards: [
        { title: "Ok", href: "/spring-offer" },
        { title: "Gone", href: "/winter-offer" },
      ],
    });
    expect(checkPage(page({ blocks: [hero(), grid] }), facts)).toEqual([
      {
        code: "link-missing",
        message:
          "The link to /winter-offer goes to a page that does not exist (or is not published).",
        where: { blockIndex: 1, blockId: grid.id, field: "cards.1.href" },
      },
    ]);
  });

  it("fires for a card grid's button under the cards, at that button", () => {
    const grid = block({
      type: "cardGrid",
      v: 3,
      title: "Offers",
      cards: [{ title: "Ok", href: "/spring-offer" }],
      primary: { label: "See more", href: "/autumn-offer" },
    });
    expect(checkPage(page({ blocks: [hero(), grid] }), facts)).toEqual([
      expect.objectContaining({
        code: "link-missing",
        where: { blockIndex: 1, blockId: grid.id, field: "primary.href" },
      }),
    ]);
  });

  it("knows posts, categories, the site's own routes, and absolute links to the site", () => {
    const links = [
      "/blog/voice-agents",
      "/blog/café",
      "/blog?category=ai",
      "/blog/rss.xml",
      "/auth",
      "/About/",
      "https://example.com/contact#form",
    ];
    expect(
      checkPage(page({ blocks: [hero(), text(links.map((l) => `[x](${l})`).join(" "))] }), facts),
    ).toEqual([]);
    const missing = ["/blog/a-draft", "/blog?category=nope", "https://example.com/nowhere"];
    const warnings = checkPage(
      page({ blocks: [hero(), text(missing.map((l) => `[x](${l})`).join(" "))] }),
      facts,
    );
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining("/blog/a-draft"),
      expect.stringContaining("/blog?category=nope"),
      expect.stringContaining("/nowhere"),
    ]);
    expect(codes(warnings)).toEqual(["link-missing", "link-missing", "link-missing"]);
  });

  it("fires for a post list of a category that does not exist, at its category", () => {
    const list = block({ type: "postList", v: 1, title: "News", category: "gone" });
    expect(checkPage(page({ blocks: [hero(), list] }), facts)).toEqual([
      expect.objectContaining({
        code: "link-missing",
        where: { blockIndex: 1, blockId: list.id, field: "category" },
      }),
    ]);
  });
});

describe("link-redirect", () => {
  it("fires for a link that goes through a redirect, naming where it ends up", () => {
    const draft = page({ blocks: [hero({ primary: { label: "Offer", href: "/old-offer" } })] });
    expect(checkPage(draft, facts)).toEqual([
      {
        code: "link-redirect",
        message:
          "The link to /old-offer goes through a redirect to /spring-offer; link to /spring-offer directly.",
        where: { blockIndex: 0, blockId: draft.blocks[0]?.id, field: "primary.href" },
      },
    ]);
    expect(codes(checkPost(post({ content: "[Old](/blog?category=old)" }), facts))).toEqual([
      "link-redirect",
    ]);
  });
});

describe("paragraph-long", () => {
  const short = (n: number) => Array.from({ length: n / 10 }, () => sentence(10)).join(" ");

  it("fires from 151 words, at the field that holds the paragraph", () => {
    expect(wordCount(short(150))).toBe(150);
    expect(
      checkPage(page({ blocks: [hero(), text(`${short(150)}\n\n[us](/about)`)] }), facts),
    ).toEqual([]);
    const long = text(`${short(150)} One more.\n\n[us](/about)`);
    const warnings = checkPage(page({ blocks: [hero(), long] }), facts);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "paragraph-long",
        where: { blockIndex: 1, blockId: long.id, field: "markdown" },
      }),
    ]);
    expect(warnings[0]?.message).toMatch(/^A paragraph of 152 words/);
  });

  it("reads plain text fields as paragraphs too (an FAQ answer)", () => {
    const faq = block({
      type: "faq",
      v: 2,
      title: "Questions",
      items: [{ question: "Why?", answer: `${short(160)}` }],
    });
    expect(
      only(
        checkPage(page({ blocks: [hero(), faq, text("[us](/about)")] }), facts),
        "paragraph-long",
      ),
    ).toEqual([
      expect.objectContaining({
        where: { blockIndex: 1, blockId: faq.id, field: "items.0.answer" },
      }),
    ]);
  });
});

describe("sentences-long", () => {
  // The page's one internal link is a button, so that no text but the sentences below counts.
  const linked = () => hero({ primary: { label: "Talk to us", href: "/contact" } });

  it("fires when more than a quarter of the sentences have over 20 words", () => {
    // 1 of 4 over 20 words: exactly a quarter. 20 words is not over 20.
    const quarter = [sentence(21), sentence(5), sentence(5), sentence(20)].join(" ");
    expect(checkPage(page({ blocks: [linked(), text(quarter)] }), facts)).toEqual([]);
    // 2 of 7 (29%).
    const first = text(
      [sentence(5), sentence(21), sentence(5), sentence(5), sentence(22), sentence(5)].join(" "),
    );
    const second = text("Short one.");
    expect(checkPage(page({ blocks: [linked(), first, second] }), facts)).toEqual([
      expect.objectContaining({
        code: "sentences-long",
        message: expect.stringMatching(/^2 of 7 sentences \(29%\) have more than 20 words/),
        where: { blockIndex: 1, blockId: first.id, field: "markdown" },
      }),
    ]);
    // Counted over the whole page: one more short sentence elsewhere makes it 2 of 8, a quarter.
    const third = block({
      type: "cta",
      v: 3,
      title: "Go",
      text: "Call now.",
      primary: { label: "Go", href: "/contact" },
    });
    expect(checkPage(page({ blocks: [linked(), first, second, third] }), facts)).toEqual([]);
  });

  it("points at the first long sentence's place", () => {
    const hero2 = hero({ text: sentence(25) });
    const warnings = checkPage(page({ blocks: [hero2, text("[us](/about)")] }), facts);
    expect(warnings).toEqual([
      expect.objectContaining({
        code: "sentences-long",
        where: { blockIndex: 0, blockId: hero2.id, field: "text" },
      }),
    ]);
  });
});

describe("sentencesOf", () => {
  it("splits at . ! ? before a space or the end, but not after an abbreviation or inside a number", () => {
    expect(
      sentencesOf("It costs 2.5 dollars, e.g. for U.S. buyers. Really?! Yes… Dr. Who said so."),
    ).toEqual(["It costs 2.5 dollars, e.g. for U.S. buyers.", "Really?!", "Yes… Dr. Who said so."]);
    expect(sentencesOf('He said "stop." Then left')).toEqual(['He said "stop."', "Then left"]);
    expect(sentencesOf("Visit example.com today. — .")).toEqual(["Visit example.com today."]);
  });
});

describe("internalPath", () => {
  it("keeps site paths and the site's own absolute addresses, nothing else", () => {
    expect(internalPath("/a?b=1#c", "https://example.com")).toBe("/a?b=1#c");
    expect(internalPath("https://example.com/a", "https://example.com")).toBe("/a");
    expect(internalPath("https://other.com/a", "https://example.com")).toBeNull();
    expect(internalPath("//other.com/a", "https://example.com")).toBeNull();
    expect(internalPath("#faq", "https://example.com")).toBeNull();
    expect(internalPath("mailto:a@b.c", "https://example.com")).toBeNull();
  });
});
