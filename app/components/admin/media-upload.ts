import {
  ACCEPT_ATTRIBUTE,
  claimedType,
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  UPLOAD_FAILED,
} from "~/media/rules";

/** A file stored in the media library, as the upload answers it. */
export interface UploadedMedia {
  name: string;
  /** The public URL, site-relative (/media/…) or the bucket's. */
  url: string;
}

/**
 * Why an upload failed: `message` is the toast's description, `title` its title ("File too large"
 * or "Failed to upload file").
 */
export class MediaUploadError extends Error {
  constructor(
    readonly title: string,
    description: string,
  ) {
    super(description);
    this.name = "MediaUploadError";
  }
}

export const MEDIA_UPLOAD_URL = "/admin/media/upload";
export { ACCEPT_ATTRIBUTE as MEDIA_ACCEPT };

/**
 * The browser's checks before sending anything (the server checks again, by content): the size
 * limit and an accepted extension. Undefined when the file may be sent.
 */
export function precheckMediaFile(file: File): MediaUploadError | undefined {
  if (file.size > MAX_UPLOAD_BYTES) {
    return new MediaUploadError(FILE_TOO_LARGE.title, FILE_TOO_LARGE.description);
  }
  if (!claimedType(file.name)) {
    return new MediaUploadError(
      UPLOAD_FAILED,
      "Only images (JPG, PNG, GIF, WebP, AVIF, SVG), PDF, DOC, DOCX and TXT files can be uploaded.",
    );
  }
  if (file.size === 0) return new MediaUploadError(UPLOAD_FAILED, "The file is empty.");
  return undefined;
}

/**
 * Uploads one file to the media library with XMLHttpRequest, whose upload events give real
 * progress (fetch has none). Progress is reported as a fraction 0..1; `onProcessing` says every
 * byte is sent, while the server may still spend seconds resizing an image before it answers.
 */
export function uploadMedia(
  file: File,
  options: {
    onProgress?: (fraction: number) => void;
    onProcessing?: () => void;
    altText?: string;
  } = {},
): Promise<UploadedMedia> {
  const refused = precheckMediaFile(file);
  if (refused) return Promise.reject(refused);
  return new Promise((resolve, reject) => {
    const body = new FormData();
    if (options.altText) body.append("altText", options.altText);
    body.append("file", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", MEDIA_UPLOAD_URL);
    request.setRequestHeader("Accept", "application/json");
    request.responseType = "json";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    });
    request.upload.addEventListener("load", () => options.onProcessing?.());
    request.addEventListener("load", () => {
      const answer = request.response as {
        name?: string;
        url?: string;
        error?: string;
        description?: string;
      } | null;
      if (request.status >= 200 && request.status < 300 && answer?.name && answer.url) {
        options.onProgress?.(1);
        resolve({ name: answer.name, url: answer.url });
        return;
      }
      if (request.status === 413) {
        reject(new MediaUploadError(FILE_TOO_LARGE.title, FILE_TOO_LARGE.description));
        return;
      }
      if (request.status === 401 || request.status === 403) {
        reject(new MediaUploadError(UPLOAD_FAILED, "Your session has ended. Sign in again."));
        return;
      }
      reject(
        new MediaUploadError(
          UPLOAD_FAILED,
          answer?.description ?? answer?.error ?? `The server answered ${request.status}.`,
        ),
      );
    });
    request.addEventListener("error", () => {
      reject(new MediaUploadError(UPLOAD_FAILED, "The connection failed. Please try again."));
    });
    request.addEventListener("abort", () => {
      reject(new MediaUploadError(UPLOAD_FAILED, "The upload was cancelled."));
    });
    request.send(body);
  });
}
