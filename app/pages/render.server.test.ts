import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { insertPosts } from "../../tests/support/blog";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { type Block, blockSchema } from "./blocks";
import { pageHead, publicImageSize, renderPageView } from "./render.server";
import { createSharedSection } from "./shared-sections.server";
import type { BlockViewOf, PageView } from "./view";

let counter = 0;
/** A block as the editor would send it: validated and given its defaults by the schema. */
function block(fields: Record<string, unknown>): Block {
  counter += 1;
  return blockSchema.parse({ id: `b${counter}`, ...fields });
}

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

function viewOf<T extends PageView["blocks"][number]["type"]>(view: PageView, type: T) {
  return view.blocks.filter((b): b is BlockViewOf<T> => b.type === type);
}

describe.each(backends)("renderPageView on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openSiteDatabase(backend);
    await insertPosts(database.db, [
      { title: "Voice agents", slug: "voice-agents", category: "voice", publishedAt: hoursAgo(5) },
      { title: "Chatbots", slug: "chatbots", category: "ai", publishedAt: hoursAgo(4) },
      { title: "Invoices", slug: "invoices", category: "ai", publishedAt: hoursAgo(3) },
      { title: "Phone menus", slug: "phone-menus", category: "voice", publishedAt: hoursAgo(2) },
      { title: "Draft voice post", slug: "draft-voice", category: "voice", status: "draft" },
    ]);
  });
  afterAll(async () => {
    await closeSiteDatabase(database);
  });

  const render = (blocks: Block[]) => renderPageView(database.db, { title: "Offer", blocks });

  it("renders markdown to HTML without scripts, handlers or javascript: links", async () => {
    const view = await render([
      block({
        type: "richText",
        v: 2,
        markdown: [
          "## Why us",
          "",
          'Plain **bold** text <script>alert("x")</script> and <img src="/x.png" onerror="alert(1)">',
          "",
          "[Click](javascript:alert(1)) and [Contact](/contact)",
        ].join("\n"),
      }),
    ]);
    const [text] = viewOf(view, "richText");
    expect(text?.html).toContain('<h2 id="why-us">Why us</h2>');
    expect(text?.html).toContain("<strong>bold</strong>");
    expect(text?.html).toContain('<a href="/contact">Contact</a>');
    expect(text?.html).not.toMatch(/<script|onerror|javascript:|alert\(/);
    // The browser gets the HTML, not the markdown.
    expect(text).not.toHaveProperty("markdown");
  });

  it("gives headings from different text blocks ids unique on the page, staff's anchors first", async () => {
    const view = await render([
      block({ type: "richText", v: 2, markdown: "## Overview\n\nOne." }),
      block({ type: "richText", v: 2, markdown: "## Overview\n\nTwo.", anchor: "details" }),
      block({ type: "richText", v: 2, markdown: "## Details\n\nThree." }),
    ]);
    const html = viewOf(view, "richText").map((b) => b.html);
    expect(html[0]).toContain('id="overview"');
    expect(html[1]).toContain('id="overview-2"');
    expect(html[2]).toContain('id="details-2"');
  });

  it("shows a shared section's block in place of each placement; a missing one shows nothing", async () => {
    const created = await createSharedSection(database.db, {
      name: `Offer ${counter}`,
      block: block({
        type: "faq",
        v: 2,
        title: "Shared questions",
        items: [{ question: "Sundays?", answer: "Yes." }],
      }),
    });
    if (created.status !== "saved") throw new Error("not saved");
    const missingId = 500_000 + counter;
    const warn = vi.spyOn(logger, "warn");
    const render2 = () =>
      render([
        block({ type: "shared", v: 1, sharedId: created.id, anchor: "questions" }),
        block({ type: "richText", v: 2, markdown: "Between." }),
        block({ type: "shared", v: 1, sharedId: created.id }),
        block({ type: "shared", v: 1, sharedId: missingId }),
      ]);
    const view = await render2();
    expect(view.blocks.map((b) => b.type)).toEqual(["faq", "richText", "faq"]);
    const [first, second] = viewOf(view, "faq");
    expect(first?.title).toBe("Shared questions");
    // Each placement keeps its own id (unique on the page) and its own anchor.
    expect(first?.id).not.toBe(second?.id);
    expect(first?.anchor).toBe("questions");
    expect(second?.anchor).toBe("");
    expect(view.jsonLd).toHaveLength(2);
    // The missing section is logged once, not on every render.
    await render2();
    const missing = warn.mock.calls.filter(
      ([fields]) => String((fields as { sharedId?: number }).sharedId) === String(missingId),
    );
    expect(missing).toHaveLength(1);
    warn.mockRestore();
  });

  it("emits one FAQPage per FAQ block, with every question and its answer", async () => {
    const view = await render([
      block({
        type: "faq",
        v: 2,
        title: "Questions",
        items: [
          { question: "How long does setup take?", answer: "About two weeks." },
          { question: "Is there a contract?", answer: "No, cancel monthly." },
        ],
      }),
      block({ type: "faq", v: 2, items: [{ question: "Where are you?", answer: "Online." }] }),
    ]);
    expect(view.jsonLd).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: [
          {
            "@type": "Question",
            name: "How long does setup take?",
            acceptedAnswer: { "@type": "Answer", text: "About two weeks." },
          },
          {
            "@type": "Question",
            name: "Is there a contract?",
            acceptedAnswer: { "@type": "Answer", text: "No, cancel monthly." },
          },
        ],
      },
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: [
          {
            "@type": "Question",
            name: "Where are you?",
            acceptedAnswer: { "@type": "Answer", text: "Online." },
          },
        ],
      },
    ]);
  });

  it("has no structured data for a page without questions", async () => {
    const view = await render([block({ type: "richText", v: 2, markdown: "Hello." })]);
    expect(view.jsonLd).toEqual([]);
  });

  it("lists one category's published posts, newest first, up to the block's count", async () => {
    const view = await render([
      block({ type: "postList", v: 1, title: "Voice", category: "voice", count: 5 }),
      block({ type: "postList", v: 1, title: "Latest", count: 2 }),
    ]);
    const [voice, latest] = viewOf(view, "postList");
    expect(voice?.posts.map((p) => p.slug)).toEqual(["phone-menus", "voice-agents"]);
    expect(voice?.posts[0]?.category).toEqual({ name: "voice", slug: "voice" });
    expect(voice?.moreHref).toBe("/blog?category=voice");
    expect(latest?.posts.map((p) => p.slug)).toEqual(["phone-menus", "invoices"]);
    expect(latest?.moreHref).toBe("/blog");
  });

  it("numbers a legal document's sections, links its contents and puts their headings below them", async () => {
    const view = await render([
      block({
        type: "legal",
        v: 2,
        intro: "These terms bind **you**.",
        sections: [
          { heading: "Who we are", markdown: "## Our company\n\nWe are a company." },
          { heading: "Your data", markdown: "We keep little." },
        ],
      }),
    ]);
    const [legal] = viewOf(view, "legal");
    expect(legal?.numbered).toBe(true);
    expect(legal?.intro).toEqual([
      { kind: "html", html: expect.stringContaining("<strong>you</strong>") },
    ]);
    expect(legal?.sections.map(({ id, number, heading }) => ({ id, number, heading }))).toEqual([
      { id: "who-we-are", number: 1, heading: "Who we are" },
      { id: "your-data", number: 2, heading: "Your data" },
    ]);
    expect(legal?.sections[0]?.parts[0]).toEqual({
      kind: "html",
      html: expect.stringContaining('<h3 id="our-company">Our company</h3>'),
    });
  });

  it("draws a legal document's anchors, conditions, inserts and steps as the site is set up", async () => {
    const view = await render([
      block({
        type: "hero",
        v: 3,
        title: "Cookie Policy",
        text: "{if optional_cookies}Some optional cookies.{else}Only essential cookies.{end}",
      }),
      block({
        type: "legal",
        v: 2,
        numbered: false,
        intro: "{company_name} uses {if optional_cookies}more{else}only essential{end} cookies.",
        sections: [
          {
            heading: "Cookies we use",
            anchor: "cookies-we-use",
            markdown: "At most two:\n\n{cookie_cards:essential}\n\nThat is all.",
          },
          {
            heading: "Optional features",
            when: "optional_cookies",
            markdown: "{cookie_cards:optional}",
          },
          {
            heading: "How to ask",
            style: "steps",
            markdown:
              "Three steps.\n\n## Verify\n\nWho you are.\n\n## Submit\n\nBy [mail](mailto:{contact_email}?subject=Data%20Deletion%20Request).\n\n{contact_card:Data Deletion Request}",
          },
        ],
      }),
    ]);
    const [hero] = viewOf(view, "hero");
    expect(hero?.text).toBe("Only essential cookies.");
    const [legal] = viewOf(view, "legal");
    expect(legal?.intro[0]).toMatchObject({
      html: expect.stringContaining("uses only essential cookies"),
    });
    expect(legal?.sections.map((section) => section.id)).toEqual(["cookies-we-use", "how-to-ask"]);
    const [cookies, steps] = legal?.sections ?? [];
    expect(cookies?.parts.map((part) => part.kind)).toEqual(["html", "cookieCards", "html"]);
    const cards = cookies?.parts[1];
    expect(cards?.kind === "cookieCards" && cards.cards.map((card) => card.title)).toEqual([
      "Session cookie",
      "Sign-in device cookie",
      "Message cookie",
    ]);
    expect(steps?.parts).toEqual([
      { kind: "html", html: expect.stringContaining("<p>Three steps.</p>") },
    ]);
    expect(steps?.steps.map((step) => step.title)).toEqual(["Verify", "Submit"]);
    const submit = steps?.steps[1]?.parts ?? [];
    expect(submit[0]).toMatchObject({
      html: expect.stringContaining("?subject=Data%20Deletion%20Request"),
    });
    expect(submit[1]).toMatchObject({
      kind: "contact",
      contact: {
        mailto: expect.stringMatching(/^mailto:[^?]+\?subject=Data%20Deletion%20Request$/),
        tel: expect.stringMatching(/^tel:\+1\d{10}$/),
      },
    });
  });

  it("leaves out a placed section that does not exist and draws card icons from the fixed list", async () => {
    const view = await render([
      block({ type: "shared", v: 1, sharedId: 999_999 }),
      block({
        type: "cardGrid",
        v: 3,
        cards: [{ title: "Bots", icon: "Bot" }, { title: "Plain" }],
      }),
    ]);
    expect(view.blocks.map((b) => b.type)).toEqual(["cardGrid"]);
    const [grid] = viewOf(view, "cardGrid");
    expect(grid?.cards[0]?.iconSvg).toMatch(/^<svg[^>]*aria-hidden="true"/);
    expect(grid?.cards[1]?.iconSvg).toBeNull();
  });

  it("gives the contact form its bot check and no other form one", async () => {
    const view = await render([
      block({ type: "form", v: 2, form: "contact" }),
      block({ type: "form", v: 2, form: "newsletter" }),
    ]);
    const [contact, newsletter] = viewOf(view, "form");
    expect(contact?.botCheck?.provider).toMatch(/altcha|turnstile/);
    expect(newsletter?.botCheck).toBeNull();
  });

  it("draws a form's text under it with the settings' values, and the contact panels only for the details layout", async () => {
    const view = await render([
      block({
        type: "form",
        v: 2,
        anchor: "message",
        form: "contact",
        layout: "details",
        after:
          "Write to [{contact_email}](mailto:{contact_email}) or call [{contact_phone}](tel:{contact_phone}).",
      }),
      block({ type: "form", v: 2, form: "newsletter" }),
    ]);
    const [contact, newsletter] = viewOf(view, "form");
    expect(contact?.afterHtml).toContain(
      '<a href="mailto:hello@aisolutions.example">hello@aisolutions.example</a>',
    );
    expect(contact?.afterHtml).toContain('<a href="tel:+18135550142">(813) 555-0142</a>');
    expect(contact).not.toHaveProperty("after");
    expect(contact?.details).toMatchObject({
      email: "hello@aisolutions.example",
      phoneHref: "tel:+18135550142",
      businessHours: [
        { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM" },
        { days: "Saturday", hours: "Closed" },
        { days: "Sunday", hours: "Closed" },
      ],
      social: [],
    });
    expect(newsletter?.details).toBeNull();
    expect(newsletter?.afterHtml).toBe("");
  });
});

describe("pageHead", () => {
  const blocks = [
    blockSchema.parse({ id: "h", type: "hero", v: 3, title: "Spring", text: "Save 20% now." }),
  ];
  const base = {
    title: "Spring offer",
    path: "/spring-offer",
    blocks,
    metaTitle: null,
    metaDescription: null,
    ogImageUrl: null,
  };

  it("falls back to the title and the hero's text, and keeps the page's own address", async () => {
    const head = await pageHead(base);
    expect(head).toMatchObject({
      title: "Spring offer",
      description: "Save 20% now.",
      path: "/spring-offer",
      canonical: null,
      noindex: false,
    });
  });

  it("uses the meta fields, an absolute canonical address and noindex when set", async () => {
    const head = await pageHead({
      ...base,
      metaTitle: "Spring deals",
      metaDescription: "Our spring deals.",
      canonicalUrl: "/offers",
      ogImageUrl: "https://cdn.example.org/spring.png",
      noindex: true,
    });
    expect(head.title).toBe("Spring deals");
    expect(head.description).toBe("Our spring deals.");
    expect(head.canonical).toMatch(/^https?:\/\/[^/]+\/offers$/);
    expect(head.image).toBe("https://cdn.example.org/spring.png");
    expect(head.noindex).toBe(true);
  });
});

describe.each(backends)("images the site ships under public/ on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await openSiteDatabase(backend);
  });
  afterAll(async () => {
    await closeSiteDatabase(database);
  });

  it("gives a product image its width and height, and other addresses none", async () => {
    const view = await renderPageView(database.db, {
      title: "Products",
      blocks: [
        block({
          type: "productShowcase",
          v: 1,
          products: [
            { name: "OpsHub", description: "Runs the shop.", src: "/images/products/opshub.svg" },
            { name: "Missing", description: "No file.", src: "/images/products/nothing.svg" },
            { name: "Outside", description: "Elsewhere.", src: "https://cdn.example.org/a.svg" },
          ].map((product) => ({ ...product, features: [] })),
        }),
        block({ type: "image", v: 1, src: "/images/products/hiring-hub.svg?v=2", alt: "Hiring" }),
      ],
    });
    const [showcase] = viewOf(view, "productShowcase");
    expect(showcase?.products.map((product) => product.size)).toEqual([
      { width: 640, height: 440 },
      null,
      null,
    ]);
    expect(viewOf(view, "image")[0]?.size).toEqual({ width: 640, height: 440 });
  });

  it("never measures a file outside public/ or a library address, and never throws", async () => {
    const opshub = { width: 640, height: 440 };
    expect(await publicImageSize("/images/products/opshub.svg")).toEqual(opshub);
    for (const url of [
      "/../package.json",
      "/images/../../drizzle/meta/_journal.json",
      "/%2e%2e/drizzle/meta/_journal.json",
      "/media/opshub.svg",
      "//example.org/images/products/opshub.svg",
      "/images/products",
      "/%E0%A4%A",
      "/favicon.ico",
    ]) {
      expect(await publicImageSize(url), url).toBeNull();
    }
  });
});
