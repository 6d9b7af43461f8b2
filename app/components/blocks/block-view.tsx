import type { BlockView } from "~/pages/view";
import { ImageBlock, ImageTextBlock, RichTextBlock } from "./content-blocks";
import { CtaBlock } from "./cta-block";
import { FaqBlock } from "./faq-block";
import { FormBlock } from "./form-block";
import { HeroBlock, PageTitleHeader } from "./hero-block";
import { LegalBlock } from "./legal-block";
import {
  CardGridBlock,
  FeatureListBlock,
  LogosBlock,
  StatsBlock,
  StepsBlock,
  TestimonialsBlock,
} from "./list-blocks";
import { PostListBlock } from "./post-list-block";
import { ProductShowcaseBlock } from "./product-showcase-block";

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
      {blocks.map((block, index) => (
        <OneBlock key={block.id} block={block} isPageHeading={index === firstHero} />
      ))}
    </>
  );
}
