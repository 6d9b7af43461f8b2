import { desc, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { webMedia } from "~/db/schema.server";
import { PROCESSING_VERSION } from "~/media/images.server";
import { MEDIA_PAGE_SIZE, type MediaKind } from "~/media/rules";
import { getMediaStorage } from "~/media/storage.server";
import { deleteFiles, type ImageFields } from "~/media/variants.server";

export type MediaFilter = "all" | "images" | "documents";

/** A file of the media library as the admin (and the blog's image picker) shows it. */
export interface MediaItem {
  id: number;
  name: string;
  originalName: string;
  mimeType: string;
  kind: MediaKind;
  size: number;
  altText: string;
  /** ISO 8601. */
  createdAt: string;
  /** Site-relative (/media/…) for local storage, absolute for a bucket. */
  url: string;
  /** A small copy for lists and pickers (320 px WebP); the file itself when there is none. */
  thumbnailUrl: string;
  /** Pixels of the stored image; null for documents, SVG and images not yet processed. */
  width: number | null;
  height: number | null;
  /** Bytes as uploaded, when the server re-encoded the image (`size` is what it stores). */
  uploadedSize: number | null;
}

export type MediaRow = typeof webMedia.$inferSelect;

/** The smallest WebP copy of an image, for thumbnails. */
export function thumbnailName(row: Pick<MediaRow, "variants">) {
  const webp = row.variants
    .filter((variant) => variant.kind === "w" && variant.format === "webp")
    .sort((a, b) => a.width - b.width);
  return webp[0]?.name;
}

export function toItem(row: MediaRow): MediaItem {
  const storage = getMediaStorage();
  const thumbnail = thumbnailName(row);
  return {
    id: row.id,
    name: row.name,
    originalName: row.originalName,
    mimeType: row.mimeType,
    kind: row.mimeType.startsWith("image/") ? "image" : "document",
    size: row.size,
    altText: row.altText,
    createdAt: row.createdAt.toISOString(),
    url: storage.publicUrl(row.name),
    thumbnailUrl: storage.publicUrl(thumbnail ?? row.name),
    width: row.width,
    height: row.height,
    uploadedSize: row.uploadedSize,
  };
}

/** The row's columns for a processed image (see app/media/variants.server.ts). */
export function imageColumns(image: ImageFields, uploadedSize: number) {
  return {
    size: image.size,
    uploadedSize,
    width: image.width,
    height: image.height,
    placeholder: image.placeholder,
    dominantColor: image.dominantColor,
    variants: image.variants,
    processedVersion: PROCESSING_VERSION,
    processingClaimedUntil: null,
  };
}

/** Rows by name, for pages that show images from the library (unknown names are left out). */
export async function getMediaRowsByNames(names: readonly string[]): Promise<MediaRow[]> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return [];
  return getDb().select().from(webMedia).where(inArray(webMedia.name, unique));
}

const isImage = sql`${webMedia.mimeType} like 'image/%'`;

function filterCondition(kind: MediaFilter): SQL | undefined {
  if (kind === "images") return isImage;
  if (kind === "documents") return not(isImage);
  return undefined;
}

/**
 * Newest first, `limit` (at most 100) at a time from `offset`; `hasMore` says whether another
 * page follows. Shared by the media tab and the blog's image picker (`kind: "images"`).
 */
export async function listMedia({
  kind = "all",
  offset = 0,
  limit = MEDIA_PAGE_SIZE,
}: {
  kind?: MediaFilter;
  offset?: number;
  limit?: number;
} = {}): Promise<{ items: MediaItem[]; hasMore: boolean }> {
  const take = Math.min(Math.max(1, Math.floor(limit)), MEDIA_PAGE_SIZE);
  const rows = await getDb()
    .select()
    .from(webMedia)
    .where(filterCondition(kind))
    .orderBy(desc(webMedia.createdAt), desc(webMedia.id))
    .limit(take + 1)
    .offset(Math.max(0, Math.floor(offset)));
  return { items: rows.slice(0, take).map(toItem), hasMore: rows.length > take };
}

export async function countMedia(): Promise<number> {
  const [row] = await getDb().select({ count: sql<number>`count(*)::int` }).from(webMedia);
  return Number(row?.count ?? 0);
}

export async function getMediaById(id: number): Promise<MediaItem | null> {
  const [row] = await getDb().select().from(webMedia).where(eq(webMedia.id, id)).limit(1);
  return row ? toItem(row) : null;
}

export async function getMediaByName(name: string): Promise<MediaItem | null> {
  const [row] = await getDb().select().from(webMedia).where(eq(webMedia.name, name)).limit(1);
  return row ? toItem(row) : null;
}

export async function createMediaRecord(
  values: {
    name: string;
    originalName: string;
    mimeType: string;
    size: number;
    altText?: string;
    uploadedBy: string | null;
  } & Partial<ReturnType<typeof imageColumns>>,
): Promise<MediaItem> {
  const [row] = await getDb()
    .insert(webMedia)
    .values({ ...values, altText: values.altText ?? "" })
    .returning();
  if (!row) throw new Error("The media row was not written");
  return toItem(row);
}

export async function updateMediaAltText(id: number, altText: string): Promise<MediaItem | null> {
  const [row] = await getDb()
    .update(webMedia)
    .set({ altText })
    .where(eq(webMedia.id, id))
    .returning();
  return row ? toItem(row) : null;
}

/**
 * Removes a file: the bytes first, then the row, so a storage failure leaves the library as it
 * was (and a file is never listed without its bytes being tried). Null when there is no such file.
 */
export async function deleteMedia(id: number): Promise<MediaItem | null> {
  const [row] = await getDb().select().from(webMedia).where(eq(webMedia.id, id)).limit(1);
  if (!row) return null;
  const storage = getMediaStorage();
  await storage.delete(row.name);
  await getDb().delete(webMedia).where(eq(webMedia.id, id));
  // The copies go too; one that cannot be removed is logged and left (it is never listed).
  await deleteFiles(
    storage,
    row.variants.map((variant) => variant.name),
  );
  return toItem(row);
}
