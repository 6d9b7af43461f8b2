import type { LegalFacts } from "~/pages/legal-versions";

/**
 * "Last updated: November 1, 2026 · Version 2.0", as the site's own legal pages say it, and what
 * changed in this version when staff said so. A module of its own: the hero draws it and comes
 * with every page, the rest of the legal pages' version facts (legal-versions.tsx) only where used.
 */
export function LegalLastUpdated({ facts }: { facts: LegalFacts }) {
  return (
    <div className="text-sm text-muted">
      <p className="font-medium">
        Last updated: <time dateTime={facts.effectiveDate}>{facts.dateLabel}</time>
        {facts.legalVersion ? <> · Version {facts.legalVersion}</> : null}
      </p>
      {facts.summary ? (
        <p className="mt-1 whitespace-pre-line">What changed: {facts.summary}</p>
      ) : null}
    </div>
  );
}
