/**
 * The blocks of the marketing pages that the home page does not have (text, images, the other
 * lists, questions), in one module a page loads when it has one of them (block-view.tsx).
 */
export {
  FeatureListBlock,
  LogosBlock,
  StatsBlock,
  StepsBlock,
  TestimonialsBlock,
} from "./band-blocks";
export { ImageBlock, ImageTextBlock, RichTextBlock } from "./content-blocks";
export { FaqBlock } from "./faq-block";
