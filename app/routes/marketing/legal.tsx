import { Mail, MapPin, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { BackButton } from "~/components/blocks/back-button";
import { PageHero } from "~/components/marketing/page-hero";
import { cookieFactsFrom, noOptionalCookies } from "~/content/cookies";
import {
  type CompanyDetails,
  companyDetailsFrom,
  formatLegalDate,
  getLegalDocument,
  type Inline,
  isLegalSlug,
  type LegalBlock,
  legalPageDescription,
  legalPageMeta,
  type RichText,
} from "~/content/legal";
import { telHref } from "~/lib/phone";
import { seo } from "~/lib/seo";
import { customCodeDescription, listPublicWidgets } from "~/models/integrations.server";
import { getSettingsMap } from "~/models/site.server";
import type { Route } from "./+types/legal";

// One module serves all four legal routes (ids legal-<path>); the path says which page it is.
// The cookie and privacy policies describe the enabled integrations that run in visitors'
// browsers; an admin's change of one empties the page cache, so the cached page follows it.
export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  if (!isLegalSlug(slug)) throw data(null, { status: 404 });
  const describesCookies = slug === "cookie-policy" || slug === "privacy-policy";
  const [settings, widgets, description] = await Promise.all([
    getSettingsMap(),
    describesCookies ? listPublicWidgets() : [],
    // Only the cookie policy quotes it.
    slug === "cookie-policy" ? customCodeDescription() : null,
  ]);
  return {
    slug,
    company: companyDetailsFrom(settings),
    cookies: describesCookies ? cookieFactsFrom(widgets, description) : noOptionalCookies,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return [{ title: "Page not found" }];
  const page = legalPageMeta[loaderData.slug];
  return seo(matches, {
    title: page.title,
    description: legalPageDescription(loaderData.slug, loaderData.cookies),
    path: `/${loaderData.slug}`,
  });
};

const linkClass =
  "font-medium text-primary-strong underline underline-offset-4 hover:text-ink break-words";

function InlineText({ piece }: { piece: Inline }) {
  if (typeof piece === "string") return piece;
  if (piece.href.startsWith("/")) {
    return (
      <Link to={piece.href} className={linkClass}>
        {piece.text}
      </Link>
    );
  }
  return (
    <a href={piece.href} className={linkClass}>
      {piece.text}
    </a>
  );
}

/** A list item that starts with a short "Label:" shows the label in bold. */
const LEAD_LABEL = /^([A-Z][^:.]{1,40}:)(\s.*)?$/s;

function ListItemText({ text }: { text: RichText }) {
  const pieces = Array.isArray(text) ? text : [text];
  const [first, ...rest] = pieces;
  const match = typeof first === "string" ? LEAD_LABEL.exec(first) : null;
  if (!match) return <Rich text={text} />;
  return (
    <>
      <strong className="font-semibold text-ink">{match[1]}</strong>
      {match[2] ?? " "}
      <Rich text={rest} />
    </>
  );
}

function Rich({ text }: { text: RichText }) {
  const pieces = Array.isArray(text) ? text : [text];
  return pieces.map((piece, index) => (
    // The pieces of one sentence never move, so their position is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: static text
    <InlineText key={index} piece={piece} />
  ));
}

function ContactCard({ company, subject }: { company: CompanyDetails; subject?: string }) {
  const mailto = `mailto:${company.email}${subject ? `?subject=${encodeURIComponent(subject)}` : ""}`;
  return (
    <address className="mt-4 space-y-3 rounded-2xl border border-line bg-surface p-5 not-italic sm:p-6">
      <p className="font-semibold text-ink">{company.name}</p>
      <p className="flex items-start gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <a href={mailto} className={linkClass}>
          {company.email}
        </a>
      </p>
      <p className="flex items-start gap-3">
        <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <a href={telHref(company.phone)} className={linkClass}>
          {company.phone}
        </a>
      </p>
      <p className="flex items-start gap-3 text-slate-700">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <span>{company.address}</span>
      </p>
    </address>
  );
}

function Block({ block, company }: { block: LegalBlock; company: CompanyDetails }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p className="mt-4 leading-7 text-slate-700">
          <Rich text={block.text} />
        </p>
      );
    case "list":
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-primary">
          {block.items.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text
            <li key={index}>
              <ListItemText text={item} />
            </li>
          ))}
        </ul>
      );
    case "subsection":
      return (
        <div className="mt-6">
          <h3 className="text-lg font-semibold text-ink">{block.heading}</h3>
          {block.blocks.map((child, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text
            <Block key={index} block={child} company={company} />
          ))}
        </div>
      );
    case "cards":
      return (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          {block.cards.map((card) => (
            <div key={card.title} className="rounded-2xl border border-line bg-white p-5 shadow-sm">
              <h3 className="text-lg font-semibold text-ink">{card.title}</h3>
              <dl className="mt-3 space-y-3 text-sm">
                {card.rows.map((row) => (
                  <div key={row.label}>
                    <dt className="font-semibold text-ink">{row.label}</dt>
                    <dd className="mt-0.5 leading-6 text-slate-700">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </div>
      );
    case "steps":
      return (
        <ol className="mt-6 space-y-6">
          {block.steps.map((step, index) => (
            <li
              key={step.title}
              className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
            >
              <span
                aria-hidden
                className="grid size-10 place-items-center rounded-full bg-primary-strong text-base font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="self-center text-lg font-semibold text-ink">{step.title}</h3>
              <div className="col-span-2 sm:col-span-1 sm:col-start-2">
                {step.blocks.map((child, childIndex) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static text
                  <Block key={childIndex} block={child} company={company} />
                ))}
              </div>
            </li>
          ))}
        </ol>
      );
    case "contact":
      return <ContactCard company={company} subject={block.subject} />;
  }
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { slug, company, cookies } = loaderData;
  const doc = getLegalDocument(slug, company, cookies);

  return (
    <>
      <PageHero badge="Legal" title={doc.title} description={doc.description}>
        {doc.lastUpdated ? (
          <p className="mt-4 text-sm font-medium text-muted">
            Last updated: <time dateTime={doc.lastUpdated}>{formatLegalDate(doc.lastUpdated)}</time>
          </p>
        ) : null}
        <div className="mt-8 flex justify-center">
          <BackButton />
        </div>
      </PageHero>

      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 lg:px-8">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24 rounded-2xl border border-line bg-surface p-5">
            <p className="text-sm font-semibold uppercase tracking-wider text-muted">
              On this page
            </p>
            <ul className="mt-3 space-y-2 text-sm">
              {doc.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-slate-700 hover:text-primary-strong">
                    {section.heading}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </nav>

        <article className="min-w-0 max-w-3xl">
          {doc.intro.map((text, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static text
            <p key={index} className="text-base leading-7 text-slate-700 sm:text-lg sm:leading-8">
              <Rich text={text} />
            </p>
          ))}
          {doc.sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="mt-12 scroll-mt-24 border-t border-line pt-10"
            >
              <h2
                id={`${section.id}-heading`}
                className="text-2xl font-bold tracking-tight text-ink"
              >
                {section.heading}
              </h2>
              {section.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text
                <Block key={index} block={block} company={company} />
              ))}
            </section>
          ))}
        </article>
      </div>
    </>
  );
}
