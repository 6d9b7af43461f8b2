import { randomBytes } from "node:crypto";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webPagePreviews } from "~/db/schema.server";
import { type Block, readBlocks } from "./blocks";
import { PAGE_KINDS, type PageKind } from "./page-schema";

/** What /preview/<token> shows: the editor's state when Preview was pressed, saved or not. */
export interface PagePreview {
  title: string;
  path: string;
  kind: PageKind;
  blocks: Block[];
  metaTitle: string | null;
  metaDescription: string | null;
  ogImageUrl: string | null;
}

export const PREVIEW_TTL_MS = 60 * 60 * 1000;

/**
 * Stores the snapshot under a random 32-byte token (the address is the only key: unguessable,
 * and useless after `ttlMs`). Previews that have expired are deleted on the way.
 */
export async function createPagePreview(
  db: Db,
  preview: PagePreview,
  o: { userId: string; ttlMs?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + (o.ttlMs ?? PREVIEW_TTL_MS));
  await db.delete(webPagePreviews).where(lte(webPagePreviews.expiresAt, sql`now()`));
  await db.insert(webPagePreviews).values({
    token,
    snapshot: {
      title: preview.title,
      path: preview.path,
      kind: preview.kind,
      blocks: preview.blocks,
      metaTitle: preview.metaTitle,
      metaDescription: preview.metaDescription,
      ogImageUrl: preview.ogImageUrl,
    },
    createdBy: o.userId,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const textOrNull = (v: unknown) => (typeof v === "string" && v ? v : null);

/** The preview at `token`; null when there is none or it has expired. */
export async function readPagePreview(db: Db, token: string): Promise<PagePreview | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ snapshot: webPagePreviews.snapshot })
    .from(webPagePreviews)
    .where(and(eq(webPagePreviews.token, token), gt(webPagePreviews.expiresAt, sql`now()`)));
  if (!row) return null;
  const s = row.snapshot;
  // Read like a stored page: blocks through readBlocks, so a preview never shows a broken block.
  return {
    title: typeof s.title === "string" ? s.title : "",
    path: typeof s.path === "string" ? s.path : "/",
    kind: PAGE_KINDS.includes(s.kind as PageKind) ? (s.kind as PageKind) : "page",
    blocks: readBlocks(s.blocks).blocks,
    metaTitle: textOrNull(s.metaTitle),
    metaDescription: textOrNull(s.metaDescription),
    ogImageUrl: textOrNull(s.ogImageUrl),
  };
}
