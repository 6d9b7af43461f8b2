import { Suspense } from "react";
import { drawnLazy } from "~/lib/drawn-lazy";
import type { BlockView } from "~/pages/view";
import { CtaBlock } from "./cta-block";
import { HeroBlock, PageTitleHeader } from "./hero-block";
import { ProductShowcaseBlock } from "./product-showcase-block";
import { ServiceCardGridBlock } from "./service-cards";

/**
 * A block component loaded only by a page that has such a block, drawn in place once its code is
 * there. Every page, the home page included, is drawn by one route module: its own blocks (hero,
 * card grid, products, call to action) come with it, the rest (the forms with their validation,
 * the blog's post cards, the legal document, text, images and the other lists) only where used,
 * so a visitor's first page does not carry them. The server draws them in full; the browser
 * fetches their code while it hydrates the page.
 */
const MoreBlock = drawnLazy(async () => (await import("./more-blocks")).MoreBlock);
const PostListBlock = drawnLazy(async () => (await import("./post-list-block")).PostListBlock);
const FormBlock = drawnLazy(async () => (await import("./form-block")).FormBlock);
const LegalBlock = drawnLazy(async () => (await import("./legal-block")).LegalBlock);

/** The blocks whose code comes with the page module; the others are drawn once theirs is loaded. */
const WITH_THE_PAGE = new Set<BlockView["type"]>(["hero", "cta", "productShowcase"]);
const withThePage = (block: BlockView) =>
  WITH_THE_PAGE.has(block.type) || (block.type === "cardGrid" && block.cardsFrom === "services");

function OneBlock({ block, isPageHeading }: { block: BlockView; isPageHeading: boolean }) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} isPageHeading={isPageHeading} />;
    case "cardGrid":
      return block.cardsFrom === "services" ? (
        <ServiceCardGridBlock block={block} />
      ) : (
        <MoreBlock block={block} />
      );
    case "cta":
      return <CtaBlock block={block} />;
    case "productShowcase":
      return <ProductShowcaseBlock block={block} />;
    case "richText":
    case "image":
    case "imageText":
    case "featureList":
    case "stats":
    case "steps":
    case "faq":
    case "testimonials":
    case "logos":
      return <MoreBlock block={block} />;
    case "postList":
      return <PostListBlock block={block} />;
    case "form":
      return <FormBlock block={block} />;
    case "legal":
      return <LegalBlock block={block} />;
  }
}

/**
 * A page's blocks in order (app/pages/render.server.ts prepares them). The page has exactly one
 * h1: the first hero's heading, or, when no hero opens the page, `title` in a plain header.
 */
export function BlockList({ blocks, title }: { blocks: BlockView[]; title?: string }) {
  const firstHero = blocks.findIndex((block) => block.type === "hero");
  return (
    <>
      {firstHero === -1 && title ? <PageTitleHeader title={title} /> : null}
      {blocks.map((block, index) =>
        withThePage(block) ? (
          <OneBlock key={block.id} block={block} isPageHeading={index === firstHero} />
        ) : (
          <Suspense key={block.id} fallback={null}>
            <OneBlock block={block} isPageHeading={index === firstHero} />
          </Suspense>
        ),
      )}
    </>
  );
}
