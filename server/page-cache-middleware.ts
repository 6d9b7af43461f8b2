import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { POST_VIEW_HEADER } from "~/blog/visitor.server";
import { databaseFallbacks, fellBackRecently } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import {
  type CachedPage,
  type Encoding,
  etagMatches,
  makeCachedPage,
  type PageCache,
  preferredEncoding,
} from "./page-cache";
import { cspWithHashes, hashPageScripts } from "./page-csp";
import type { RenderQueue } from "./render-queue";

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
  /^\/(?:admin|api|auth|account|internal|media|assets|forgot-password|reset-password|newsletter\/(?:unsubscribe|confirm)|healthz|readyz)(?:\/|$|\.)/;

/** Headers of a rendered answer that describe it; the rest (dates, connection) are per answer. */
const KEPT_HEADERS = new Set(["content-type", "content-language", "link", "x-robots-tag"]);

/**
 * Visitors' pages. Browsers ask again every time (the ETag makes that a 304): a visitor's page
 * kept by the browser would show someone who has just signed in as signed out, so no
 * stale-while-revalidate here (Chromium honours it for itself, s-maxage or not). Shared caches
 * (a CDN) may keep a page a minute; those that read CDN-Cache-Control (RFC 9213) may also serve
 * it stale while they refresh it.
 */
export const SHARED_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60";
export const CDN_CACHE_CONTROL = "public, max-age=60, stale-while-revalidate=300";

/**
 * Navigation data (`*.data`): kept by no shared cache, so that a page a CDN served to someone
 * signed in can correct itself by loading its data again (app/components/session-hint-check.ts).
 */
export const NAVIGATION_DATA_CACHE_CONTROL = "private, max-age=0, must-revalidate";

/**
 * Whether a request may be answered from (and fill) the page cache. Reads only what Node's own
 * request carries (method, url, headers), so the fast path can ask before Express runs.
 */
export function isCacheableRequest(req: IncomingMessage): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const headers = req.headers;
  if (headers.cookie && PERSONAL_COOKIE.test(headers.cookie)) return false;
  if (headers.authorization) return false;
  const url = req.url ?? "/";
  if (url.length > 512) return false;
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (NEVER_CACHED.test(path)) return false;
  // Files (images, icons) are the static server's; of the app's own addresses with an ending,
  // only navigation data and the feeds are pages.
  if (/\.[a-z0-9]+$/i.test(path) && !/\.(?:data|xml|txt)$/.test(path)) return false;
  // A preview or a token in the address is for one person.
  return queryAt === -1 || !/(?:^|&)(?:token|preview)=/.test(url.slice(queryAt + 1));
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
  /**
   * Runs after every answer given from the cache (page-view and blog-post reader counting): the
   * request as received, with the client address header set (CLIENT_ADDRESS_HEADER).
   */
  onServe?: (req: IncomingMessage, res: ServerResponse, page: CachedPage) => void;
  /** Where a miss's render waits its turn (server/render-queue.ts); none: at once. */
  renders?: Pick<RenderQueue, "run">;
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
  const fallbacksBefore = databaseFallbacks();
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
      // Defaults shown for a failing database: right now, wrong once it is back.
      databaseFallbacks() !== fallbacksBefore ||
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
    if (new URL(req.originalUrl, options.origin).pathname.endsWith(".data")) {
      headers["cache-control"] = NAVIGATION_DATA_CACHE_CONTROL;
    }
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

/** A stored page's response headers, flat (name, value, …) as writeHead takes them, per answer. */
interface Heads {
  identity: string[];
  gzip: string[];
  br: string[];
  notModified: string[];
}

const headsOf = new WeakMap<CachedPage, Heads>();

/** Built once per stored page: a hit then costs one writeHead, not a dozen setHeader calls. */
function heads(page: CachedPage): Heads {
  let known = headsOf.get(page);
  if (!known) {
    const common: Record<string, string> = {
      etag: page.etag,
      // A cache-control of the page's own replaces both.
      ...(page.headers["cache-control"]
        ? {}
        : { "cache-control": SHARED_CACHE_CONTROL, "cdn-cache-control": CDN_CACHE_CONTROL }),
      vary: "Accept-Encoding",
      // The page's own (content type, security headers).
      ...page.headers,
    };
    const flat = (extra: Record<string, string>, without?: string) =>
      Object.entries({ ...common, ...extra })
        .filter(([name]) => name !== without)
        .flat();
    known = {
      identity: flat({ "content-length": String(page.body.length) }),
      gzip: flat({ "content-encoding": "gzip", "content-length": String(page.gzip.length) }),
      br: flat({ "content-encoding": "br", "content-length": String(page.br.length) }),
      notModified: flat({}, "content-type"),
    };
    headsOf.set(page, known);
  }
  return known;
}

/** Encodings chosen per Accept-Encoding header: browsers send a handful of distinct ones. */
const encodingFor = new Map<string, Encoding>();
const MAX_REMEMBERED_ENCODINGS = 64;

function encodingOf(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  let encoding = encodingFor.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = preferredEncoding(acceptEncoding);
    if (encodingFor.size >= MAX_REMEMBERED_ENCODINGS) encodingFor.clear();
    encodingFor.set(acceptEncoding, encoding);
  }
  return encoding;
}

/** Writes a stored page (or 304) to a Node response: the same bytes for every visitor. */
function send(req: IncomingMessage, res: ServerResponse, page: CachedPage) {
  const all = heads(page);
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    res.writeHead(304, all.notModified);
    res.end();
    return;
  }
  const encoding = encodingOf(req.headers["accept-encoding"]);
  res.writeHead(200, all[encoding]);
  if (req.method === "HEAD") res.end();
  else res.end(encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.body);
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  options: Pick<PageCacheMiddlewareOptions, "onServe">,
) {
  send(req, res, page);
  try {
    options.onServe?.(req, res, page);
  } catch (error) {
    logger.warn({ err: error }, "page cache: counting a view failed");
  }
}

/**
 * The page cache as Express middleware: answers hits, and fills the cache on a miss (one render
 * per key at a time); anything it cannot keep goes on to the app.
 */
export function pageCacheMiddleware(options: PageCacheMiddlewareOptions): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isCacheableRequest(req)) return next();
    const key = req.originalUrl;
    const hit = options.cache.get(key);
    if (hit) return serve(req, res, hit, options);
    // The database is failing: a render would show defaults, not worth keeping (nor rendering twice).
    if (fellBackRecently()) return next();
    options.cache
      .fill(key, () =>
        options.renders
          ? options.renders.run(() => renderForCache(req, options))
          : renderForCache(req, options),
      )
      .then(
        (page) => (page ? serve(req, res, page, options) : next()),
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

/**
 * The hit path before Express: a stored page answered straight from Node's request handler,
 * with none of the app's middleware (a hit needs none of it). Returns false, having done
 * nothing, for anything else; Express then takes the request (and fills the cache on a miss).
 * `before` runs first on a hit (the client address); `after` once the answer is written, with
 * when the hit began (performance.now()): the request log, written then rather than on the
 * response's finish event, whose listener alone cost a hit more than the line itself.
 */
export function pageCacheFastPath(options: {
  cache: PageCache;
  before?: (req: IncomingMessage, res: ServerResponse) => void;
  after?: (req: IncomingMessage, res: ServerResponse, startedAt: number) => void;
  onServe?: PageCacheMiddlewareOptions["onServe"];
}) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!isCacheableRequest(req)) return false;
    const hit = options.cache.get(req.url ?? "/");
    if (!hit) return false;
    const startedAt = performance.now();
    options.before?.(req, res);
    serve(req, res, hit, options);
    options.after?.(req, res, startedAt);
    return true;
  };
}
