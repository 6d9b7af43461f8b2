import path from "node:path";
import { getAuth } from "~/auth/auth.server";
import { type BackupProgress, backupSite, mediaLocationFromEnv } from "~/db/backup.server";
import { getDatabase, getDb } from "~/db/client.server";
import { importChangedAnything, importOldBackend } from "~/db/import/index.server";
import { type RestoreProgress, restoreBackup } from "~/db/restore.server";
import { getEnv } from "~/env.server";
import { announceContentChange } from "~/lib/content-changes.server";
import { type ReprocessProgress, reprocessImages } from "~/media/reprocess.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";
import { recordAudit } from "~/models/audit.server";
import { invalidateSiteCache, siteContentChanged } from "~/models/site.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";
import { z } from "~/schemas/zod";

/**
 * A command of the command line. Run directly by the command (with its own handle on the
 * database), or by the running server for it (posted to `route` under /internal/admin, progress
 * and the result streamed back): the same `run` either way.
 */
export interface Command<S extends z.ZodType, P, R> {
  /**
   * Where the server takes it. Without one the command never goes through the server: it runs
   * with the server stopped, holding the data directory itself, and opens no database handle.
   */
  route?: string;
  /** The largest request body the route reads. */
  bodyLimit?: string;
  input: S;
  /** Why an input the schema refuses is refused. */
  refusal: (error: z.ZodError) => string;
  run(input: z.output<S>, onProgress: (progress: P) => void): Promise<R>;
  /** What the server logs after a run for the command line: fields, then the message. */
  logDone?: (result: R, input: z.output<S>) => [Record<string, unknown>, string];
  /** When the server's run fails: what it logs, and what it tells the command. */
  failed?: { log: string; message: (error: Error) => string };
  /** Errors that are the caller's mistake: told as they are, not logged. */
  callerError?: new (
    ...args: never[]
  ) => Error;
  /** What the command says when the server's answer ends before the result. */
  unfinished?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry entry of any input, progress and result.
export type AnyCommand = Command<z.ZodType, any, any>;

const command = <S extends z.ZodType, P, R>(definition: Command<S, P, R>) => definition;

/** The archive the server writes or reads: a path on this machine (the endpoint is loopback-only). */
const absolutePath = z.string().refine((value) => path.isAbsolute(value));

export const commands = {
  /** `npm run admin -- create`: a verified admin or editor account, or an account promoted. */
  admin: command({
    route: "/create",
    input: adminAccountSchema.extend({ role: z.enum(["admin", "editor"]).default("admin") }),
    refusal(error) {
      const errors = fieldErrors(error);
      if (errors.role) return "Role: choose admin or editor.";
      return errors.email ? `Email: ${errors.email}` : `ADMIN_PASSWORD: ${errors.password}`;
    },
    run: (input) => createOrPromoteAdmin(getAuth(), getDb(), input),
    logDone: (result) => [
      {
        email: result.email,
        created: result.created,
        role: result.role,
        twoFactorTurnedOff: result.twoFactorTurnedOff,
        passkeysRemoved: result.passkeysRemoved,
      },
      "staff account set up",
    ],
    failed: {
      log: "admin command failed",
      message: () => "The server could not set up the admin account",
    },
    callerError: AdminAccountInputError,
  }),

  /** `npm run backup`: the database and the media files in one archive at `out`. */
  backup: command({
    route: "/backup",
    input: z.object({ out: absolutePath }),
    refusal: () => "Name the archive to write (an absolute path).",
    run: ({ out }, onProgress: (progress: BackupProgress) => void) =>
      backupSite(getEnv(), out, onProgress),
    logDone: (result) => [{ path: result.path, bytes: result.bytes }, "backup written"],
    failed: {
      log: "backup failed",
      message: (error) => `The server could not back up: ${error.message}`,
    },
    unfinished: "The server stopped before the backup finished; run it again.",
  }),

  /** `npm run restore`: an archive of `npm run backup` into DATA_DIR (and DATABASE_URL). */
  restore: command({
    input: z.object({
      archive: absolutePath,
      force: z.boolean(),
      unsigned: z.boolean(),
      identities: z.array(z.string()).optional(),
    }),
    refusal: () => "Name one archive to restore.",
    run: (input, onProgress: (progress: RestoreProgress) => void) => {
      const env = getEnv();
      return restoreBackup({
        archive: input.archive,
        target: {
          dataDir: env.DATA_DIR,
          databaseUrl: env.DATABASE_URL,
          media: mediaLocationFromEnv(env),
        },
        force: input.force,
        signingSecret: env.SESSION_SECRET,
        acceptUnsigned: input.unsigned,
        identities: input.identities,
        onProgress,
      });
    },
  }),

  /**
   * `npm run import`: the old hosted backend's export folder (this machine's), then what follows a
   * write: the caches of every app process, and one audit entry (only when something changed, so
   * that a second run leaves the database as it was).
   */
  import: command({
    route: "/import",
    input: z.object({
      from: z.string(),
      oldMediaUrlPrefixes: z.array(z.string()).default([]),
    }),
    refusal: () => "Name the export folder.",
    async run(input, onProgress: (message: string) => void) {
      const report = await importOldBackend(getDb(), { ...input, onProgress });
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
    },
    logDone: (_report, input) => [{ from: input.from }, "old backend export imported"],
    failed: {
      log: "import failed",
      message: (error) => `The server could not import: ${error.message}`,
    },
  }),

  /** `npm run media:reprocess`: the image copies of files uploaded before the server made them. */
  mediaReprocess: command({
    route: "/media/reprocess",
    bodyLimit: "1kb",
    input: z.object({}),
    refusal: () => "Send an empty object.",
    async run(_input, onProgress: (progress: ReprocessProgress) => void) {
      const summary = await reprocessImages(onProgress);
      if (summary.processed > 0) {
        // This process's caches, and those of other app processes on the same PostgreSQL.
        invalidateSiteCache();
        await announceContentChange(getDatabase());
      }
      return summary;
    },
    logDone: (summary) => [
      { processed: summary.processed, failed: summary.failed.length },
      "media reprocessed",
    ],
    failed: {
      log: "media reprocessing failed",
      message: () => "The server could not finish reprocessing; see its log.",
    },
  }),
};

export type CommandName = keyof typeof commands;
type Registered<N extends CommandName> = (typeof commands)[N];
/** What the command takes, before its schema fills in the defaults. */
export type InputOf<N extends CommandName> = z.input<Registered<N>["input"]>;
export type ProgressOf<N extends CommandName> = Parameters<Parameters<Registered<N>["run"]>[1]>[0];
export type ResultOf<N extends CommandName> = Awaited<ReturnType<Registered<N>["run"]>>;

/** The command's input checked against its schema, or why it is refused. */
export function parseCommandInput<S extends z.ZodType>(
  command: Pick<Command<S, unknown, unknown>, "input" | "refusal">,
  body: unknown,
): { ok: true; input: z.output<S> } | { ok: false; error: string } {
  const parsed = command.input.safeParse(body ?? {});
  return parsed.success
    ? { ok: true, input: parsed.data }
    : { ok: false, error: command.refusal(parsed.error) };
}
