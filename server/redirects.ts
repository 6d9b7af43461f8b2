import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "~/lib/logger.server";
import { isAbsoluteTarget, locationOf } from "~/lib/redirect-paths";
import type { RedirectMemory } from "~/redirects/redirect-memory.server";

/**
 * Redirects at the HTTP edge: a GET or HEAD of an address with a redirect is answered 301 from
 * memory (app/redirects/redirect-memory.server.ts), before the page cache, the app's middleware
 * and the render. A permanent redirect, but one a browser or CDN keeps five minutes only, so an
 * admin who changes or deletes it is heard soon.
 */
export const REDIRECT_CACHE_CONTROL = "public, max-age=300";

/** How long a request waits for the table being read again after a write, at most. */
const RELOAD_WAIT_MS = 1_000;

/**
 * The path and query to look up. Client-side navigation asks for `<path>.data` (`/_root.data`
 * for the home page, `<path>/_.data` for one with a trailing slash) with the router's `_routes`.
 */
function lookupAddress(url: string) {
  const at = url.indexOf("?");
  const path = at === -1 ? url : url.slice(0, at);
  const query = at === -1 ? "" : url.slice(at + 1);
  if (!path.endsWith(".data")) return { path, query, data: false };
  const params = new URLSearchParams(query);
  params.delete("_routes");
  const page =
    path === "/_root.data"
      ? "/"
      : path.endsWith("/_.data")
        ? path.slice(0, -"_.data".length)
        : path.slice(0, -".data".length);
  return { path: page, query: params.toString(), data: true };
}

/**
 * Answers the request when it has a redirect; returns false, having done nothing, otherwise.
 * `before` runs first on an answer (the request log, as the page cache's hits have it).
 */
export function answerRedirect(
  memory: RedirectMemory,
  req: IncomingMessage,
  res: ServerResponse,
  before?: (req: IncomingMessage, res: ServerResponse) => void,
): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const { path, query, data } = lookupAddress(req.url ?? "/");
  const match = memory.match(path, query);
  if (!match) return false;
  before?.(req, res);
  memory.hit(match.entry.fromPath);
  const location = locationOf(match.location);
  if (data) {
    // The router's own redirect answer: it navigates there (a full load for another site).
    res.writeHead(204, {
      "x-remix-redirect": location,
      "x-remix-status": "301",
      ...(isAbsoluteTarget(location) ? { "x-remix-reload-document": "true" } : {}),
      "cache-control": REDIRECT_CACHE_CONTROL,
    });
  } else {
    res.writeHead(301, {
      location,
      "cache-control": REDIRECT_CACHE_CONTROL,
      "content-length": "0",
    });
  }
  res.end();
  return true;
}

/**
 * A request handler that answers redirects first and hands everything else to `next`. Right
 * after an admin write the table is being read again: a request then waits for it (a few
 * milliseconds, a second at most), so the address an admin just redirected, or a post just
 * renamed, answers with the change at once.
 */
export function redirectsFirst(
  memory: RedirectMemory,
  next: (req: IncomingMessage, res: ServerResponse) => void,
  before?: (req: IncomingMessage, res: ServerResponse) => void,
) {
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    if (!answerRedirect(memory, req, res, before)) next(req, res);
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    const loading = memory.loading;
    if (!loading || (req.method !== "GET" && req.method !== "HEAD")) return answer(req, res);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RELOAD_WAIT_MS);
    });
    void Promise.race([loading, waited])
      .then(() => {
        clearTimeout(timer);
        answer(req, res);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "answering a request after the redirects reload failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
  };
}
