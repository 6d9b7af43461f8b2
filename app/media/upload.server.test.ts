import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/auth/session.server";
import type { Database } from "~/db/client.server";
import { auditLog, users, webMedia } from "~/db/schema.server";
import { deleteMedia } from "~/models/media.server";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3";
import { HTML, PNG, pngBomb, truncated } from "../../tests/support/media-fixtures";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { DAMAGED_IMAGE } from "./images.server";
import { MAX_UPLOAD_BYTES, MEDIA_NAME_PATTERN } from "./rules";
import { createLocalStorage, createS3Storage, setMediaStorage } from "./storage.server";
import { generateMediaName, handleMediaUpload, receiveUpload } from "./upload.server";

const BOUNDARY = "----media-test-boundary";

/**
 * A multipart request whose file part streams `fileSize` bytes in 64 KB chunks, counting how
 * many bytes the server pulled from the body.
 */
function streamingUpload(
  fileSize: number,
  options: { fileName?: string; contentLength?: number; fields?: Record<string, string> } = {},
) {
  const fields = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const head = Buffer.from(
    `${fields}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${options.fileName ?? "big.txt"}"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  let sent = 0;
  let pulled = 0;
  let stage: "head" | "file" | "tail" | "done" = "head";
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (stage === "head") {
        stage = "file";
        pulled += head.length;
        controller.enqueue(head);
      } else if (stage === "file") {
        const size = Math.min(chunk.length, fileSize - sent);
        sent += size;
        pulled += size;
        controller.enqueue(chunk.subarray(0, size));
        if (sent >= fileSize) stage = "tail";
      } else if (stage === "tail") {
        stage = "done";
        pulled += tail.length;
        controller.enqueue(tail);
      } else {
        controller.close();
      }
    },
  });
  const headers: Record<string, string> = {
    "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
  };
  if (options.contentLength !== undefined) {
    headers["Content-Length"] = String(options.contentLength);
  }
  const request = new Request("http://localhost/admin/media/upload", {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled };
}

function formUpload(file: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(file)]), fileName);
  return new Request("http://localhost/admin/media/upload", { method: "POST", body: form });
}

describe("receiveUpload", () => {
  it("accepts a file of exactly 10 MB", async () => {
    const { request } = streamingUpload(MAX_UPLOAD_BYTES);
    const result = await receiveUpload(request);
    expect(result.ok).toBe(true);
    expect(result.ok && result.bytes.length).toBe(MAX_UPLOAD_BYTES);
  });

  it("refuses 10 MB + 1 byte, and stops reading soon after the limit", async () => {
    // A client that would send 50 MB: the server stops within a chunk or two of 10 MB.
    const over = streamingUpload(MAX_UPLOAD_BYTES + 1);
    expect(await receiveUpload(over.request)).toEqual({
      ok: false,
      status: 413,
      title: "File too large",
      description: "File size must be less than 10MB",
    });
    const huge = streamingUpload(50 * 1024 * 1024);
    expect(await receiveUpload(huge.request)).toMatchObject({ ok: false, status: 413 });
    expect(huge.pulled()).toBeLessThan(MAX_UPLOAD_BYTES + 256 * 1024);
  });

  it("refuses a declared Content-Length past the limit before reading the body", async () => {
    const upload = streamingUpload(20 * 1024 * 1024, { contentLength: 20 * 1024 * 1024 + 200 });
    expect(await receiveUpload(upload.request)).toMatchObject({ ok: false, status: 413 });
    // The stream hands over its first part (the multipart head) on creation; no file byte was read.
    expect(upload.pulled()).toBeLessThan(1024);
  });

  it("refuses bodies that are not multipart, and multipart without a file", async () => {
    const json = new Request("http://localhost/x", { method: "POST", body: "{}" });
    expect(await receiveUpload(json)).toMatchObject({ ok: false, status: 415 });
    const form = new FormData();
    form.append("altText", "x");
    const empty = new Request("http://localhost/x", { method: "POST", body: form });
    expect(await receiveUpload(empty)).toMatchObject({
      ok: false,
      status: 400,
      description: "Choose a file to upload.",
    });
  });
});

describe("generateMediaName", () => {
  it("makes unique names of the form <timestamp>-<random>.<ext>", () => {
    const a = generateMediaName("png", 1_763_700_000_000);
    const b = generateMediaName("png", 1_763_700_000_000);
    expect(a).toMatch(/^1763700000000-[0-9a-f]{16}\.png$/);
    expect(a).not.toBe(b);
    expect(MEDIA_NAME_PATTERN.test(a)).toBe(true);
  });
});

describe.each(backends)("handleMediaUpload on %s", (backend) => {
  let database: Database;
  let dir: string;
  const admin: CurrentUser = {
    id: "admin-1",
    email: "admin@example.com",
    role: "admin",
    isAdmin: true,
    isStaff: true,
  };

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    await database.db
      .insert(users)
      .values({ id: admin.id, name: "Admin", email: admin.email, emailVerified: true });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-upload-"));
    setMediaStorage(createLocalStorage(dir));
  });
  afterEach(async () => {
    setMediaStorage(undefined);
    fs.rmSync(dir, { recursive: true, force: true });
    await closeSiteDatabase(database);
  });

  it("stores the file under a generated name with its row, uploader and audit entry", async () => {
    const result = await handleMediaUpload(
      formUpload(PNG, "../../My Logo.PNG", { altText: "  Company logo " }),
      admin,
    );
    if (!result.ok) throw new Error(result.description);
    expect(result.item).toMatchObject({
      // The path a client sends is dropped; only the base name is kept.
      originalName: "My Logo.PNG",
      mimeType: "image/png",
      altText: "Company logo",
      kind: "image",
      width: 2,
      height: 2,
      uploadedSize: PNG.length,
    });
    expect(result.item.name).toMatch(/^\d{13}-[0-9a-f]{16}\.png$/);
    expect(result.item.url).toBe(`/media/${result.item.name}`);
    // Stored re-encoded (no metadata can survive), with its size as stored.
    const stored = fs.readFileSync(path.join(dir, result.item.name));
    expect(result.item.size).toBe(stored.length);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 2, height: 2 });
    const [row] = await database.db.select().from(webMedia);
    expect(row?.uploadedBy).toBe(admin.id);
    // The copies are beside it, each listed with its row; the thumbnail is the smallest WebP.
    const base = result.item.name.replace(/\.png$/, "");
    expect(row?.variants.map((variant) => variant.name).sort()).toEqual(
      [`${base}-v1-og.jpg`, `${base}-v1-w2.avif`, `${base}-v1-w2.webp`].sort(),
    );
    expect(fs.readdirSync(dir).sort()).toEqual(
      [result.item.name, ...(row?.variants.map((variant) => variant.name) ?? [])].sort(),
    );
    expect(result.item.thumbnailUrl).toBe(`/media/${base}-v1-w2.webp`);
    expect(row?.processedVersion).toBe(1);
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "media file"));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe("uploaded");
  });

  it("strips a photo's location before storing it, and deleting it removes every copy", async () => {
    const photo = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: "#808080" },
    })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2999/100" } })
      .toBuffer();
    const result = await handleMediaUpload(formUpload(photo, "holiday.jpg"), admin);
    if (!result.ok) throw new Error(result.description);
    expect(result.item).toMatchObject({ width: 1000, height: 750, mimeType: "image/jpeg" });
    const files = fs.readdirSync(dir);
    // 320, 640, 768, 960 and 1000 in AVIF and WebP, 320 to 960 in JPEG, the link preview, the
    // original.
    expect(files).toHaveLength(16);
    for (const file of files) {
      const meta = await sharp(path.join(dir, file)).metadata();
      expect(meta.exif, file).toBeUndefined();
    }
    expect(await deleteMedia(result.item.id)).toMatchObject({ id: result.item.id });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it.each([
    [
      "a decompression bomb",
      () => pngBomb(),
      "bomb.png",
      "The image is too large to process: 30,000 × 30,000 pixels. Upload an image of at most 50 megapixels (for example 8,000 × 6,000).",
    ],
    [
      "a truncated JPEG",
      async () =>
        truncated(
          await sharp({
            create: {
              width: 800,
              height: 600,
              channels: 3,
              background: "#000",
              noise: { type: "gaussian", mean: 128, sigma: 40 },
            },
          })
            .jpeg()
            .toBuffer(),
        ),
      "cut.jpg",
      DAMAGED_IMAGE,
    ],
  ])("refuses %s with a message and stores nothing", async (_, make, fileName, description) => {
    const result = await handleMediaUpload(formUpload(await make(), fileName), admin);
    expect(result).toEqual({ ok: false, status: 422, title: "Failed to upload file", description });
    expect(await database.db.select().from(webMedia)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("refuses an HTML page named .png and stores nothing", async () => {
    const result = await handleMediaUpload(formUpload(HTML, "innocent.png"), admin);
    expect(result).toEqual({
      ok: false,
      status: 415,
      title: "Failed to upload file",
      description: "The file is named .png but its content is plain text, not a PNG image.",
    });
    expect(await database.db.select().from(webMedia)).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe("handleMediaUpload into an S3 bucket", () => {
  let database: Database;
  let s3: FakeS3;
  const admin: CurrentUser = {
    id: "admin-1",
    email: "admin@example.com",
    role: "admin",
    isAdmin: true,
    isStaff: true,
  };

  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    database = await openSiteDatabase("pglite");
    await database.db
      .insert(users)
      .values({ id: admin.id, name: "Admin", email: admin.email, emailVerified: true });
    setMediaStorage(
      createS3Storage({
        bucket: s3.bucket,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        endpoint: s3.endpoint,
      }),
    );
  });
  afterEach(async () => {
    setMediaStorage(undefined);
    await closeSiteDatabase(database);
  });

  it("puts every copy beside the original, typed and cached for good, and deletes them with it", async () => {
    const photo = await sharp({
      create: { width: 700, height: 500, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const result = await handleMediaUpload(formUpload(photo, "bucket.jpg"), admin);
    if (!result.ok) throw new Error(result.description);
    const [row] = await database.db.select().from(webMedia);
    const names = [result.item.name, ...(row?.variants.map((variant) => variant.name) ?? [])];
    // 320, 640 and 700 in AVIF and WebP, 320 and 640 in JPEG, the link preview, the original.
    expect(names).toHaveLength(10);
    const types = new Set<string>();
    for (const name of names) {
      const response = await fetch(`${s3.endpoint}/${s3.bucket}/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      // Images show inline: no download disposition for them.
      expect(response.headers.get("content-disposition")).toBeNull();
      types.add(response.headers.get("content-type") ?? "");
      await response.arrayBuffer();
    }
    expect([...types].sort()).toEqual(["image/avif", "image/jpeg", "image/webp"]);

    await deleteMedia(result.item.id);
    for (const name of names) {
      const response = await fetch(`${s3.endpoint}/${s3.bucket}/${name}`);
      expect(response.status, name).toBe(404);
      await response.arrayBuffer();
    }
  });
});
