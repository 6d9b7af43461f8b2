import { timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { reprocessImages } from "~/media/reprocess.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";
import { invalidateSiteCache } from "~/models/site.server";
import { addBackupCommandRoutes } from "./backup-endpoint";
import { type ImportLine, importAndAnnounce } from "./import-cli";
import type { ReprocessLine } from "./media-cli";

export const ADMIN_TOKEN_HEADER = "x-admin-command-token";

function isLoopback(address: string | undefined) {
  return (
    address === "127.0.0.1" || address === "::1" || address?.startsWith("::ffff:127.") === true
  );
}

function tokensMatch(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Lets `npm run admin` act through the running server, which holds the only handle on the embedded
 * database. Reachable from this machine only, with the token the server wrote into DATA_DIR.
 */
export function adminCommandRouter(token: string): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      res.status(404).json({ error: "Not found" });
      return;
    }
    if (!tokensMatch(req.get(ADMIN_TOKEN_HEADER) ?? "", token)) {
      res.status(401).json({ error: "Missing or wrong admin command token" });
      return;
    }
    next();
  });
  addBackupCommandRoutes(router);
  router.post("/create", express.json({ limit: "10kb" }), async (req, res) => {
    try {
      const result = await createOrPromoteAdmin(getAuth(), getDb(), {
        email: req.body?.email,
        password: req.body?.password,
        role: req.body?.role,
      });
      logger.info(
        {
          email: result.email,
          created: result.created,
          role: result.role,
          twoFactorTurnedOff: result.twoFactorTurnedOff,
          passkeysRemoved: result.passkeysRemoved,
        },
        "staff account set up",
      );
      res.json(result);
    } catch (error) {
      if (error instanceof AdminAccountInputError) {
        res.status(400).json({ error: error.message });
        return;
      }
      logger.error({ err: error }, "admin command failed");
      res.status(500).json({ error: "The server could not set up the admin account" });
    }
  });
  // `npm run media:reprocess` while the server holds the embedded database: the work runs here,
  // and each finished image is streamed back as a line of JSON for the command's progress line.
  router.post("/media/reprocess", express.json({ limit: "1kb" }), async (_req, res) => {
    res.status(200).set({ "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" });
    const send = (line: ReprocessLine) => res.write(`${JSON.stringify(line)}\n`);
    try {
      const summary = await reprocessImages((progress) => send({ type: "progress", ...progress }));
      if (summary.processed > 0) invalidateSiteCache();
      logger.info(
        { processed: summary.processed, failed: summary.failed.length },
        "media reprocessed",
      );
      send({ type: "summary", ...summary });
    } catch (error) {
      logger.error({ err: error }, "media reprocessing failed");
      send({ type: "error", error: "The server could not finish reprocessing; see its log." });
    }
    res.end();
  });
  // `npm run import` while the server holds the embedded database: the import runs here, reading
  // the export folder the command named (this machine's, as the endpoint is loopback-only).
  router.post("/import", express.json({ limit: "10kb" }), async (req, res) => {
    const from: unknown = req.body?.from;
    const prefixes: unknown = req.body?.oldMediaUrlPrefixes ?? [];
    if (
      typeof from !== "string" ||
      !Array.isArray(prefixes) ||
      !prefixes.every((p) => typeof p === "string")
    ) {
      res.status(400).json({ error: "Name the export folder." });
      return;
    }
    res.status(200).set({ "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" });
    const send = (line: ImportLine) => res.write(`${JSON.stringify(line)}\n`);
    try {
      const report = await importAndAnnounce(
        { from, oldMediaUrlPrefixes: prefixes as string[] },
        (message) => send({ type: "progress", message }),
      );
      logger.info({ from }, "old backend export imported");
      send({ type: "report", report });
    } catch (error) {
      logger.error({ err: error }, "import failed");
      send({ type: "error", error: `The server could not import: ${(error as Error).message}` });
    }
    res.end();
  });
  return router;
}
