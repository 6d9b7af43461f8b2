import type { NextFunction, Request, Response } from "express";
import type { Db } from "~/db/client.server";
import { answerOneClickUnsubscribe, ONE_CLICK_MAX_BYTES } from "~/newsletter/one-click.server";

/** The mailed link's path as the router matches it: any case, a trailing slash or not. */
const ONE_CLICK_PATH = /^\/newsletter\/unsubscribe\/?$/i;

/** The body, or null when it is over `maxBytes` (by its Content-Length, or as it arrives). */
function readBody(req: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(req.get("content-length") ?? "0") > maxBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("end", () => resolve(size > maxBytes ? null : Buffer.concat(chunks)));
    req.once("error", reject);
  });
}

/**
 * POST /newsletter/unsubscribe?token=…: the one-click unsubscribe (RFC 8058), answered here,
 * before the server's refusal of cross-site writes (sameOriginWrites) and React Router (which
 * refuses a foreign Origin on a page's action and would answer with a whole page). Only a POST
 * with a token in its address is taken; the page's own button posts to the address without one
 * and goes on to the page's action. The rules of what is taken are answerOneClickUnsubscribe's.
 */
export function oneClickUnsubscribe(options: { siteOrigin: string; db: () => Db }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || !ONE_CLICK_PATH.test(req.path)) return next();
    const url = new URL(req.originalUrl, options.siteOrigin);
    if (!url.searchParams.has("token")) return next();
    try {
      const body = await readBody(req, ONE_CLICK_MAX_BYTES);
      if (!body) {
        res.status(413).type("text/plain").send("The request is too large.\n");
        return;
      }
      const headers = new Headers();
      for (const name of ["content-type", "origin", "sec-fetch-site"]) {
        const value = req.get(name);
        if (value !== undefined) headers.set(name, value);
      }
      const answer = await answerOneClickUnsubscribe(
        new globalThis.Request(url, { method: "POST", headers, body: new Uint8Array(body) }),
        {
          db: options.db(),
          siteOrigin: options.siteOrigin,
          clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
        },
      );
      res.status(answer.status);
      answer.headers.forEach((value, name) => {
        res.setHeader(name, value);
      });
      res.send(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}
