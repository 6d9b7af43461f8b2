import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import {
  createS3Bucket,
  createS3Storage,
  type S3Bucket,
  type S3Settings,
} from "~/media/storage.server";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { type BackupManifest, backupSite, createBackup } from "./backup.server";
import { type Database, openDatabase, setDatabase } from "./client.server";
import { RestoreError, restoreBackup } from "./restore.server";
import { users, webMedia } from "./schema.server";
import { seedDefaults } from "./seed.server";

const IMAGE = "1763700000000-0123456789abcdef.png";
const VARIANT = "1763700000000-0123456789abcdef-v1-w320.webp";
const SVG = "1763700000001-fedcba9876543210.svg";
const PDF = "1763700000002-00112233445566778899.pdf";
/** Written by the media library, as an upload would: every one belongs in a backup. */
const MEDIA: Record<string, { bytes: Buffer; contentType: string; contentDisposition?: string }> = {
  [IMAGE]: { bytes: randomBytes(90_000), contentType: "image/png" },
  [VARIANT]: { bytes: randomBytes(4_000), contentType: "image/webp" },
  [SVG]: {
    bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
    contentType: "image/svg+xml",
    contentDisposition: `attachment; filename="${SVG}"`,
  },
  [PDF]: {
    bytes: randomBytes(20_000),
    contentType: "application/pdf",
    contentDisposition: `attachment; filename="${PDF}"`,
  },
};
/** Kept in the same bucket by other means: never part of a backup. */
const NOT_MEDIA = ["backups/x.tar.gz", "notes.txt", "uploads/1763700000000-0123456789abcdef.png"];

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
/** The SESSION_SECRET of the site under test: its backups are signed with a key derived from it. */
const SECRET = "session-secret-of-the-backed-up-site-0123456789";

function settingsOf(s3: FakeS3): S3Settings {
  return {
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    endpoint: s3.endpoint,
  };
}

async function keysIn(bucket: S3Bucket) {
  const keys: string[] = [];
  for await (const { key } of bucket.list()) keys.push(key);
  return keys;
}

async function bytesOf(bucket: S3Bucket, key: string) {
  const stored = await bucket.get(key);
  if (!stored) throw new Error(`${key} is not in ${bucket.name}`);
  return buffer(stored.body);
}

async function seedSite(database: Database, s3: FakeS3) {
  const { db } = database;
  await seedDefaults(db);
  await db.insert(users).values({ id: "u1", name: "Ada", email: "ada@example.com" });
  await db.insert(webMedia).values(
    [IMAGE, SVG, PDF].map((name) => ({
      name,
      originalName: `original-${name}`,
      mimeType: MEDIA[name]?.contentType as string,
      size: MEDIA[name]?.bytes.length as number,
      uploadedBy: "u1",
    })),
  );
  const storage = createS3Storage(settingsOf(s3));
  for (const [name, { bytes, ...options }] of Object.entries(MEDIA)) {
    await storage.put(name, bytes, options);
  }
  const bucket = createS3Bucket(settingsOf(s3));
  for (const key of NOT_MEDIA) {
    await bucket.put(key, Buffer.from(`not media: ${key}`), { contentType: "text/plain" });
  }
}

describe.each(backends)("backup of a %s site whose media are in an S3 bucket", (backend) => {
  let work: string;
  let source: Database;
  let sourceS3: FakeS3;
  let targetS3: FakeS3;
  let archive: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-s3-test-"));
    [sourceS3, targetS3] = await Promise.all([
      startFakeS3("site-media"),
      startFakeS3("restored-media"),
    ]);
    source = await createTestDatabase(backend);
    await seedSite(source, sourceS3);
    const progress: string[] = [];
    const result = await createBackup({
      signingSecret: SECRET,
      database: source,
      media: { kind: "s3", bucket: createS3Bucket(settingsOf(sourceS3)) },
      out: path.join(work, "site.tar.gz"),
      onProgress: (p) => {
        if (p.phase === "file") progress.push(p.path);
      },
    });
    archive = result.path;
    manifest = result.manifest;
    expect(progress).toEqual(Object.keys(MEDIA).sort());
  }, 120_000);

  afterAll(async () => {
    await source?.close();
    await Promise.all([sourceS3?.close(), targetS3?.close()]);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("puts every media object in the archive, with the bucket's bytes, and nothing else", async () => {
    const bucket = createS3Bucket(settingsOf(sourceS3));
    expect(manifest.files.map((f) => f.path)).toEqual(Object.keys(MEDIA).sort());
    for (const file of manifest.files) {
      const stored = await bytesOf(bucket, file.path);
      expect(file).toEqual({ path: file.path, bytes: stored.length, sha256: sha256(stored) });
    }
    expect(manifest.tables.web_media?.rows).toBe(3);
    // The keys that are not media names are still in the bucket, only not in the backup.
    expect(await keysIn(bucket)).toEqual(expect.arrayContaining(NOT_MEDIA));
  });

  it("restores into a fresh data directory and another bucket with identical bytes", async () => {
    const dataDir = path.join(work, "target");
    const target = createS3Bucket(settingsOf(targetS3));
    const uploads: string[] = [];
    const report = await restoreBackup({
      signingSecret: SECRET,
      archive,
      target: { dataDir, media: { kind: "s3", bucket: target } },
      onProgress: (p) => {
        if (p.phase === "upload") uploads.push(p.path);
      },
    });
    expect(report.files).toBe(4);
    expect(report.bucket).toEqual({
      name: "restored-media",
      uploaded: 4,
      alreadyThere: 0,
      skipped: [],
    });
    expect(uploads.sort()).toEqual(Object.keys(MEDIA).sort());
    expect(report.tables.web_media).toBe(3);
    // The media went to the bucket only: no media folder beside the database.
    expect(fs.readdirSync(dataDir)).toEqual(["db"]);

    expect((await keysIn(target)).sort()).toEqual(Object.keys(MEDIA).sort());
    for (const [name, { bytes, contentType, contentDisposition }] of Object.entries(MEDIA)) {
      expect(sha256(await bytesOf(target, name))).toBe(sha256(bytes));
      // Stored as the upload stored it: an SVG or a document opened directly is a download.
      const response = await fetch(target.url(name), { method: "HEAD" });
      expect(response.headers.get("content-type")).toBe(contentType);
      expect(response.headers.get("content-disposition")).toBe(contentDisposition ?? null);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }

    const restored = await openDatabase({ dataDir });
    try {
      const again = await createBackup({
        signingSecret: SECRET,
        database: restored,
        media: { kind: "s3", bucket: target },
        out: path.join(work, "again.tar.gz"),
      });
      expect(again.manifest.tables).toEqual(manifest.tables);
      expect(again.manifest.files).toEqual(manifest.files);
    } finally {
      await restored.close();
    }

    // Again over it: the objects are there with their sizes, so none is sent twice.
    const forced = await restoreBackup({
      signingSecret: SECRET,
      archive,
      target: { dataDir, media: { kind: "s3", bucket: target } },
      force: true,
    });
    expect(forced.bucket).toMatchObject({ uploaded: 0, alreadyThere: 4 });
    expect(forced.previous?.dbDir).toMatch(/db\.before-restore-/);
    expect(forced.previous?.mediaDir).toBeUndefined();

    // An upload that fails stops the restore before the switch: the database stays as it was.
    const before = fs.readdirSync(dataDir).sort();
    const failing: S3Bucket = {
      ...target,
      async *list() {},
      putFile: async () => {
        throw new Error("S3 upload failed with 503 SlowDown");
      },
    };
    await expect(
      restoreBackup({
        signingSecret: SECRET,
        archive,
        target: { dataDir, media: { kind: "s3", bucket: failing } },
        force: true,
      }),
    ).rejects.toThrow(
      /^Could not put the media files into the bucket restored-media \(S3 upload failed with 503 SlowDown\); the database was not replaced\./,
    );
    expect(fs.readdirSync(dataDir).sort()).toEqual(before);
  }, 180_000);

  it("refuses a bucket it cannot read before it builds anything", async () => {
    const dataDir = path.join(work, "no-bucket");
    const missing = createS3Bucket({ ...settingsOf(targetS3), bucket: "no-such-bucket" });
    const error = await restoreBackup({
      signingSecret: SECRET,
      archive,
      target: { dataDir, media: { kind: "s3", bucket: missing } },
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(RestoreError);
    expect((error as Error).message).toMatch(
      /^Could not read the bucket no-such-bucket \(S3 list failed with 404 NoSuchBucket\); nothing was changed\.$/,
    );
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it("backs up the site the settings describe: the database in use and the bucket they name", async () => {
    const env = {
      ...parseEnv({ DATA_DIR: path.join(work, "site-data"), ...sourceS3.env }),
      SESSION_SECRET: "test",
    };
    setDatabase(source);
    try {
      const result = await backupSite(env, path.join(work, "from-env.tar.gz"));
      expect(result.manifest.files).toEqual(manifest.files);
      expect(result.manifest.tables).toEqual(manifest.tables);
    } finally {
      setDatabase(undefined);
    }
    // The data directory's media folder played no part.
    expect(fs.existsSync(path.join(work, "site-data", "media"))).toBe(false);
  }, 120_000);
});
