import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BandSection } from "~/components/marketing/section";
import type { CardGridView, ServiceCardView } from "~/pages/view";
import { BlockButton, hasLink } from "./block-link";

/**
 * A card grid's band: its heading and intro, the cards, then the buttons that may follow them.
 * The home page's grid (Content → Services' cards) comes with every page's code; a grid of
 * cards of its own (list-blocks.tsx) loads where a page has one.
 */
export function CardGridSection({ block, children }: { block: CardGridView; children: ReactNode }) {
  const { tone } = block;
  return (
    <BandSection band={block}>
      {children}
      {hasLink(block.primary) || hasLink(block.secondary) ? (
        <div className="mt-12 flex flex-wrap justify-center gap-4">
          <BlockButton link={block.primary} variant={tone === "dark" ? "inverse" : "default"} />
          <BlockButton
            link={block.secondary}
            variant={tone === "dark" ? "inverseOutline" : "outline"}
          />
        </div>
      ) : null}
    </BandSection>
  );
}

/**
 * Content → Services' cards, as the home page has always shown them: numbered, the featured ones
 * marked, each card a link to its service.
 */
export function ServiceCards({ services }: { services: ServiceCardView[] }) {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service, index) => (
        <li key={`${service.title}-${service.href}`} data-testid="home-service">
          <Link
            to={service.href}
            className="group flex h-full flex-col rounded-2xl border border-line bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
          >
            <div className="flex items-center justify-between">
              <span
                className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-primary-strong"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: SVG the server rendered from its own fixed icon set
                dangerouslySetInnerHTML={{ __html: service.iconSvg }}
              />
              <span className="flex items-center gap-3">
                {service.featured ? (
                  <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">
                    Featured
                  </span>
                ) : null}
                <span aria-hidden className="text-3xl font-bold text-slate-500">
                  {String(index + 1).padStart(2, "0")}
                </span>
              </span>
            </div>
            <h3 className="mt-5 text-lg font-semibold text-ink group-hover:text-primary-strong">
              {service.title}
            </h3>
            <p className="mt-2 flex-1 text-muted">{service.description}</p>
            <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-strong">
              Learn more <ArrowRight aria-hidden className="size-4" />
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}

/** A card grid of Content → Services' cards (`cardsFrom: "services"`), the home page's. */
export function ServiceCardGridBlock({ block }: { block: CardGridView }) {
  return (
    <CardGridSection block={block}>
      <ServiceCards services={block.services ?? []} />
    </CardGridSection>
  );
}
