import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPageRevisions, webPages } from "~/db/schema.server";
import {
  type ComparedField,
  diffFields,
  type FieldDiff,
  listRevisionSummaries,
  type RevisionSummary,
  revisionSummaryOf,
} from "~/models/revision-history.server";
import { BLOCK_LABELS, type BlockType, readBlocks } from "./blocks";
import {
  keepUnreadableBlocks,
  lockPage,
  pageAtVersion,
  type SavePageOptions,
  writePageRevisions,
} from "./pages.server";

export type { FieldDiff, RevisionSummary };

/** The newest first. */
export function listPageRevisions(db: Db, pageId: number): Promise<RevisionSummary[]> {
  return listRevisionSummaries(
    db,
    { table: webPageRevisions, owner: webPageRevisions.pageId },
    pageId,
  );
}

/** The fields a revision holds that a visitor (or a search engine) sees, in the diff's order. */
const comparedFields = [
  ["title", "Title", "words"],
  ["path", "Address", "words"],
  ["status", "Status", "words"],
  ["kind", "Kind", "words"],
  ["blocks", "Blocks", "lines"],
  ["metaTitle", "Meta title", "words"],
  ["metaDescription", "Meta description", "words"],
  ["ogImageUrl", "Open Graph image", "words"],
  ["canonicalUrl", "Canonical address", "words"],
  ["noindex", "Hidden from search engines", "words"],
  ["legalVersion", "Legal version", "words"],
  ["effectiveDate", "Effective date", "words"],
  ["changeSummary", "Summary of changes", "words"],
] as const satisfies readonly ComparedField[];

type PageField = (typeof comparedFields)[number][0];

/** A value as one line of text: newlines inside a field would make the line diff lie. */
const oneLine = (value: unknown) =>
  (typeof value === "string" ? value : JSON.stringify(value)).replace(/\s*\n\s*/g, " ⏎ ");

/**
 * The blocks as text a line diff can compare: one line per field, named by the block's position
 * and label ("2. Card grid › cards › 1 › title: Fast setup"), so a changed card title is one
 * changed line and a moved block shows as moved lines. Empty fields and ids are left out.
 */
export function blocksAsText(stored: unknown): string {
  const { blocks } = readBlocks(stored);
  const lines: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (value === undefined || value === null || value === "") return;
    if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(`${prefix} › ${i + 1}`, item);
      return;
    }
    if (typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) walk(`${prefix} › ${key}`, inner);
      return;
    }
    lines.push(`${prefix}: ${oneLine(value)}`);
  };
  blocks.forEach((block, index) => {
    const { id: _id, type, v: _v, ...fields } = block;
    const head = `${index + 1}. ${BLOCK_LABELS[type as BlockType]}`;
    lines.push(head);
    for (const [key, value] of Object.entries(fields)) walk(`${head} › ${key}`, value);
  });
  return lines.length > 0 ? `${lines.join("\n")}\n` : "";
}

type ComparableRow = {
  [K in Exclude<PageField, "blocks">]: string | boolean | null;
} & { blocks: unknown };

function comparable(row: ComparableRow): Record<PageField, string> {
  const text = (v: string | boolean | null) =>
    v == null ? "" : typeof v === "boolean" ? (v ? "yes" : "no") : v;
  return {
    title: text(row.title),
    path: text(row.path),
    status: text(row.status),
    kind: text(row.kind),
    blocks: blocksAsText(row.blocks),
    metaTitle: text(row.metaTitle),
    metaDescription: text(row.metaDescription),
    ogImageUrl: text(row.ogImageUrl),
    canonicalUrl: text(row.canonicalUrl),
    noindex: text(row.noindex),
    legalVersion: text(row.legalVersion),
    effectiveDate: text(row.effectiveDate),
    changeSummary: text(row.changeSummary),
  };
}

const comparableColumns = {
  title: webPages.title,
  path: webPages.path,
  status: webPages.status,
  kind: webPages.kind,
  blocks: webPages.blocks,
  metaTitle: webPages.metaTitle,
  metaDescription: webPages.metaDescription,
  ogImageUrl: webPages.ogImageUrl,
  canonicalUrl: webPages.canonicalUrl,
  noindex: webPages.noindex,
  legalVersion: webPages.legalVersion,
  effectiveDate: webPages.effectiveDate,
  changeSummary: webPages.changeSummary,
};

/** A revision of the page with its diff against the page now; null if either is gone. */
export async function pageRevisionWithDiff(
  db: Db,
  pageId: number,
  revisionId: number,
): Promise<{ revision: RevisionSummary; diff: FieldDiff<PageField>[] } | null> {
  const [[revision], [current]] = await Promise.all([
    db
      .select()
      .from(webPageRevisions)
      .where(and(eq(webPageRevisions.id, revisionId), eq(webPageRevisions.pageId, pageId))),
    db.select(comparableColumns).from(webPages).where(eq(webPages.id, pageId)),
  ]);
  if (!revision || !current) return null;
  return {
    revision: revisionSummaryOf(revision),
    diff: diffFields(comparedFields, comparable(revision), comparable(current)),
  };
}

/**
 * Brings back a revision's content: title, blocks and the SEO fields. The address, kind, status
 * and publish time stay as they are, so a restore never unpublishes a page or breaks its links
 * (as a post's restore); so do a legal document's version, effective date and summary, so a
 * published one's restored text is a correction of the version now in force. The restore is itself a revision; like a save, it is refused when the
 * page moved on from `expectedVersion`.
 */
export async function restorePageRevision(
  db: Db,
  pageId: number,
  revisionId: number,
  o: SavePageOptions & { expectedVersion?: number | null },
): Promise<
  | { status: "saved"; id: number; path: string; version: number }
  | { status: "conflict" }
  | { status: "missing" }
  | { status: "no-revision" }
> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const current = await lockPage(tx, pageId);
    if (!current) return { status: "missing" as const };
    const [revision] = await tx
      .select()
      .from(webPageRevisions)
      .where(and(eq(webPageRevisions.id, revisionId), eq(webPageRevisions.pageId, pageId)));
    if (!revision) return { status: "no-revision" as const };
    const [row] = await tx
      .update(webPages)
      .set({
        title: revision.title,
        blocks: keepUnreadableBlocks(
          current.blocks,
          Array.isArray(revision.blocks) ? revision.blocks : [],
        ),
        metaTitle: revision.metaTitle,
        metaDescription: revision.metaDescription,
        ogImageUrl: revision.ogImageUrl,
        canonicalUrl: revision.canonicalUrl,
        noindex: revision.noindex,
        version: sql`${webPages.version} + 1`,
      })
      .where(pageAtVersion(pageId, o.expectedVersion))
      .returning({ id: webPages.id, path: webPages.path, version: webPages.version });
    if (!row) return { status: "conflict" as const };
    await writePageRevisions(tx, [row.id], o.saver, o.keepRevisions);
    return { status: "saved" as const, ...row };
  });
}
