import { and, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { type CookieFacts, cookieFactsFrom, legalConditionsFrom } from "~/content/cookies";
import type { PublicWidget } from "~/content/widgets";
import type { Db } from "~/db/client.server";
import { webIntegrations, webLegalVersions, webPages, webSettings } from "~/db/schema.server";
import { formatLegalDate } from "~/lib/dates";
import { isWidgetName, toPublicWidget } from "~/models/integrations.server";
import { blocksWithValues } from "./block-values.server";
import { type Block, readBlocks } from "./blocks";
import { blocksWithConditions } from "./legal-text";
import { type LegalFacts, type LegalVersionLink, legalVersionPath } from "./legal-versions";
import { type PlaceholderValues, placeholderValuesFrom } from "./placeholders";

/**
 * The published versions of legal documents (web_legal_versions): stored by every save that
 * leaves a legal page published, read by its public page and its versions' addresses.
 */

/**
 * What a legal text depends on besides its own words, as it is at this moment: the settings'
 * values and what runs in visitors' browsers. Read through `db` (the publishing transaction).
 */
async function currentFacts(db: Db): Promise<Frozen> {
  const [settings, integrations] = await Promise.all([
    db.select({ key: webSettings.key, value: webSettings.value }).from(webSettings),
    db
      .select({ name: webIntegrations.name, config: webIntegrations.config })
      .from(webIntegrations)
      .where(eq(webIntegrations.enabled, true))
      .orderBy(webIntegrations.id),
  ]);
  const widgets: PublicWidget[] = [];
  let description: string | null = null;
  for (const row of integrations) {
    const name = row.name as Parameters<typeof isWidgetName>[0];
    if (!isWidgetName(name)) continue;
    const widget = toPublicWidget(name, row.config);
    if (!widget) continue;
    widgets.push(widget);
    const said = (row.config as Record<string, unknown> | null)?.description;
    if (name === "custom-code" && typeof said === "string" && said.trim())
      description = said.trim();
  }
  return {
    values: placeholderValuesFrom(new Map(settings.map((row) => [row.key, row.value]))),
    cookies: cookieFactsFrom(widgets, description),
  };
}

/** The values a version was published with, kept beside its blocks. */
export interface Frozen {
  values: PlaceholderValues;
  cookies: CookieFacts;
}

/**
 * The blocks as they read when published: conditions decided and settings values put in, so a
 * version shows what was in force even after the settings or the integrations change. The
 * values themselves ride on the first block (`frozen`, a key the schema leaves out on read) for
 * the inserts (the contact card, the cookie cards), which are drawn from them.
 */
function frozenBlocks(stored: unknown, frozen: Frozen): unknown[] {
  const { blocks } = readBlocks(stored);
  const decided = blocksWithValues(
    blocksWithConditions(blocks, legalConditionsFrom(frozen.cookies)),
    frozen.values,
  );
  return decided.map((block, index) => (index === 0 ? { ...block, frozen } : block));
}

/** The values a version was frozen with; null for one stored before versions were frozen. */
function frozenOf(stored: unknown): Frozen | null {
  const first = Array.isArray(stored) ? (stored[0] as { frozen?: Frozen } | undefined) : undefined;
  const frozen = first?.frozen;
  return frozen && typeof frozen === "object" && frozen.values && frozen.cookies ? frozen : null;
}

/**
 * Keeps what each of `pageIds` now says as the version for its effective date, when it is a
 * published legal document with one: the same date again replaces that version (a correction),
 * a new date adds a version and the older ones stay. Called by writePageRevisions, so it runs in
 * the transaction of every write that publishes a page (a save, a restore, the scheduler). The
 * version is kept as it reads then (frozenBlocks).
 */
export async function storeLegalVersions(db: Db, pageIds: number[]): Promise<void> {
  if (pageIds.length === 0) return;
  const pages = await db
    .select({
      id: webPages.id,
      effectiveDate: webPages.effectiveDate,
      legalVersion: webPages.legalVersion,
      changeSummary: webPages.changeSummary,
      title: webPages.title,
      blocks: webPages.blocks,
    })
    .from(webPages)
    .where(
      and(
        inArray(webPages.id, pageIds),
        eq(webPages.kind, "legal"),
        eq(webPages.status, "published"),
        isNotNull(webPages.effectiveDate),
      ),
    );
  if (pages.length === 0) return;
  const frozen = await currentFacts(db);
  for (const page of pages) {
    const row = {
      pageId: page.id,
      effectiveDate: page.effectiveDate as string,
      legalVersion: page.legalVersion,
      changeSummary: page.changeSummary,
      title: page.title,
      blocks: frozenBlocks(page.blocks, frozen),
      publishedAt: sql`now()`,
    };
    await db
      .insert(webLegalVersions)
      .values(row)
      .onConflictDoUpdate({
        target: [webLegalVersions.pageId, webLegalVersions.effectiveDate],
        set: {
          legalVersion: row.legalVersion,
          changeSummary: row.changeSummary,
          title: row.title,
          blocks: row.blocks,
          publishedAt: sql`now()`,
        },
      });
  }
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
  /** The settings' values and cookie facts it was published with (null: stored before). */
  frozen: Frozen | null;
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
    frozen: frozenOf(row.blocks),
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
