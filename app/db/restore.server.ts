import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import tar from "tar-stream";
import { projectRoot } from "~/lib/project-root.server";
import { MEDIA_NAME_PATTERN } from "~/media/rules";
import { putMediaFile, type S3Bucket } from "~/media/storage.server";
import {
  BACKUP_FORMAT,
  type BackupManifest,
  listTables,
  MANIFEST_ENTRY,
  type MediaLocation,
  readJournal,
} from "./backup.server";
import {
  checkSignature,
  DecryptionError,
  decryptFile,
  isAgeEncrypted,
  SIGNATURE_ENTRY,
  type SignatureCheck,
} from "./backup-crypto.server";
import { type Database, type Db, openDatabase } from "./client.server";

/** A restore refused or failed for a reason the person running it can act on. */
export class RestoreError extends Error {}

export type RestoreTarget = {
  /** The embedded database goes to dataDir/db unless databaseUrl is given. */
  dataDir: string;
  databaseUrl?: string;
  /** Where the media go: dataDir/media unless given (a bucket, when the site keeps them in one). */
  media?: MediaLocation;
};

export type RestoreProgress =
  | { phase: "decrypt" }
  | { phase: "verify"; entries: number; signature: SignatureCheck }
  | { phase: "table"; table: string; rows: number; done: number; total: number }
  | { phase: "upload"; path: string; uploaded: boolean; done: number; total: number }
  | { phase: "switch" };

export interface RestoreReport {
  manifest: BackupManifest;
  /** Whether this site signed the archive (anything else restores only when accepted). */
  signature: SignatureCheck;
  tables: Record<string, number>;
  files: number;
  /** With a bucket as the media target: what the restore put there. */
  bucket?: {
    name: string;
    /** Files sent to the bucket. */
    uploaded: number;
    /** Files the bucket already held with the same size, left as they were. */
    alreadyThere: number;
    /** Files of the archive that are not media names, which a bucket never serves: not sent. */
    skipped: string[];
  };
  /** Migrations applied after the archive's own (the archive came from an older version). */
  migratedForward: string[];
  /** Where the data that was replaced (with `force`) was kept. */
  previous?: { database?: string; dbDir?: string; mediaDir?: string };
}

const INSERT_ROWS = 500;

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

function safeEntryPath(name: string): string | undefined {
  const normal = path.posix.normalize(name);
  if (
    normal.startsWith("/") ||
    normal.startsWith("../") ||
    normal === ".." ||
    normal.includes("\0")
  )
    return undefined;
  return normal;
}

/** Formats that this version restores: format 1 came before archives were signed. */
const READABLE_FORMATS = [1, BACKUP_FORMAT];

/**
 * Unpacks the archive into `dir` and checks it against its manifest: every table and every file
 * the manifest lists must be there with its SHA-256, and nothing else. Nothing outside `dir` is
 * touched; a damaged, truncated or tampered archive throws a RestoreError. The manifest's
 * signature is checked against `signingSecret` and reported, not enforced (restoreBackup does).
 */
export async function unpackBackup(
  archive: string,
  dir: string,
  signingSecret: string,
): Promise<{
  manifest: BackupManifest;
  entries: Map<string, { bytes: number; sha256: string }>;
  signature: SignatureCheck;
}> {
  if (!fs.existsSync(archive)) throw new RestoreError(`${archive} does not exist.`);
  const entries = new Map<string, { bytes: number; sha256: string }>();
  let manifestBytes: Buffer | undefined;
  let signatureBytes: Buffer | undefined;
  const extract = tar.extract();
  // The files being written: a damaged archive stops the unpacking mid-file, and such a file must be
  // closed before the caller removes the folder (a write stream still opening would create its
  // file again after the removal, and the folder's own removal then fails: ENOTEMPTY).
  const writing = new Set<fs.WriteStream>();
  extract.on("entry", (header, stream, next) => {
    const name = safeEntryPath(header.name);
    if (header.type !== "file" || !name) {
      stream.resume();
      stream.once("end", () =>
        next(new RestoreError(`Unexpected entry in the archive: ${header.name}`)),
      );
      return;
    }
    const hash = createHash("sha256");
    let bytes = 0;
    const chunks: Buffer[] = [];
    const isManifest = name === MANIFEST_ENTRY || name === SIGNATURE_ENTRY;
    const file = isManifest ? undefined : path.join(dir, name);
    if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
    const out = file ? fs.createWriteStream(file) : undefined;
    if (out) {
      writing.add(out);
      out.once("close", () => writing.delete(out));
    }
    out?.once("error", (error) => next(error));
    stream.on("data", (data) => {
      const chunk = data as Buffer;
      hash.update(chunk);
      bytes += chunk.length;
      if (isManifest) chunks.push(chunk);
      else if (out && !out.write(chunk)) {
        stream.pause();
        out.once("drain", () => stream.resume());
      }
    });
    stream.once("error", (error) => next(error));
    stream.once("end", () => {
      if (name === MANIFEST_ENTRY) manifestBytes = Buffer.concat(chunks);
      else if (name === SIGNATURE_ENTRY) signatureBytes = Buffer.concat(chunks);
      else entries.set(name, { bytes, sha256: hash.digest("hex") });
      if (out) out.end(() => next());
      else next();
    });
  });
  try {
    await pipeline(fs.createReadStream(archive), createGunzip(), extract);
  } catch (error) {
    await Promise.all(
      [...writing].map(
        (out) =>
          new Promise<void>((resolve) => {
            out.once("close", () => resolve());
            out.destroy();
          }),
      ),
    );
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(
      `${archive} is damaged or incomplete and was not restored (${(error as Error).message}).`,
    );
  }
  if (!manifestBytes) {
    throw new RestoreError(`${archive} has no manifest: it is incomplete or not a backup.`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestBytes.toString("utf8")) as BackupManifest;
  } catch {
    throw new RestoreError(`The manifest of ${archive} is damaged.`);
  }
  if (!READABLE_FORMATS.includes(manifest.format)) {
    throw new RestoreError(
      `${archive} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`,
    );
  }
  const expected = new Map<string, { bytes?: number; sha256: string }>();
  for (const [table, { sha256 }] of Object.entries(manifest.tables)) {
    expected.set(`tables/${table}.jsonl`, { sha256 });
  }
  for (const file of manifest.files) {
    const name = safeEntryPath(`media/${file.path}`);
    if (!name) throw new RestoreError(`The manifest names an unsafe path: ${file.path}`);
    expected.set(name, { bytes: file.bytes, sha256: file.sha256 });
  }
  const problems: string[] = [];
  for (const [name, want] of expected) {
    const got = entries.get(name);
    if (!got) problems.push(`${name} is missing`);
    else if (got.sha256 !== want.sha256 || (want.bytes !== undefined && got.bytes !== want.bytes))
      problems.push(`${name} does not match its checksum`);
  }
  for (const name of entries.keys()) {
    if (!expected.has(name)) problems.push(`${name} is not in the manifest`);
  }
  if (problems.length) {
    const shown = problems.slice(0, 5).join("; ");
    const more = problems.length > 5 ? ` and ${problems.length - 5} more` : "";
    throw new RestoreError(`${archive} failed its checks and was not restored: ${shown}${more}.`);
  }
  return {
    manifest,
    entries,
    signature: checkSignature(manifestBytes, signatureBytes, signingSecret),
  };
}

/** Why a restore refuses an archive this site did not sign, and what the person can do. */
function unsignedRefusal(archive: string, signature: SignatureCheck) {
  const why =
    signature === "unsigned"
      ? `${archive} is not signed (it was made by an older version, or by something else than this site's backup)`
      : `${archive} was signed by another site, or changed after it was made (its signature does not match this SESSION_SECRET)`;
  return new RestoreError(
    `${why}; it was not restored. Restoring a site on another machine needs the SESSION_SECRET of the site that made the archive (the variable, or its DATA_DIR/session-secret file). Run again with --unsigned only if you know where the archive comes from.`,
  );
}

/** The archive to unpack: `archive` itself, or its decryption into `staging` when it is age-encrypted. */
async function decryptedArchive(
  archive: string,
  staging: string,
  identities: string[] | undefined,
  onProgress?: (progress: RestoreProgress) => void,
): Promise<string> {
  if (!fs.existsSync(archive) || !(await isAgeEncrypted(archive))) return archive;
  if (!identities?.length) {
    throw new RestoreError(
      `${archive} is encrypted (age); name the key file that holds its identity (AGE-SECRET-KEY-1…) with --identity KEYFILE.`,
    );
  }
  onProgress?.({ phase: "decrypt" });
  const out = path.join(staging, "decrypted.tar.gz");
  try {
    await decryptFile(archive, identities, out);
  } catch (error) {
    if (!(error instanceof DecryptionError)) throw error;
    throw new RestoreError(
      `${archive} could not be decrypted with the given key (${error.message}); nothing was changed.`,
    );
  }
  return out;
}

/** A copy of the migrations folder that ends at `tag`, so that a target can stop where the archive did. */
export function migrationsUpTo(tag: string, into: string): string {
  const source = path.join(projectRoot(), "drizzle");
  const journal = readJournal(source);
  const end = journal.findIndex((entry) => entry.tag === tag);
  if (end < 0) {
    throw new RestoreError(
      `The archive was made by a newer version (its last migration, ${tag}, is unknown here); update this installation first.`,
    );
  }
  const kept = journal.slice(0, end + 1);
  fs.mkdirSync(path.join(into, "meta"), { recursive: true });
  const full = JSON.parse(fs.readFileSync(path.join(source, "meta", "_journal.json"), "utf8"));
  fs.writeFileSync(
    path.join(into, "meta", "_journal.json"),
    JSON.stringify({ ...full, entries: kept }, null, 2),
  );
  for (const entry of kept) {
    fs.copyFileSync(path.join(source, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
  }
  return into;
}

async function migrateWith(database: Database, folder: string) {
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: folder });
  } else {
    await migrateNodePg(database.db as never, { migrationsFolder: folder });
  }
}

type Rows<T> = { rows: T[] };
async function query<T>(db: Pick<Db, "execute">, statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as Rows<T>).rows;
}

/** Tables ordered so that each comes after the tables its foreign keys point to. */
async function insertOrder(db: Db, tables: string[]): Promise<string[]> {
  const links = await query<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint c
        join pg_class child on child.oid = c.conrelid
        join pg_class parent on parent.oid = c.confrelid
        join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of links) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string, trail: Set<string>) => {
    if (seen.has(table)) return;
    if (trail.has(table)) throw new RestoreError(`Foreign keys form a cycle through ${table}`);
    trail.add(table);
    for (const parent of [...(parents.get(table) ?? [])].sort()) visit(parent, trail);
    trail.delete(table);
    seen.add(table);
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table, new Set());
  return ordered;
}

/**
 * Inserts the dumped rows, table by table in foreign-key order, in one transaction. PostgreSQL
 * turns each JSON line back into a row itself (json_populate_recordset with the table's own row
 * type), so every type comes back as it was dumped, on either engine. Self-references (none
 * today) would hold as long as rows come in primary-key order, parents first.
 */
async function loadTables(
  database: Database,
  manifest: BackupManifest,
  dir: string,
  onProgress?: (progress: RestoreProgress) => void,
): Promise<Record<string, number>> {
  const present = new Map((await listTables(database.db)).map((t) => [t.name, t]));
  for (const [table, { columns }] of Object.entries(manifest.tables)) {
    const shape = present.get(table);
    const missing = columns.filter((c) => !shape?.columns.includes(c));
    if (!shape || missing.length) {
      throw new RestoreError(
        `The archive's ${table} (${missing.join(", ") || "table"}) does not exist at migration ${manifest.migration.tag}; the archive and this version disagree.`,
      );
    }
  }
  const order = await insertOrder(database.db, Object.keys(manifest.tables));
  const counts: Record<string, number> = {};
  await database.db.transaction(async (tx) => {
    let done = 0;
    for (const table of order) {
      const dumped = manifest.tables[table];
      if (!dumped) continue;
      const { columns } = dumped;
      const list = columns.map(ident).join(", ");
      const insert = (lines: string[]) =>
        tx.execute(
          sql`insert into ${sql.raw(ident(table))} (${sql.raw(list)}) overriding system value select ${sql.raw(list)} from json_populate_recordset(null::${sql.raw(ident(table))}, ${`[${lines.join(",")}]`}::json)`,
        );
      let rows = 0;
      let batch: string[] = [];
      const input = readline.createInterface({
        input: fs.createReadStream(path.join(dir, "tables", `${table}.jsonl`)),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of input) {
        if (!line) continue;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) {
          await insert(batch);
          rows += batch.length;
          batch = [];
        }
      }
      if (batch.length) {
        await insert(batch);
        rows += batch.length;
      }
      if (rows !== dumped.rows) {
        throw new RestoreError(
          `${table} has ${rows} rows in the archive, its manifest says ${dumped.rows}.`,
        );
      }
      counts[table] = rows;
      onProgress?.({ phase: "table", table, rows, done: ++done, total: order.length });
    }
    // Serial and bigserial counters continue after the restored ids.
    const sequences = await query<{ table_name: string; column_name: string; seq: string }>(
      tx,
      sql`select table_name, column_name,
            pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
          from information_schema.columns
          where table_schema = 'public'
            and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`,
    );
    for (const { table_name, column_name, seq } of sequences) {
      await tx.execute(
        sql`select setval(${seq}, coalesce((select max(${sql.raw(ident(column_name))}) from ${sql.raw(ident(table_name))}), 0) + 1, false)`,
      );
    }
  });
  return counts;
}

/** The size of each media object in the bucket, by name. */
async function mediaSizesIn(bucket: S3Bucket): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for await (const { key, size } of bucket.list()) {
    if (MEDIA_NAME_PATTERN.test(key)) sizes.set(key, size);
  }
  return sizes;
}

/** Uploads at once: enough to hide a bucket's latency, few enough to be polite to it. */
const UPLOADS_AT_ONCE = 4;

/**
 * Puts the archive's media files into the bucket, from where they were unpacked (and checked).
 * Media names are unique and never rewritten, so an object already there with the same size is
 * that file and is left alone; anything uploaded here and then not used (the restore fails
 * later) is an unreferenced object, never a wrong one.
 */
async function uploadMedia(
  bucket: S3Bucket,
  present: Map<string, number>,
  manifest: BackupManifest,
  unpacked: string,
  onProgress?: (progress: RestoreProgress) => void,
): Promise<NonNullable<RestoreReport["bucket"]>> {
  const skipped = manifest.files
    .filter((file) => !MEDIA_NAME_PATTERN.test(file.path))
    .map((file) => file.path);
  const files = manifest.files.filter((file) => MEDIA_NAME_PATTERN.test(file.path));
  let uploaded = 0;
  let alreadyThere = 0;
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < files.length) {
      const file = files[next++] as BackupManifest["files"][number];
      const isThere = present.get(file.path) === file.bytes;
      if (isThere) {
        alreadyThere++;
      } else {
        try {
          await putMediaFile(
            bucket,
            file.path,
            path.join(unpacked, "media", file.path),
            file.sha256,
          );
        } catch (error) {
          failed = true;
          throw error;
        }
        uploaded++;
      }
      onProgress?.({
        phase: "upload",
        path: file.path,
        uploaded: !isThere,
        done: uploaded + alreadyThere,
        total: files.length,
      });
    }
  };
  // Settled, not raced: the first failure stops new uploads, the ones under way finish.
  const results = await Promise.allSettled(
    Array.from({ length: Math.min(UPLOADS_AT_ONCE, files.length) }, worker),
  );
  const rejected = results.find((result) => result.status === "rejected");
  if (rejected) throw rejected.reason;
  return { name: bucket.name, uploaded, alreadyThere, skipped };
}

/**
 * Work under way in the backed-up site did not come along: job claims are released, and a backup
 * that was running when the archive was read (the automatic backup that wrote this very archive,
 * usually) is finished: succeeded when it is this archive, else interrupted by the restore.
 */
async function settleJobs(db: Db, archiveName: string) {
  await db.execute(sql`update web_jobs set claimed_by = null, claimed_until = null`);
  await db.execute(
    sql`update web_backups set progress = null, finished_at = coalesce(finished_at, now()),
          status = case when file_name = ${archiveName} then 'succeeded' else 'failed' end,
          error = case when file_name = ${archiveName} then null
                  else 'Still running when the restored archive was made.' end
        where status = 'running'`,
  );
}

async function hasTables(database: Database): Promise<boolean> {
  const [row] = await query<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  return (row?.n ?? 0) > 0;
}

function nonEmptyDir(dir: string) {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

function stamp() {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
}

function databaseNameOf(url: string) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

function withDatabaseName(url: string, name: string) {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(name)}`;
  return next.toString();
}

/** A connection to the server's maintenance database, for creating and renaming databases. */
async function maintenance<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, "postgres") });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Restores an archive made by createBackup. The archive is unpacked and checked first; then the
 * database is built in a fresh place (a new PGlite directory beside DATA_DIR/db, or a new
 * PostgreSQL database on the target's server), migrated to the archive's migration, filled,
 * migrated forward to this version, and only then switched into place (a rename of directories,
 * or of databases). Media go into the target's folder at the switch, or into its bucket just
 * before it. A failure before the switch leaves the target's database as it was. A target that
 * holds data is refused unless `force`; then what it held is kept beside it under a dated name.
 */
export async function restoreBackup(options: {
  archive: string;
  target: RestoreTarget;
  force?: boolean;
  /** The SESSION_SECRET whose key must have signed the archive. */
  signingSecret: string;
  /** Restore an unsigned or foreign archive too (`--unsigned`); the report says which it was. */
  acceptUnsigned?: boolean;
  /** age identities (`AGE-SECRET-KEY-1…`) for an encrypted archive. */
  identities?: string[];
  onProgress?: (progress: RestoreProgress) => void;
}): Promise<RestoreReport> {
  const { target } = options;
  const dataDir = path.resolve(target.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  const staging = fs.mkdtempSync(path.join(dataDir, ".restore-"));
  let newDatabase: string | undefined;
  try {
    const unpacked = path.join(staging, "archive");
    const readable = await decryptedArchive(
      options.archive,
      staging,
      options.identities,
      options.onProgress,
    );
    const { manifest, entries, signature } = await unpackBackup(
      readable,
      unpacked,
      options.signingSecret,
    );
    if (signature !== "valid" && !options.acceptUnsigned) {
      throw unsignedRefusal(options.archive, signature);
    }
    options.onProgress?.({ phase: "verify", entries: entries.size, signature });

    const bucket = target.media?.kind === "s3" ? target.media.bucket : undefined;
    const mediaDir =
      target.media?.kind === "local" ? target.media.dir : path.join(dataDir, "media");
    const dbDir = path.join(dataDir, "db");
    // A bucket is never in the way: media names are unique, so its objects are either the
    // archive's own files or others that nothing refers to.
    const mediaInUse = !bucket && nonEmptyDir(mediaDir);
    let databaseInUse: boolean;
    if (target.databaseUrl) {
      const name = databaseNameOf(target.databaseUrl);
      const exists = await maintenance(target.databaseUrl, async (client) => {
        const found = await client.query("select 1 from pg_database where datname = $1", [name]);
        return (found.rowCount ?? 0) > 0;
      });
      databaseInUse = false;
      if (exists) {
        const current = await openDatabase({ databaseUrl: target.databaseUrl, dataDir });
        try {
          databaseInUse = await hasTables(current);
        } finally {
          await current.close();
        }
      }
    } else {
      databaseInUse = fs.existsSync(path.join(dbDir, "PG_VERSION"));
    }
    if ((databaseInUse || mediaInUse) && !options.force) {
      const what = [databaseInUse && "the database", mediaInUse && "the media folder"]
        .filter(Boolean)
        .join(" and ");
      throw new RestoreError(
        `The target is not empty (${what} already ${databaseInUse && mediaInUse ? "hold" : "holds"} data); run again with --force to replace it (the current data is kept beside it).`,
      );
    }

    // What the bucket holds, read before the long work: a wrong bucket name or key fails here.
    const inBucket = bucket
      ? await mediaSizesIn(bucket).catch((error: Error) => {
          throw new RestoreError(
            `Could not read the bucket ${bucket.name} (${error.message}); nothing was changed.`,
          );
        })
      : undefined;

    // Build the new database.
    let freshUrl: string | undefined;
    if (target.databaseUrl) {
      const base = databaseNameOf(target.databaseUrl).slice(0, 40);
      newDatabase = `${base}_restore_${randomBytes(4).toString("hex")}`;
      const creating = newDatabase;
      await maintenance(target.databaseUrl, (client) =>
        client.query(`create database ${ident(creating)}`),
      ).catch((error: Error) => {
        newDatabase = undefined;
        throw new RestoreError(
          `Could not create the database ${creating} to restore into (${error.message}); the restore builds a new database beside the target and needs a role allowed to create databases (CREATEDB). Nothing was changed.`,
        );
      });
      freshUrl = withDatabaseName(target.databaseUrl, newDatabase);
    }
    const fresh = await openDatabase({ databaseUrl: freshUrl, dataDir: staging });
    const known = readJournal().map((entry) => entry.tag);
    const migratedForward = known.slice(known.indexOf(manifest.migration.tag) + 1);
    let tables: Record<string, number>;
    try {
      await migrateWith(
        fresh,
        migrationsUpTo(manifest.migration.tag, path.join(staging, "migrations")),
      );
      tables = await loadTables(fresh, manifest, unpacked, options.onProgress);
      await fresh.migrate();
      // An off-machine copy is the archive's name with ".age" added.
      await settleJobs(fresh.db, path.basename(options.archive).replace(/\.age$/, ""));
    } finally {
      await fresh.close();
    }

    // Into the bucket before the switch: a failed upload leaves the old database in use.
    const uploads = bucket
      ? await uploadMedia(
          bucket,
          inBucket ?? new Map(),
          manifest,
          unpacked,
          options.onProgress,
        ).catch((error: Error) => {
          throw new RestoreError(
            `Could not put the media files into the bucket ${bucket.name} (${error.message}); the database was not replaced. Run the restore again: files already uploaded are skipped.`,
          );
        })
      : undefined;

    // Switch: everything above happened beside the target.
    options.onProgress?.({ phase: "switch" });
    const previous: RestoreReport["previous"] = {};
    const suffix = `before-restore-${stamp()}`;
    if (target.databaseUrl && newDatabase) {
      const name = databaseNameOf(target.databaseUrl);
      const restored = newDatabase;
      // Renaming needs every other session of the target closed: a server still using it makes
      // the first rename fail, and nothing has changed.
      const aside = `${name.slice(0, 40)}_${suffix.replaceAll("-", "_")}`.slice(0, 63);
      await maintenance(target.databaseUrl, async (client) => {
        const found = await client.query("select 1 from pg_database where datname = $1", [name]);
        const exists = (found.rowCount ?? 0) > 0;
        try {
          if (exists) await client.query(`alter database ${ident(name)} rename to ${ident(aside)}`);
        } catch (error) {
          throw new RestoreError(
            `Could not replace the database ${name} (${(error as Error).message}); stop every server using it and run again. Nothing was changed.`,
          );
        }
        try {
          await client.query(`alter database ${ident(restored)} rename to ${ident(name)}`);
        } catch (error) {
          if (exists) await client.query(`alter database ${ident(aside)} rename to ${ident(name)}`);
          throw error;
        }
        if (exists && databaseInUse) previous.database = aside;
        else if (exists) await client.query(`drop database ${ident(aside)}`);
      });
      newDatabase = undefined;
    } else {
      if (databaseInUse) {
        previous.dbDir = `${dbDir}.${suffix}`;
        fs.renameSync(dbDir, previous.dbDir);
      } else {
        fs.rmSync(dbDir, { recursive: true, force: true });
      }
      fs.renameSync(path.join(staging, "db"), dbDir);
    }
    if (!bucket) {
      if (mediaInUse) {
        previous.mediaDir = `${mediaDir}.${suffix}`;
        fs.renameSync(mediaDir, previous.mediaDir);
      } else {
        fs.rmSync(mediaDir, { recursive: true, force: true });
      }
      const unpackedMedia = path.join(unpacked, "media");
      if (fs.existsSync(unpackedMedia)) fs.renameSync(unpackedMedia, mediaDir);
      else fs.mkdirSync(mediaDir, { recursive: true });
    }

    return {
      manifest,
      signature,
      tables,
      files: manifest.files.length,
      bucket: uploads,
      migratedForward,
      previous: Object.keys(previous).length ? previous : undefined,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    if (newDatabase && target.databaseUrl) {
      const abandoned = newDatabase;
      await maintenance(target.databaseUrl, (client) =>
        client.query(`drop database if exists ${ident(abandoned)} with (force)`),
      ).catch(() => {});
    }
  }
}
