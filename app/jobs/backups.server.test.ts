import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { Decrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BackupProgress, BackupResult } from "~/db/backup.server";
import { type Database, openDatabase } from "~/db/client.server";
import { restoreBackup } from "~/db/restore.server";
import { users, webBackups, webJobs, webPosts, webSettings } from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { createS3Bucket, type S3Bucket } from "~/media/storage.server";
import { type FakeS3, startFakeS3 } from "../../tests/support/fake-s3";
import { backends, openSiteDatabase } from "../../tests/support/test-database";
import {
  BACKUP_JOB,
  type BackupDeps,
  type BackupRow,
  listArchives,
  nextDailyRun,
  OFFSITE_NAME,
  readBackups,
  runDueBackup,
  startBackup,
} from "./backups.server";
import { LEASE_MS } from "./job-claims.server";

describe("nextDailyRun", () => {
  it("is the next 03:00 in the site's time zone", () => {
    expect(nextDailyRun(new Date("2026-11-24T02:59:00Z"), "UTC").toISOString()).toBe(
      "2026-11-24T03:00:00.000Z",
    );
    expect(nextDailyRun(new Date("2026-11-24T03:00:00Z"), "UTC").toISOString()).toBe(
      "2026-11-25T03:00:00.000Z",
    );
    // 03:00 in Berlin is 02:00 UTC in winter.
    expect(nextDailyRun(new Date("2026-11-24T12:00:00Z"), "Europe/Berlin").toISOString()).toBe(
      "2026-11-25T02:00:00.000Z",
    );
    // Across the spring change in New York (8 March 2026), 03:00 is 07:00 UTC after it.
    expect(nextDailyRun(new Date("2026-03-08T06:00:00Z"), "America/New_York").toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
  });
});

const admin = { id: "admin-1", email: "ada@example.com" };

describe.each(backends)("automatic backups (%s)", (backend) => {
  let database: Database;
  let env: Env;
  let work: string;

  beforeAll(async () => {
    database = await openSiteDatabase(backend);
    await database.db.insert(users).values({ id: admin.id, name: "Ada", email: admin.email });
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-job-"));
    env = loadEnv({ DATA_DIR: work });
    await database.db.delete(webBackups);
    await database.db.delete(webJobs);
    await setSetting("backups_daily", "on");
    await setSetting("backups_kept", "7");
    return () => fs.rmSync(work, { recursive: true, force: true });
  });

  async function setSetting(key: string, value: string) {
    await database.db
      .insert(webSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: webSettings.key, set: { value } });
  }

  async function makeDue() {
    await database.db
      .update(webJobs)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(webJobs.name, BACKUP_JOB));
  }

  async function job() {
    const [row] = await database.db.select().from(webJobs).where(eq(webJobs.name, BACKUP_JOB));
    return row;
  }

  /** A stand-in archive writer: fast, and able to fail like a full disk would. */
  function fakeArchive(fail?: string): NonNullable<BackupDeps["writeArchive"]> {
    return async (out: string, onProgress: (p: BackupProgress) => void) => {
      onProgress({ phase: "table", table: "web_posts", rows: 1, done: 1, total: 1 });
      if (fail) throw new Error(fail);
      fs.writeFileSync(out, "archive");
      return {
        path: out,
        bytes: 7,
        manifest: { tables: { web_posts: { rows: 1 } }, files: [] },
      } as unknown as BackupResult;
    };
  }

  async function dailyBackup(deps: Partial<BackupDeps> = {}) {
    await makeDue();
    const started = await runDueBackup({ db: database.db, env, bucket: null, ...deps });
    expect(started).not.toBeNull();
    return (await started?.finished) as BackupRow;
  }

  it("schedules the first daily backup for 03:00 and backs up the whole site when it is due", async () => {
    const before = Date.now();
    expect(await runDueBackup({ db: database.db, env })).toBeNull();
    const scheduled = await job();
    expect(scheduled?.nextRunAt?.getTime()).toBe(nextDailyRun(new Date(before), "UTC").getTime());
    expect(await database.db.select().from(webBackups)).toEqual([]);

    // Due: the real archive, with every table and the posts of this site.
    const row = await dailyBackup({ bucket: undefined });
    expect(row.status).toBe("succeeded");
    expect(row.trigger).toBe("daily");
    const archives = await listArchives(path.join(work, "backups"));
    expect(archives).toEqual([row.fileName]);
    // It holds every secret of the site: a name nobody can guess, readable by the owner only.
    expect(row.fileName).toMatch(
      /^site-backup-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f]{32}\.tar\.gz$/,
    );
    expect(fs.statSync(path.join(work, "backups")).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(work, "backups", row.fileName)).mode & 0o777).toBe(0o600);
    const bytes = fs.statSync(path.join(work, "backups", row.fileName)).size;
    expect(row.bytes).toBe(bytes);
    expect(row.tables).toBeGreaterThan(20);
    expect(row.rows).toBeGreaterThanOrEqual(await database.db.$count(webPosts));
    // Done for the day: next due at the following 03:00, and the claim is given back.
    const after = await job();
    expect(after?.claimedBy).toBeNull();
    expect(after?.nextRunAt?.getTime()).toBe(nextDailyRun(new Date(), "UTC").getTime());
    expect(await runDueBackup({ db: database.db, env })).toBeNull();

    // The archive holds its own backup as running, with the job claimed: a restored site shows
    // that backup as the one that made it, and may back up at once.
    if (backend !== "pglite") return;
    const restoredDir = path.join(work, "restored");
    await restoreBackup({
      signingSecret: env.SESSION_SECRET,
      archive: path.join(work, "backups", row.fileName),
      target: { dataDir: restoredDir },
    });
    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const [copy] = await restored.db.select().from(webBackups);
      expect(copy).toMatchObject({ id: row.id, status: "succeeded", error: null });
      expect((await restored.db.select().from(webJobs))[0]?.claimedBy).toBeNull();
    } finally {
      await restored.close();
    }
  }, 120_000);

  it("runs once when two processes find it due at the same moment", async () => {
    await runDueBackup({ db: database.db, env });
    await makeDue();
    const deps = { db: database.db, env, bucket: null, writeArchive: fakeArchive() };
    const [a, b] = await Promise.all([runDueBackup(deps), runDueBackup(deps)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    await (a ?? b)?.finished;
    expect(await database.db.select().from(webBackups)).toHaveLength(1);
  });

  it("keeps the newest archives, and a failed backup never costs a good one", async () => {
    await setSetting("backups_kept", "2");
    await runDueBackup({ db: database.db, env });
    const names: string[] = [];
    for (let i = 0; i < 3; i++) {
      const row = await dailyBackup({ writeArchive: fakeArchive() });
      names.push(row.fileName);
    }
    const dir = path.join(work, "backups");
    expect(await listArchives(dir)).toEqual(names.slice(1));

    // Leftovers of a run that died are cleared; a failing run keeps both good archives.
    fs.writeFileSync(path.join(dir, "site-backup-2026-01-01T000000Z.tar.gz.partial"), "half");
    const failed = await dailyBackup({ writeArchive: fakeArchive("No space left on device") });
    expect(failed.status).toBe("failed");
    expect(failed.error).toBe("No space left on device");
    expect(fs.readdirSync(dir).sort()).toEqual(names.slice(1));
    // Tried again within the hour, not tomorrow.
    const retry = (await job())?.nextRunAt?.getTime() ?? 0;
    expect(retry).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    const overview = await readBackups(database.db, env, new Map());
    expect(overview.backups.map((b) => b.state)).toEqual([
      "failed",
      "succeeded",
      "succeeded",
      "succeeded",
    ]);
    // The oldest archive was pruned: listed, but no longer downloadable here.
    expect(overview.backups.map((b) => b.onThisServer)).toEqual([false, true, true, false]);
  });

  it("skips the day when daily backups are off", async () => {
    await setSetting("backups_daily", "off");
    await runDueBackup({ db: database.db, env });
    await makeDue();
    expect(await runDueBackup({ db: database.db, env, writeArchive: fakeArchive() })).toBeNull();
    expect(await database.db.select().from(webBackups)).toEqual([]);
    expect((await job())?.nextRunAt?.getTime()).toBeGreaterThan(Date.now());
    expect(
      (await readBackups(database.db, env, new Map([["backups_daily", "off"]]))).nextDailyAt,
    ).toBeNull();
  });

  it("answers busy to Back up now while a backup runs, and shows its progress", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow: BackupDeps["writeArchive"] = async (out, onProgress) => {
      onProgress({ phase: "file", path: "a.png", done: 3, total: 10 });
      await gate;
      return fakeArchive()(out, () => {});
    };
    const first = await startBackup(
      { db: database.db, env, bucket: null, writeArchive: slow },
      admin,
    );
    expect(first.status).toBe("started");
    const second = await startBackup({ db: database.db, env, bucket: null }, admin);
    expect(second.status).toBe("busy");

    await expect
      .poll(async () => (await readBackups(database.db, env, new Map())).backups[0])
      .toMatchObject({
        state: "running",
        trigger: "manual",
        requestedByEmail: "ada@example.com",
        progress: { step: "Step 2 of 2: media files", done: 3, total: 10 },
      });
    release();
    if (first.status === "started") expect((await first.finished).status).toBe("succeeded");
    expect(
      (
        await startBackup(
          { db: database.db, env, bucket: null, writeArchive: fakeArchive() },
          admin,
        )
      ).status,
    ).toBe("started");
  });

  it("shows a run whose claim is gone (its process died, or it came with a restore) as interrupted", async () => {
    await database.db.insert(webJobs).values({
      name: BACKUP_JOB,
      claimedBy: "gone",
      claimedUntil: new Date(Date.now() - LEASE_MS),
    });
    await database.db.insert(webBackups).values({
      trigger: "daily",
      claimToken: "gone",
      fileName: "site-backup-2026-01-01T030000Z.tar.gz",
    });
    const overview = await readBackups(database.db, env, new Map());
    expect(overview.backups[0]?.state).toBe("interrupted");
    // And the job is free again.
    const started = await startBackup(
      { db: database.db, env, bucket: null, writeArchive: fakeArchive() },
      admin,
    );
    expect(started.status).toBe("started");
    if (started.status === "started") await started.finished;
  });

  describe("copies off the machine", () => {
    let s3: FakeS3;
    let media: FakeS3;
    let bucket: S3Bucket;
    let mediaBucket: S3Bucket;
    /** The age key pair of the site's owner: the server is given the recipient only. */
    let identity: string;
    let recipient: string;
    const bucketOf = (fake: FakeS3) =>
      createS3Bucket({
        bucket: fake.bucket,
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
        endpoint: fake.endpoint,
      });
    beforeAll(async () => {
      [s3, media] = await Promise.all([startFakeS3("offsite"), startFakeS3("media")]);
      bucket = bucketOf(s3);
      mediaBucket = bucketOf(media);
      identity = await generateX25519Identity();
      recipient = await identityToRecipient(identity);
    });
    afterAll(async () => {
      await Promise.all([s3?.close(), media?.close()]);
    });
    beforeEach(() => {
      env = loadEnv({ DATA_DIR: work, BACKUP_AGE_RECIPIENT: recipient });
    });

    async function keys(prefix: string, from = bucket) {
      const found: string[] = [];
      for await (const object of from.list(prefix)) found.push(object.key);
      return found.sort();
    }

    async function decrypt(key: string, withIdentity: string) {
      const copy = await bucket.get(key);
      if (!copy) throw new Error(`${key} is not in the bucket`);
      const decrypter = new Decrypter();
      decrypter.addIdentity(withIdentity);
      return decrypter.decrypt(new Uint8Array(await buffer(copy.body)), "text");
    }

    it("puts each archive, encrypted to the recipient, under the prefix and keeps the newest there too", async () => {
      await setSetting("backups_kept", "2");
      await setSetting("backups_s3_prefix", `site-${backend}/`);
      await runDueBackup({ db: database.db, env });
      const rows = [];
      for (let i = 0; i < 3; i++)
        rows.push(await dailyBackup({ bucket, writeArchive: fakeArchive() }));
      const key = `site-${backend}/${rows[2]?.fileName}.age`;
      expect(rows[2]?.offsiteKey).toBe(key);
      expect(key.slice(`site-${backend}/`.length)).toMatch(OFFSITE_NAME);
      expect(await keys(`site-${backend}/`)).toEqual(
        rows.slice(1).map((row) => `site-${backend}/${row.fileName}.age`),
      );
      // Readable with the owner's identity, and with no other key.
      expect(await decrypt(key, identity)).toBe("archive");
      await expect(decrypt(key, await generateX25519Identity())).rejects.toThrow(
        /no identity matched/,
      );
      // Nothing unencrypted was left beside the archives.
      expect(fs.readdirSync(path.join(work, "backups")).sort()).toEqual(
        rows.slice(1).map((row) => row.fileName),
      );
    });

    it("never copies a backup into the media bucket: only into the bucket meant for backups", async () => {
      await setSetting("backups_s3_prefix", "backups/");
      // Media in a bucket, and no bucket for backups: the copy stays on this server.
      env = loadEnv({ DATA_DIR: work, BACKUP_AGE_RECIPIENT: recipient, ...media.env });
      await runDueBackup({ db: database.db, env });
      const kept = await dailyBackup({ bucket: undefined, writeArchive: fakeArchive() });
      expect(kept).toMatchObject({ status: "succeeded", offsiteKey: null, offsiteError: null });
      expect(await keys("", mediaBucket)).toEqual([]);
      expect((await readBackups(database.db, env, new Map())).offsite).toBe("no-bucket");

      // With a backup bucket of its own set, the copy goes there, encrypted.
      env = loadEnv({
        DATA_DIR: work,
        BACKUP_AGE_RECIPIENT: recipient,
        ...media.env,
        BACKUP_S3_ENDPOINT: s3.endpoint,
        BACKUP_S3_BUCKET: s3.bucket,
        BACKUP_S3_ACCESS_KEY_ID: s3.accessKeyId,
        BACKUP_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      });
      const copied = await dailyBackup({ bucket: undefined, writeArchive: fakeArchive() });
      expect(copied.offsiteKey).toBe(`backups/${copied.fileName}.age`);
      expect(await keys("backups/")).toContain(copied.offsiteKey);
      expect(await decrypt(copied.offsiteKey as string, identity)).toBe("archive");
      expect(await keys("", mediaBucket)).toEqual([]);
      expect((await readBackups(database.db, env, new Map())).offsite).toBe("ready");
    });

    it("copies nothing without a recipient to encrypt to, and says why", async () => {
      await setSetting("backups_s3_prefix", `plain-${backend}/`);
      env = loadEnv({ DATA_DIR: work });
      await runDueBackup({ db: database.db, env });
      const row = await dailyBackup({ bucket, writeArchive: fakeArchive() });
      expect(row.status).toBe("succeeded");
      expect(row.offsiteKey).toBeNull();
      expect(row.offsiteError).toMatch(/BACKUP_AGE_RECIPIENT is not set/);
      expect(await keys(`plain-${backend}/`)).toEqual([]);
    });

    it("keeps the backup and says so when the copy fails", async () => {
      await runDueBackup({ db: database.db, env });
      const down = createS3Bucket({
        bucket: "no-such-bucket",
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        endpoint: s3.endpoint,
      });
      const row = await dailyBackup({ bucket: down, writeArchive: fakeArchive() });
      expect(row.status).toBe("succeeded");
      expect(row.offsiteKey).toBeNull();
      expect(row.offsiteError).toMatch(/^The copy to the backup bucket failed: /);
      expect(await listArchives(path.join(work, "backups"))).toEqual([row.fileName]);
    });

    it("copies nothing when the copy is switched off", async () => {
      await setSetting("backups_offsite", "off");
      await setSetting("backups_s3_prefix", `off-${backend}/`);
      await runDueBackup({ db: database.db, env });
      const row = await dailyBackup({ bucket, writeArchive: fakeArchive() });
      expect(row.offsiteKey).toBeNull();
      expect(await keys(`off-${backend}/`)).toEqual([]);
      await setSetting("backups_offsite", "on");
    });
  });
});
