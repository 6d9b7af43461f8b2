import path from "node:path";
import express, { type Router } from "express";
import { backupSite } from "~/db/backup.server";
import { loadEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import type { BackupLine } from "./backup-cli";

/**
 * `npm run backup` while the server holds the embedded database: the backup runs here, writing
 * the archive the command named (a path on this machine, as the endpoint is loopback-only), and
 * progress is streamed back as lines of JSON. Mounted behind the admin command token.
 */
export function addBackupCommandRoutes(router: Router) {
  router.post("/backup", express.json({ limit: "10kb" }), async (req, res) => {
    const out: unknown = req.body?.out;
    if (typeof out !== "string" || !path.isAbsolute(out)) {
      res.status(400).json({ error: "Name the archive to write (an absolute path)." });
      return;
    }
    res.status(200).set({ "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" });
    const send = (line: BackupLine) => res.write(`${JSON.stringify(line)}\n`);
    try {
      const result = await backupSite(loadEnv(), out, (progress) =>
        send({ type: "progress", ...progress }),
      );
      logger.info({ path: result.path, bytes: result.bytes }, "backup written");
      send({ type: "done", result });
    } catch (error) {
      logger.error({ err: error }, "backup failed");
      send({ type: "error", error: `The server could not back up: ${(error as Error).message}` });
    }
    res.end();
  });
}
