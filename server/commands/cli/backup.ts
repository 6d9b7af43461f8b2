import fs from "node:fs";
import path from "node:path";
import type { BackupProgress } from "~/db/backup.server";
import { identitiesIn } from "~/db/backup-crypto.server";
import { RestoreError, type RestoreProgress } from "~/db/restore.server";
import { loadEnv } from "~/env.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import { CliError, runCommand } from "../runner";
import { err, failureMessage, out, progressLine, readArguments } from "./print";

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

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** `npm run backup -- --out FILE`; returns the exit code. */
export async function runBackupCli(argv: string[]): Promise<number> {
  const parsed = readArguments(
    argv,
    BACKUP_USAGE,
    { out: { type: "string", short: "o" } },
    ({ values, positionals }) => {
      if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
      if (!values.out) throw new CliError("Name the archive to write with --out FILE.");
      return path.resolve(values.out);
    },
  );
  if ("exitCode" in parsed) return parsed.exitCode;
  const progress = progressLine(process.stdout);
  try {
    const env = loadEnv();
    const result = await runCommand(env, "backup", { out: parsed.args }, (step) =>
      progress.update(describeProgress(step)),
    );
    progress.end();
    const tables = Object.values(result.manifest.tables);
    const rows = tables.reduce((sum, table) => sum + table.rows, 0);
    out(
      `Backed up ${tables.length} tables (${rows} rows) and ${result.manifest.files.length} media files to ${result.path} (${formatBytes(result.bytes)}).`,
    );
    return 0;
  } catch (error) {
    progress.end();
    err(failureMessage(error, "Backup failed", [RestoreError]));
    return 1;
  }
}

/** The age identities (`AGE-SECRET-KEY-1…`) in the key file `file`. */
function readIdentities(file: string): string[] {
  let text: string;
  try {
    text = fs.readFileSync(path.resolve(file), "utf8");
  } catch (error) {
    throw new CliError(`Could not read the key file ${file}: ${(error as Error).message}`);
  }
  const identities = identitiesIn(text);
  if (!identities.length) {
    throw new CliError(`${file} holds no age identity (a line AGE-SECRET-KEY-1…).`);
  }
  return identities;
}

/** `npm run restore -- FILE [--force] [--identity KEYFILE] [--unsigned]`; returns the exit code. */
export async function runRestoreCli(argv: string[]): Promise<number> {
  const parsed = readArguments(
    argv,
    RESTORE_USAGE,
    {
      force: { type: "boolean" },
      identity: { type: "string", short: "i" },
      unsigned: { type: "boolean" },
    },
    ({ values, positionals }) => {
      if (positionals.length !== 1) throw new CliError("Name one archive to restore.");
      return {
        archive: path.resolve(positionals[0] as string),
        force: values.force === true,
        unsigned: values.unsigned === true,
        identities: values.identity === undefined ? undefined : readIdentities(values.identity),
      };
    },
  );
  if ("exitCode" in parsed) return parsed.exitCode;
  const progress = progressLine(process.stdout);
  try {
    const env = loadEnv();
    // The data directory holds the media (and the embedded database): no server may use it
    // while it is replaced. A server on PostgreSQL is caught when its database is renamed.
    const report = await runCommand(env, "restore", parsed.args, (step) => {
      progress.update(describeProgress(step));
      if (step.phase === "verify" && step.signature !== "valid") {
        progress.end();
        err(
          step.signature === "unsigned"
            ? "Warning: the archive is not signed; restoring it because of --unsigned."
            : "Warning: the archive was not signed by this site (another SESSION_SECRET, or changed since); restoring it because of --unsigned.",
        );
      }
    });
    progress.end();
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
    progress.end();
    if (error instanceof DataDirLockedError) {
      err(`${error.message}\nStop the server before restoring into its data directory.`);
      return 1;
    }
    err(failureMessage(error, "Restore failed", [RestoreError]));
    return 1;
  }
}
