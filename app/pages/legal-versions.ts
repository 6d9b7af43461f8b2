/**
 * Versions of a legal document (issue 30, item 6): each publish of a legal page keeps what it said
 * under its effective date, readable at /<address>/versions/<YYYY-MM-DD>. Shared by the browser
 * (the editor's fields, the public components) and the server; types and pure functions only.
 */

export const LEGAL_VERSION_MAX = 40;
export const CHANGE_SUMMARY_MAX = 2000;
export const EFFECTIVE_DATE_MISSING =
  "Enter the effective date: a legal document is published with the date its version applies from.";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/** Where a version of the legal document at `path` is kept: "/terms/versions/2026-01-01". */
export function legalVersionPath(path: string, effectiveDate: string): string {
  return `${path}/versions/${effectiveDate}`;
}

const VERSION_ADDRESS = /^(\/.+)\/versions\/(\d{4}-\d{2}-\d{2})$/;

/** The page address and date a versions address names, or null: "/terms/versions/2026-01-01". */
export function parseLegalVersionPath(path: string): { path: string; date: string } | null {
  const match = VERSION_ADDRESS.exec(path);
  if (!match?.[1] || !match[2] || !isIsoDate(match[2])) return null;
  return { path: match[1], date: match[2] };
}

/**
 * The public addresses a write of this page changes: its own, and for a published legal document
 * the version it (re)stores, so a corrected version is not answered stale from a CDN.
 */
export function pagePublicPaths(page: {
  path: string;
  kind: string;
  status: string;
  effectiveDate: string | null;
}): string[] {
  const stored = page.kind === "legal" && page.status === "published" && page.effectiveDate;
  return stored
    ? [page.path, legalVersionPath(page.path, page.effectiveDate as string)]
    : [page.path];
}

/** One published version, as the page lists it. */
export interface LegalVersionLink {
  /** YYYY-MM-DD. */
  effectiveDate: string;
  /** "November 1, 2026". */
  dateLabel: string;
  legalVersion: string;
  summary: string;
  href: string;
}

/** What a legal document says about its version, drawn with its contents (legal-block.tsx). */
export interface LegalFacts {
  /** YYYY-MM-DD: the "Last updated" date. */
  effectiveDate: string;
  dateLabel: string;
  legalVersion: string;
  /** What changed in this version; may be empty. */
  summary: string;
  /** The earlier (and any other) published versions, newest first; empty on a version's page. */
  previous: LegalVersionLink[];
  /** On a version's own page: the current version's address, for the banner's link. */
  currentHref: string | null;
}
