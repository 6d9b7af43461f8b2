import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aboutPageSeeds } from "~/content/pages/about";
import { formPageSeeds } from "~/content/pages/forms";
import { homePageSeeds } from "~/content/pages/home";
import { legalPageSeeds } from "~/content/pages/legal";
import { productPages } from "~/content/pages/products";
import { servicePageSeeds } from "~/content/pages/services";
import type { Block } from "~/pages/blocks";
import { listLegalVersions } from "~/pages/legal-versions.server";
import { listPageRevisions } from "~/pages/page-revisions.server";
import { createPage, getPublishedPageByPath } from "~/pages/pages.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { type BackupManifest, createBackup, MANIFEST_ENTRY, readJournal } from "./backup.server";
import { encryptFile, SIGNATURE_ENTRY } from "./backup-crypto.server";
import { type Database, openDatabase, openPglite } from "./client.server";
import { migrationsUpTo, RestoreError, restoreBackup } from "./restore.server";
import {
  users,
  webCategories,
  webContactMessages,
  webIntegrations,
  webMedia,
  webNewsletterSubscriptions,
  webPostRevisions,
  webPosts,
  webSettings,
} from "./schema.server";
import { seedDefaults } from "./seed.server";

const IMAGE = randomBytes(70_000);
/** The SESSION_SECRET of the site under test: its backups are signed with a key derived from it. */
const SECRET = "session-secret-of-the-backed-up-site-0123456789";

async function seedSite(database: Database, mediaDir: string) {
  const { db } = database;
  await seedDefaults(db);
  await db.insert(users).values({ id: "u1", name: "Ada", email: "ada@example.com" });
  const [category] = await db
    .insert(webCategories)
    .values({ name: "News", slug: "news" })
    .returning();
  await db.insert(webPosts).values([
    {
      title: "Hello",
      slug: "hello",
      content: "# Hi\n\nSome **markdown** with 'quotes' and \"more\" and ünïcödé ✓",
      status: "published",
      publishedAt: new Date("2026-01-02T03:04:05.678Z"),
      authorId: "u1",
      categoryId: category?.id,
      viewCount: 42,
    },
    { title: "Draft", slug: "draft", content: "", excerpt: null },
  ]);
  await createPage(
    db,
    {
      title: "Spring offer",
      path: "/spring-offer",
      kind: "landing",
      status: "published",
      blocks: [PAGE_FAQ],
      metaDescription: "Twenty percent off in spring",
      noindex: false,
    },
    { saver: { id: "u1", name: "ada@example.com", source: "editor" } },
  );
  // A published legal document keeps its version (web_legal_versions).
  await createPage(
    db,
    {
      title: "Terms",
      path: "/terms",
      kind: "legal",
      status: "published",
      blocks: [],
      noindex: false,
      legalVersion: "1.0",
      effectiveDate: "2026-01-01",
    },
    { saver: { id: "u1", name: "ada@example.com", source: "editor" } },
  );
  await db
    .insert(webSettings)
    .values({ key: "site_name", value: "Restored Co" })
    .onConflictDoUpdate({ target: webSettings.key, set: { value: "Restored Co" } });
  await db
    .insert(webIntegrations)
    .values({ name: "backup-test", enabled: true, config: { apiKey: "secret", nested: [1, 2] } });
  await db
    .insert(webNewsletterSubscriptions)
    .values({ email: "reader@example.com", unsubscribeToken: "tok-1" });
  await db.insert(webContactMessages).values({
    firstName: "Grace",
    lastName: "Hopper",
    email: "grace@example.com",
    comments: "Call me",
    consent: true,
  });
  await db.insert(webMedia).values({
    name: "1700000000000-abc.png",
    originalName: "photo.png",
    mimeType: "image/png",
    size: IMAGE.length,
    uploadedBy: "u1",
    variants: [{ name: "1700000000000-abc-v1-w320.webp", width: 320 }] as never,
  });
  fs.mkdirSync(mediaDir, { recursive: true });
  fs.writeFileSync(path.join(mediaDir, "1700000000000-abc.png"), IMAGE);
  fs.writeFileSync(path.join(mediaDir, "1700000000000-abc-v1-w320.webp"), IMAGE.subarray(0, 999));
  // An upload under way is a hidden temporary file: not part of a backup.
  fs.writeFileSync(path.join(mediaDir, ".upload-0123456789abcdef.tmp"), "half");
}

const PAGE_FAQ: Block = {
  id: "faq1",
  type: "faq",
  v: 2,
  anchor: "faq",
  title: "Questions",
  items: [{ question: "Does it work on Sundays?", answer: "Yes — ünïcödé ✓ and 'quotes'." }],
};

function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

function listTree(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

/** Rewrites an archive with one byte of one entry changed (or the entry left out), keeping its manifest. */
async function tamper(
  archive: string,
  out: string,
  entryName: string,
  how: "flip" | "drop" = "flip",
) {
  const entries: { name: string; data: Buffer }[] = [];
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk) => chunks.push(chunk as Buffer));
    stream.on("end", () => {
      entries.push({ name: header.name, data: Buffer.concat(chunks) });
      next();
    });
  });
  extract.end(gunzipSync(fs.readFileSync(archive)));
  await new Promise<void>((resolve) => extract.on("finish", () => resolve()));
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on("data", (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const ended = new Promise<void>((resolve) => pack.on("end", () => resolve()));
  for (const entry of entries) {
    if (how === "drop" && entry.name === entryName) continue;
    const data = Buffer.from(entry.data);
    const at = Math.floor(data.length / 2);
    if (entry.name === entryName) data[at] = (data[at] ?? 0) ^ 0xff;
    pack.entry({ name: entry.name }, data);
  }
  pack.finalize();
  await ended;
  fs.writeFileSync(out, gzipSync(Buffer.concat(chunks)));
}

describe.each(backends)("backup of a %s site", (backend) => {
  let source: Database;
  let work: string;
  let archive: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    work = tempDir("backup-test-");
    source = await createTestDatabase(backend);
    await seedSite(source, path.join(work, "source", "media"));
    const progress: string[] = [];
    const result = await createBackup({
      signingSecret: SECRET,
      database: source,
      media: { kind: "local", dir: path.join(work, "source", "media") },
      out: path.join(work, "site.tar.gz"),
      onProgress: (p) => progress.push(p.phase),
    });
    archive = result.path;
    manifest = result.manifest;
    expect(progress).toContain("table");
    expect(progress).toContain("file");
  });

  afterAll(async () => {
    await source?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("writes one archive with a manifest of every table and file", () => {
    expect(fs.existsSync(archive)).toBe(true);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    expect(fs.readdirSync(work).filter((n) => n.startsWith(".backup-"))).toEqual([]);
    expect(manifest.database.kind).toBe(backend);
    expect(manifest.product.name).toBe("aisolutions-site");
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.tables.web_posts?.rows).toBe(2);
    expect(manifest.tables.web_posts?.columns).not.toContain("search_vector");
    expect(manifest.tables.web_contact_messages?.rows).toBe(1);
    expect(manifest.tables.web_newsletter_subscriptions?.rows).toBe(1);
    // The test's two pages and those the seed adds (products, demos, services, About, the forms',
    // home, legal).
    const seeded =
      productPages.length +
      servicePageSeeds.length +
      aboutPageSeeds.length +
      formPageSeeds.length +
      homePageSeeds.length +
      legalPageSeeds.length;
    expect(manifest.tables.web_pages?.rows).toBe(2 + seeded);
    expect(manifest.tables.web_page_revisions?.rows).toBe(2 + seeded);
    // The test's legal page's version and the seeded privacy, terms and cookie policies'.
    const seededVersions = legalPageSeeds.filter((page) => page.kind === "legal").length;
    expect(manifest.tables.web_legal_versions?.rows).toBe(1 + seededVersions);
    expect(Object.keys(manifest.tables)).not.toContain("__drizzle_migrations");
    expect(manifest.files.map((f) => f.path)).toEqual([
      "1700000000000-abc-v1-w320.webp",
      "1700000000000-abc.png",
    ]);
  });

  async function backUpAgain(database: Database, mediaDir: string) {
    const again = await createBackup({
      signingSecret: SECRET,
      database,
      media: { kind: "local", dir: mediaDir },
      out: path.join(work, `again-${randomBytes(3).toString("hex")}.tar.gz`),
    });
    return again.manifest;
  }

  function expectSameContent(restored: BackupManifest) {
    expect(restored.migration.hash).toBe(manifest.migration.hash);
    expect(restored.tables).toEqual(manifest.tables);
    expect(restored.files).toEqual(manifest.files);
  }

  it("restores into an empty data directory (PGlite) with every row and byte identical", async () => {
    const dataDir = path.join(work, "pglite-target");
    const report = await restoreBackup({ signingSecret: SECRET, archive, target: { dataDir } });
    expect(report.tables.web_posts).toBe(2);
    expect(report.files).toBe(2);
    expect(
      fs.readFileSync(path.join(dataDir, "media", "1700000000000-abc.png")).equals(IMAGE),
    ).toBe(true);
    expect(report.bucket).toBeUndefined();
    expect(fs.readdirSync(dataDir).sort()).toEqual(["db", "media"]);

    const restored = await openDatabase({ dataDir });
    try {
      expectSameContent(await backUpAgain(restored, path.join(dataDir, "media")));
      // The counters continue after the restored ids, and generated columns are back.
      const [post] = await restored.db
        .insert(webPosts)
        .values({ title: "After", slug: "after" })
        .returning();
      expect(post?.id).toBe(3);
      const found = (await restored.db.execute(
        "select slug from web_posts where search_vector @@ to_tsquery('english', 'markdown')",
      )) as unknown as { rows: { slug: string }[] };
      expect(found.rows.map((r) => r.slug)).toEqual(["hello"]);
      // A page comes back whole: its blocks, its SEO fields and its history.
      const page = await getPublishedPageByPath(restored.db, "/spring-offer");
      expect(page).toMatchObject({
        title: "Spring offer",
        kind: "landing",
        metaDescription: "Twenty percent off in spring",
        blocks: [PAGE_FAQ],
        unreadable: [],
      });
      expect(
        (await listPageRevisions(restored.db, page?.id ?? 0)).map((r) => r.savedByName),
      ).toEqual(["ada@example.com"]);
      const terms = await getPublishedPageByPath(restored.db, "/terms");
      expect(
        (await listLegalVersions(restored.db, terms?.id ?? 0)).map((v) => v.effectiveDate),
      ).toEqual(["2026-01-01"]);
    } finally {
      await restored.close();
    }

    // A second restore over it is refused without force, and leaves it as it was.
    const before = listTree(dataDir);
    await expect(
      restoreBackup({ signingSecret: SECRET, archive, target: { dataDir } }),
    ).rejects.toThrow(/--force/);
    expect(listTree(dataDir)).toEqual(before);

    const forced = await restoreBackup({
      signingSecret: SECRET,
      archive,
      target: { dataDir },
      force: true,
    });
    expect(forced.previous?.dbDir).toMatch(/db\.before-restore-/);
    expect(fs.existsSync(path.join(dataDir, "db", "PG_VERSION"))).toBe(true);
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)(
    "restores into a new PostgreSQL database with every row identical",
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `restore_${randomBytes(5).toString("hex")}`;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const dataDir = path.join(work, "postgres-target");
      try {
        const report = await restoreBackup({
          signingSecret: SECRET,
          archive,
          target: { dataDir, databaseUrl: url.toString() },
        });
        expect(report.tables.web_posts).toBe(2);
        const restored = await openDatabase({ dataDir, databaseUrl: url.toString() });
        try {
          expectSameContent(await backUpAgain(restored, path.join(dataDir, "media")));
        } finally {
          await restored.close();
        }
        await expect(
          restoreBackup({
            signingSecret: SECRET,
            archive,
            target: { dataDir, databaseUrl: url.toString() },
          }),
        ).rejects.toThrow(/--force/);
        const forced = await restoreBackup({
          signingSecret: SECRET,
          archive,
          target: { dataDir, databaseUrl: url.toString() },
          force: true,
        });
        expect(forced.previous?.database).toMatch(new RegExp(`^${name}_before_restore_`));

        // A server still connected to the target: refused at the switch, nothing changed.
        const busy = new pg.Client({ connectionString: url.toString() });
        await busy.connect();
        try {
          await expect(
            restoreBackup({
              signingSecret: SECRET,
              archive,
              target: { dataDir, databaseUrl: url.toString() },
              force: true,
            }),
          ).rejects.toThrow(/stop every server using it/);
          const posts = await busy.query("select count(*)::int as n from web_posts");
          expect(posts.rows[0]?.n).toBe(2);
        } finally {
          await busy.end();
        }
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        const abandoned = await admin.query(
          "select datname from pg_database where datname like $1",
          [`${name}_restore_%`],
        );
        await admin.end();
        expect(abandoned.rows).toEqual([]);
      } finally {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        const leftovers = await admin.query(
          "select datname from pg_database where datname like $1",
          [`${name}%`],
        );
        for (const { datname } of leftovers.rows) {
          await admin.query(`drop database if exists "${datname}" with (force)`);
        }
        await admin.end();
      }
    },
    180_000,
  );

  it.each([
    ["truncated", (bytes: Buffer) => bytes.subarray(0, Math.floor(bytes.length / 2))],
    [
      "with a flipped byte",
      (bytes: Buffer) => {
        const copy = Buffer.from(bytes);
        const at = Math.floor(copy.length / 3);
        copy[at] = (copy[at] ?? 0) ^ 0x01;
        return copy;
      },
    ],
  ])("refuses an archive %s and leaves the target untouched", async (_name, damage) => {
    const broken = path.join(work, `broken-${randomBytes(3).toString("hex")}.tar.gz`);
    fs.writeFileSync(broken, damage(fs.readFileSync(archive)));
    const dataDir = path.join(work, `untouched-${randomBytes(3).toString("hex")}`);
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "marker"), "x");
    await expect(
      restoreBackup({ signingSecret: SECRET, archive: broken, target: { dataDir } }),
    ).rejects.toThrow(RestoreError);
    expect(listTree(dataDir)).toEqual(["marker"]);
  });

  it("is readable by its owner only, in a folder of the owner's", async () => {
    expect(fs.statSync(archive).mode & 0o777).toBe(0o600);
    const { path: nested } = await createBackup({
      signingSecret: SECRET,
      database: source,
      media: { kind: "local", dir: path.join(work, "source", "media") },
      out: path.join(work, "new-folder", "copy.tar.gz"),
    });
    expect(fs.statSync(nested).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(nested)).mode & 0o777).toBe(0o700);
  });

  it("refuses an archive another site signed, or none did, unless told to accept it", async () => {
    const dataDir = path.join(work, "untouched-signature");
    // The same archive, checked by a site with another SESSION_SECRET.
    await expect(
      restoreBackup({
        signingSecret: "another-site-s-session-secret-0123456789",
        archive,
        target: { dataDir },
      }),
    ).rejects.toThrow(/was signed by another site, or changed after it was made.*--unsigned/);
    // One planted without a signature.
    const unsigned = path.join(work, "unsigned.tar.gz");
    await tamper(archive, unsigned, SIGNATURE_ENTRY, "drop");
    await expect(
      restoreBackup({ signingSecret: SECRET, archive: unsigned, target: { dataDir } }),
    ).rejects.toThrow(/is not signed/);
    expect(listTree(dataDir)).toEqual([]);

    const report = await restoreBackup({
      signingSecret: SECRET,
      archive: unsigned,
      target: { dataDir },
      acceptUnsigned: true,
    });
    expect(report.signature).toBe("unsigned");
    expect(report.tables.web_posts).toBe(2);
  });

  it("restores an archive encrypted to the site's age recipient with the matching identity", async () => {
    const identity = await generateX25519Identity();
    const encrypted = path.join(work, "site.tar.gz.age");
    await encryptFile(archive, await identityToRecipient(identity), encrypted);
    const dataDir = path.join(work, "restored-encrypted");
    await expect(
      restoreBackup({ signingSecret: SECRET, archive: encrypted, target: { dataDir } }),
    ).rejects.toThrow(/is encrypted \(age\).*--identity KEYFILE/);
    await expect(
      restoreBackup({
        signingSecret: SECRET,
        archive: encrypted,
        target: { dataDir },
        identities: [await generateX25519Identity()],
      }),
    ).rejects.toThrow(/could not be decrypted with the given key/);
    expect(listTree(dataDir)).toEqual([]);
    const report = await restoreBackup({
      signingSecret: SECRET,
      archive: encrypted,
      target: { dataDir },
      identities: [identity],
    });
    expect(report.signature).toBe("valid");
    expect(report.tables.web_posts).toBe(2);
    expect(fs.readFileSync(path.join(dataDir, "media", "1700000000000-abc.png"))).toEqual(IMAGE);
  });

  it("refuses an archive whose contents do not match the manifest's checksums", async () => {
    const tampered = path.join(work, "tampered.tar.gz");
    await tamper(archive, tampered, "media/1700000000000-abc.png");
    const dataDir = path.join(work, "untouched-tampered");
    await expect(
      restoreBackup({ signingSecret: SECRET, archive: tampered, target: { dataDir } }),
    ).rejects.toThrow(/media\/1700000000000-abc\.png does not match its checksum/);
    expect(listTree(dataDir)).toEqual([]);

    const noManifest = path.join(work, "no-manifest.tar.gz");
    await tamper(archive, noManifest, MANIFEST_ENTRY);
    await expect(
      restoreBackup({ signingSecret: SECRET, archive: noManifest, target: { dataDir } }),
    ).rejects.toThrow(RestoreError);
  });
});

describe.each(backends)("backup of a %s site while it is written to", (backend) => {
  it("reads every table from one snapshot", async () => {
    const work = tempDir("backup-writes-");
    const database = await createTestDatabase(backend);
    try {
      await seedSite(database, path.join(work, "media"));
      let writing = true;
      let written = 0;
      // Each post is written with its revision in one transaction: a consistent dump has as
      // many revisions as posts written here, never one without the other.
      const writer = (async () => {
        while (writing) {
          await database.db.transaction(async (tx) => {
            const [post] = await tx
              .insert(webPosts)
              .values({ title: `Busy ${written}`, slug: `busy-${written}` })
              .returning();
            await tx.insert(webPostRevisions).values({
              postId: post?.id as number,
              version: 1,
              title: `Busy ${written}`,
              slug: `busy-${written}`,
              content: "",
              status: "draft",
              source: "editor",
            });
          });
          written++;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 30));
      const { manifest } = await createBackup({
        signingSecret: SECRET,
        database,
        media: { kind: "local", dir: path.join(work, "media") },
        out: path.join(work, "busy.tar.gz"),
      });
      writing = false;
      await writer;
      expect(written).toBeGreaterThan(0);
      const posts = manifest.tables.web_posts?.rows ?? 0;
      expect(manifest.tables.web_post_revisions?.rows).toBe(posts - 2);
    } finally {
      await database.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});

describe("backup of an older version's database", () => {
  it("restores at its own migration, then migrates forward", async () => {
    const work = tempDir("backup-older-");
    const journal = readJournal();
    const older = journal.at(-2)?.tag as string;
    const client = await PGlite.create();
    const database = openPglite(client);
    try {
      await migratePglite(database.db as never, {
        migrationsFolder: migrationsUpTo(older, path.join(work, "migrations")),
      });
      await database.db.insert(webCategories).values({ name: "Old", slug: "old" });
      const { path: archive, manifest } = await createBackup({
        signingSecret: SECRET,
        database,
        media: { kind: "local", dir: path.join(work, "no-media") },
        out: path.join(work, "older.tar.gz"),
      });
      expect(manifest.migration.tag).toBe(older);
      const dataDir = path.join(work, "target");
      const report = await restoreBackup({ signingSecret: SECRET, archive, target: { dataDir } });
      expect(report.migratedForward).toEqual([journal.at(-1)?.tag]);
      expect(report.tables.web_categories).toBe(1);
      const restored = await openDatabase({ dataDir });
      try {
        const again = await createBackup({
          signingSecret: SECRET,
          database: restored,
          media: { kind: "local", dir: path.join(dataDir, "media") },
          out: path.join(work, "after.tar.gz"),
        });
        expect(again.manifest.migration.tag).toBe(journal.at(-1)?.tag);
        expect(again.manifest.tables.web_categories?.sha256).toBe(
          manifest.tables.web_categories?.sha256,
        );
      } finally {
        await restored.close();
      }
    } finally {
      await database.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, 180_000);
});
