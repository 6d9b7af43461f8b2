import { randomBytes } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { POST_VIEW_HEADER } from "~/blog/visitor.server";
import { logger } from "~/lib/logger.server";
import {
  type CachedPage,
  etagMatches,
  makeCachedPage,
  type PageCache,
  preferredEncoding,
} from "./page-cache";
import { cspWithHashes, hashPageScripts } from "./page-csp";

/**
 * The page cache at the HTTP edge: a visitor without a session asking for a public page gets it
 * from memory (server/page-cache.ts), before the nonce, the security headers, compression and the
 * render. A miss renders the page once, as nobody in particular (no cookie reaches the render),
 * and keeps it only when the answer is a 200 that sets no cookie and does not forbid storing.
 */

/** Cookies that make a page personal: a session (signed in), a pending toast. */
const PERSONAL_COOKIE = /(?:^|;\s*)(?:__Secure-)?(?:better-auth\.[a-z_]+|flash_toast)=/;

/** Addresses that are never a public page, or whose answer is someone's (a token in the link). */
const NEVER_CACHED =
  /^\/(?:admin|api|auth|account|internal|media|assets|forgot-password|reset-password|newsletter\/unsubscribe|healthz|readyz)(?:\/|$|\.)/;

/** Headers of a rendered answer that describe it; the rest (dates, connection) are per answer. */
const KEPT_HEADERS = new Set(["content-type", "content-language", "link", "x-robots-tag"]);

/** Visitors' answers: shared caches (a CDN) may keep them a minute and serve stale while refreshing. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  if (PERSONAL_COOKIE.test(req.headers.cookie ?? "")) return false;
  if (req.headers.authorization) return false;
  if (NEVER_CACHED.test(req.path)) return false;
  // Files (images, icons) are the static server's; of the app's own addresses with an ending,
  // only navigation data and the feeds are pages.
  if (/\.[a-z0-9]+$/i.test(req.path) && !/\.(?:data|xml|txt)$/.test(req.path)) return false;
  // A preview or a token in the address is for one person.
  const query = req.originalUrl.split("?")[1] ?? "";
  return !/(?:^|&)(?:token|preview)=/.test(query) && req.originalUrl.length <= 512;
}

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  /** The site's origin (SITE_URL): the address pages are rendered for. */
  origin: string;
  /** Renders a request through the app (React Router's fetch handler) with this load context. */
  render: (
    request: globalThis.Request,
    context: { cspNonce: string; wholePage: true },
  ) => Promise<globalThis.Response>;
  /** The security headers the app sends with a page of this nonce (CSP included). */
  securityHeaders: (req: Request, nonce: string) => Promise<Record<string, string>>;
  /**
   * Hashes of inline scripts the page's own code adds after loading (the custom-code widget):
   * allowed by the stored page's policy along with the scripts in its HTML.
   */
  addedScriptHashes?: () => Promise<string[]>;
  /** Runs for every answer given from the cache (page-view counting). */
  onServe?: RequestHandler;
  /** Counts a reader of a blog post served from the cache (the render counts no one). */
  onPostView?: (req: Request, postId: number) => void;
}

/**
 * The request as the render sees it: the address on the site's own origin (never the client's
 * Host header: a page stored for everyone must not be shaped by one request's headers), no cookie.
 */
function anonymousRequest(req: Request, origin: string, signal: AbortSignal) {
  const url = new URL(req.originalUrl, origin);
  const headers = new Headers({ accept: req.get("accept") ?? "text/html" });
  return new globalThis.Request(url, { method: "GET", headers, signal });
}

async function renderForCache(
  req: Request,
  options: PageCacheMiddlewareOptions,
): Promise<CachedPage | null> {
  const nonce = randomBytes(16).toString("base64");
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 15_000);
  try {
    const response = await options.render(anonymousRequest(req, options.origin, abort.signal), {
      cspNonce: nonce,
      wholePage: true,
    });
    const body = Buffer.from(await response.arrayBuffer());
    // A route that must not be shared says no-store (a blog post counts each view); the
    // default "private, no-cache" of pages only means "not with a nonce in it", which this fixes.
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      /no-store/.test(response.headers.get("cache-control") ?? "")
    ) {
      return null;
    }
    const postId = Number(response.headers.get(POST_VIEW_HEADER)) || null;
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (KEPT_HEADERS.has(name)) headers[name] = value;
    });
    // An answer that says how long anyone may keep it (the sitemap, the feed) keeps saying so.
    const cacheControl = response.headers.get("cache-control") ?? "";
    if (cacheControl.startsWith("public")) headers["cache-control"] = cacheControl;
    const security = await options.securityHeaders(req, nonce);
    let stored = body;
    if ((headers["content-type"] ?? "").startsWith("text/html")) {
      const hashed = hashPageScripts(body.toString("utf8"), nonce);
      stored = Buffer.from(hashed.html, "utf8");
      const policy = security["content-security-policy"];
      if (policy) {
        const added = (await options.addedScriptHashes?.()) ?? [];
        const hashes = [...new Set([...hashed.scriptHashes, ...added])];
        security["content-security-policy"] = cspWithHashes(policy, nonce, hashes);
      }
    } else {
      // Data for client-side navigation: the page's nonce policy means nothing here.
      delete security["content-security-policy"];
    }
    return await makeCachedPage(stored, { ...security, ...headers }, postId);
  } finally {
    clearTimeout(timer);
  }
}

function send(req: Request, res: Response, page: CachedPage) {
  res.setHeader("ETag", page.etag);
  res.setHeader("Cache-Control", SHARED_CACHE_CONTROL);
  res.setHeader("Vary", "Accept-Encoding");
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  if (etagMatches(req.get("if-none-match"), page.etag)) {
    res.removeHeader("Content-Type");
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = preferredEncoding(req.get("accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body;
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}

export function pageCacheMiddleware(options: PageCacheMiddlewareOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const key = req.originalUrl;
    const hit = options.cache.get(key);
    const serve = (page: CachedPage) => {
      if (page.postId !== null) options.onPostView?.(req, page.postId);
      if (options.onServe) options.onServe(req, res, () => send(req, res, page));
      else send(req, res, page);
    };
    if (hit) return serve(hit);
    options.cache
      .fill(key, () => renderForCache(req, options))
      .then(
        (page) => (page ? serve(page) : next()),
        (error: unknown) => {
          // The render failed (the database away, a bug): the usual path answers and logs it.
          logger.warn(
            { err: error, path: req.path },
            "page cache render failed; answering uncached",
          );
          next();
        },
      );
  };
}
