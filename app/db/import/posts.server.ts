import { eq, sql } from "drizzle-orm";
import { releasePostAddress, type Saver, writeRevisions } from "~/models/post-writes.server";
import { webCategories, webPosts } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import {
  advanceSequence,
  eachRow,
  firstOfKey,
  idIsFree,
  sameTime,
  slugOfRow,
  type Tx,
} from "./rows.server";

const IMPORT_SAVER: Saver = { id: null, name: "Import from the old backend", source: "import" };

/** Answers the ids of the posts it wrote. */
export async function importPosts(
  tx: Tx,
  records: CsvRecord[],
  report: TableReport,
  /** Old id → ours; null when the export has no categories (ids then stand as they are). */
  categoryIds: Map<number, number> | null,
  rewrite: (value: string, missing: Set<string>) => string,
) {
  const unique = firstOfKey(new Map(), "slug");
  const written: number[] = [];
  await eachRow(tx, records, rowSchemas.web_posts, report, async (tx, row, record) => {
    const slug = slugOfRow(row.slug, row.title, record, report, unique);
    if (!slug) return null;
    let categoryId: number | null = null;
    if (row.category_id !== null) {
      if (categoryIds) categoryId = categoryIds.get(row.category_id) ?? null;
      else {
        const [same] = await tx
          .select({ id: webCategories.id })
          .from(webCategories)
          .where(eq(webCategories.id, row.category_id))
          .limit(1);
        categoryId = same?.id ?? null;
      }
      if (categoryId === null) {
        report.warnings.push({
          row: record.row,
          reason: `category_id ${row.category_id} is not among the categories; the post has none`,
        });
      }
    }
    const missing = new Set<string>();
    const content = rewrite(row.content ?? "", missing);
    const featuredImageUrl = row.featured_image_url?.trim()
      ? rewrite(row.featured_image_url.trim(), missing)
      : null;
    for (const file of missing) {
      report.warnings.push({
        row: record.row,
        reason: `links to media file "${file}", which the media folder lacks; the old URL stays`,
      });
    }
    const [existing] = await tx.select().from(webPosts).where(eq(webPosts.slug, slug)).limit(1);
    // The old backend set published_at when a post went public; one without it counts from its
    // creation (stable, so a second run finds the same value).
    const publishedAt =
      row.status === "published"
        ? (row.published_at ?? row.created_at ?? existing?.publishedAt ?? new Date())
        : row.published_at;
    const values = {
      title: row.title,
      content,
      excerpt: row.excerpt?.trim() || null,
      status: row.status,
      categoryId,
      publishedAt,
      featuredImageUrl,
      metaTitle: row.meta_title?.trim() || null,
      metaDescription: row.meta_description?.trim() || null,
      // Views counted here since the first import are kept.
      viewCount: Math.max(row.view_count ?? 0, existing?.viewCount ?? 0),
    };
    if (row.status === "published") await releasePostAddress(tx, slug);
    if (existing) {
      const same =
        existing.title === values.title &&
        existing.content === values.content &&
        existing.excerpt === values.excerpt &&
        existing.status === values.status &&
        existing.categoryId === values.categoryId &&
        sameTime(existing.publishedAt, values.publishedAt) &&
        existing.featuredImageUrl === values.featuredImageUrl &&
        existing.metaTitle === values.metaTitle &&
        existing.metaDescription === values.metaDescription &&
        existing.viewCount === values.viewCount &&
        (row.created_at === null || sameTime(existing.createdAt, row.created_at));
      if (same) return "unchanged";
      await tx
        .update(webPosts)
        .set({
          ...values,
          ...(row.created_at ? { createdAt: row.created_at } : {}),
          version: sql`${webPosts.version} + 1`,
        })
        .where(eq(webPosts.id, existing.id));
      await writeRevisions(tx, [existing.id], IMPORT_SAVER);
      written.push(existing.id);
      return "updated";
    }
    const keepId = await idIsFree(tx, webPosts, row.id);
    const [inserted] = await tx
      .insert(webPosts)
      .values({
        ...values,
        slug,
        ...(row.created_at ? { createdAt: row.created_at } : {}),
        ...(keepId && row.id !== null ? { id: row.id } : {}),
      })
      .returning({ id: webPosts.id });
    if (!inserted) throw new Error("the post was not written");
    await writeRevisions(tx, [inserted.id], IMPORT_SAVER);
    if (row.id !== null && !keepId) {
      report.warnings.push({
        row: record.row,
        reason: `id ${row.id} is taken here; the post is now ${inserted.id}`,
      });
    }
    written.push(inserted.id);
    return "imported";
  });
  await advanceSequence(tx, "web_posts");
  return written;
}
