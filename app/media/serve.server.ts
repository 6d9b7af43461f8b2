import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { logger } from "~/lib/logger.server";
import { MEDIA_NAME_PATTERN } from "./rules";
import { mediaResponseHeaders, mediaTypeOfName } from "./serve-policy";
import { getMediaStorage } from "./storage.server";

/**
 * GET /media/:name — the public files of the media library. Local files are streamed with their
 * type, nosniff, a long cache and a sandboxing CSP; with a bucket, the browser is sent there.
 */
export async function serveMedia(req: Request, res: Response, next: NextFunction) {
  const name = String(req.params.name ?? "");
  const ext = mediaTypeOfName(name);
  if (!MEDIA_NAME_PATTERN.test(name) || !ext) return notFound(res);
  try {
    const storage = getMediaStorage();
    if (storage.kind !== "local") {
      res.redirect(302, storage.publicUrl(name));
      return;
    }
    const stored = await storage.get(name);
    if (!stored) return notFound(res);
    res.status(200).set(mediaResponseHeaders(name, ext)).set("Content-Length", String(stored.size));
    if (req.method === "HEAD") {
      stored.body.destroy();
      res.end();
      return;
    }
    await pipeline(stored.body, res);
  } catch (error) {
    if (res.headersSent) {
      logger.warn({ err: error, name }, "media response ended early");
      res.destroy();
      return;
    }
    next(error);
  }
}

function notFound(res: Response) {
  res
    .status(404)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .send("Not found");
}
