import { CircleCheck, Sparkles } from "lucide-react";
import { type ReactNode, useId } from "react";
import { GradientHeadline } from "~/components/marketing/gradient-headline";
import { HeroStats } from "~/components/marketing/hero-stats";
import { StatCards } from "~/components/marketing/stat-cards";
import { cn } from "~/lib/utils";
import { IMAGE_SIZES } from "~/media/responsive";
import type { HeroView } from "~/pages/view";
import { BackButton } from "./back-button";
import { BlockImage } from "./block-image";
import { BlockButton, hasLink } from "./block-link";
import { LegalLastUpdated } from "./legal-last-updated";
import { heroTestId } from "./test-hooks";

/** The product pages' figure grids, by how many figures there are (four in a row at most). */
const FIGURE_GRIDS: Record<number, string> = {
  1: "max-w-xs grid-cols-1 gap-4",
  2: "max-w-2xl grid-cols-2 gap-4",
  3: "max-w-3xl grid-cols-3 gap-3 sm:gap-4",
};
const FIGURE_GRID = "max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4";

/**
 * What a hero shows under its buttons, in the order the service and product pages have it:
 * a legal page's "Last updated", highlights (pills under a label, or checks), then figures, then
 * the legal pages' Back button.
 */
function HeroExtras({
  block,
  centred,
  isPageHeading,
}: {
  block: HeroView;
  centred: boolean;
  isPageHeading: boolean;
}) {
  const generatedId = useId();
  const { highlights } = block;
  // The page's own hero keeps the service pages' id; a later hero gets one of its own.
  const labelId = isPageHeading ? "hero-highlights-label" : `${generatedId}-highlights-label`;
  const label = highlights.label ? (
    <p id={labelId} className="text-sm font-medium text-muted">
      {highlights.label}
    </p>
  ) : null;
  const checks = highlights.style === "checks" && highlights.items.length > 0;

  let list: ReactNode = null;
  if (highlights.items.length > 0 && highlights.style === "pills") {
    list = (
      <div className="mt-12">
        {label}
        <ul
          aria-labelledby={label ? labelId : undefined}
          data-testid="hero-highlights"
          className={cn("flex flex-wrap gap-2", label && "mt-3", centred && "justify-center")}
        >
          {highlights.items.map((item) => (
            <li
              key={item}
              className="rounded-full border border-line bg-white px-3 py-1 text-sm font-medium text-ink shadow-sm"
            >
              {item}
            </li>
          ))}
        </ul>
      </div>
    );
  } else if (checks) {
    list = (
      <div className="mt-6">
        {label}
        <ul
          aria-labelledby={label ? labelId : undefined}
          data-testid="hero-highlights"
          className={cn(
            "flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted",
            label && "mt-3",
            centred && "justify-center",
          )}
        >
          {highlights.items.map((item) => (
            <li key={item} className="flex items-center gap-1.5">
              <CircleCheck aria-hidden className="size-4 text-emerald-600" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    );
  }

  let figures: ReactNode = null;
  if (block.figuresFrom === "statistics") {
    figures =
      block.statistics && block.statistics.length > 0 ? (
        // The spotlight's column centres it; the centred hero's text block does not.
        <HeroStats
          stats={block.statistics}
          className={cn(block.variant === "centred" && "mx-auto")}
        />
      ) : null;
  } else if (block.figures.length > 0) {
    figures = (
      <StatCards
        stats={block.figures}
        className={cn(
          "grid",
          // Right under checks, as the OmniConnect page; otherwise a little further down.
          checks ? "mt-12" : "mt-14",
          centred && "mx-auto",
          FIGURE_GRIDS[block.figures.length] ?? FIGURE_GRID,
        )}
      />
    );
  }

  return (
    <>
      {block.facts ? (
        <div className="mt-4">
          <LegalLastUpdated facts={block.facts} />
        </div>
      ) : null}
      {list}
      {figures}
      {block.backButton ? (
        <div className={cn("mt-8 flex", centred && "justify-center")}>
          <BackButton />
        </div>
      ) : null}
    </>
  );
}

/** The hero's band: its anchor as id and as test id (test-hooks.ts), room above for the header. */
function HeroBand({
  anchor,
  className,
  label,
  children,
}: {
  anchor: string;
  className: string;
  /** Names the band for screen readers (the home page's opening: "Introduction"). */
  label?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={anchor || undefined}
      data-testid={heroTestId(anchor)}
      className={cn("scroll-mt-20", className)}
      aria-label={label}
    >
      {children}
    </section>
  );
}

/**
 * The top band of a page, in the look of the site's own page heroes. The page's first hero
 * carries its one h1 (`isPageHeading`); any later hero is a section with an h2.
 */
export function HeroBlock({ block, isPageHeading }: { block: HeroView; isPageHeading: boolean }) {
  const Heading = isPageHeading ? "h1" : "h2";
  const spotlight = block.variant === "spotlight";
  const centred = block.variant === "centred" || spotlight;
  const actions =
    hasLink(block.primary) || hasLink(block.secondary) ? (
      <div
        className={cn(
          spotlight
            ? "mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row"
            : "mt-10 flex flex-col gap-3 sm:flex-row",
          block.variant === "centred" && "justify-center",
        )}
      >
        <BlockButton link={block.primary} />
        <BlockButton link={block.secondary} variant="outline" />
      </div>
    ) : null;
  const extras = <HeroExtras block={block} centred={centred} isPageHeading={isPageHeading} />;
  const badge = !block.badge ? null : spotlight ? (
    <span className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
      <Sparkles aria-hidden className="size-4" />
      {block.badge}
    </span>
  ) : (
    <span className="inline-flex rounded-full border border-indigo-200 bg-white px-4 py-1.5 text-sm font-medium text-primary-strong">
      {block.badge}
    </span>
  );
  const image = block.image ? (
    <BlockImage
      src={block.image}
      picture={block.picture}
      size={block.size}
      alt={block.imageAlt}
      sizes={block.variant === "split" ? IMAGE_SIZES.half : IMAGE_SIZES.wide}
      priority={isPageHeading}
      className="h-auto w-full rounded-3xl shadow-lg"
    />
  ) : null;

  if (block.variant === "split") {
    return (
      <HeroBand
        anchor={block.anchor}
        className="bg-gradient-to-b from-indigo-50 via-white to-white"
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
            {extras}
          </div>
          {image}
        </div>
      </HeroBand>
    );
  }

  if (block.variant === "minimal") {
    return (
      <HeroBand anchor={block.anchor} className="border-b border-line">
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
          {extras}
          {image ? <div className="mt-10">{image}</div> : null}
        </div>
      </HeroBand>
    );
  }

  if (spotlight) {
    // The home page's opening: a column centred on the page, the heading larger.
    return (
      <HeroBand
        anchor={block.anchor}
        className="bg-gradient-to-b from-indigo-50 via-white to-white"
        label={isPageHeading ? "Introduction" : undefined}
      >
        <div className="mx-auto flex max-w-5xl flex-col items-center px-4 pt-20 pb-16 text-center sm:pt-28">
          {badge}
          <GradientHeadline
            as={Heading}
            text={block.title}
            className={cn("break-words", badge && "mt-8")}
          />
          {block.text ? <p className="mt-6 max-w-2xl text-lg text-muted">{block.text}</p> : null}
          {actions}
          {extras}
          {image ? <div className="mt-12 w-full">{image}</div> : null}
        </div>
      </HeroBand>
    );
  }

  return (
    <HeroBand anchor={block.anchor} className="bg-gradient-to-b from-indigo-50 via-white to-white">
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
        {extras}
        {image ? <div className="mt-12">{image}</div> : null}
      </div>
    </HeroBand>
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
