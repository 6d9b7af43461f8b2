import { ArrowRight, CircleCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { CardGridView } from "~/pages/view";
import { BlockAnchor } from "./block-link";
import { CardGridSection, ServiceCards } from "./service-cards";
import { itemTestId, listTestId } from "./test-hooks";

const CARD_COLUMNS: Record<CardGridView["columns"], string> = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};
/**
 * Two columns of cards with the icon beside the words (the service pages' use cases): narrower
 * than the page and side by side only from md, where each card still has room for its words.
 */
const BESIDE_TWO_COLUMNS = "mx-auto max-w-5xl md:grid-cols-2";

type Tone = CardGridView["tone"];
type Card = CardGridView["cards"][number];

/** A card's frame: white on a light band, translucent on a dark one (as OpsHub's agents). */
export const frame = (tone: Tone, small = false) =>
  cn(
    "h-full border",
    small ? "rounded-xl p-5" : "rounded-2xl p-6",
    tone === "dark" ? "border-white/10 bg-white/5" : "border-line bg-white",
    tone !== "dark" && !small && "shadow-sm",
  );

export const onDark = (tone: Tone, light: string, dark: string) => (tone === "dark" ? dark : light);

function CardIcon({ card, style, tone }: { card: Card; style: CardGridView["style"]; tone: Tone }) {
  if (!card.iconSvg) return null;
  return (
    <span
      className={cn(
        "grid shrink-0 place-items-center",
        style === "tile" ? "size-10 rounded-lg [&_svg]:size-5" : "size-12 rounded-xl",
        style === "beside"
          ? "bg-gradient-to-br from-primary to-accent text-white"
          : onDark(tone, "bg-indigo-50 text-primary-strong", "bg-primary/20 text-indigo-200"),
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the server rendered from its own fixed icon set
      dangerouslySetInnerHTML={{ __html: card.iconSvg }}
    />
  );
}

/** A card's words: badge, title, text, checks and (unless the whole card links) its link. */
function CardText({ block, card }: { block: CardGridView; card: Card }) {
  const { tone, style, linkStyle } = block;
  const tile = style === "tile";
  const wholeCard = Boolean(card.href) && linkStyle === "card";
  const label = card.linkLabel || "Learn more";
  return (
    <>
      {card.badge ? (
        <span
          className={cn(
            "mb-2 self-start text-xs font-semibold uppercase tracking-wider",
            onDark(tone, "text-primary-strong", "text-indigo-200"),
          )}
        >
          {card.badge}
        </span>
      ) : null}
      <h3
        className={cn(
          "font-semibold break-words",
          !tile && "text-lg",
          onDark(tone, "text-ink", "text-white"),
          wholeCard && "group-hover:text-primary-strong",
        )}
      >
        {card.title}
      </h3>
      {card.text ? (
        <p
          className={cn(
            tile ? "mt-1 text-sm" : "mt-2",
            onDark(tone, "text-muted", "text-slate-300"),
          )}
        >
          {card.text}
        </p>
      ) : null}
      {card.checks.length ? (
        <ul className="mt-4 space-y-2">
          {card.checks.map((check, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
              key={index}
              className={cn("flex gap-2 text-sm", onDark(tone, "text-ink", "text-slate-200"))}
            >
              <CircleCheck
                aria-hidden
                className={cn(
                  "mt-0.5 size-4 shrink-0",
                  onDark(tone, "text-emerald-600", "text-emerald-400"),
                )}
              />
              {check}
            </li>
          ))}
        </ul>
      ) : null}
      {/* The card's own link; pushed to the bottom so a row's links line up. */}
      <span aria-hidden className="flex-1" />
      {wholeCard && card.linkLabel ? (
        <span
          aria-hidden
          className={cn(
            "mt-4 inline-flex items-center gap-1 text-sm font-semibold",
            onDark(tone, "text-primary-strong", "text-indigo-200"),
          )}
        >
          {card.linkLabel} <ArrowRight className="size-4" />
        </span>
      ) : null}
      {card.href && linkStyle === "text" ? (
        <BlockAnchor
          href={card.href}
          className={cn(
            "mt-4 inline-flex items-center gap-1 self-start text-sm font-semibold hover:underline",
            onDark(tone, "text-primary-strong", "text-indigo-200"),
          )}
        >
          {label}
          <span className="sr-only"> about {card.title}</span>
          <ArrowRight aria-hidden className="size-4" />
        </BlockAnchor>
      ) : null}
      {card.href && linkStyle === "button" ? (
        <Button
          asChild
          size="wrap"
          variant={tone === "dark" ? "inverse" : "default"}
          className="mt-6 w-full"
        >
          <BlockAnchor href={card.href}>
            {label}
            {card.linkLabel ? null : <span className="sr-only"> about {card.title}</span>}
          </BlockAnchor>
        </Button>
      ) : null}
    </>
  );
}

/**
 * Cards in a grid: stacked (icon above the title, as the feature cards), beside (a gradient icon
 * beside the words, as the service pages' use cases) or tile (small, four to a row). A card's link
 * is the whole card, a text link or a full-width button; buttons may follow the grid.
 */
export function CardGridBlock({ block }: { block: CardGridView }) {
  const { tone, style } = block;
  const tile = style === "tile";
  const anchor = block.anchor;
  return (
    <CardGridSection block={block}>
      {block.cardsFrom === "services" ? (
        <ServiceCards services={block.services ?? []} />
      ) : (
        <ul
          data-testid={listTestId(anchor)}
          className={cn(
            "grid",
            tile ? "gap-4" : "gap-6",
            style === "beside" && block.columns === 2
              ? BESIDE_TWO_COLUMNS
              : CARD_COLUMNS[block.columns],
          )}
        >
          {block.cards.map((card, index) => {
            const wholeCard = Boolean(card.href) && block.linkStyle === "card";
            const layout = cn(
              frame(tone, tile),
              style === "stacked"
                ? "flex flex-col"
                : cn("flex items-start", tile ? "gap-4" : "gap-5"),
              wholeCard && "group transition hover:-translate-y-0.5 hover:shadow-md",
            );
            const icon = <CardIcon card={card} style={style} tone={tone} />;
            const words = <CardText block={block} card={card} />;
            const body =
              style === "stacked" ? (
                <>
                  {icon}
                  {card.iconSvg ? <span aria-hidden className="h-4" /> : null}
                  {words}
                </>
              ) : (
                <>
                  {icon}
                  <div className="flex min-w-0 flex-1 flex-col self-stretch">{words}</div>
                </>
              );
            return (
              // Cards may repeat a title; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: order is the key
              <li key={index} data-testid={itemTestId(anchor)}>
                {wholeCard ? (
                  <BlockAnchor href={card.href} className={layout}>
                    {body}
                  </BlockAnchor>
                ) : (
                  <div className={layout}>{body}</div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </CardGridSection>
  );
}
