import { useId } from "react";
import { CtaBanner } from "~/components/marketing/cta-banner";
import type { BlockViewOf } from "~/pages/view";
import { hasLink } from "./block-link";

/** The site's closing banner with the block's own words and buttons. */
export function CtaBlock({ block }: { block: BlockViewOf<"cta"> }) {
  const headingId = useId();
  const secondary = block.secondary;
  return (
    <CtaBanner
      id={block.anchor || undefined}
      headingId={headingId}
      title={block.title}
      description={block.text}
      primary={{ label: block.primary.label, to: block.primary.href }}
      secondary={
        secondary && hasLink(secondary) ? { label: secondary.label, to: secondary.href } : null
      }
    />
  );
}
