import path from "node:path";
import { type ImportReport, importTables } from "~/db/import/index.server";
import { loadEnv } from "~/env.server";
import { CliError, runCommand } from "../runner";
import { err, failureMessage, out, readArguments } from "./print";

const USAGE = `Usage: npm run import -- --from DIR [--old-media-url URL]…

Imports the old hosted backend's content: DIR holds CSV exports of web_categories, web_posts,
web_settings, web_integrations, web_main_page_stats and web_newsletter_subscriptions (any of
them; a missing one is left alone) and a media/ folder with the files of its media bucket.
Rows are matched by slug, key, name, stat_key and e-mail, so running it again changes nothing.
Bad rows are reported and skipped. --old-media-url names another public URL prefix of the old
bucket (a custom domain) whose links in posts are rewritten too. Afterwards, run
npm run media:reprocess to make the imported images' copies.
See docs/import-from-old-backend.md.`;

/** The report as a person reads it: counts per table, then every skipped row and warning. */
function formatImportReport(report: ImportReport): string[] {
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
  const parsed = readArguments(
    argv,
    USAGE,
    { from: { type: "string" }, "old-media-url": { type: "string", multiple: true } },
    ({ values, positionals }) => {
      if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
      if (!values.from) throw new CliError("Name the export folder with --from DIR.");
      // Absolute, since the running server may work in another directory.
      return {
        from: path.resolve(values.from),
        oldMediaUrlPrefixes: values["old-media-url"] ?? [],
      };
    },
  );
  if ("exitCode" in parsed) return parsed.exitCode;

  try {
    const env = loadEnv();
    const report = await runCommand(env, "import", parsed.args, (message) =>
      out(`Importing ${message}`),
    );
    for (const line of formatImportReport(report)) out(line);
    const skipped = Object.values(report).reduce((n, r) => n + r.skipped.length, 0);
    if (report.media.imported > 0) {
      out("Run npm run media:reprocess to make the imported images' copies.");
    }
    return skipped > 0 ? 2 : 0;
  } catch (error) {
    err(failureMessage(error, "The import failed"));
    return 1;
  }
}
