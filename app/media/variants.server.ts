import type { StoredVariant } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import {
  type ProcessedImage,
  processImage,
  type RasterExtension,
  VARIANT_MIME,
} from "./images.server";
import { imageProcessingQueue } from "./processing-queue.server";
import { bucketContentDisposition } from "./serve-policy";
import type { MediaStorage } from "./storage.server";

/** What the media row keeps of a processed image. */
export interface ImageFields {
  width: number;
  height: number;
  placeholder: string | null;
  dominantColor: string;
  variants: StoredVariant[];
  size: number;
}

const RASTER_EXTENSIONS: Record<string, RasterExtension> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};

export function rasterExtensionOf(mime: string): RasterExtension | undefined {
  return RASTER_EXTENSIONS[mime];
}

/** Processes an image in its turn (the queue), throwing ImageRefusedError for a bad file. */
export function processInTurn(bytes: Buffer, mime: string, name: string): Promise<ProcessedImage> {
  const ext = rasterExtensionOf(mime);
  if (!ext) throw new Error(`Not a raster image: ${mime}`);
  return imageProcessingQueue().run(() => processImage(bytes, ext, name));
}

/**
 * Stores the original's new bytes and every variant. When any write fails, the variants written
 * so far are removed again and the error is thrown (the original's name is the caller's to clean:
 * for a new upload nothing of it may stay; for a reprocessed file the old bytes were replaced).
 */
export async function storeProcessedImage(
  storage: MediaStorage,
  name: string,
  mime: string,
  processed: ProcessedImage,
): Promise<ImageFields> {
  const written: string[] = [];
  try {
    await Promise.all(
      processed.files.map(async ({ bytes, variant }) => {
        await storage.put(variant.name, bytes, {
          contentType: VARIANT_MIME[variant.format],
          contentDisposition: bucketContentDisposition(variant.name, variant.format),
        });
        written.push(variant.name);
      }),
    );
    // Last: until now the original's old bytes (or none) stood under its name.
    await storage.put(name, processed.original, { contentType: mime });
  } catch (error) {
    await deleteFiles(storage, written);
    throw error;
  }
  return {
    width: processed.width,
    height: processed.height,
    placeholder: processed.placeholder,
    dominantColor: processed.dominantColor,
    variants: processed.files.map((file) => file.variant),
    size: processed.original.length,
  };
}

/** Removes files, logging (not throwing) what could not be removed: a stray copy harms no one. */
export async function deleteFiles(storage: MediaStorage, names: string[]) {
  await Promise.all(
    names.map((name) =>
      storage.delete(name).catch((error) => {
        logger.warn({ err: error, name }, "a media file could not be removed");
      }),
    ),
  );
}
