import { timingSafeEqual } from "node:crypto";
import express, { type Router } from "express";
import { logger } from "~/lib/logger.server";
import { COMMAND_TOKEN_HEADER, NDJSON_TYPE, ndjsonWriter } from "./protocol";
import { type AnyCommand, commands, parseCommandInput } from "./registry";

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
 * The command's route: its input checked against its schema, then the command run here, its
 * progress and its result (or error) streamed back as lines of JSON.
 */
function addCommandRoute(router: Router, command: AnyCommand, route: string) {
  router.post(route, express.json({ limit: command.bodyLimit ?? "10kb" }), async (req, res) => {
    const parsed = parseCommandInput(command, req.body);
    if (!parsed.ok) {
      res.status(400).json({ error: parsed.error });
      return;
    }
    res.status(200).set({ "Content-Type": NDJSON_TYPE, "Cache-Control": "no-store" });
    const send = ndjsonWriter(res);
    try {
      const result = await command.run(parsed.input, (progress) =>
        send({ type: "progress", progress }),
      );
      if (command.logDone) logger.info(...command.logDone(result, parsed.input));
      send({ type: "result", result });
    } catch (error) {
      let message = (error as Error).message;
      if (!(command.callerError && error instanceof command.callerError)) {
        logger.error({ err: error }, command.failed?.log ?? "command failed");
        message = command.failed?.message(error as Error) ?? message;
      }
      send({ type: "error", error: message });
    }
    res.end();
  });
}

/**
 * Lets the commands of the command line (`npm run admin`, `backup`, `import`, `media:reprocess`)
 * act through the running server, which holds the only handle on the embedded database. Reachable
 * from this machine only, with the token the server wrote into DATA_DIR. Paths on this machine
 * that a command names (an archive, an export folder) are read and written here.
 */
export function commandRouter(token: string): Router {
  const router = express.Router();
  router.use((req, res, next) => {
    if (!isLoopback(req.socket.remoteAddress)) {
      res.status(404).json({ error: "Not found" });
      return;
    }
    if (!tokensMatch(req.get(COMMAND_TOKEN_HEADER) ?? "", token)) {
      res.status(401).json({ error: "Missing or wrong admin command token" });
      return;
    }
    next();
  });
  for (const command of Object.values(commands) as AnyCommand[]) {
    if (command.route) addCommandRoute(router, command, command.route);
  }
  return router;
}
