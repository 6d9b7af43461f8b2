import { loadEnv } from "~/env.server";
import type { ReprocessProgress } from "~/media/reprocess.server";
import { CliError, runCommand } from "../runner";
import { err, failureMessage, out, progressLine, readArguments } from "./print";

const USAGE = `Usage: npm run media:reprocess

Makes the AVIF, WebP and resized copies of images uploaded before the server made them (or made
by an older version), and replaces their stored originals with copies stripped of EXIF, XMP and
GPS data, at most 2560 pixels on the long edge. Safe to run again, and while the server runs.`;

/** "Processing images: 3 of 10 (30%) photo.jpg"; a failure stays on its own line. */
function describeProgress(progress: ReprocessProgress) {
  const percent = Math.round((progress.done / Math.max(progress.total, 1)) * 100);
  return `Processing images: ${progress.done} of ${progress.total} (${percent}%) ${progress.originalName}${progress.ok ? "" : ` — failed: ${progress.error}`}`;
}

/** `npm run media:reprocess`; returns the exit code. */
export async function runMediaReprocessCli(argv: string[]): Promise<number> {
  const parsed = readArguments(argv, USAGE, {}, ({ positionals }) => {
    if (positionals.length > 0) throw new CliError(`Unknown argument: ${positionals.join(" ")}`);
  });
  if ("exitCode" in parsed) return parsed.exitCode;

  const progress = progressLine(process.stdout);
  try {
    const env = loadEnv();
    const summary = await runCommand(env, "mediaReprocess", {}, (step) =>
      step.ok ? progress.update(describeProgress(step)) : progress.print(describeProgress(step)),
    );
    progress.end();
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
    progress.end();
    err(failureMessage(error, "Reprocessing failed"));
    return 1;
  }
}
