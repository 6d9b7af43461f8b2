import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3";
import { createLocalStorage, createS3Storage, type MediaStorage } from "./storage.server";

const NAME = "1763700000000-0123456789abcdef.txt";

function contractTests(make: () => MediaStorage) {
  it("stores, reads back and deletes a file", async () => {
    const storage = make();
    await storage.put(NAME, Buffer.from("hello media"), { contentType: "text/plain" });
    const stored = await storage.get(NAME);
    if (!stored) throw new Error("the file was not stored");
    expect(stored.size).toBe(11);
    expect(await text(stored.body)).toBe("hello media");
    await storage.delete(NAME);
    expect(await storage.get(NAME)).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete(NAME);
  });

  it("finds nothing for unknown names and refuses names it did not make", async () => {
    const storage = make();
    expect(await storage.get("1763700000000-ffffffffffffffff.png")).toBeNull();
    expect(await storage.get("../../etc/passwd")).toBeNull();
    await expect(
      storage.put("../escape.txt", Buffer.from("x"), { contentType: "text/plain" }),
    ).rejects.toThrow(/Not a media file name/);
    await expect(storage.delete("a/b.png")).rejects.toThrow(/Not a media file name/);
  });
}

describe("local storage", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "media-local-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  contractTests(() => createLocalStorage(path.join(dir, "media")));

  it("writes through a temporary file, leaving only the finished file", async () => {
    const storage = createLocalStorage(path.join(dir, "media"));
    await storage.put(NAME, Buffer.alloc(200_000, 7), { contentType: "text/plain" });
    expect(fs.readdirSync(path.join(dir, "media"))).toEqual([NAME]);
    expect(fs.statSync(path.join(dir, "media", NAME)).size).toBe(200_000);
    await storage.delete(NAME);
  });

  it("gives site-relative public URLs", () => {
    expect(createLocalStorage(dir).publicUrl(NAME)).toBe(`/media/${NAME}`);
  });
});

describe("S3 storage against a local fake S3 server", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  const make = () =>
    createS3Storage({
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      endpoint: s3.endpoint,
    });

  contractTests(make);

  it("stores the type, cache and download headers with the object, readable at the public URL", async () => {
    const storage = make();
    const name = "1763700000000-0123456789abcdef.svg";
    await storage.put(name, Buffer.from("<svg></svg>"), {
      contentType: "image/svg+xml",
      contentDisposition: `attachment; filename="${name}"`,
    });
    const url = storage.publicUrl(name);
    expect(url).toBe(`${s3.endpoint}/${s3.bucket}/${name}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("<svg></svg>");
    await storage.delete(name);
  });

  it("reports a refusal by the server without leaking the keys", async () => {
    const storage = createS3Storage({
      bucket: "no-such-bucket",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      endpoint: s3.endpoint,
    });
    const error = await storage
      .put(NAME, Buffer.from("x"), { contentType: "text/plain" })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^S3 upload failed with 404 NoSuchBucket$/);
  });

  it("uses S3_PUBLIC_URL for public addresses, and virtual-hosted AWS addresses by default", () => {
    const withCdn = createS3Storage({
      bucket: "media",
      accessKeyId: "a",
      secretAccessKey: "b",
      endpoint: s3.endpoint,
      publicUrl: "https://cdn.example.com/media/",
    });
    expect(withCdn.publicUrl(NAME)).toBe(`https://cdn.example.com/media/${NAME}`);
    const aws = createS3Storage({
      bucket: "media",
      accessKeyId: "a",
      secretAccessKey: "b",
      region: "eu-west-1",
    });
    expect(aws.publicUrl(NAME)).toBe(`https://media.s3.eu-west-1.amazonaws.com/${NAME}`);
  });
});
