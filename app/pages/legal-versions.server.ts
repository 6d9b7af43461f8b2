import { and, desc, eq, sql } from "drizzle-orm";
import { formatLegalDate } from "~/content/legal";
import type { Db } from "~/db/client.server";
import { webLegalVersions, webPages } from "~/db/schema.server";
import { type Block, readBlocks } from "./blocks";
import { type LegalFacts, type LegalVersionLink, legalVersionPath } from "./legal-versions";

/**
 * The published versions of legal documents (web_legal_versions): stored by every save that
 * leaves a legal page published, read by its public page and its versions' addresses.
 */

/**
 * Keeps what each of `pageIds` now says as the version for its effective date, when it is a
 * published legal document with one: the same date again replaces that version (a correction),
 * a new date adds a version and the older ones stay. Called by writePageRevisions, so it runs in
 * the transaction of every write that publishes a page (a save, a restore, the scheduler).
 */
export async function storeLegalVersions(db: Db, pageIds: number[]): Promise<void> {
  if (pageIds.length === 0) return;
  const ids = sql.join(
    pageIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into ${webLegalVersions} (page_id, effective_date, legal_version, change_summary,
      title, blocks, published_at)
    select id, effective_date, legal_version, change_summary, title, blocks, now()
    from ${webPages}
    where id in (${ids}) and kind = 'legal' and status = 'published'
      and effective_date is not null
    on conflict (page_id, effective_date) do update set
      legal_version = excluded.legal_version,
      change_summary = excluded.change_summary,
      title = excluded.title,
      blocks = excluded.blocks,
      published_at = excluded.published_at`);
}

export interface LegalVersionSummary {
  effectiveDate: string;
  legalVersion: string;
  changeSummary: string;
  /** ISO 8601: when this version was last published. */
  publishedAt: string;
}

/** A legal document's published versions, the newest effective date first. */
export async function listLegalVersions(db: Db, pageId: number): Promise<LegalVersionSummary[]> {
  const rows = await db
    .select({
      effectiveDate: webLegalVersions.effectiveDate,
      legalVersion: webLegalVersions.legalVersion,
      changeSummary: webLegalVersions.changeSummary,
      publishedAt: webLegalVersions.publishedAt,
    })
    .from(webLegalVersions)
    .where(eq(webLegalVersions.pageId, pageId))
    .orderBy(desc(webLegalVersions.effectiveDate));
  return rows.map((row) => ({ ...row, publishedAt: row.publishedAt.toISOString() }));
}

export interface LegalVersionRecord extends LegalVersionSummary {
  title: string;
  /** The blocks as published, at their current shapes (see readBlocks). */
  blocks: Block[];
}

/** The version of page `pageId` effective from `effectiveDate` (YYYY-MM-DD), or null. */
export async function getLegalVersion(
  db: Db,
  pageId: number,
  effectiveDate: string,
): Promise<LegalVersionRecord | null> {
  const [row] = await db
    .select()
    .from(webLegalVersions)
    .where(
      and(eq(webLegalVersions.pageId, pageId), eq(webLegalVersions.effectiveDate, effectiveDate)),
    );
  if (!row) return null;
  return {
    effectiveDate: row.effectiveDate,
    legalVersion: row.legalVersion,
    changeSummary: row.changeSummary,
    publishedAt: row.publishedAt.toISOString(),
    title: row.title,
    blocks: readBlocks(row.blocks).blocks,
  };
}

/**
 * What the public legal document at `page.path` says about its version: "Last updated" from its
 * effective date and its earlier published versions, each linked. Null for a page without a date.
 */
export async function legalFactsOf(
  db: Db,
  page: {
    id: number;
    path: string;
    effectiveDate: string | null;
    legalVersion: string;
    changeSummary: string;
  },
): Promise<LegalFacts | null> {
  if (!page.effectiveDate) return null;
  const versions = await listLegalVersions(db, page.id);
  const previous = versions
    // A date compares as text (YYYY-MM-DD); a version dated after the current one is no
    // "previous" version, though its address still answers.
    .filter((version) => version.effectiveDate < (page.effectiveDate as string))
    .map(
      (version): LegalVersionLink => ({
        effectiveDate: version.effectiveDate,
        dateLabel: formatLegalDate(version.effectiveDate),
        legalVersion: version.legalVersion,
        summary: version.changeSummary,
        href: legalVersionPath(page.path, version.effectiveDate),
      }),
    );
  return {
    effectiveDate: page.effectiveDate,
    dateLabel: formatLegalDate(page.effectiveDate),
    legalVersion: page.legalVersion,
    summary: page.changeSummary,
    previous,
    currentHref: null,
  };
}

/** The facts a version's own page shows: its date and a way back to the current version. */
export function versionFactsOf(pagePath: string, version: LegalVersionSummary): LegalFacts {
  return {
    effectiveDate: version.effectiveDate,
    dateLabel: formatLegalDate(version.effectiveDate),
    legalVersion: version.legalVersion,
    summary: version.changeSummary,
    previous: [],
    currentHref: pagePath,
  };
}
