import { parseArgs } from "node:util";
import { getDatabase } from "~/db/client.server";
import { EnvError, loadEnv } from "~/env.server";
import { announceContentChange } from "~/lib/content-changes.server";
import { DataDirLockedError } from "~/lib/data-dir-lock.server";
import {
  type ReprocessProgress,
  type ReprocessSummary,
  reprocessImages,
} from "~/media/reprocess.server";
import { CliError, type ServerEndpoint, streamFromServer, withDatabase } from "./cli-database";

const USAGE = `Usage: npm run media:reprocess

Makes the AVIF, WebP and resized copies of images uploaded before the server made them (or made
by an older version), and replaces their stored originals with copies stripped of EXIF, XMP and
GPS data, at most 2560 pixels on the long edge. Safe to run again, and while the server runs.`;

/** Lines the server streams back while it works for the command: progress, then the summary. */
export type ReprocessLine =
  | ({ type: "progress" } & ReprocessProgress)
  | ({ type: "summary" } & ReprocessSummary)
  | { type: "error"; error: string };

async function viaRunningServer(
  server: ServerEndpoint,
  onProgress: (progress: ReprocessProgress) => void,
): Promise<ReprocessSummary> {
  let summary: ReprocessSummary | undefined;
  await streamFromServer<ReprocessLine>(server, "/media/reprocess", {}, (line) => {
    if (line.type === "progress") onProgress(line);
    else if (line.type === "summary") summary = line;
  });
  if (!summary) throw new CliError("The server stopped before it finished; run the command again.");
  return summary;
}

/** "Processing images: 3 of 10 (30%) photo.jpg", rewritten in place on a terminal. */
function progressPrinter(stream: NodeJS.WriteStream) {
  let shown = false;
  return {
    progress(progress: ReprocessProgress) {
      const percent = Math.round((progress.done / Math.max(progress.total, 1)) * 100);
      const line = `Processing images: ${progress.done} of ${progress.total} (${percent}%) ${progress.originalName}${progress.ok ? "" : ` — failed: ${progress.error}`}`;
      if (stream.isTTY && progress.ok) {
        stream.write(`\r\x1b[2K${line.slice(0, (stream.columns || 100) - 1)}`);
        shown = true;
      } else {
        stream.write(`${shown ? "\n" : ""}${line}\n`);
        shown = false;
      }
    },
    end() {
      if (shown) stream.write("\n");
    },
  };
}

/** `npm run media:reprocess`; returns the exit code. */
export async function runMediaReprocessCli(argv: string[]): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { help: { type: "boolean", short: "h" } },
      allowPositionals: true,
    });
    if (values.help) {
      out(USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
  } catch (error) {
    err(`${(error as Error).message}\n\n${USAGE}`);
    return 1;
  }

  const printer = progressPrinter(process.stdout);
  try {
    const env = loadEnv();
    const summary = await withDatabase(env, {
      direct: async () => {
        const result = await reprocessImages(printer.progress);
        // Other app processes on the same PostgreSQL drop what they cached of these images.
        if (result.processed > 0) await announceContentChange(getDatabase());
        return result;
      },
      viaServer: (server) => viaRunningServer(server, printer.progress),
    });
    printer.end();
    const total = summary.processed + summary.failed.length;
    if (total === 0) {
      out("Every image already has its copies: nothing to do.");
      return 0;
    }
    out(`Processed ${summary.processed} of ${total} ${total === 1 ? "image" : "images"}.`);
    if (summary.failed.length === 0) return 0;
    err(`${summary.failed.length} could not be processed:`);
    for (const failure of summary.failed) {
      err(`  ${failure.originalName} (${failure.name}): ${failure.error}`);
    }
    return 1;
  } catch (error) {
    printer.end();
    if (
      error instanceof CliError ||
      error instanceof EnvError ||
      error instanceof DataDirLockedError
    ) {
      err(error.message);
      return 1;
    }
    err(`Reprocessing failed: ${(error as Error).message}`);
    return 1;
  }
}
