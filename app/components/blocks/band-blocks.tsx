import { Quote } from "lucide-react";
import { CheckList } from "~/components/marketing/check-list";
import { BandSection, Section } from "~/components/marketing/section";
import { StatCards } from "~/components/marketing/stat-cards";
import { cn } from "~/lib/utils";
import type { BlockViewOf } from "~/pages/view";
import { BlockAnchor } from "./block-link";
import { frame, onDark } from "./list-blocks";
import { checkListTestId, itemTestId, listTestId } from "./test-hooks";

/*
 * The list blocks the home page does not use (feature lists, figures, steps, testimonials,
 * logos): a module of their own, loaded only by a page that has one (block-view.tsx).
 */

/** A checked list of features; boxed, as the service and product pages' benefits. */
export function FeatureListBlock({ block }: { block: BlockViewOf<"featureList"> }) {
  const anchor = block.anchor;
  return (
    <BandSection band={block}>
      {block.boxed ? (
        <div
          data-testid={listTestId(anchor)}
          className={cn(
            "mx-auto max-w-4xl rounded-2xl border border-line p-6 shadow-sm sm:p-10",
            block.tone === "plain" ? "bg-surface" : "bg-white",
          )}
        >
          <div data-testid={checkListTestId(anchor)}>
            <CheckList items={block.items} spacing="wide" />
          </div>
        </div>
      ) : (
        <div data-testid={listTestId(anchor)} className="mx-auto max-w-4xl">
          <CheckList
            items={block.items}
            className={cn(block.tone === "dark" && "[&_span]:text-white")}
          />
        </div>
      )}
    </BandSection>
  );
}

const STAT_COLUMNS = ["", "", "sm:grid-cols-2", "sm:grid-cols-3", "sm:grid-cols-2 lg:grid-cols-4"];

export function StatsBlock({ block }: { block: BlockViewOf<"stats"> }) {
  return (
    <BandSection band={block}>
      <StatCards
        stats={block.items}
        className={cn(
          "mx-auto grid max-w-5xl gap-4",
          STAT_COLUMNS[Math.min(block.items.length, 4)],
        )}
      />
    </BandSection>
  );
}

const STEP_CARD_COLUMNS = [
  "",
  "",
  "sm:grid-cols-2",
  "md:grid-cols-3",
  "sm:grid-cols-2 lg:grid-cols-4",
];

/**
 * Numbered steps: in a row of cards with the number beside the title (the consultation page's
 * "What happens next"), or as cards with the number above it (Studio's how it works, the
 * service pages' approach with "01" numbers).
 */
export function StepsBlock({ block }: { block: BlockViewOf<"steps"> }) {
  const { tone, anchor } = block;
  const card = block.style === "card";
  const padded = block.numbering === "01";
  return (
    <BandSection band={block}>
      <ol
        data-testid={listTestId(anchor)}
        className={cn(
          "grid gap-6",
          card
            ? STEP_CARD_COLUMNS[Math.min(block.steps.length, 4)]
            : cn(
                "mx-auto max-w-5xl",
                block.steps.length > 1 && "md:grid-cols-2",
                block.steps.length > 2 && "lg:grid-cols-3",
              ),
        )}
      >
        {block.steps.map((step, index) => {
          const number = padded ? String(index + 1).padStart(2, "0") : String(index + 1);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a step's place is what it is
              key={index}
              data-testid={itemTestId(anchor)}
              className={cn(frame(tone), !card && "flex gap-4")}
            >
              <span
                aria-hidden
                className={cn(
                  "grid shrink-0 place-items-center rounded-full font-bold text-white",
                  card && padded
                    ? "size-12 bg-gradient-to-br from-primary to-accent text-lg"
                    : "size-10 bg-primary-strong",
                  card && !padded ? "text-lg" : !card && "text-base",
                )}
              >
                {number}
              </span>
              <div className={cn("min-w-0", card && "mt-4")}>
                <h3
                  className={cn(
                    "text-lg font-semibold break-words",
                    onDark(tone, "text-ink", "text-white"),
                  )}
                >
                  {card && padded ? <span className="sr-only">Step {index + 1}: </span> : null}
                  {step.title}
                </h3>
                {step.text ? (
                  <p className={cn("mt-2", onDark(tone, "text-muted", "text-slate-300"))}>
                    {step.text}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </BandSection>
  );
}

export function TestimonialsBlock({ block }: { block: BlockViewOf<"testimonials"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title} tone="muted">
      <ul
        className={cn(
          "grid gap-6",
          block.items.length > 1 && "md:grid-cols-2",
          block.items.length > 2 && "lg:grid-cols-3",
        )}
      >
        {block.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
          <li key={index}>
            <figure className="flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
              <Quote aria-hidden className="size-8 text-indigo-200" />
              <blockquote className="mt-4 flex-1 text-lg text-ink">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-6 border-t border-line pt-4">
                <span className="block font-semibold text-ink">{item.name}</span>
                {item.role ? <span className="block text-sm text-muted">{item.role}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Customers' or partners' logos; a logo without an image shows its name. */
export function LogosBlock({ block }: { block: BlockViewOf<"logos"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title}>
      <ul className="flex flex-wrap items-center justify-center gap-x-12 gap-y-8">
        {block.items.map((item, index) => {
          const logo = item.src ? (
            <img
              src={item.src}
              alt={item.name}
              loading="lazy"
              decoding="async"
              className="h-10 w-auto max-w-[10rem] object-contain"
            />
          ) : (
            <span className="text-xl font-bold tracking-tight text-slate-600">{item.name}</span>
          );
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
            <li key={index}>
              {item.href ? (
                <BlockAnchor href={item.href} className="block rounded-md">
                  {logo}
                </BlockAnchor>
              ) : (
                logo
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
