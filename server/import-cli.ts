import path from "node:path";
import { parseArgs } from "node:util";
import { getDb } from "~/db/client.server";
import {
  type ImportReport,
  importChangedAnything,
  importOldBackend,
  importTables,
} from "~/db/import/index.server";
import { EnvError, loadEnv } from "~/env.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import { recordAudit } from "~/models/audit.server";
import { siteContentChanged } from "~/models/site.server";
import { CliError, type ServerEndpoint, streamFromServer, withDatabase } from "./cli-database";

const USAGE = `Usage: npm run import -- --from DIR [--old-media-url URL]…

Imports the old hosted backend's content: DIR holds CSV exports of web_categories, web_posts,
web_settings, web_integrations, web_main_page_stats and web_newsletter_subscriptions (any of
them; a missing one is left alone) and a media/ folder with the files of its media bucket.
Rows are matched by slug, key, name, stat_key and e-mail, so running it again changes nothing.
Bad rows are reported and skipped. --old-media-url names another public URL prefix of the old
bucket (a custom domain) whose links in posts are rewritten too. Afterwards, run
npm run media:reprocess to make the imported images' copies.
See docs/import-from-old-backend.md.`;

export interface ImportRequest {
  from: string;
  oldMediaUrlPrefixes: string[];
}

/** Lines the server streams back while it imports for the command. */
export type ImportLine =
  | { type: "progress"; message: string }
  | { type: "report"; report: ImportReport }
  | { type: "error"; error: string };

/**
 * The import and what follows a write: the caches of every app process, and one audit entry
 * (only when something changed, so that a second run leaves the database as it was).
 */
export async function importAndAnnounce(
  request: ImportRequest,
  onProgress: (message: string) => void,
): Promise<ImportReport> {
  const report = await importOldBackend(getDb(), { ...request, onProgress });
  if (importChangedAnything(report)) {
    await siteContentChanged();
    await recordAudit(
      { id: null, email: "npm run import" },
      {
        action: "imported",
        entity: "old backend export",
        details: Object.fromEntries(
          Object.entries(report).map(([table, r]) => [
            table,
            { imported: r.imported, updated: r.updated, skipped: r.skipped.length },
          ]),
        ),
      },
    );
  }
  return report;
}

async function viaRunningServer(
  server: ServerEndpoint,
  request: ImportRequest,
  onProgress: (message: string) => void,
): Promise<ImportReport> {
  let report: ImportReport | undefined;
  await streamFromServer<ImportLine>(server, "/import", request, (line) => {
    if (line.type === "progress") onProgress(line.message);
    else if (line.type === "report") report = line.report;
  });
  if (!report) throw new CliError("The server stopped before it finished; run the command again.");
  return report;
}

/** The report as a person reads it: counts per table, then every skipped row and warning. */
export function formatImportReport(report: ImportReport): string[] {
  const lines: string[] = [];
  for (const table of ["media", ...importTables] as const) {
    const r = report[table];
    if (!r.found) {
      lines.push(`${table}: not in the export`);
      continue;
    }
    lines.push(
      `${table}: ${r.imported} imported, ${r.updated} updated, ${r.unchanged} unchanged, ${r.skipped.length} skipped`,
    );
    for (const note of r.skipped) {
      lines.push(`  skipped ${note.file ? `${note.file}` : `row ${note.row}`}: ${note.reason}`);
    }
    for (const note of r.warnings) {
      lines.push(`  note ${note.file ? `${note.file}` : `row ${note.row}`}: ${note.reason}`);
    }
  }
  return lines;
}

/**
 * `npm run import -- --from DIR`; returns the exit code: 0 done, 2 done but rows were skipped,
 * 1 nothing done.
 */
export async function runImportCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  let request: ImportRequest;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: {
        from: { type: "string" },
        "old-media-url": { type: "string", multiple: true },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: true,
    });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
    if (!values.from) throw new CliError("Name the export folder with --from DIR.");
    // Absolute, since the running server may work in another directory.
    request = {
      from: path.resolve(values.from),
      oldMediaUrlPrefixes: values["old-media-url"] ?? [],
    };
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }

  const progress = (message: string) => out(`Importing ${message}`);
  try {
    const env = loadEnv();
    const report = await withDatabase(env, {
      direct: () => importAndAnnounce(request, progress),
      viaServer: (server) => viaRunningServer(server, request, progress),
    });
    for (const line of formatImportReport(report)) out(line);
    const skipped = Object.values(report).reduce((n, r) => n + r.skipped.length, 0);
    if (report.media.imported > 0) {
      out("Run npm run media:reprocess to make the imported images' copies.");
    }
    return skipped > 0 ? 2 : 0;
  } catch (error) {
    if (
      error instanceof CliError ||
      error instanceof EnvError ||
      error instanceof DataDirLockedError
    ) {
      err(error.message);
      return 1;
    }
    err(`The import failed: ${(error as Error).message}`);
    return 1;
  }
}
