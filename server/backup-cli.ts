import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  type BackupProgress,
  type BackupResult,
  backupSite,
  mediaLocationFromEnv,
} from "~/db/backup.server";
import { identitiesIn } from "~/db/backup-crypto.server";
import { RestoreError, type RestoreProgress, restoreBackup } from "~/db/restore.server";
import { EnvError, loadEnv } from "~/env.server";
import { acquireDataDirLock, DataDirLockedError } from "~/lib/data-dir-lock.server";
import { CliError, type ServerEndpoint, streamFromServer, withDatabase } from "./cli-database";

const BACKUP_USAGE = `Usage: npm run backup -- --out FILE

Writes the whole site (every table of the database, read from one snapshot, and every media
file, from DATA_DIR/media or the S3 bucket) into one .tar.gz archive with a manifest of
checksums, signed with a key derived from SESSION_SECRET. The archive holds every secret of the
site: it is written readable by its owner only. Works while the server runs.`;

const RESTORE_USAGE = `Usage: npm run restore -- FILE [--force] [--identity KEYFILE] [--unsigned]

Checks the archive's checksums and its signature (made with a key derived from SESSION_SECRET:
restoring on another machine needs the SESSION_SECRET of the site that made it), then restores
it into DATA_DIR (and DATABASE_URL when set),
migrating it forward when it comes from an older version. With S3_BUCKET set, the media files
go into the bucket (those already there are skipped) before the database is switched. A target
that holds data is refused unless --force is given; the data it held is then kept beside it
under a dated name. Stop the server first.

  --identity KEYFILE  decrypts an archive encrypted to the site's BACKUP_AGE_RECIPIENT (an
                      off-machine copy, FILE.tar.gz.age) with the AGE-SECRET-KEY-1… in KEYFILE
  --unsigned          restores an archive that this site did not sign (an older version's, or
                      one made with another SESSION_SECRET), with a warning`;

/** Lines the server streams back while it backs up for the command. */
export type BackupLine =
  | ({ type: "progress" } & BackupProgress)
  | { type: "done"; result: BackupResult }
  | { type: "error"; error: string };

async function viaRunningServer(
  server: ServerEndpoint,
  out: string,
  onProgress: (progress: BackupProgress) => void,
): Promise<BackupResult> {
  let result: BackupResult | undefined;
  await streamFromServer<BackupLine>(server, "/backup", { out }, (line) => {
    if (line.type === "progress") onProgress(line);
    else if (line.type === "done") result = line.result;
  });
  if (!result) throw new CliError("The server stopped before the backup finished; run it again.");
  return result;
}

function describeProgress(progress: BackupProgress | RestoreProgress): string {
  switch (progress.phase) {
    case "table":
      return `Table ${progress.done} of ${progress.total}: ${progress.table} (${progress.rows} rows)`;
    case "file":
      return `Media file ${progress.done} of ${progress.total}: ${progress.path}`;
    case "upload":
      return `Media file ${progress.done} of ${progress.total} ${progress.uploaded ? "uploaded" : "already in the bucket"}: ${progress.path}`;
    case "decrypt":
      return "Decrypting the archive";
    case "verify":
      return `Archive checked: ${progress.entries} entries match the manifest`;
    case "switch":
      return "Switching the restored data into place";
  }
}

function progressPrinter(stream: NodeJS.WriteStream) {
  let shown = false;
  return {
    progress(progress: BackupProgress | RestoreProgress) {
      const line = describeProgress(progress);
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 100) - 1)}`);
        shown = true;
      } else {
        stream.write(`${line}\n`);
      }
    },
    end() {
      if (shown) stream.write("\n");
      shown = false;
    },
  };
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function knownError(error: unknown) {
  return (
    error instanceof CliError ||
    error instanceof EnvError ||
    error instanceof DataDirLockedError ||
    error instanceof RestoreError
  );
}

/** `npm run backup -- --out FILE`; returns the exit code. */
export async function runBackupCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let file: string;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { out: { type: "string", short: "o" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
    if (values.help) {
      out(BACKUP_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
    if (!values.out) throw new CliError("Name the archive to write with --out FILE.");
    file = path.resolve(values.out);
  } catch (error) {
    err(`${(error as Error).message}\n\n${BACKUP_USAGE}`);
    return 1;
  }
  const printer = progressPrinter(process.stdout);
  try {
    const env = loadEnv();
    const result = await withDatabase(env, {
      direct: () => backupSite(env, file, printer.progress),
      viaServer: (server) => viaRunningServer(server, file, printer.progress),
    });
    printer.end();
    const tables = Object.values(result.manifest.tables);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    out(
      `Backed up ${tables.length} tables (${rows} rows) and ${result.manifest.files.length} media files to ${result.path} (${formatBytes(result.bytes)}).`,
    );
    return 0;
  } catch (error) {
    printer.end();
    err(
      knownError(error) ? (error as Error).message : `Backup failed: ${(error as Error).message}`,
    );
    return 1;
  }
}

/** `npm run restore -- FILE [--force] [--identity KEYFILE] [--unsigned]`; returns the exit code. */
export async function runRestoreCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let archive: string;
  let force: boolean;
  let unsigned: boolean;
  let identities: string[] | undefined;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        force: { type: "boolean" },
        identity: { type: "string", short: "i" },
        unsigned: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
    if (values.help) {
      out(RESTORE_USAGE);
      return 0;
    }
    if (positionals.length !== 1) throw new CliError("Name one archive to restore.");
    archive = path.resolve(positionals[0] as string);
    force = values.force === true;
    unsigned = values.unsigned === true;
    if (values.identity !== undefined) {
      let text: string;
      try {
        text = fs.readFileSync(path.resolve(values.identity), "utf8");
      } catch (error) {
        throw new CliError(
          `Could not read the key file ${values.identity}: ${(error as Error).message}`,
        );
      }
      identities = identitiesIn(text);
      if (!identities.length) {
        throw new CliError(`${values.identity} holds no age identity (a line AGE-SECRET-KEY-1…).`);
      }
    }
  } catch (error) {
    err(`${(error as Error).message}\n\n${RESTORE_USAGE}`);
    return 1;
  }
  const printer = progressPrinter(process.stdout);
  let lock: ReturnType<typeof acquireDataDirLock> | undefined;
  try {
    const env = loadEnv();
    // The data directory holds the media (and the embedded database): no server may use it
    // while it is replaced. A server on PostgreSQL is caught when its database is renamed.
    lock = acquireDataDirLock(env.DATA_DIR, "admin-command");
    const report = await restoreBackup({
      archive,
      target: {
        dataDir: env.DATA_DIR,
        databaseUrl: env.DATABASE_URL,
        media: mediaLocationFromEnv(env),
      },
      force,
      signingSecret: env.SESSION_SECRET,
      acceptUnsigned: unsigned,
      identities,
      onProgress: (progress) => {
        printer.progress(progress);
        if (progress.phase === "verify" && progress.signature !== "valid") {
          printer.end();
          err(
            progress.signature === "unsigned"
              ? "Warning: the archive is not signed; restoring it because of --unsigned."
              : "Warning: the archive was not signed by this site (another SESSION_SECRET, or changed since); restoring it because of --unsigned.",
          );
        }
      },
    });
    printer.end();
    const { manifest } = report;
    out(
      `Restored the backup of ${manifest.createdAt} (${manifest.product.name} ${manifest.product.version}, from ${manifest.database.kind}, migration ${manifest.migration.tag}):`,
    );
    for (const [table, rows] of Object.entries(report.tables)) out(`  ${table}: ${rows} rows`);
    out(`  media files: ${report.files}`);
    if (report.bucket) {
      const { name, uploaded, alreadyThere, skipped } = report.bucket;
      out(
        `  in the bucket ${name}: ${uploaded} uploaded, ${alreadyThere} already there${skipped.length ? `, ${skipped.length} left out (not media names: ${skipped.slice(0, 3).join(", ")}${skipped.length > 3 ? ", …" : ""})` : ""}`,
      );
    }
    if (report.migratedForward.length) {
      out(`Migrated forward: ${report.migratedForward.join(", ")}.`);
    }
    const previous = report.previous;
    if (previous?.database) out(`The replaced database is kept as ${previous.database}.`);
    if (previous?.dbDir) out(`The replaced database files are kept in ${previous.dbDir}.`);
    if (previous?.mediaDir) out(`The replaced media files are kept in ${previous.mediaDir}.`);
    return 0;
  } catch (error) {
    printer.end();
    if (error instanceof DataDirLockedError) {
      err(`${error.message}\nStop the server before restoring into its data directory.`);
      return 1;
    }
    err(
      knownError(error) ? (error as Error).message : `Restore failed: ${(error as Error).message}`,
    );
    return 1;
  } finally {
    lock?.release();
  }
}
