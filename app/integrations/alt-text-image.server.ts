import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { type StoredVariant, webMedia } from "~/db/schema.server";
import { VARIANT_MIME } from "~/media/images.server";
import { getMediaStorage, type MediaStorage } from "~/media/storage.server";
import { type ImageToDescribe, WritingAssistError } from "./openai.server";

/**
 * The image the writing assist describes for a media file's alt text: a small copy the upload
 * made (WebP, else JPEG), or the file itself when it has none and is small and of a type vision
 * models read. Read from the media storage (local disk or the bucket) like any other media file.
 */

/**
 * Vision models look at an image at about 512 px ("low" detail): the smallest copy at least that
 * large shows them all they use, and a smaller copy (the 320 px thumbnail) loses detail.
 */
export const DESCRIBE_MIN_EDGE = 512;
/** An original without copies is sent only up to this size (base64 makes it a third larger). */
export const DESCRIBE_ORIGINAL_MAX_BYTES = 1024 * 1024;
/** What is read of a copy at most: copies are tens of kilobytes, never this large. */
const READ_MAX_BYTES = 4 * 1024 * 1024;

const ORIGINAL_TYPES = ["image/webp", "image/jpeg", "image/png"];

export const NOT_IN_LIBRARY = "That image is no longer in the media library. Reload the page.";
export const NOT_AN_IMAGE = "Only images have alt text: this file is a document.";
export const CANNOT_DESCRIBE =
  "This image cannot be described: it has no small copy in a format the AI service reads. Write its alt text yourself.";
export const FILE_MISSING = "The image's file is missing from the storage. Upload it again.";

/** The copy to send: the smallest WebP (else JPEG) width step at least DESCRIBE_MIN_EDGE on its long edge, else the largest. */
export function describableVariant(variants: readonly StoredVariant[]): StoredVariant | undefined {
  const rank = (v: StoredVariant) => (v.format === "webp" ? 0 : 1);
  const usable = variants
    .filter((v) => v.kind === "w" && (v.format === "webp" || v.format === "jpg"))
    .sort((a, b) => a.width - b.width || rank(a) - rank(b));
  return (
    usable.find((v) => Math.max(v.width, v.height) >= DESCRIBE_MIN_EDGE) ??
    usable.findLast((v) => rank(v) === 0) ??
    usable.at(-1)
  );
}

async function readAll(storage: MediaStorage, name: string): Promise<Buffer | null> {
  const stored = await storage.get(name);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stored.body) {
    const bytes = Buffer.from(chunk as Uint8Array);
    size += bytes.length;
    if (size > READ_MAX_BYTES) {
      stored.body.destroy();
      throw new WritingAssistError(CANNOT_DESCRIBE, 400);
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

/**
 * The image of media file `mediaId`, ready to send. Throws WritingAssistError (404 for a file
 * that is not there, 400 for one that cannot be described).
 */
export async function imageToDescribe(
  db: Db,
  mediaId: number,
  storage: MediaStorage = getMediaStorage(),
): Promise<ImageToDescribe> {
  const [row] = await db
    .select({
      name: webMedia.name,
      mimeType: webMedia.mimeType,
      size: webMedia.size,
      variants: webMedia.variants,
    })
    .from(webMedia)
    .where(eq(webMedia.id, mediaId))
    .limit(1);
  if (!row) throw new WritingAssistError(NOT_IN_LIBRARY, 404);
  if (!row.mimeType.startsWith("image/")) throw new WritingAssistError(NOT_AN_IMAGE, 400);
  const variant = describableVariant(row.variants);
  const source = variant
    ? { name: variant.name, mime: VARIANT_MIME[variant.format] }
    : ORIGINAL_TYPES.includes(row.mimeType) && row.size <= DESCRIBE_ORIGINAL_MAX_BYTES
      ? { name: row.name, mime: row.mimeType }
      : null;
  if (!source) throw new WritingAssistError(CANNOT_DESCRIBE, 400);
  const bytes = await readAll(storage, source.name);
  if (!bytes) throw new WritingAssistError(FILE_MISSING, 404);
  return { mime: source.mime, bytes };
}
