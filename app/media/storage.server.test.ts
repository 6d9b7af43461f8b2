import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer, text } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3";
import {
  createLocalStorage,
  createS3Bucket,
  createS3Storage,
  type MediaStorage,
  parseListPage,
  putMediaFile,
  type S3Bucket,
  s3SettingsFromEnv,
} from "./storage.server";

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

describe("an S3 bucket client against a local fake S3 server", () => {
  let s3: FakeS3;
  let bucket: S3Bucket;
  let dir: string;
  beforeAll(async () => {
    s3 = await startFakeS3("bucket-client");
    bucket = createS3Bucket({
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      endpoint: s3.endpoint,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bucket-client-"));
  });
  afterAll(async () => {
    await s3?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function listAll(prefix?: string, pageSize?: number) {
    const found: { key: string; size: number }[] = [];
    for await (const object of bucket.list(prefix, { pageSize })) found.push(object);
    return found;
  }

  it("streams a file from disk, reads it back, and deletes it, under keys that are not media names", async () => {
    const file = path.join(dir, "archive.tar.gz");
    const bytes = randomBytes(300_000);
    fs.writeFileSync(file, bytes);
    const key = "backups/site 2026-01-02 (nightly)+1.tar.gz";
    await bucket.putFile(key, file, "application/gzip", {
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    expect(await bucket.head(key)).toEqual({ size: bytes.length });
    const stored = await bucket.get(key);
    if (!stored) throw new Error("the file was not stored");
    expect(stored.size).toBe(bytes.length);
    // Compared whole: toEqual walks a buffer byte by byte, for seconds.
    expect((await buffer(stored.body)).equals(bytes)).toBe(true);
    expect(await listAll("backups/")).toEqual([{ key, size: bytes.length }]);
    await bucket.delete(key);
    expect(await bucket.get(key)).toBeNull();
    expect(await bucket.head(key)).toBeNull();
    await bucket.delete(key);
  });

  it("lists every object over several pages, in key order, by prefix", async () => {
    const keys = [
      ...Array.from({ length: 7 }, (_, i) => `list/a-${i} & <more>.txt`),
      "list/b/nested/ü.txt",
      "other/c.txt",
    ];
    for (const [i, key] of keys.entries()) {
      await bucket.put(key, Buffer.alloc(i + 1, 1), { contentType: "text/plain" });
    }
    const listed = await listAll("list/", 3);
    expect(listed).toEqual(
      keys
        .filter((key) => key.startsWith("list/"))
        .sort()
        .map((key) => ({ key, size: keys.indexOf(key) + 1 })),
    );
    expect((await listAll(undefined, 2)).map((o) => o.key)).toContain("other/c.txt");
    for (const key of keys) await bucket.delete(key);
    expect(await listAll("list/")).toEqual([]);
  });

  it("uploads a media file with the headers its upload would have had", async () => {
    const file = path.join(dir, "upload.svg");
    fs.writeFileSync(file, "<svg></svg>");
    const name = "1763700000000-0123456789abcdef.svg";
    await putMediaFile(bucket, name, file);
    const response = await fetch(bucket.url(name));
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${name}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("<svg></svg>");
    await expect(putMediaFile(bucket, "backups/x.svg", file)).rejects.toThrow(
      /Not a media file name/,
    );
    await bucket.delete(name);
  });

  it("refuses keys that a URL would change", () => {
    for (const key of ["", "a//b", "/a", "a/../b", "./a", "a\nb"]) {
      expect(() => bucket.url(key)).toThrow(/Not an object key/);
    }
    expect(bucket.url("backups/a b+c!.tar.gz")).toBe(
      `${s3.endpoint}/${s3.bucket}/backups/a%20b%2Bc%21.tar.gz`,
    );
  });

  it("reports a failed upload with S3's error code", async () => {
    const missing = createS3Bucket({
      bucket: "no-such-bucket",
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      endpoint: s3.endpoint,
    });
    const file = path.join(dir, "small.txt");
    fs.writeFileSync(file, "x");
    await expect(missing.putFile("a.txt", file, "text/plain")).rejects.toThrow(
      /^S3 upload failed with 404 NoSuchBucket$/,
    );
    await expect(missing.list()[Symbol.asyncIterator]().next()).rejects.toThrow(
      /^S3 list failed with 404 NoSuchBucket$/,
    );
  });
});

describe("parseListPage", () => {
  it("decodes entities and URL-encoded keys, and follows the continuation token", () => {
    const page = parseListPage(`<?xml version="1.0" encoding="UTF-8"?>
<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name><Prefix></Prefix>
<KeyCount>2</KeyCount><MaxKeys>2</MaxKeys><IsTruncated>true</IsTruncated>
<Contents><Key>a &amp; b&#x20;&lt;c&gt;&#39;.txt</Key><Size>5</Size><ETag>&quot;x&quot;</ETag></Contents>
<Contents><Key>d.txt</Key><Size>0</Size></Contents>
<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
</ListBucketResult>`);
    expect(page.objects).toEqual([
      { key: "a & b <c>'.txt", size: 5 },
      { key: "d.txt", size: 0 },
    ]);
    expect(page.nextToken).toBe("1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=");

    const encoded = parseListPage(
      "<ListBucketResult><EncodingType>url</EncodingType><IsTruncated>false</IsTruncated><Contents><Key>a+b%2Bc%26%C3%BC</Key><Size>1</Size></Contents></ListBucketResult>",
    );
    expect(encoded).toEqual({ objects: [{ key: "a b+c&ü", size: 1 }], nextToken: undefined });
  });

  it("refuses a partial page without a token rather than stop early", () => {
    expect(() =>
      parseListPage("<ListBucketResult><IsTruncated>true</IsTruncated></ListBucketResult>"),
    ).toThrow(/without a continuation token/);
  });
});

describe("s3SettingsFromEnv", () => {
  it("needs the bucket and both keys", () => {
    const env = { DATA_DIR: "/tmp/x" } as Parameters<typeof s3SettingsFromEnv>[0];
    expect(s3SettingsFromEnv(env)).toBeUndefined();
    expect(
      s3SettingsFromEnv({
        ...env,
        S3_BUCKET: "media",
        S3_ACCESS_KEY_ID: "a",
        S3_SECRET_ACCESS_KEY: "b",
        S3_REGION: "eu-west-1",
      }),
    ).toEqual({
      bucket: "media",
      accessKeyId: "a",
      secretAccessKey: "b",
      region: "eu-west-1",
      endpoint: undefined,
      publicUrl: undefined,
    });
  });
});
