/** A file stored in the media library, as the upload answers it. */
export interface UploadedMedia {
  name: string;
  /** The public URL, site-relative (/media/…) or the bucket's. */
  url: string;
}

// Placeholder of the shell commit: the media work replaces it with the real upload (progress
// reported as a fraction 0..1; rejects with an Error whose message is the toast's description).
export async function uploadMedia(
  _file: File,
  _options: { onProgress?: (fraction: number) => void } = {},
): Promise<UploadedMedia> {
  throw new Error("Uploads are not available yet.");
}
