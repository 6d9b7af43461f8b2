/**
 * The media library's rules, shared by the browser (pre-checks, labels) and the server (which
 * enforces them again, by content).
 */

/** Spec section 9: uploads must be under 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Spec section 9: the library lists 100 files at a time. */
export const MEDIA_PAGE_SIZE = 100;

export const FILE_TOO_LARGE = {
  title: "File too large",
  description: "File size must be less than 10MB",
} as const;

export const UPLOAD_FAILED = "Failed to upload file";

/** Each accepted type: the extension the server names it with, and the extensions a file may claim. */
export const MEDIA_TYPES = {
  jpg: { mime: "image/jpeg", kind: "image", claims: ["jpg", "jpeg", "jpe", "jfif"] },
  png: { mime: "image/png", kind: "image", claims: ["png"] },
  gif: { mime: "image/gif", kind: "image", claims: ["gif"] },
  webp: { mime: "image/webp", kind: "image", claims: ["webp"] },
  avif: { mime: "image/avif", kind: "image", claims: ["avif"] },
  svg: { mime: "image/svg+xml", kind: "image", claims: ["svg"] },
  pdf: { mime: "application/pdf", kind: "document", claims: ["pdf"] },
  doc: { mime: "application/msword", kind: "document", claims: ["doc"] },
  docx: {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    kind: "document",
    claims: ["docx"],
  },
  txt: { mime: "text/plain", kind: "document", claims: ["txt", "text"] },
} as const satisfies Record<
  string,
  { mime: string; kind: "image" | "document"; claims: readonly string[] }
>;

export type MediaExtension = keyof typeof MEDIA_TYPES;
export type MediaKind = "image" | "document";

/** For the file input's `accept`: a hint for the picker, never a check. */
export const ACCEPT_ATTRIBUTE = Object.values(MEDIA_TYPES)
  .flatMap((type) => type.claims.map((ext) => `.${ext}`))
  .join(",");

/** The lower-case extension of a file name, without the dot ("" when it has none). */
export function extensionOf(fileName: string) {
  const dot = fileName.lastIndexOf(".");
  return dot <= 0 ? "" : fileName.slice(dot + 1).toLowerCase();
}

/** The accepted type a file name claims, or undefined when its extension is not accepted. */
export function claimedType(fileName: string): MediaExtension | undefined {
  const ext = extensionOf(fileName);
  for (const [key, type] of Object.entries(MEDIA_TYPES)) {
    if ((type.claims as readonly string[]).includes(ext)) return key as MediaExtension;
  }
  return undefined;
}

export function kindOfMime(mime: string): MediaKind {
  return mime.startsWith("image/") ? "image" : "document";
}

/**
 * Names the server gives files: `<timestamp>-<random>.<ext>` for an upload, and
 * `<timestamp>-<random>-v<version>-w<width>.<ext>` or `…-v<version>-og.jpg` for the variants made
 * from it (app/media/images.server.ts); anything else is not ours.
 */
export const MEDIA_NAME_PATTERN =
  /^\d{13}-[a-z0-9]{8,32}(?:-v\d{1,3}-(?:w\d{1,4}|og))?\.(?:jpg|png|gif|webp|avif|svg|pdf|doc|docx|txt)$/;

/** The raster formats the server decodes, resizes and strips of metadata on upload. */
export const RASTER_MIME_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
] as const;

export function isRasterMime(mime: string) {
  return (RASTER_MIME_TYPES as readonly string[]).includes(mime);
}

/** Bytes, KB, MB, GB as the spec asks: "0 Bytes", "512 Bytes", "1.5 KB", "10 MB". */
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const units = ["Bytes", "KB", "MB", "GB"];
  const power = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), units.length - 1);
  const value = bytes / 1024 ** power;
  const rounded = power === 0 ? value : Math.round(value * 100) / 100;
  return `${rounded} ${units[power]}`;
}

/** Site-relative public path of a locally stored file. */
export function localMediaPath(name: string) {
  return `/media/${name}`;
}
