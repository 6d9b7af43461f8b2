import { timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { getAuth } from "~/auth/auth.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";

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
  router.post("/create", express.json({ limit: "10kb" }), async (req, res) => {
    try {
      const result = await createOrPromoteAdmin(getAuth(), getDb(), {
        email: req.body?.email,
        password: req.body?.password,
      });
      logger.info({ email: result.email, created: result.created }, "admin account set up");
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
  return router;
}
