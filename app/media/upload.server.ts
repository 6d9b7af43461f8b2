import { randomBytes } from "node:crypto";
import busboy from "busboy";
import { adminChanged } from "~/admin/mutation.server";
import type { CurrentUser } from "~/auth/session.server";
import { logger } from "~/lib/logger.server";
import { createMediaRecord, imageColumns, type MediaItem } from "~/models/media.server";
import { mediaUploadFieldsSchema } from "~/schemas/admin/media";
import { detectMediaType } from "./detect.server";
import { ImageRefusedError, type ProcessedImage } from "./images.server";
import { FILE_TOO_LARGE, isRasterMime, MAX_UPLOAD_BYTES, UPLOAD_FAILED } from "./rules";
import { bucketContentDisposition } from "./serve-policy";
import { getMediaStorage } from "./storage.server";
import {
  deleteFiles,
  type ImageFields,
  processInTurn,
  storeProcessedImage,
} from "./variants.server";

/** Room for the multipart framing and the text fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

export interface UploadRefusal {
  ok: false;
  status: number;
  title: string;
  description: string;
}

export interface ReceivedFile {
  ok: true;
  fileName: string;
  bytes: Buffer;
  fields: Record<string, string>;
}

function refuse(status: number, title: string, description: string): UploadRefusal {
  return { ok: false, status, title, description };
}

const tooLarge = () => refuse(413, FILE_TOO_LARGE.title, FILE_TOO_LARGE.description);

/**
 * Reads a multipart body with one file, holding at most MAX_UPLOAD_BYTES of it: at the first
 * byte past the limit it stops reading and refuses (the rest is never read into memory). A
 * declared Content-Length past the limit is refused before reading anything.
 */
export async function receiveUpload(
  request: Request,
  maxBytes = MAX_UPLOAD_BYTES,
): Promise<ReceivedFile | UploadRefusal> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    return refuse(415, UPLOAD_FAILED, "Send the file as multipart/form-data.");
  }
  const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) return tooLarge();
  if (!request.body) return refuse(400, UPLOAD_FAILED, "No file was sent.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: maxBytes + 1, fields: 10, fieldSize: 4096, parts: 12 },
    });
  } catch {
    return refuse(400, UPLOAD_FAILED, "The upload could not be read.");
  }

  let file: { name: string; chunks: Buffer[]; size: number } | undefined;
  const fields: Record<string, string> = {};
  let overLimit = false;
  let failure: UploadRefusal | undefined;

  const finished = new Promise<void>((resolve) => {
    parser.on("close", () => resolve());
    parser.on("error", () => {
      failure ??= refuse(400, UPLOAD_FAILED, "The upload could not be read.");
      resolve();
    });
  });
  parser.on("field", (name, value, info) => {
    if (!info.valueTruncated) fields[name] = value;
  });
  parser.on("file", (_field, stream, info) => {
    if (file) {
      stream.resume();
      return;
    }
    const current = { name: info.filename ?? "", chunks: [] as Buffer[], size: 0 };
    file = current;
    // Destroying the parser at the limit ends this stream with an error: nothing to report.
    stream.on("error", () => {});
    stream.on("data", (chunk: Buffer) => {
      if (overLimit) return;
      current.size += chunk.length;
      if (current.size > maxBytes) {
        // One byte past the limit is enough to refuse; drop what was held.
        overLimit = true;
        current.chunks = [];
        return;
      }
      current.chunks.push(chunk);
    });
  });
  parser.on("filesLimit", () => {
    failure ??= refuse(400, UPLOAD_FAILED, "Upload one file at a time.");
  });

  const reader = request.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!parser.write(value)) {
        await new Promise<void>((resolve) => parser.once("drain", resolve));
      }
      if (overLimit) {
        // Stop here: the rest of the body is left unread (the answer closes the connection).
        reader.releaseLock();
        parser.destroy();
        return tooLarge();
      }
      if (failure) break;
    }
    parser.end();
  } catch {
    parser.destroy();
    return refuse(400, UPLOAD_FAILED, "The upload was interrupted.");
  }
  await finished;
  if (overLimit) return tooLarge();
  if (failure) return failure;
  if (!file || file.name === "") return refuse(400, UPLOAD_FAILED, "Choose a file to upload.");
  return { ok: true, fileName: file.name, bytes: Buffer.concat(file.chunks), fields };
}

/** `<timestamp>-<random>.<ext>`: never the uploader's name, never reused. */
export function generateMediaName(ext: string, now = Date.now()) {
  return `${now}-${randomBytes(8).toString("hex")}.${ext}`;
}

/**
 * The whole upload: read (bounded), check the content, store under a generated name, record it
 * with its uploader. Returns the new file, or the refusal to show.
 */
export async function handleMediaUpload(
  request: Request,
  admin: CurrentUser,
): Promise<{ ok: true; item: MediaItem } | UploadRefusal> {
  const received = await receiveUpload(request);
  if (!received.ok) return received;
  const fields = mediaUploadFieldsSchema.safeParse(received.fields);
  if (!fields.success) {
    return refuse(400, UPLOAD_FAILED, fields.error.issues[0]?.message ?? "Invalid alt text.");
  }
  // The file name is the uploader's, shown in the library only: trim what a browser could add.
  const originalName = received.fileName.replace(/[\\/]/g, "_").slice(-255);
  const detected = await detectMediaType(received.bytes, originalName);
  if (!detected.ok) return refuse(415, UPLOAD_FAILED, detected.reason);

  const name = generateMediaName(detected.ext);
  // Photos are decoded, stripped and resized before anything is stored: a damaged file or a
  // decompression bomb is refused here, and no byte of its metadata ever reaches the storage.
  let processed: ProcessedImage | undefined;
  if (isRasterMime(detected.mime)) {
    try {
      processed = await processInTurn(received.bytes, detected.mime, name);
    } catch (error) {
      if (error instanceof ImageRefusedError) return refuse(422, UPLOAD_FAILED, error.message);
      throw error;
    }
  }

  const storage = getMediaStorage();
  let image: ImageFields | undefined;
  try {
    if (processed) {
      image = await storeProcessedImage(storage, name, detected.mime, processed);
    } else {
      await storage.put(name, received.bytes, {
        contentType: detected.mime,
        contentDisposition: bucketContentDisposition(name, detected.ext),
      });
    }
  } catch (error) {
    logger.error({ err: error, name }, "media upload could not be stored");
    await deleteFiles(storage, [name]);
    return refuse(502, UPLOAD_FAILED, "The file could not be stored. Please try again.");
  }
  try {
    const item = await createMediaRecord({
      name,
      originalName,
      mimeType: detected.mime,
      size: image?.size ?? received.bytes.length,
      altText: fields.data.altText,
      uploadedBy: admin.id,
      ...(image ? imageColumns(image, received.bytes.length) : {}),
    });
    await adminChanged(admin, {
      action: "uploaded",
      entity: "media file",
      entityId: item.id,
      details: { name, originalName, mimeType: detected.mime, size: item.size },
    });
    return { ok: true, item };
  } catch (error) {
    await deleteFiles(storage, [name, ...(image?.variants.map((variant) => variant.name) ?? [])]);
    throw error;
  }
}
