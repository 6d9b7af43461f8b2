import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webCategories, webPostRevisions, webPosts } from "~/db/schema.server";
import {
  lockPost,
  postAtVersion,
  type SaveOptions,
  type UpdateOutcome,
  writeRevisions,
} from "~/models/post-writes.server";
import {
  type FieldDiff as AnyFieldDiff,
  type ComparedField as Compared,
  type DiffPart,
  diffFields,
  listRevisionSummaries,
  type RevisionSummary,
  revisionSummaryOf,
} from "~/models/revision-history.server";

export type { DiffPart, RevisionSummary };

/** The newest first. */
export function listRevisions(db: Db, postId: number): Promise<RevisionSummary[]> {
  return listRevisionSummaries(
    db,
    { table: webPostRevisions, owner: webPostRevisions.postId },
    postId,
  );
}

/** The fields a revision holds that a reader of the post sees, in the order a diff lists them. */
const comparedFields = [
  ["title", "Title", "words"],
  ["slug", "Slug", "words"],
  ["status", "Status", "words"],
  ["excerpt", "Excerpt", "words"],
  ["content", "Content", "lines"],
  ["category", "Category", "words"],
  ["featuredImageUrl", "Featured image", "words"],
  ["metaTitle", "Meta title", "words"],
  ["metaDescription", "Meta description", "words"],
] as const satisfies readonly Compared[];

type ComparedField = (typeof comparedFields)[number][0];
type Comparable = Record<ComparedField, string>;

export type FieldDiff = AnyFieldDiff<ComparedField>;

/** How the revision differs from `current`: the body by lines, the short fields by words. */
export function diffPostFields(revision: Comparable, current: Comparable): FieldDiff[] {
  return diffFields(comparedFields, revision, current);
}

const comparableColumns = {
  title: webPosts.title,
  slug: webPosts.slug,
  status: webPosts.status,
  excerpt: webPosts.excerpt,
  content: webPosts.content,
  categoryId: webPosts.categoryId,
  featuredImageUrl: webPosts.featuredImageUrl,
  metaTitle: webPosts.metaTitle,
  metaDescription: webPosts.metaDescription,
};

function comparable(
  row: { [K in keyof typeof comparableColumns]: string | number | null },
  categoryNames: Map<number, string>,
): Comparable {
  const text = (v: string | number | null) => (v == null ? "" : String(v));
  return {
    title: text(row.title),
    slug: text(row.slug),
    status: text(row.status),
    excerpt: text(row.excerpt),
    content: text(row.content),
    category:
      row.categoryId == null
        ? ""
        : (categoryNames.get(Number(row.categoryId)) ?? `(deleted category ${row.categoryId})`),
    featuredImageUrl: text(row.featuredImageUrl),
    metaTitle: text(row.metaTitle),
    metaDescription: text(row.metaDescription),
  };
}

export interface RevisionDetail {
  revision: RevisionSummary & { content: string };
  /** Empty when the revision is what the post says now. */
  diff: FieldDiff[];
}

/** A revision of the post with its diff against the current post; null if either is gone. */
export async function revisionWithDiff(
  db: Db,
  postId: number,
  revisionId: number,
): Promise<RevisionDetail | null> {
  const [[revision], [current], categories] = await Promise.all([
    db
      .select()
      .from(webPostRevisions)
      .where(and(eq(webPostRevisions.id, revisionId), eq(webPostRevisions.postId, postId))),
    db.select(comparableColumns).from(webPosts).where(eq(webPosts.id, postId)),
    db.select({ id: webCategories.id, name: webCategories.name }).from(webCategories),
  ]);
  if (!revision || !current) return null;
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return {
    revision: { ...revisionSummaryOf(revision), content: revision.content },
    diff: diffPostFields(comparable(revision, names), comparable(current, names)),
  };
}

/**
 * Brings back a revision's text: title, excerpt, body, meta fields, featured image and category
 * (when it still exists). The address, status and publish time stay as they are, so a restore
 * never unpublishes a post or breaks its links. The restore is itself a new revision; like a
 * save, it is refused when the post moved on from `expectedVersion`.
 */
export async function restoreRevision(
  db: Db,
  postId: number,
  revisionId: number,
  options: SaveOptions & { expectedVersion?: number | null },
): Promise<UpdateOutcome | { status: "no-revision" }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    if (!(await lockPost(tx, postId))) return { status: "missing" as const };
    const [revision] = await tx
      .select()
      .from(webPostRevisions)
      .where(and(eq(webPostRevisions.id, revisionId), eq(webPostRevisions.postId, postId)));
    if (!revision) return { status: "no-revision" as const };
    const [row] = await tx
      .update(webPosts)
      .set({
        title: revision.title,
        excerpt: revision.excerpt,
        content: revision.content,
        metaTitle: revision.metaTitle,
        metaDescription: revision.metaDescription,
        featuredImageUrl: revision.featuredImageUrl,
        categoryId: sql`(select id from ${webCategories} where id = ${revision.categoryId})`,
        version: sql`${webPosts.version} + 1`,
      })
      .where(postAtVersion(postId, options.expectedVersion))
      .returning({ id: webPosts.id, slug: webPosts.slug, version: webPosts.version });
    if (!row) return { status: "conflict" as const };
    await writeRevisions(tx, [row.id], options.saver, options.keepRevisions);
    return { status: "saved" as const, ...row };
  });
}
