import { History } from "lucide-react";
import { Link } from "react-router";
import type { LegalFacts } from "~/pages/legal-versions";
import { LegalLastUpdated } from "./legal-last-updated";

const linkClass =
  "font-medium text-primary-strong underline underline-offset-4 hover:text-ink break-words";

/** The earlier published versions, newest first, each at its own address. */
export function PreviousLegalVersions({ facts }: { facts: LegalFacts }) {
  if (facts.previous.length === 0) return null;
  return (
    <section
      aria-labelledby="previous-versions-heading"
      className="mt-12 border-t border-line pt-10"
    >
      <h2 id="previous-versions-heading" className="text-2xl font-bold tracking-tight text-ink">
        Previous versions
      </h2>
      <ul className="mt-4 space-y-4">
        {facts.previous.map((version) => (
          <li key={version.effectiveDate} className="leading-7 text-slate-700">
            <Link to={version.href} className={linkClass}>
              Effective from <time dateTime={version.effectiveDate}>{version.dateLabel}</time>
              {version.legalVersion ? ` (version ${version.legalVersion})` : null}
            </Link>
            {version.summary ? <p className="mt-1 whitespace-pre-line">{version.summary}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Above an earlier version: which one this is, and the way to the one in force. */
export function LegalVersionBanner({ facts }: { facts: LegalFacts }) {
  if (!facts.currentHref) return null;
  return (
    <div className="border-b border-amber-200 bg-amber-50">
      <p className="mx-auto flex max-w-6xl items-start gap-3 px-4 py-3 text-sm text-amber-950 sm:px-6 lg:px-8">
        <History aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          You are reading the version effective from{" "}
          <time dateTime={facts.effectiveDate}>{facts.dateLabel}</time>.{" "}
          <Link
            to={facts.currentHref}
            className="font-semibold underline underline-offset-4 hover:text-ink"
          >
            Read the current version.
          </Link>
        </span>
      </p>
    </div>
  );
}

/** A legal page's facts where no legal block of its own shows them. */
export function LegalVersionFacts({ facts }: { facts: LegalFacts }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6 lg:px-8">
      <LegalLastUpdated facts={facts} />
      <PreviousLegalVersions facts={facts} />
    </div>
  );
}
