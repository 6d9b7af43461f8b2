import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { type Env, getEnv } from "~/env.server";
import { localMediaPath, MEDIA_NAME_PATTERN, MEDIA_TYPES, type MediaExtension } from "./rules";
import { bucketContentDisposition, mediaTypeOfName } from "./serve-policy";

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

/** The bucket settings in the environment, or undefined when media stay in DATA_DIR/media. */
/**
 * A bucket's settings from the environment, when its bucket and keys are set: the media bucket
 * (`S3_*`, which the public reads) or the private bucket for copies of the backups (`BACKUP_S3_*`).
 */
export function s3SettingsFromEnv(
  env: Env,
  prefix: "S3_" | "BACKUP_S3_" = "S3_",
): S3Settings | undefined {
  const bucket = env[`${prefix}BUCKET` as const];
  const accessKeyId = env[`${prefix}ACCESS_KEY_ID` as const];
  const secretAccessKey = env[`${prefix}SECRET_ACCESS_KEY` as const];
  if (!bucket || !accessKeyId || !secretAccessKey) return undefined;
  return {
    bucket,
    accessKeyId,
    secretAccessKey,
    endpoint: env[`${prefix}ENDPOINT` as const],
    region: env[`${prefix}REGION` as const],
    publicUrl: prefix === "S3_" ? env.S3_PUBLIC_URL : undefined,
  };
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

/** The headers an object is stored with, sent back by the bucket to whoever reads it. */
export interface ObjectOptions {
  contentType: string;
  contentDisposition?: string;
  cacheControl?: string;
  /** Other headers a provider keeps or honours (X-Content-Type-Options on some). */
  headers?: Record<string, string>;
}

export interface BucketObject {
  key: string;
  size: number;
}

/**
 * An S3-compatible bucket, for any key: media names, and whatever else is kept beside them
 * (backup archives under a prefix). Keys are slash-separated paths; each segment is encoded on
 * its own, so a key never changes meaning on its way into a URL.
 */
export interface S3Bucket {
  readonly name: string;
  /** The bucket's address (path-style on a custom endpoint, virtual-hosted on AWS). */
  readonly address: string;
  /** The object's address: below the bucket's, each key segment encoded. */
  url(key: string): string;
  /** Every object whose key starts with `prefix`, in key order, page by page (ListObjectsV2). */
  list(prefix?: string, options?: { pageSize?: number }): AsyncIterable<BucketObject>;
  /** The object's size, or null when there is none by that key. */
  head(key: string): Promise<{ size: number } | null>;
  get(key: string): Promise<StoredObject | null>;
  put(key: string, bytes: Uint8Array, options: ObjectOptions): Promise<void>;
  /**
   * Streams a file from disk into the bucket, with its length sent up front (S3 refuses a PUT of
   * unknown length). `sha256` (hex), when the caller knows it, lets the server check the bytes.
   */
  putFile(
    key: string,
    file: string,
    contentType: string,
    options?: Omit<ObjectOptions, "contentType"> & { sha256?: string },
  ): Promise<void>;
  /** Removes an object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * A key becomes URL path segments: no empty, "." or ".." segment (URL parsing would fold them,
 * encoded or not), no control characters, and S3's limit of 1024 bytes.
 */
function assertObjectKey(key: string) {
  const segments = key.split("/");
  if (
    !key ||
    Buffer.byteLength(key) > 1024 ||
    [...key].some((c) => c.charCodeAt(0) < 0x20 || c === "\u007f") ||
    segments.some((segment) => segment === "" || segment === "." || segment === "..")
  ) {
    throw new Error(`Not an object key this client writes: ${JSON.stringify(key)}`);
  }
}

/** RFC 3986 encoding, as S3 signs paths: encodeURIComponent leaves !'()* as they are. */
function encodeSegment(segment: string) {
  return encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const XML_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

function decodeXmlText(text: string) {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (entity, body: string) => {
    if (!body.startsWith("#")) return XML_ENTITIES[body] ?? entity;
    const code = body.startsWith("#x")
      ? Number.parseInt(body.slice(2), 16)
      : Number.parseInt(body.slice(1), 10);
    // Out of Unicode's range it is no character: left as written rather than thrown on.
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

/** The text of each `<tag>` element in `xml` (S3 answers never nest an element in itself). */
function xmlElements(xml: string, tag: string): string[] {
  const pattern = new RegExp(
    `<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>|<${tag}(?:\\s[^>]*)?/>`,
    "g",
  );
  return [...xml.matchAll(pattern)].map((match) => match[1] ?? "");
}

function xmlText(xml: string, tag: string): string | undefined {
  const [found] = xmlElements(xml, tag);
  return found === undefined ? undefined : decodeXmlText(found);
}

/** One page of a ListObjectsV2 answer. */
export function parseListPage(xml: string): {
  objects: BucketObject[];
  nextToken: string | undefined;
} {
  // Asked for with encoding-type=url, keys come percent-encoded (a key may hold characters XML
  // cannot carry); servers that ignore the parameter say so by leaving EncodingType out.
  const urlEncoded = xmlText(xml, "EncodingType")?.trim() === "url";
  const objects = xmlElements(xml, "Contents").map((contents) => {
    const raw = xmlText(contents, "Key") ?? "";
    const key = urlEncoded ? decodeURIComponent(raw.replace(/\+/g, " ")) : raw;
    const size = Number(xmlText(contents, "Size"));
    if (!key || !Number.isSafeInteger(size) || size < 0) {
      throw new StorageError("S3 list answered with an object it did not describe", 502);
    }
    return { key, size };
  });
  const truncated = xmlText(xml, "IsTruncated")?.trim() === "true";
  const nextToken = truncated ? xmlText(xml, "NextContinuationToken")?.trim() : undefined;
  if (truncated && !nextToken) {
    throw new StorageError("S3 list answered a partial page without a continuation token", 502);
  }
  return { objects, nextToken };
}

async function fail(response: Response, what: string): Promise<never> {
  // The body is S3's XML error; its code says what went wrong, and holds no secret.
  const text = await response.text().catch(() => "");
  const code = xmlText(text, "Code");
  throw new StorageError(
    `S3 ${what} failed with ${response.status}${code ? ` ${code}` : ""}`,
    response.status,
  );
}

function objectHeaders(options: Omit<ObjectOptions, "contentType"> & { contentType?: string }) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.contentType) headers["Content-Type"] = options.contentType;
  if (options.cacheControl) headers["Cache-Control"] = options.cacheControl;
  if (options.contentDisposition) headers["Content-Disposition"] = options.contentDisposition;
  return headers;
}

/** Attempts of an upload streamed from disk, which aws4fetch cannot repeat itself. */
const FILE_UPLOAD_ATTEMPTS = 4;

export function createS3Bucket(settings: S3Settings): S3Bucket {
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
  const url = (key: string) => {
    assertObjectKey(key);
    return `${bucketUrl}/${key.split("/").map(encodeSegment).join("/")}`;
  };

  /** Answers with no body worth reading are drained, so the connection goes back to the pool. */
  async function discard(response: Response) {
    await response.body?.cancel();
  }

  return {
    name: settings.bucket,
    address: bucketUrl,
    url,
    async *list(prefix = "", options = {}) {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", "encoding-type": "url" });
        if (prefix) query.set("prefix", prefix);
        if (options.pageSize) query.set("max-keys", String(options.pageSize));
        if (token) query.set("continuation-token", token);
        const response = await client.fetch(`${bucketUrl}/?${query}`, { method: "GET" });
        if (!response.ok) await fail(response, "list");
        const page = parseListPage(await response.text());
        yield* page.objects;
        token = page.nextToken;
      } while (token);
    },
    async head(key) {
      const response = await client.fetch(url(key), { method: "HEAD" });
      // A HEAD answer has no body: the status is all there is to report.
      if (!response.ok && response.status !== 404) return fail(response, "check");
      await discard(response);
      if (response.status === 404) return null;
      return { size: Number(response.headers.get("content-length") ?? 0) };
    },
    async get(key) {
      const response = await client.fetch(url(key), { method: "GET" });
      if (response.status === 404) {
        await discard(response);
        return null;
      }
      if (!response.ok || !response.body) return fail(response, "download");
      return {
        body: Readable.fromWeb(response.body as import("node:stream/web").ReadableStream),
        size: Number(response.headers.get("content-length") ?? 0),
      };
    },
    async put(key, bytes, options) {
      const response = await client.fetch(url(key), {
        method: "PUT",
        body: bytes as BodyInit,
        headers: objectHeaders(options),
      });
      if (!response.ok) await fail(response, "upload");
      await discard(response);
    },
    async putFile(key, file, contentType, options = {}) {
      const target = url(key);
      const headers = objectHeaders({ ...options, contentType });
      if (options.sha256) headers["X-Amz-Content-Sha256"] = options.sha256;
      for (let attempt = 1; ; attempt++) {
        const handle = await fs.promises.open(file, "r");
        // The stream owns the handle from here: it closes it at its end or when destroyed.
        const stream = handle.createReadStream();
        let response: Response;
        try {
          const { size } = await handle.stat();
          // Signed here and sent with plain fetch: aws4fetch's own retries would send the
          // stream a second time after it was read. The payload is signed as UNSIGNED-PAYLOAD
          // (aws4fetch's default for S3) unless its SHA-256 was given.
          const request = await client.sign(target, {
            method: "PUT",
            headers: { ...headers, "Content-Length": String(size) },
            body: Readable.toWeb(stream) as unknown as BodyInit,
          });
          response = await fetch(request);
        } finally {
          stream.destroy();
        }
        if (response.ok) return discard(response);
        const again = response.status >= 500 || response.status === 429;
        if (!again || attempt >= FILE_UPLOAD_ATTEMPTS) return fail(response, "upload");
        await discard(response);
        await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt * Math.random()));
      }
    },
    async delete(key) {
      const response = await client.fetch(url(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) await fail(response, "delete");
      await discard(response);
    },
  };
}

/** Media objects are never changed in place (names are unique), so they may be cached for good. */
const MEDIA_OBJECT_HEADERS = {
  cacheControl: "public, max-age=31536000, immutable",
  headers: { "X-Content-Type-Options": "nosniff" },
};

export function createS3Storage(
  settings: S3Settings,
  bucket: S3Bucket = createS3Bucket(settings),
): MediaStorage {
  const publicBase = (settings.publicUrl ?? bucket.address).replace(/\/+$/, "");
  return {
    kind: "s3",
    async put(name, bytes, options) {
      assertMediaName(name);
      await bucket.put(name, bytes, { ...MEDIA_OBJECT_HEADERS, ...options });
    },
    async get(name) {
      if (!MEDIA_NAME_PATTERN.test(name)) return null;
      return bucket.get(name);
    },
    async delete(name) {
      assertMediaName(name);
      await bucket.delete(name);
    },
    publicUrl: (name) => `${publicBase}/${encodeURIComponent(name)}`,
  };
}

/**
 * Uploads a media file from disk (a restore's) with the headers its upload gave it: the type
 * and disposition follow from the name, whose extension the server chose from the content.
 */
export async function putMediaFile(
  bucket: S3Bucket,
  name: string,
  file: string,
  sha256?: string,
): Promise<void> {
  assertMediaName(name);
  const ext = mediaTypeOfName(name) as MediaExtension;
  await bucket.putFile(name, file, MEDIA_TYPES[ext].mime, {
    ...MEDIA_OBJECT_HEADERS,
    contentDisposition: bucketContentDisposition(name, ext),
    sha256,
  });
}

export function storageFromEnv(env: Env): MediaStorage {
  const s3 = s3SettingsFromEnv(env);
  if (s3) return createS3Storage(s3);
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
