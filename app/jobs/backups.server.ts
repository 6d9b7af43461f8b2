import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { TZDate } from "@date-fns/tz";
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { type BackupSettings, backupSettingsFrom, siteTimeZoneFrom } from "~/content/site-defaults";
import { type BackupProgress, type BackupResult, backupSite } from "~/db/backup.server";
import { encryptFile } from "~/db/backup-crypto.server";
import type { Db } from "~/db/client.server";
import { webBackups, webJobs } from "~/db/schema.server";
import type { Env } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { createS3Bucket, type S3Bucket, s3SettingsFromEnv } from "~/media/storage.server";
import { readSettings } from "~/models/admin-settings.server";
import {
  claimJob,
  ensureJob,
  type JobClaim,
  releaseClaim,
  scheduleJob,
  whileClaimed,
} from "./job-claims.server";

/**
 * Automatic and on-demand backups of the whole site into DATA_DIR/backups: one job row
 * (web_jobs "backup") that the daily run and "Back up now" both claim, so one backup runs at a
 * time across every app process; one web_backups row per attempt for the Settings tab. An archive
 * is written beside its final name and renamed only when whole (createBackup), and older archives
 * are removed only after a new one succeeded, so a failed backup never costs a good one.
 *
 * An archive holds every secret of the site: the folder is the owner's only (0700, each archive
 * 0600), names carry a random part, and a copy leaves the machine only encrypted (age, to
 * BACKUP_AGE_RECIPIENT) into a bucket meant for it (BACKUP_S3_*), never the public media bucket.
 */

export const BACKUP_JOB = "backup";
/** The hour (site time zone) of the daily backup: the quietest, for most sites. */
export const DAILY_BACKUP_HOUR = 3;
/** After a failed daily backup, the next try. */
const RETRY_MS = 60 * 60_000;
/** How many attempts the Settings tab's history keeps. */
const HISTORY_KEPT = 50;
/** How often a running backup writes its progress for other processes to show. */
const PROGRESS_WRITE_MS = 1000;

const STAMPED = String.raw`site-backup-\d{4}-\d{2}-\d{2}T\d{6}\.\d{3}Z-[0-9a-f]{32}\.tar\.gz`;
/** An archive's name; those of earlier versions had neither milliseconds nor a random part. */
export const ARCHIVE_NAME = new RegExp(
  String.raw`^(?:${STAMPED}|site-backup-\d{4}-\d{2}-\d{2}T\d{6}Z\.tar\.gz)$`,
);
/** An encrypted copy's name in the backup bucket: the archive's name and ".age". */
export const OFFSITE_NAME = new RegExp(String.raw`^${STAMPED}\.age$`);

export function backupsDirOf(env: Pick<Env, "DATA_DIR">) {
  return path.join(env.DATA_DIR, "backups");
}

/**
 * "site-backup-2026-11-24T030000.123Z-<32 hex>.tar.gz": sorts by time and says when it was made;
 * the random part keeps anyone who knows roughly when backups run from finding one by its name.
 */
export function archiveNameFor(date: Date) {
  const stamp = date.toISOString().replaceAll(":", "");
  return `site-backup-${stamp}-${randomBytes(16).toString("hex")}.tar.gz`;
}

/**
 * Whether copies can leave the machine: "ready", or why not ("no-bucket": BACKUP_S3_* unset;
 * "no-recipient": a bucket but no BACKUP_AGE_RECIPIENT to encrypt to).
 */
export type OffsiteReadiness = "ready" | "no-bucket" | "no-recipient";

export function offsiteReadiness(env: Env): OffsiteReadiness {
  if (!s3SettingsFromEnv(env, "BACKUP_S3_")) return "no-bucket";
  return env.BACKUP_AGE_RECIPIENT ? "ready" : "no-recipient";
}

/** The first DAILY_BACKUP_HOUR:00 in `timeZone` strictly after `after`. */
export function nextDailyRun(after: Date, timeZone: string): Date {
  const local = new TZDate(after.getTime(), timeZone);
  const candidate = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    DAILY_BACKUP_HOUR,
    0,
    timeZone,
  );
  if (candidate.getTime() <= after.getTime()) candidate.setDate(candidate.getDate() + 1);
  return new Date(candidate.getTime());
}

/** What a backup run needs; tests replace the archive writer and the bucket. */
export interface BackupDeps {
  db: Db;
  env: Env;
  /** Writes the archive (default: backupSite, the whole database and every media file). */
  writeArchive?: (out: string, onProgress: (p: BackupProgress) => void) => Promise<BackupResult>;
  /** Where off-machine copies go (default: the backup bucket from the environment, when set). */
  bucket?: S3Bucket | null;
}

function bucketOf(deps: BackupDeps): S3Bucket | null {
  if (deps.bucket !== undefined) return deps.bucket;
  const settings = s3SettingsFromEnv(deps.env, "BACKUP_S3_");
  return settings ? createS3Bucket(settings) : null;
}

export type BackupRow = typeof webBackups.$inferSelect;

export interface RunningProgress {
  step: string;
  done: number;
  total: number;
}

/** Progress of the backups this process runs, read without the database (see readBackups). */
const runningHere = new Map<number, RunningProgress>();

function describe(progress: BackupProgress): RunningProgress {
  return progress.phase === "table"
    ? { step: "Step 1 of 2: database tables", done: progress.done, total: progress.total }
    : { step: "Step 2 of 2: media files", done: progress.done, total: progress.total };
}

export type StartOutcome =
  | { status: "started"; backup: BackupRow; finished: Promise<BackupRow> }
  | { status: "busy" };

/**
 * Starts a backup now (the admin's "Back up now"), unless one is running in any process. The
 * backup goes on in the background; `finished` settles with its row when it is done.
 */
export async function startBackup(
  deps: BackupDeps,
  requestedBy: { id: string; email: string },
): Promise<StartOutcome> {
  await ensureJob(deps.db, BACKUP_JOB, null);
  const claim = await claimJob(deps.db, BACKUP_JOB, { onlyWhenDue: false });
  if (!claim) return { status: "busy" };
  return begin(deps, claim, "manual", requestedBy, async () => {
    await releaseClaim(deps.db, claim);
  });
}

/**
 * The daily run, called on every tick of the job runner: starts a backup when the job is due and
 * no process holds it. The first run is scheduled for the next DAILY_BACKUP_HOUR after the job is
 * first seen; a day with backups switched off is skipped; a failure is tried again in an hour.
 * Answers the backup's `finished` promise (in an object: an async function cannot answer a promise
 * unawaited) when one started, for the runner not to wait for, or null when nothing was due.
 */
export async function runDueBackup(
  deps: BackupDeps,
): Promise<{ finished: Promise<BackupRow> } | null> {
  const { db } = deps;
  const [job] = await db
    .select({ nextRunAt: webJobs.nextRunAt })
    .from(webJobs)
    .where(eq(webJobs.name, BACKUP_JOB));
  if (!job?.nextRunAt) {
    // First seen (or made by "Back up now" before the first tick): due at the next backup hour.
    const first = nextDailyRun(new Date(), siteTimeZoneFrom(await readSettings(db)));
    if (job) await scheduleJob(db, BACKUP_JOB, first);
    else await ensureJob(db, BACKUP_JOB, first);
    return null;
  }
  if (job.nextRunAt.getTime() > Date.now()) return null;
  const claim = await claimJob(db, BACKUP_JOB, { onlyWhenDue: true });
  if (!claim) return null;
  const settingsMap = await readSettings(db);
  const zone = siteTimeZoneFrom(settingsMap);
  if (!backupSettingsFrom(settingsMap).daily) {
    await releaseClaim(db, claim, nextDailyRun(new Date(), zone));
    return null;
  }
  const started = await begin(deps, claim, "daily", null, async (row) => {
    const next = nextDailyRun(new Date(), zone);
    await releaseClaim(
      db,
      claim,
      row.status === "succeeded" ? next : new Date(Math.min(Date.now() + RETRY_MS, next.getTime())),
    );
  });
  return started.status === "started" ? { finished: started.finished } : null;
}

async function begin(
  deps: BackupDeps,
  claim: JobClaim,
  trigger: BackupRow["trigger"],
  requestedBy: { id: string; email: string } | null,
  release: (row: BackupRow) => Promise<void>,
): Promise<StartOutcome> {
  const { db } = deps;
  let backup: BackupRow;
  try {
    const [row] = await db
      .insert(webBackups)
      .values({
        trigger,
        claimToken: claim.token,
        fileName: archiveNameFor(new Date()),
        requestedBy: requestedBy?.id ?? null,
        requestedByEmail: requestedBy?.email ?? null,
        progress: { step: "Starting", done: 0, total: 0 },
      })
      .returning();
    backup = row as BackupRow;
  } catch (error) {
    await releaseClaim(db, claim).catch(() => {});
    throw error;
  }
  runningHere.set(backup.id, { step: "Starting", done: 0, total: 0 });
  const finished = whileClaimed(db, claim, () => run(deps, backup))
    .catch(async (error: unknown) => {
      // run() records its own failures; this is the database failing under it.
      logger.error({ err: error, backup: backup.id }, "backup could not be recorded");
      return { ...backup, status: "failed" as const, error: (error as Error).message };
    })
    .then(async (row) => {
      runningHere.delete(backup.id);
      await release(row).catch((error) =>
        logger.warn({ err: error }, "could not release the backup job"),
      );
      return row;
    });
  return { status: "started", backup, finished };
}

async function run(deps: BackupDeps, backup: BackupRow): Promise<BackupRow> {
  const { db, env } = deps;
  const dir = backupsDirOf(env);
  const settings = backupSettingsFrom(await readSettings(db));
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  // A folder made by an earlier version was readable by everyone on the machine.
  await fs.promises.chmod(dir, 0o700);
  await removeLeftovers(dir);

  let lastWrite = 0;
  let pendingWrite: Promise<unknown> = Promise.resolve();
  const onProgress = (progress: BackupProgress) => {
    const shown = describe(progress);
    runningHere.set(backup.id, shown);
    const now = Date.now();
    // For dashboards served by other processes; on the embedded database this waits for the
    // snapshot to end, so it is not awaited here.
    if (now - lastWrite >= PROGRESS_WRITE_MS || shown.done === shown.total) {
      lastWrite = now;
      pendingWrite = db
        .update(webBackups)
        .set({ progress: shown })
        .where(eq(webBackups.id, backup.id))
        .catch(() => {});
    }
  };

  const out = path.join(dir, backup.fileName);
  const writeArchive =
    deps.writeArchive ?? ((file: string, progress) => backupSite(deps.env, file, progress));
  let result: BackupResult;
  try {
    result = await writeArchive(out, onProgress);
  } catch (error) {
    await pendingWrite;
    const message = (error as Error).message || String(error);
    logger.error({ err: error, backup: backup.id, trigger: backup.trigger }, "backup failed");
    return finish(db, backup.id, { status: "failed", error: message });
  }
  await pendingWrite;

  const rows = Object.values(result.manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  const done: Partial<BackupRow> = {
    status: "succeeded",
    bytes: result.bytes,
    tables: Object.keys(result.manifest.tables).length,
    rows,
    files: result.manifest.files.length,
  };
  logger.info(
    { backup: backup.id, trigger: backup.trigger, file: backup.fileName, bytes: result.bytes },
    "backup written",
  );
  await pruneLocal(dir, settings.kept, backup.fileName);
  const offsite = await copyOffsite(deps, settings, out, backup.fileName);
  return finish(db, backup.id, { ...done, ...offsite });
}

async function finish(db: Db, id: number, values: Partial<BackupRow>): Promise<BackupRow> {
  const [row] = await db
    .update(webBackups)
    .set({ ...values, progress: null, finishedAt: new Date() })
    .where(eq(webBackups.id, id))
    .returning();
  await pruneHistory(db);
  return row as BackupRow;
}

/** Half-written archives of a run that died (the claim says no other run is writing now). */
async function removeLeftovers(dir: string) {
  for (const entry of await fs.promises.readdir(dir)) {
    if (entry.endsWith(".partial") || entry.startsWith(".backup-")) {
      await fs.promises.rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

/** The archives in the folder, oldest first. */
export async function listArchives(dir: string): Promise<string[]> {
  try {
    return (await fs.promises.readdir(dir)).filter((name) => ARCHIVE_NAME.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Keeps the newest `kept` archives (the one just written always among them). */
async function pruneLocal(dir: string, kept: number, newest: string) {
  const archives = (await listArchives(dir)).filter((name) => name !== newest);
  const remove = archives.slice(0, Math.max(0, archives.length - (kept - 1)));
  for (const name of remove) await fs.promises.rm(path.join(dir, name), { force: true });
}

/**
 * Copies the archive off the machine: encrypted to BACKUP_AGE_RECIPIENT first (the server can
 * write the copy, never read it back), into the backup bucket under the prefix setting.
 */
async function copyOffsite(
  deps: BackupDeps,
  settings: BackupSettings,
  file: string,
  name: string,
): Promise<Partial<BackupRow>> {
  if (settings.offsitePrefix === null) return {};
  const bucket = bucketOf(deps);
  if (!bucket) return {};
  const recipient = deps.env.BACKUP_AGE_RECIPIENT;
  if (!recipient) {
    return {
      offsiteError:
        "Not copied off this server: BACKUP_AGE_RECIPIENT is not set, and a copy leaves the server only encrypted.",
    };
  }
  const copyName = `${name}.age`;
  const key = `${settings.offsitePrefix}${copyName}`;
  const encrypted = `${file}.age.partial`;
  try {
    await encryptFile(file, recipient, encrypted);
    await bucket.putFile(key, encrypted, "application/octet-stream");
  } catch (error) {
    logger.warn({ err: error, key }, "backup could not be copied to the backup bucket");
    return { offsiteError: `The copy to the backup bucket failed: ${(error as Error).message}` };
  } finally {
    await fs.promises.rm(encrypted, { force: true });
  }
  try {
    const copies: string[] = [];
    for await (const object of bucket.list(settings.offsitePrefix)) {
      const rest = object.key.slice(settings.offsitePrefix.length);
      if (OFFSITE_NAME.test(rest) && rest !== copyName) copies.push(object.key);
    }
    copies.sort();
    for (const old of copies.slice(0, Math.max(0, copies.length - (settings.kept - 1)))) {
      await bucket.delete(old);
    }
  } catch (error) {
    // The new copy is there; older ones stay until the next backup prunes them.
    logger.warn({ err: error }, "older backups in the backup bucket could not be removed");
  }
  return { offsiteKey: key };
}

async function pruneHistory(db: Db) {
  const newest = db
    .select({ id: webBackups.id })
    .from(webBackups)
    .orderBy(desc(webBackups.id))
    .limit(HISTORY_KEPT);
  await db.delete(webBackups).where(notInArray(webBackups.id, newest));
}

// --- What the Settings tab shows ----------------------------------------------------------------

export type BackupState = "running" | "succeeded" | "failed" | "interrupted";

export interface BackupView {
  id: number;
  trigger: BackupRow["trigger"];
  state: BackupState;
  requestedByEmail: string | null;
  fileName: string;
  bytes: number | null;
  tables: number | null;
  rows: number | null;
  files: number | null;
  error: string | null;
  offsiteKey: string | null;
  offsiteError: string | null;
  startedAt: string;
  finishedAt: string | null;
  progress: RunningProgress | null;
  /** Whether the archive is in this server's DATA_DIR/backups (older ones are pruned). */
  onThisServer: boolean;
}

export interface BackupsOverview {
  backups: BackupView[];
  nextDailyAt: string | null;
  settings: BackupSettings;
  /** Whether off-machine copies are possible, or which setting they lack. */
  offsite: OffsiteReadiness;
}

/**
 * The newest attempts, each "running" one checked against the job's claim: a run whose claim is
 * gone (its process died, or the row came back with a restored backup) was interrupted.
 */
export async function readBackups(
  db: Db,
  env: Env,
  settingsMap: Map<string, string>,
  limit = 10,
): Promise<BackupsOverview> {
  const [rows, [job]] = await Promise.all([
    db.select().from(webBackups).orderBy(desc(webBackups.id)).limit(limit),
    db
      .select({
        nextRunAt: webJobs.nextRunAt,
        claimedBy: webJobs.claimedBy,
        live: sql<boolean>`${webJobs.claimedUntil} > now()`,
      })
      .from(webJobs)
      .where(eq(webJobs.name, BACKUP_JOB)),
  ]);
  const dir = backupsDirOf(env);
  const here = new Set(await listArchives(dir));
  const settings = backupSettingsFrom(settingsMap);
  return {
    backups: rows.map((row) => {
      const live = row.status === "running" && job?.live && job.claimedBy === row.claimToken;
      const state: BackupState =
        row.status === "running" ? (live ? "running" : "interrupted") : row.status;
      return {
        id: row.id,
        trigger: row.trigger,
        state,
        requestedByEmail: row.requestedByEmail,
        fileName: row.fileName,
        bytes: row.bytes,
        tables: row.tables,
        rows: row.rows,
        files: row.files,
        error: row.error,
        offsiteKey: row.offsiteKey,
        offsiteError: row.offsiteError,
        startedAt: row.startedAt.toISOString(),
        finishedAt: row.finishedAt?.toISOString() ?? null,
        progress: state === "running" ? (runningHere.get(row.id) ?? row.progress ?? null) : null,
        onThisServer: row.status === "succeeded" && here.has(row.fileName),
      };
    }),
    nextDailyAt: settings.daily && job?.nextRunAt ? job.nextRunAt.toISOString() : null,
    settings,
    offsite: offsiteReadiness(env),
  };
}

/** The path of a kept archive by its name, or null for a name that is not one of ours. */
export function archivePath(env: Env, name: string): string | null {
  if (!ARCHIVE_NAME.test(name)) return null;
  const file = path.join(backupsDirOf(env), name);
  return fs.existsSync(file) ? file : null;
}

/** The successful backup that wrote an archive (for the download's audit entry). */
export async function backupOfArchive(db: Db, name: string) {
  const [row] = await db
    .select()
    .from(webBackups)
    .where(and(eq(webBackups.fileName, name), eq(webBackups.status, "succeeded")))
    .orderBy(desc(webBackups.id))
    .limit(1);
  return row;
}
