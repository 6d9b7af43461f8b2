import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webCategories, webPagePreviews } from "~/db/schema.server";
import { type Block, readBlocks } from "./blocks";
import { PAGE_KINDS, type PageKind } from "./page-schema";

/**
 * What /preview/<token> shows: an editor's state when Preview was pressed, saved or not. A page's
 * or a post's; `kind` tells them apart ("post", or the page's own kind).
 */
export interface PagePreview {
  title: string;
  path: string;
  kind: PageKind;
  blocks: Block[];
  metaTitle: string | null;
  metaDescription: string | null;
  ogImageUrl: string | null;
}

/** A post as its editor has it: what the post page shows of it. */
export interface PostPreviewDraft {
  kind: "post";
  title: string;
  /** Markdown, as stored. */
  content: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  categoryId: number | null;
}

/** A post preview as read: its category as it is now, and when Preview was pressed. */
export interface PostPreview extends PostPreviewDraft {
  category: { name: string; slug: string } | null;
  createdAt: string;
}

export type PreviewDraft = PagePreview | PostPreviewDraft;
export type Preview = PagePreview | PostPreview;

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/** The snapshot kept for a preview: exactly the fields of its kind. */
function snapshotOf(preview: PreviewDraft): Record<string, unknown> {
  if (preview.kind === "post") {
    return {
      kind: "post",
      title: preview.title,
      content: preview.content,
      excerpt: preview.excerpt,
      featuredImageUrl: preview.featuredImageUrl,
      categoryId: preview.categoryId,
    };
  }
  return {
    title: preview.title,
    path: preview.path,
    kind: preview.kind,
    blocks: preview.blocks,
    metaTitle: preview.metaTitle,
    metaDescription: preview.metaDescription,
    ogImageUrl: preview.ogImageUrl,
  };
}

/**
 * Stores the snapshot under a random 32-byte token (the address is the only key: unguessable,
 * and useless after `ttlMs`). Previews that have expired are deleted on the way.
 */
export async function createPreview(
  db: Db,
  preview: PreviewDraft,
  o: { userId: string; ttlMs?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + (o.ttlMs ?? PREVIEW_TTL_MS));
  await db.delete(webPagePreviews).where(lte(webPagePreviews.expiresAt, sql`now()`));
  await db.insert(webPagePreviews).values({
    token,
    snapshot: snapshotOf(preview),
    createdBy: o.userId,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const text = (v: unknown) => (typeof v === "string" ? v : "");
const textOrNull = (v: unknown) => (typeof v === "string" && v ? v : null);
const idOrNull = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : null);

/** The preview at `token`; null when there is none or it has expired. */
export async function readPreview(db: Db, token: string): Promise<Preview | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ snapshot: webPagePreviews.snapshot, createdAt: webPagePreviews.createdAt })
    .from(webPagePreviews)
    .where(and(eq(webPagePreviews.token, token), gt(webPagePreviews.expiresAt, sql`now()`)));
  if (!row) return null;
  const s = row.snapshot;
  if (s.kind === "post") {
    const categoryId = idOrNull(s.categoryId);
    // The category as it is now (a post row's is read the same way); gone, the post has none.
    const [category] =
      categoryId === null
        ? []
        : await db
            .select({ name: webCategories.name, slug: webCategories.slug })
            .from(webCategories)
            .where(eq(webCategories.id, categoryId));
    return {
      kind: "post",
      title: text(s.title),
      content: text(s.content),
      excerpt: textOrNull(s.excerpt),
      featuredImageUrl: textOrNull(s.featuredImageUrl),
      categoryId,
      category: category ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }
  // Read like a stored page: blocks through readBlocks, so a preview never shows a broken block.
  return {
    title: text(s.title),
    path: typeof s.path === "string" ? s.path : "/",
    kind: PAGE_KINDS.includes(s.kind as PageKind) ? (s.kind as PageKind) : "page",
    blocks: readBlocks(s.blocks).blocks,
    metaTitle: textOrNull(s.metaTitle),
    metaDescription: textOrNull(s.metaDescription),
    ogImageUrl: textOrNull(s.ogImageUrl),
  };
}
