import { ArrowRight, Quote } from "lucide-react";
import { CheckList } from "~/components/marketing/check-list";
import { Section } from "~/components/marketing/section";
import { StatCards } from "~/components/marketing/stat-cards";
import { cn } from "~/lib/utils";
import type { BlockViewOf, CardGridView } from "~/pages/view";
import { BlockAnchor } from "./block-link";

const CARD_COLUMNS: Record<CardGridView["columns"], string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

const cardClass = "flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm";

/** Cards with an icon, like the home page's services; a card with a link is a link as a whole. */
export function CardGridBlock({ block }: { block: CardGridView }) {
  return (
    <Section
      id={block.anchor || undefined}
      eyebrow={block.eyebrow}
      title={block.title}
      intro={block.intro}
    >
      <ul className={cn("grid gap-6", CARD_COLUMNS[block.columns])}>
        {block.cards.map((card, index) => {
          const body = (
            <>
              {card.iconSvg ? (
                <span
                  className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-primary-strong"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the server rendered from its own fixed icon set
                  dangerouslySetInnerHTML={{ __html: card.iconSvg }}
                />
              ) : null}
              <h3
                className={cn(
                  "text-lg font-semibold break-words text-ink",
                  card.iconSvg && "mt-5",
                  card.href && "group-hover:text-primary-strong",
                )}
              >
                {card.title}
              </h3>
              {card.text ? <p className="mt-2 flex-1 text-muted">{card.text}</p> : null}
              {card.href ? (
                <span
                  aria-hidden
                  className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-strong"
                >
                  Learn more <ArrowRight className="size-4" />
                </span>
              ) : null}
            </>
          );
          return (
            // Cards may repeat a title; their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
            <li key={index}>
              {card.href ? (
                <BlockAnchor
                  href={card.href}
                  className={cn(
                    cardClass,
                    "group transition hover:-translate-y-0.5 hover:shadow-md",
                  )}
                >
                  {body}
                </BlockAnchor>
              ) : (
                <div className={cardClass}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function FeatureListBlock({ block }: { block: BlockViewOf<"featureList"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title} intro={block.intro}>
      <CheckList items={block.items} className="mx-auto max-w-4xl" />
    </Section>
  );
}

const STAT_COLUMNS = ["", "", "sm:grid-cols-2", "sm:grid-cols-3", "sm:grid-cols-2 lg:grid-cols-4"];

export function StatsBlock({ block }: { block: BlockViewOf<"stats"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title} tone="muted">
      <StatCards
        stats={block.items}
        className={cn(
          "mx-auto grid max-w-5xl gap-4",
          STAT_COLUMNS[Math.min(block.items.length, 4)],
        )}
      />
    </Section>
  );
}

/** Numbered steps, in the look of the consultation page's "What happens next". */
export function StepsBlock({ block }: { block: BlockViewOf<"steps"> }) {
  return (
    <Section id={block.anchor || undefined} title={block.title} intro={block.intro}>
      <ol
        className={cn(
          "mx-auto grid max-w-5xl gap-6",
          block.steps.length > 1 && "md:grid-cols-2",
          block.steps.length > 2 && "lg:grid-cols-3",
        )}
      >
        {block.steps.map((step, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: a step's place is what it is
            key={index}
            className="flex gap-4 rounded-2xl border border-line bg-white p-6 shadow-sm"
          >
            <span
              aria-hidden
              className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-strong text-base font-bold text-white"
            >
              {index + 1}
            </span>
            <div className="min-w-0">
              <h3 className="text-lg font-semibold break-words text-ink">{step.title}</h3>
              {step.text ? <p className="mt-2 text-muted">{step.text}</p> : null}
            </div>
          </li>
        ))}
      </ol>
    </Section>
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
