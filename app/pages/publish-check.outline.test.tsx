import { prerenderToNodeStream } from "react-dom/static";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockList } from "~/components/blocks/block-view";
import type { Database } from "~/db/client.server";
import { closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { type Block, blockSchema } from "./blocks";
import { pageHeadings } from "./publish-check";
import { renderPageView } from "./render.server";

/**
 * The check's heading outline must be the one visitors get: the page rendered by its public
 * components (app/components/blocks) is read for its h1–h6, and compared with `pageHeadings`.
 * A block that changes its heading levels fails here until the check follows.
 */

let counter = 0;
function block(fields: Record<string, unknown>): Block {
  counter += 1;
  return blockSchema.parse({ id: `b${counter}`, ...fields });
}

async function renderedHeadings(title: string, blocks: Block[]) {
  const view = await renderPageView(database.db, { title, blocks });
  // Whole, as the server sends it: the blocks loaded only where used (block-view.tsx) included.
  const { prelude } = await prerenderToNodeStream(
    <MemoryRouter>
      <BlockList blocks={view.blocks} title={view.title} />
    </MemoryRouter>,
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map(([, level, inner]) => ({
    level: Number(level),
    text: (inner ?? "").replace(/<[^>]*>/g, "").trim(),
  }));
}

let database: Database;
beforeAll(async () => {
  database = await openSiteDatabase("pglite");
});
afterAll(async () => {
  await closeSiteDatabase(database);
});

const markdown = "# Top\n\n## Two\n\n### Three\n\n#### Four\n\nText.";

const everyBlock = (): Block[] => [
  block({
    type: "cta",
    v: 3,
    title: "Before the hero",
    primary: { label: "Go", href: "/contact" },
  }),
  block({ type: "hero", v: 3, title: "The hero" }),
  block({ type: "richText", v: 2, markdown }),
  block({ type: "image", v: 1, src: "/x.png", alt: "X" }),
  block({ type: "imageText", v: 1, title: "Beside", markdown, src: "/x.png", alt: "X" }),
  block({ type: "imageText", v: 1, markdown, src: "/x.png", alt: "X" }),
  block({ type: "cardGrid", v: 3, title: "Cards", cards: [{ title: "Card one" }] }),
  block({ type: "cardGrid", v: 3, cards: [{ title: "Lone card" }] }),
  block({ type: "featureList", v: 2, title: "Features", items: ["One"] }),
  block({ type: "stats", v: 2, title: "Figures", items: [{ value: "9", label: "Nine" }] }),
  block({ type: "steps", v: 2, title: "Steps", steps: [{ title: "Step one" }] }),
  block({
    type: "steps",
    v: 2,
    style: "card",
    numbering: "01",
    tone: "dark",
    title: "Numbered cards",
    steps: [{ title: "Discover" }, { title: "Build" }],
  }),
  block({
    type: "cardGrid",
    v: 3,
    tone: "dark",
    style: "beside",
    linkStyle: "button",
    eyebrow: "Eyebrow",
    title: "Dark cards",
    cards: [{ title: "Checked", badge: "New", checks: ["One"], href: "/about" }],
    primary: { label: "Under the grid", href: "/contact" },
  }),
  block({ type: "featureList", v: 2, boxed: true, eyebrow: "Why", title: "Boxed", items: ["A"] }),
  block({ type: "faq", v: 2, title: "Questions", items: [{ question: "Q?", answer: "A." }] }),
  block({ type: "testimonials", v: 1, title: "Quotes", items: [{ quote: "Good.", name: "Ann" }] }),
  block({ type: "logos", v: 1, title: "Logos", items: [{ name: "Acme" }] }),
  block({
    type: "productShowcase",
    v: 1,
    title: "Products",
    products: [{ name: "Widget", description: "Does it.", features: [] }],
  }),
  block({ type: "hero", v: 3, title: "Second hero" }),
  block({ type: "postList", v: 1, title: "News" }),
  block({
    type: "legal",
    v: 2,
    intro: "## Intro heading\n\nText.",
    sections: [{ heading: "Scope", markdown }],
  }),
];

describe("the check's heading outline", () => {
  it("is the rendered page's, block by block", async () => {
    const blocks = everyBlock();
    expect(pageHeadings({ title: "Page", blocks })).toEqual(await renderedHeadings("Page", blocks));
  });

  it("has the title as the h1 when no hero is on the page", async () => {
    const blocks = everyBlock().filter((b) => b.type !== "hero");
    expect(pageHeadings({ title: "Page title", blocks })).toEqual(
      await renderedHeadings("Page title", blocks),
    );
  });
});
