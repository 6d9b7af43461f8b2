import { createHash } from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { type SQL, sql } from "drizzle-orm";
import tar from "tar-stream";
import type { Env } from "~/env.server";
import { projectRoot } from "~/lib/project-root.server";
import { MEDIA_NAME_PATTERN } from "~/media/rules";
import { createS3Bucket, type S3Bucket, s3SettingsFromEnv } from "~/media/storage.server";
import { SIGNATURE_ENTRY, signManifest } from "./backup-crypto.server";
import { type Database, type Db, getDatabase } from "./client.server";

/**
 * Bumped when the archive's layout changes in a way an older restore could not read. Format 2
 * added the manifest's signature (SIGNATURE_ENTRY); format 1 archives restore as unsigned.
 */
export const BACKUP_FORMAT = 2;

export interface BackupManifest {
  format: number;
  product: { name: string; version: string };
  createdAt: string;
  database: { kind: Database["kind"] };
  /** The newest migration applied to the database that was backed up. */
  migration: { tag: string; hash: string; createdAt: number };
  /** Per table: its dumped columns (generated ones are left out), rows, and the SHA-256 of its JSON Lines file. */
  tables: Record<string, { columns: string[]; rows: number; sha256: string }>;
  /** Media files, by their path below the media folder (always with forward slashes). */
  files: { path: string; bytes: number; sha256: string }[];
}

export type BackupProgress =
  | { phase: "table"; table: string; rows: number; done: number; total: number }
  | { phase: "file"; path: string; done: number; total: number };

/**
 * Where a site's media files are: a folder (DATA_DIR/media), or an S3 bucket. A backup reads
 * them from one; a restore writes them to one.
 */
export type MediaLocation = { kind: "local"; dir: string } | { kind: "s3"; bucket: S3Bucket };

/** The media location the settings choose: the bucket when S3_BUCKET and its keys are set. */
export function mediaLocationFromEnv(env: Env): MediaLocation {
  const s3 = s3SettingsFromEnv(env);
  return s3
    ? { kind: "s3", bucket: createS3Bucket(s3) }
    : { kind: "local", dir: path.join(env.DATA_DIR, "media") };
}

export interface BackupResult {
  path: string;
  bytes: number;
  manifest: BackupManifest;
}

// Names inside the archive.
export const MANIFEST_ENTRY = "manifest.json";
export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const mediaEntry = (file: string) => `media/${file}`;

const FETCH_ROWS = 500;

type Rows<T> = { rows: T[] };
async function query<T>(db: Pick<Db, "execute">, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

interface TableShape {
  name: string;
  columns: string[];
  orderBy: string[];
}

/**
 * The tables our migrations created: every base table in `public` (drizzle keeps its own
 * bookkeeping in the `drizzle` schema), with the columns a restore can write (generated columns,
 * such as the posts' search vector, are computed again) and the primary key to order rows by, so
 * that the same data always dumps to the same bytes.
 */
export async function listTables(db: Pick<Db, "execute">): Promise<TableShape[]> {
  const columns = await query<{ table_name: string; column_name: string }>(
    db,
    sql`select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t
          on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.is_generated = 'NEVER'
        order by c.table_name, c.ordinal_position`,
  );
  const keys = await query<{ table_name: string; column_name: string }>(
    db,
    sql`select cl.relname as table_name, a.attname as column_name
        from pg_index i
        join pg_class cl on cl.oid = i.indrelid
        join pg_namespace n on n.oid = cl.relnamespace
        cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
        join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
        where i.indisprimary and n.nspname = 'public'
        order by cl.relname, k.position`,
  );
  const tables = new Map<string, TableShape>();
  for (const { table_name, column_name } of columns) {
    let table = tables.get(table_name);
    if (!table) {
      table = { name: table_name, columns: [], orderBy: [] };
      tables.set(table_name, table);
    }
    table.columns.push(column_name);
  }
  for (const { table_name, column_name } of keys) tables.get(table_name)?.orderBy.push(column_name);
  // A table without a primary key is ordered by all its columns.
  for (const table of tables.values()) if (!table.orderBy.length) table.orderBy = table.columns;
  return [...tables.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The newest applied migration, named by its tag in drizzle's journal. */
export async function lastMigration(db: Pick<Db, "execute">): Promise<BackupManifest["migration"]> {
  const [row] = await query<{ hash: string; created_at: string | number }>(
    db,
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) throw new Error("The database has no migrations applied; there is nothing to back up.");
  const createdAt = Number(row.created_at);
  const entry = readJournal().find((e) => e.when === createdAt);
  return { tag: entry?.tag ?? "unknown", hash: row.hash, createdAt };
}

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  breakpoints: boolean;
  version: string;
}

export function readJournal(folder = path.join(projectRoot(), "drizzle")): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8"));
  return journal.entries as JournalEntry[];
}

function productInfo() {
  const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot(), "package.json"), "utf8"));
  return { name: String(pkg.name), version: String(pkg.version) };
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Writes every table as JSON Lines into `dir`, all read in one REPEATABLE READ transaction (one
 * snapshot, so rows written by admins meanwhile are either wholly in or wholly out). Each line is
 * PostgreSQL's own `row_to_json` of a row, with the session in UTC: timestamps are ISO strings,
 * jsonb stays JSON, bigints are JSON numbers written by the server (never rounded by JavaScript),
 * and the same rows give the same bytes on PGlite and PostgreSQL.
 */
async function dumpTables(
  db: Db,
  dir: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<{ tables: BackupManifest["tables"]; migration: BackupManifest["migration"] }> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local time zone 'UTC'`);
      await tx.execute(sql`set local intervalstyle = 'iso_8601'`);
      const migration = await lastMigration(tx);
      const shapes = await listTables(tx);
      const tables: BackupManifest["tables"] = {};
      let done = 0;
      for (const table of shapes) {
        const file = fs.createWriteStream(path.join(dir, `${table.name}.jsonl`), { mode: 0o600 });
        const hash = createHash("sha256");
        let rows = 0;
        const select = `select row_to_json(r)::text as line from (select ${table.columns.map(ident).join(", ")} from ${ident(table.name)} order by ${table.orderBy.map(ident).join(", ")}) r`;
        await tx.execute(sql.raw(`declare backup_rows no scroll cursor for ${select}`));
        for (;;) {
          const batch = await query<{ line: string }>(
            tx,
            sql.raw(`fetch ${FETCH_ROWS} from backup_rows`),
          );
          if (!batch.length) break;
          const chunk = `${batch.map((row) => row.line).join("\n")}\n`;
          hash.update(chunk);
          rows += batch.length;
          if (!file.write(chunk)) await once(file, "drain");
        }
        await tx.execute(sql.raw("close backup_rows"));
        file.end();
        await once(file, "close");
        tables[table.name] = { columns: table.columns, rows, sha256: hash.digest("hex") };
        onProgress?.({
          phase: "table",
          table: table.name,
          rows,
          done: ++done,
          total: shapes.length,
        });
      }
      return { tables, migration };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Every file below `root`, as paths relative to it with forward slashes, sorted. */
export function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const found: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      // Uploads are written as hidden temporary files, then renamed into place.
      if (entry.name.startsWith(".")) continue;
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  walk(root, "");
  return found.sort();
}

/**
 * Adds `size` bytes read from `source` to the archive, hashing exactly the bytes that go into
 * it. The size goes into the entry's header before the first byte, so a source that turns out
 * longer or shorter fails the backup instead of corrupting the archive.
 */
async function addEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  source: Readable,
  label: string,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  await new Promise<void>((resolve, reject) => {
    let entry: ReturnType<tar.Pack["entry"]>;
    try {
      entry = pack.entry({ name, size, mode: 0o644 }, (error) =>
        error ? reject(error) : resolve(),
      );
    } catch (error) {
      // The archive is already broken: the source will never be read, so it is let go here.
      source.destroy();
      throw error;
    }
    const fail = (error: Error) => {
      source.destroy();
      entry.destroy(error);
      reject(error);
    };
    const changed = () => fail(new Error(`${label} changed while it was being backed up`));
    source.on("data", (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > size) return changed();
      hash.update(chunk);
      if (!entry.write(chunk)) {
        source.pause();
        entry.once("drain", () => source.resume());
      }
    });
    source.once("end", () => (bytes === size ? entry.end(() => {}) : changed()));
    source.once("error", fail);
  });
  return { bytes, sha256: hash.digest("hex") };
}

/** Adds a file from disk; one already gone is skipped (undefined). */
async function addFile(
  pack: tar.Pack,
  name: string,
  file: string,
): Promise<{ bytes: number; sha256: string } | undefined> {
  // Opened first: a file deleted from here on is still read whole.
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let size: number;
  try {
    ({ size } = await handle.stat());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return addEntry(pack, name, size, handle.createReadStream(), file);
}

/**
 * The media files to back up, by path below the media folder or key in the bucket. A bucket may
 * hold other things beside the media (backup archives under a prefix): only keys that are media
 * names are taken, so a backup never swallows earlier backups.
 */
async function listMedia(media: MediaLocation): Promise<{ path: string; size?: number }[]> {
  if (media.kind === "local") return listFiles(media.dir).map((file) => ({ path: file }));
  const found: { path: string; size: number }[] = [];
  for await (const { key, size } of media.bucket.list()) {
    if (MEDIA_NAME_PATTERN.test(key)) found.push({ path: key, size });
  }
  return found;
}

/** Adds one media file; one deleted since it was listed is skipped (undefined). */
async function addMediaFile(
  pack: tar.Pack,
  media: MediaLocation,
  file: { path: string; size?: number },
): Promise<{ bytes: number; sha256: string } | undefined> {
  if (media.kind === "local")
    return addFile(pack, mediaEntry(file.path), path.join(media.dir, file.path));
  const stored = await media.bucket.get(file.path);
  if (!stored) return undefined;
  // The listed size: media objects are never rewritten, so the download must have it too.
  return addEntry(pack, mediaEntry(file.path), file.size ?? stored.size, stored.body, file.path);
}

/**
 * Writes a backup of the database and the media (a folder or a bucket) to `out` as one .tar.gz:
 * the tables as JSON Lines (`tables/<name>.jsonl`), the media files (`media/<path>`), and
 * `manifest.json` last, with a checksum for each of them. The archive is written to
 * `out.partial` and renamed to `out` only once complete and flushed to disk, so a failed backup
 * never leaves a file that looks good. The manifest is followed by its signature with a key
 * derived from `signingSecret` (the site's SESSION_SECRET). The archive holds every secret of the
 * site: it is readable by its owner only, and a folder made for it too.
 */
export async function createBackup(options: {
  database: Database;
  media: MediaLocation;
  out: string;
  signingSecret: string;
  onProgress?: (progress: BackupProgress) => void;
}): Promise<BackupResult> {
  const out = path.resolve(options.out);
  await fs.promises.mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  // A leftover of a run that died keeps its mode when written again: start afresh.
  await fs.promises.rm(partial, { force: true });
  const staging = await fs.promises.mkdtemp(path.join(path.dirname(out), ".backup-"));
  try {
    const { tables, migration } = await dumpTables(
      options.database.db,
      staging,
      options.onProgress,
    );

    const pack = tar.pack();
    const written = pipeline(pack, createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
    // Keep the write side's error from going unhandled while entries are still being added.
    written.catch(() => {});
    for (const [name, table] of Object.entries(tables)) {
      const added = await addFile(pack, tableEntry(name), path.join(staging, `${name}.jsonl`));
      if (added?.sha256 !== table.sha256) throw new Error(`The dump of ${name} changed on disk`);
    }
    // Media files are read after the database snapshot: a file uploaded meanwhile is included
    // without its row (harmless); uploads are never modified in place.
    const mediaFiles = await listMedia(options.media);
    const files: BackupManifest["files"] = [];
    for (const [index, file] of mediaFiles.entries()) {
      const summary = await addMediaFile(pack, options.media, file);
      if (summary) files.push({ path: file.path, ...summary });
      options.onProgress?.({
        phase: "file",
        path: file.path,
        done: index + 1,
        total: mediaFiles.length,
      });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      product: productInfo(),
      createdAt: new Date().toISOString(),
      database: { kind: options.database.kind },
      migration,
      tables,
      files,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    pack.entry({ name: MANIFEST_ENTRY, mode: 0o644 }, manifestBytes);
    pack.entry(
      { name: SIGNATURE_ENTRY, mode: 0o644 },
      signManifest(manifestBytes, options.signingSecret),
    );
    pack.finalize();
    await written;

    const handle = await fs.promises.open(partial, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(partial, out);
    const { size } = await fs.promises.stat(out);
    return { path: out, bytes: size, manifest };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Backs up the site this process runs: its database, and its media from DATA_DIR/media or the
 * S3 bucket the settings name. The running server calls it for `npm run backup`, and so does the
 * command itself when no server holds the data directory.
 */
export function backupSite(
  env: Env,
  out: string,
  onProgress?: (progress: BackupProgress) => void,
): Promise<BackupResult> {
  return createBackup({
    database: getDatabase(),
    media: mediaLocationFromEnv(env),
    out,
    signingSecret: env.SESSION_SECRET,
    onProgress,
  });
}
