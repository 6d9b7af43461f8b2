import { Mail, MapPin, Phone } from "lucide-react";
import { cn } from "~/lib/utils";
import type { LegalContactView, LegalPart, LegalSectionView, LegalView } from "~/pages/view";
import { LegalLastUpdated } from "./legal-last-updated";
import { PreviousLegalVersions } from "./legal-versions";

/**
 * A legal document: its introduction, a table of contents and the sections, in the look of the
 * site's own legal pages (the contents beside the text on wide screens). Numbered: "Contents", an
 * ordered list and numbered headings, the contents shown on phones too; unnumbered (the site's
 * own legal pages): "On this page", shown from wide screens on. On a legal page it also says
 * when it was last updated (unless the hero above says it) and lists the earlier versions.
 */
export function LegalBlock({ block }: { block: LegalView }) {
  const hasIntro = block.intro.length > 0;
  return (
    <div
      id={block.anchor || undefined}
      className={cn(
        "mx-auto max-w-6xl scroll-mt-20 px-4 sm:px-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-12 lg:px-8",
        block.numbered ? "py-12" : "pb-20",
      )}
    >
      <Contents block={block} />
      <article className="min-w-0 max-w-3xl">
        {block.facts && !block.factsInHero ? (
          <div className="mb-6">
            <LegalLastUpdated facts={block.facts} />
          </div>
        ) : null}
        {hasIntro ? (
          <div className={cn(!block.numbered && "sm:text-lg")}>
            <LegalParts parts={block.intro} />
          </div>
        ) : null}
        {block.sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={section.headingId}
            className={
              index === 0 && !hasIntro
                ? "scroll-mt-24"
                : "mt-12 scroll-mt-24 border-t border-line pt-10"
            }
          >
            <h2
              id={section.headingId}
              className="text-2xl font-bold tracking-tight break-words text-ink"
            >
              {block.numbered ? `${section.number}. ` : null}
              {section.heading}
            </h2>
            <div className="mt-4">
              <LegalParts parts={section.parts} />
            </div>
            <Steps section={section} />
          </section>
        ))}
        {block.facts ? <PreviousLegalVersions facts={block.facts} /> : null}
      </article>
    </div>
  );
}

function Contents({ block }: { block: LegalView }) {
  if (!block.numbered) {
    return (
      <nav aria-label="On this page" className="hidden lg:block">
        <div className="sticky top-24 rounded-2xl border border-line bg-surface p-5">
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">On this page</p>
          <ul className="mt-3 space-y-2 text-sm">
            {block.sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="break-words text-slate-700 hover:text-primary-strong"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
    );
  }
  return (
    <nav aria-label="Contents" className="mb-10 lg:mb-0">
      <div className="rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-24">
        <p className="text-sm font-semibold uppercase tracking-wider text-muted">Contents</p>
        <ol className="mt-3 space-y-2 text-sm">
          {block.sections.map((section) => (
            <li key={section.id} className="flex gap-2">
              <span aria-hidden className="text-muted">
                {section.number}.
              </span>
              <a
                href={`#${section.id}`}
                className="min-w-0 break-words text-slate-700 hover:text-primary-strong"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ol>
      </div>
    </nav>
  );
}

/** A section in the steps style: one numbered card per `##` heading of its text. */
function Steps({ section }: { section: LegalSectionView }) {
  if (section.steps.length === 0) return null;
  return (
    <ol className="mt-6 space-y-6">
      {section.steps.map((step, index) => (
        <li
          // Steps never move while the page is shown; their titles may repeat.
          // biome-ignore lint/suspicious/noArrayIndexKey: static text
          key={index}
          className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-6"
        >
          <span
            aria-hidden
            className="grid size-10 place-items-center rounded-full bg-primary-strong text-base font-bold text-white"
          >
            {index + 1}
          </span>
          <h3 className="self-center text-lg font-semibold break-words text-ink">{step.title}</h3>
          <div className="col-span-2 sm:col-span-1 sm:col-start-2">
            <LegalParts parts={step.parts} />
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A legal text: its HTML (rendered and sanitized on the server) and the inserts between. */
function LegalParts({ parts }: { parts: LegalPart[] }) {
  // The parts of a text never move while the page is shown: their position is a stable key.
  return parts.map((part, index) => {
    if (part.kind === "contact") {
      // biome-ignore lint/suspicious/noArrayIndexKey: static text
      return <ContactCard key={index} contact={part.contact} />;
    }
    if (part.kind === "cookieCards") {
      return (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text
        <div key={index} className="mt-6 grid gap-4 md:grid-cols-2">
          {part.cards.map((card) => (
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
    }
    return (
      <div
        // biome-ignore lint/suspicious/noArrayIndexKey: static text
        key={index}
        className="post-body"
        // Rendered and sanitized on the server (app/pages/render.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
        dangerouslySetInnerHTML={{ __html: part.html }}
      />
    );
  });
}

const linkClass =
  "font-medium text-primary-strong underline underline-offset-4 hover:text-ink break-words";

/** `{contact_card:Subject}`: the company's name, e-mail (with the subject), phone and address. */
function ContactCard({ contact }: { contact: LegalContactView }) {
  return (
    <address className="mt-4 space-y-3 rounded-2xl border border-line bg-surface p-5 not-italic sm:p-6">
      <p className="font-semibold text-ink">{contact.name}</p>
      <p className="flex items-start gap-3">
        <Mail aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <a href={contact.mailto} className={linkClass}>
          {contact.email}
        </a>
      </p>
      <p className="flex items-start gap-3">
        <Phone aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <a href={contact.tel} className={linkClass}>
          {contact.phone}
        </a>
      </p>
      <p className="flex items-start gap-3 text-slate-700">
        <MapPin aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-strong" />
        <span>{contact.address}</span>
      </p>
    </address>
  );
}
