import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { type Env, getEnv } from "~/env.server";
import { localMediaPath, MEDIA_NAME_PATTERN } from "./rules";

/** A stored file, as read back. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/** Where media bytes live: DATA_DIR/media by default, an S3-compatible bucket when configured. */
export interface MediaStorage {
  readonly kind: "local" | "s3";
  put(name: string, bytes: Uint8Array, options: PutOptions): Promise<void>;
  /** The bytes of a file, or null when there is none by that name. */
  get(name: string): Promise<StoredObject | null>;
  /** Removes a file; removing one that is not there is not an error. */
  delete(name: string): Promise<void>;
  /** Where browsers fetch it: site-relative (/media/…) for local files, absolute for a bucket. */
  publicUrl(name: string): string;
}

export interface PutOptions {
  contentType: string;
  /** Set on bucket objects so that opening one directly downloads it instead of rendering it. */
  contentDisposition?: string;
}

/** Names come from the server, but a name that is not ours never reaches a path or a URL. */
function assertMediaName(name: string) {
  if (!MEDIA_NAME_PATTERN.test(name)) throw new Error(`Not a media file name: ${name}`);
}

export function createLocalStorage(directory: string): MediaStorage {
  const root = path.resolve(directory);
  return {
    kind: "local",
    async put(name, bytes) {
      assertMediaName(name);
      await fs.promises.mkdir(root, { recursive: true });
      // Written beside its place, then renamed: a reader never sees half a file.
      const temp = path.join(root, `.upload-${randomBytes(8).toString("hex")}.tmp`);
      try {
        await fs.promises.writeFile(temp, bytes, { flag: "wx" });
        await fs.promises.rename(temp, path.join(root, name));
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async get(name) {
      if (!MEDIA_NAME_PATTERN.test(name)) return null;
      const file = path.join(root, name);
      try {
        const handle = await fs.promises.open(file, "r");
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(name) {
      assertMediaName(name);
      await fs.promises.rm(path.join(root, name), { force: true });
    },
    publicUrl: localMediaPath,
  };
}

export interface S3Settings {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** A custom endpoint (MinIO, R2, a test server): addressed path-style. Unset: AWS. */
  endpoint?: string;
  region?: string;
  /** Where the public reads the bucket (a CDN, or the bucket's public address). */
  publicUrl?: string;
}

export class StorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

export function createS3Storage(settings: S3Settings): MediaStorage {
  const region = settings.region ?? "us-east-1";
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: "s3",
    region,
  });
  const bucket = encodeURIComponent(settings.bucket);
  // Custom endpoints get path-style addressing (bucket in the path), which they all support;
  // AWS gets virtual-hosted style, which it requires for new buckets.
  const bucketUrl = settings.endpoint
    ? `${settings.endpoint.replace(/\/+$/, "")}/${bucket}`
    : `https://${bucket}.s3.${region}.amazonaws.com`;
  const publicBase = (settings.publicUrl ?? bucketUrl).replace(/\/+$/, "");
  const objectUrl = (name: string) => `${bucketUrl}/${encodeURIComponent(name)}`;

  async function send(name: string, init: RequestInit & { headers?: Record<string, string> }) {
    assertMediaName(name);
    const response = await client.fetch(objectUrl(name), init);
    return response;
  }

  async function fail(response: Response, what: string): Promise<never> {
    // The body is S3's XML error; its code says what went wrong, and holds no secret.
    const text = await response.text().catch(() => "");
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    throw new StorageError(
      `S3 ${what} failed with ${response.status}${code ? ` ${code}` : ""}`,
      response.status,
    );
  }

  return {
    kind: "s3",
    async put(name, bytes, options) {
      const headers: Record<string, string> = {
        "Content-Type": options.contentType,
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      };
      if (options.contentDisposition) headers["Content-Disposition"] = options.contentDisposition;
      const response = await send(name, { method: "PUT", body: bytes as BodyInit, headers });
      if (!response.ok) await fail(response, "upload");
      await response.body?.cancel();
    },
    async get(name) {
      if (!MEDIA_NAME_PATTERN.test(name)) return null;
      const response = await send(name, { method: "GET" });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) return fail(response, "download");
      return {
        body: Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
        size: Number(response.headers.get("content-length") ?? 0),
      };
    },
    async delete(name) {
      const response = await send(name, { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail(response, "delete");
      await response.body?.cancel();
    },
    publicUrl: (name) => `${publicBase}/${encodeURIComponent(name)}`,
  };
}

export function storageFromEnv(env: Env): MediaStorage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      publicUrl: env.S3_PUBLIC_URL,
    });
  }
  return createLocalStorage(path.join(env.DATA_DIR, "media"));
}

let current: MediaStorage | undefined;

/** The storage of this process, chosen from the settings on first use. */
export function getMediaStorage(): MediaStorage {
  current ??= storageFromEnv(getEnv());
  return current;
}

/** For tests: use this storage instead (undefined: choose from the settings again). */
export function setMediaStorage(storage: MediaStorage | undefined) {
  current = storage;
}
