import { type ComponentType, lazy, Suspense } from "react";
import type { BlockView, BlockViewOf } from "~/pages/view";
import { CtaBlock } from "./cta-block";
import { HeroBlock, PageTitleHeader } from "./hero-block";
import { CardGridBlock } from "./list-blocks";
import { ProductShowcaseBlock } from "./product-showcase-block";

/**
 * A block component loaded only by a page that has such a block, drawn in place once its code is
 * there. Every page, the home page included, is drawn by one route module: its own blocks (hero,
 * card grid, products, call to action) come with it, the rest (the forms with their validation,
 * the blog's post cards, the legal document, text, images and the other lists) only where used,
 * so a visitor's first page does not carry them. The server draws them in full; the browser
 * fetches their code while it hydrates the page.
 */
function later<T extends BlockView["type"]>(
  load: () => Promise<ComponentType<{ block: BlockViewOf<T> }>>,
) {
  return lazy(async () => ({ default: await load() }));
}

const RichTextBlock = later<"richText">(async () => (await import("./more-blocks")).RichTextBlock);
const ImageBlock = later<"image">(async () => (await import("./more-blocks")).ImageBlock);
const ImageTextBlock = later<"imageText">(
  async () => (await import("./more-blocks")).ImageTextBlock,
);
const FeatureListBlock = later<"featureList">(
  async () => (await import("./more-blocks")).FeatureListBlock,
);
const StatsBlock = later<"stats">(async () => (await import("./more-blocks")).StatsBlock);
const StepsBlock = later<"steps">(async () => (await import("./more-blocks")).StepsBlock);
const TestimonialsBlock = later<"testimonials">(
  async () => (await import("./more-blocks")).TestimonialsBlock,
);
const LogosBlock = later<"logos">(async () => (await import("./more-blocks")).LogosBlock);
const FaqBlock = later<"faq">(async () => (await import("./more-blocks")).FaqBlock);
const PostListBlock = later<"postList">(
  async () => (await import("./post-list-block")).PostListBlock,
);
const FormBlock = later<"form">(async () => (await import("./form-block")).FormBlock);
const LegalBlock = later<"legal">(async () => (await import("./legal-block")).LegalBlock);

/** The blocks whose code comes with the page module; the others are drawn once theirs is loaded. */
const WITH_THE_PAGE = new Set<BlockView["type"]>(["hero", "cardGrid", "cta", "productShowcase"]);

function OneBlock({ block, isPageHeading }: { block: BlockView; isPageHeading: boolean }) {
  switch (block.type) {
    case "hero":
      return <HeroBlock block={block} isPageHeading={isPageHeading} />;
    case "richText":
      return <RichTextBlock block={block} />;
    case "image":
      return <ImageBlock block={block} />;
    case "imageText":
      return <ImageTextBlock block={block} />;
    case "cardGrid":
      return <CardGridBlock block={block} />;
    case "featureList":
      return <FeatureListBlock block={block} />;
    case "stats":
      return <StatsBlock block={block} />;
    case "steps":
      return <StepsBlock block={block} />;
    case "faq":
      return <FaqBlock block={block} />;
    case "cta":
      return <CtaBlock block={block} />;
    case "testimonials":
      return <TestimonialsBlock block={block} />;
    case "logos":
      return <LogosBlock block={block} />;
    case "productShowcase":
      return <ProductShowcaseBlock block={block} />;
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
        WITH_THE_PAGE.has(block.type) ? (
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
