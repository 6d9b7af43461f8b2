import { useId } from "react";
import { CtaBanner } from "~/components/marketing/cta-banner";
import { Section } from "~/components/marketing/section";
import { cn } from "~/lib/utils";
import type { BlockViewOf } from "~/pages/view";
import { BlockButton, hasLink } from "./block-link";

/**
 * A call to action with the block's own words and buttons: "band", the site's closing banner
 * (CtaBanner's look) across the page in the brand gradient; "card", a white card on a light grey
 * band, as the demos page's lead to OmniConnect.
 *
 * An anchored block's heading is `<anchor>-heading`, as the routes' banners had it (the service
 * pages' tests find their closing band by `aria-labelledby="cta-heading"`).
 */
export function CtaBlock({ block }: { block: BlockViewOf<"cta"> }) {
  const generatedId = useId();
  const headingId = block.anchor ? `${block.anchor}-heading` : generatedId;
  const secondary = block.secondary && hasLink(block.secondary) ? block.secondary : undefined;

  if (block.style === "card") {
    return (
      <Section id={block.anchor || undefined} tone="muted">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 rounded-2xl border border-line bg-white p-8 text-center shadow-sm sm:p-10 md:flex-row md:text-left">
          <div className="flex-1">
            {block.eyebrow ? (
              <p className="text-sm font-semibold uppercase tracking-wider text-primary-strong">
                {block.eyebrow}
              </p>
            ) : null}
            <h2
              id={headingId}
              className={cn("text-2xl font-bold tracking-tight text-ink", block.eyebrow && "mt-2")}
            >
              {block.title}
            </h2>
            {block.text ? <p className="mt-3 text-muted">{block.text}</p> : null}
          </div>
          {secondary ? (
            <div className="flex shrink-0 flex-col gap-3 sm:flex-row">
              <BlockButton link={block.primary} />
              <BlockButton link={secondary} variant="outline" />
            </div>
          ) : (
            <BlockButton link={block.primary} className="shrink-0" />
          )}
        </div>
      </Section>
    );
  }

  return (
    <CtaBanner
      id={block.anchor || undefined}
      headingId={headingId}
      eyebrow={block.eyebrow}
      title={block.title}
      description={block.text}
      actions={
        <>
          <BlockButton link={block.primary} variant="inverse" />
          <BlockButton link={secondary} variant="inverseOutline" />
        </>
      }
    />
  );
}
