import { cn } from "~/lib/utils";
import { IMAGE_SIZES } from "~/media/responsive";
import type { HeroView } from "~/pages/view";
import { BlockImage } from "./block-image";
import { BlockButton, hasLink } from "./block-link";

/**
 * The top band of a page, in the look of the site's own page heroes. The page's first hero
 * carries its one h1 (`isPageHeading`); any later hero is a section with an h2.
 */
export function HeroBlock({ block, isPageHeading }: { block: HeroView; isPageHeading: boolean }) {
  const Heading = isPageHeading ? "h1" : "h2";
  const actions =
    hasLink(block.primary) || hasLink(block.secondary) ? (
      <div
        className={cn(
          "mt-10 flex flex-col gap-3 sm:flex-row",
          block.variant === "centred" && "justify-center",
        )}
      >
        <BlockButton link={block.primary} />
        <BlockButton link={block.secondary} variant="outline" />
      </div>
    ) : null;
  const badge = block.badge ? (
    <span className="inline-flex rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
      {block.badge}
    </span>
  ) : null;
  const image = block.image ? (
    <BlockImage
      src={block.image}
      picture={block.picture}
      alt={block.imageAlt}
      sizes={block.variant === "split" ? IMAGE_SIZES.half : IMAGE_SIZES.wide}
      priority={isPageHeading}
      className="h-auto w-full rounded-3xl shadow-lg"
    />
  ) : null;

  if (block.variant === "split") {
    return (
      <section
        id={block.anchor || undefined}
        className="scroll-mt-20 bg-gradient-to-b from-indigo-50 via-white to-white"
      >
        <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
          <div>
            {badge}
            <Heading
              className={cn(
                "text-4xl font-extrabold tracking-tight break-words text-ink sm:text-5xl",
                badge && "mt-6",
              )}
            >
              {block.title}
            </Heading>
            {block.text ? <p className="mt-6 text-lg text-muted">{block.text}</p> : null}
            {actions}
          </div>
          {image}
        </div>
      </section>
    );
  }

  if (block.variant === "minimal") {
    return (
      <section id={block.anchor || undefined} className="scroll-mt-20 border-b border-line">
        <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          {badge}
          <Heading
            className={cn(
              "text-3xl font-bold tracking-tight break-words text-ink sm:text-4xl",
              badge && "mt-4",
            )}
          >
            {block.title}
          </Heading>
          {block.text ? <p className="mt-4 max-w-3xl text-lg text-muted">{block.text}</p> : null}
          {actions}
          {image ? <div className="mt-10">{image}</div> : null}
        </div>
      </section>
    );
  }

  return (
    <section
      id={block.anchor || undefined}
      className="scroll-mt-20 bg-gradient-to-b from-indigo-50 via-white to-white"
    >
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-24 lg:px-8">
        {badge}
        <Heading
          className={cn(
            "text-4xl font-extrabold tracking-tight break-words text-ink sm:text-5xl",
            badge && "mt-6",
          )}
        >
          {block.title}
        </Heading>
        {block.text ? (
          <p className="mx-auto mt-6 max-w-3xl text-lg text-muted">{block.text}</p>
        ) : null}
        {actions}
        {image ? <div className="mt-12">{image}</div> : null}
      </div>
    </section>
  );
}

/** The page's h1 when no hero gives one: the title in a plain band. */
export function PageTitleHeader({ title }: { title: string }) {
  return (
    <header className="bg-gradient-to-b from-indigo-50 via-white to-white">
      <div className="mx-auto max-w-5xl px-4 pt-16 pb-8 sm:px-6 sm:pt-20 lg:px-8">
        <h1 className="text-4xl font-extrabold tracking-tight break-words text-ink sm:text-5xl">
          {title}
        </h1>
      </div>
    </header>
  );
}
