import type { BlockViewOf } from "~/pages/view";
import {
  FeatureListBlock,
  LogosBlock,
  StatsBlock,
  StepsBlock,
  TestimonialsBlock,
} from "./band-blocks";
import { ImageBlock, ImageTextBlock, RichTextBlock } from "./content-blocks";
import { FaqBlock } from "./faq-block";
import { CardGridBlock } from "./list-blocks";

/** The blocks of the marketing pages that the home page does not have, by type. */
export type MoreBlockView = BlockViewOf<
  | "cardGrid"
  | "richText"
  | "image"
  | "imageText"
  | "featureList"
  | "stats"
  | "steps"
  | "faq"
  | "testimonials"
  | "logos"
>;

/**
 * The blocks of the marketing pages that the home page does not have (text, images, grids of
 * cards of their own, the other lists, questions), in one module a page loads when it has one of them (block-view.tsx).
 */
export function MoreBlock({ block }: { block: MoreBlockView }) {
  switch (block.type) {
    case "cardGrid":
      return <CardGridBlock block={block} />;
    case "richText":
      return <RichTextBlock block={block} />;
    case "image":
      return <ImageBlock block={block} />;
    case "imageText":
      return <ImageTextBlock block={block} />;
    case "featureList":
      return <FeatureListBlock block={block} />;
    case "stats":
      return <StatsBlock block={block} />;
    case "steps":
      return <StepsBlock block={block} />;
    case "faq":
      return <FaqBlock block={block} />;
    case "testimonials":
      return <TestimonialsBlock block={block} />;
    case "logos":
      return <LogosBlock block={block} />;
  }
}
