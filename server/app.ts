import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http, { type IncomingMessage, type Server, type ServerResponse } from "node:http";
import path from "node:path";
// Loaded with the process, so a rebuild next to a running server cannot pull code from under it.
import * as productionBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import proxyaddr from "proxy-addr";
import { createRequestHandler as createFetchHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { header } from "~/analytics/classify.server";
import { createPageViewCounter, type PageViewCounter } from "~/analytics/page-view-counter.server";
import { CLIENT_ADDRESS_HEADER, getAuth } from "~/auth/auth.server";
import { createPostViewRecorder, type PostViewRecorder } from "~/blog/post-view-recorder.server";
import { postVisitorKey } from "~/blog/visitor.server";
import type { Database } from "~/db/client.server";
import { type Env, EnvError, loadEnv } from "~/env.server";
import { createJobRunner } from "~/jobs/runner.server";
import { pruneSpentBotChecks } from "~/lib/bot-check.server";
import { subscribeToContentChanges } from "~/lib/content-changes.server";
import {
  acquireDataDirLock,
  type DataDirLock,
  DataDirLockedError,
} from "~/lib/data-dir-lock.server";
import { logger, requestLogger } from "~/lib/logger.server";
import { projectRoot } from "~/lib/project-root.server";
import { pruneRateLimits } from "~/lib/rate-limit.server";
import { serveMedia } from "~/media/serve.server";
import { listPublicWidgets } from "~/models/integrations.server";
import { invalidateSiteCache, onSiteCacheCleared } from "~/models/site.server";
import { campaignSite, prepareCampaignMail } from "~/newsletter/render/render.server";
import { createRedirectMemory, type RedirectMemory } from "~/redirects/redirect-memory.server";
import { commandRouter } from "./commands/endpoint";
import { COMMAND_TOKEN_FILE } from "./commands/protocol";
import { oneClickUnsubscribe } from "./one-click-unsubscribe";
import { type CachedPage, PAGE_MAX_AGE_MS, PageCache } from "./page-cache";
import { pageCacheFastPath, pageCacheMiddleware } from "./page-cache-middleware";
import { PageCacheMirror } from "./page-cache-mirror";
import { redirectsFirst } from "./redirects";
import { createRenderQueue } from "./render-queue";
import {
  capBodies,
  cspNonce,
  sameOriginWrites,
  securityHeaders,
  widgetScriptHashes,
  widgetSources,
} from "./security";
import { openServices } from "./services";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce: string;
    /** Rendered for the page cache: the whole page at once, never streamed in parts. */
    wholePage?: boolean;
  }
}

/**
 * The request log's line for an answer: the path (never the query: it can carry tokens of
 * verification, reset and unsubscribe links), status, time since `startedAt` (performance.now()),
 * address.
 */
function writeRequestLine(
  req: IncomingMessage,
  path: string,
  status: number,
  startedAt: number,
  ip: unknown,
) {
  requestLogger.info(
    {
      method: req.method,
      path,
      status,
      ms: Math.round((performance.now() - startedAt) * 1000) / 1000,
      ip,
    },
    "request",
  );
}

/** Logs a request when its answer is sent. */
function logRequest(req: IncomingMessage, res: ServerResponse, ip: string | undefined) {
  if (!requestLogger.isLevelEnabled("info")) return;
  const startedAt = performance.now();
  // Read now: routers mounted on a prefix rewrite req.url while they run.
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  res.on("finish", () => writeRequestLine(req, path, res.statusCode, startedAt, ip));
}

/** The request line of an answer already written (a page-cache hit), without waiting for finish. */
function logAnswered(req: IncomingMessage, res: ServerResponse, startedAt: number) {
  if (!requestLogger.isLevelEnabled("info")) return;
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  writeRequestLine(req, path, res.statusCode, startedAt, req.headers[CLIENT_ADDRESS_HEADER]);
}

function requestLog(req: Request, res: Response, next: NextFunction) {
  logRequest(req, res, req.ip);
  next();
}

/** How much of a body a handler stopped reading (an early 413 or 415) is read and dropped. */
const UNREAD_BODY_DRAIN_BYTES = 1024 * 1024;

/**
 * A handler that answers before reading the whole body (a payload over its limit, a wrong content
 * type) leaves the rest of it on the connection. Unread, it stalls the connection: the client
 * cannot finish sending, so it never takes the answer, until the keep-alive timeout cuts it with
 * a reset. Reading a bounded remainder lets the answer through and keeps the connection; past
 * the bound, or if the client stalls, the connection is closed.
 */
function drainUnreadBody(req: Request, res: Response, next: NextFunction) {
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    let drained = 0;
    // The answer is out; whoever was reading (React Router's request stream, paused because the
    // handler never read it) has nothing more to do with the body.
    req.removeAllListeners("data");
    const giveUp = setTimeout(() => req.socket.destroy(), 5_000);
    giveUp.unref();
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > UNREAD_BODY_DRAIN_BYTES) {
        clearTimeout(giveUp);
        req.socket.destroy();
      }
    });
    req.once("end", () => clearTimeout(giveUp));
    req.resume();
  });
  next();
}

/**
 * The headers these middlewares would give a page with this nonce, collected instead of sent:
 * the page cache stores them with the page.
 */
async function headersOf(
  req: Request,
  nonce: string,
  middlewares: ((req: Request, res: Response, next: NextFunction) => unknown)[],
) {
  const headers: Record<string, string> = {};
  const collector = {
    locals: { cspNonce: nonce } as Record<string, unknown>,
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
      return collector;
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  for (const middleware of middlewares) {
    await new Promise<void>((resolve, reject) => {
      middleware(req, collector as unknown as Response, (error?: unknown) =>
        error ? reject(error) : resolve(),
      );
    });
  }
  return headers;
}

export function createExpressApp(options: {
  env: Env;
  database: Database;
  adminToken?: string;
  vite?: ViteDevServer;
  pageViews?: PageViewCounter;
  postViews?: PostViewRecorder;
  /** Answered before everything else (the page cache's hits too). */
  redirects?: RedirectMemory;
}) {
  const { env, database, vite } = options;
  const production = !vite;
  const app = express();
  app.disable("x-powered-by");
  if (env.TRUST_PROXY) {
    const hops = Number(env.TRUST_PROXY);
    app.set("trust proxy", Number.isInteger(hops) ? hops : env.TRUST_PROXY);
  }

  app.use(requestLog);
  app.use(drainUnreadBody);
  app.use((req, _res, next) => {
    // Overwrite whatever the client sent: rate limits key on this.
    req.headers[CLIENT_ADDRESS_HEADER] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });
  const pageWidgetSources = widgetSources(listPublicWidgets);
  const headers = securityHeaders({
    production,
    https: env.SITE_URL.startsWith("https://"),
    turnstile: Boolean(env.TURNSTILE_SITE_KEY),
  });
  // Page views and blog-post readers of answers from the page cache (the render counts no one).
  const countCachedView = (req: IncomingMessage, res: ServerResponse, page: CachedPage) => {
    options.pageViews?.observe({
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      status: res.statusCode,
      contentType: page.headers["content-type"],
    });
    if (page.postId !== null && options.postViews) {
      const visitor = postVisitorKey({ headers: { get: (name) => header(req.headers, name) } });
      if (visitor) options.postViews.record(page.postId, visitor);
    }
  };
  // Answers given before Express (redirects, the page cache's hits): the request log and the
  // client address as Express would give them, nothing else.
  // Without a proxy to trust the address is the socket's (what Express's req.ip gives then), read
  // without proxy-addr's parse of X-Forwarded-For, which a hit would otherwise pay for nothing.
  const clientAddress = env.TRUST_PROXY
    ? (req: IncomingMessage) => proxyaddr(req, app.get("trust proxy fn"))
    : (req: IncomingMessage) => req.socket.remoteAddress ?? "unknown";
  const beforeExpress = (req: IncomingMessage, res: ServerResponse) => {
    const ip = clientAddress(req);
    req.headers[CLIENT_ADDRESS_HEADER] = ip;
    logRequest(req, res, ip);
  };
  let fastPath: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  // Renders take turns, so that a burst of new connections is accepted at once (render-queue.ts).
  const renders = createRenderQueue({ concurrency: env.RENDER_CONCURRENCY, holdMs: 1000 });
  // Visitors' pages from memory, before the nonce, the headers and compression it makes unneeded.
  if (production && env.PAGE_CACHE_MB > 0) {
    const cache = new PageCache({
      maxBytes: env.PAGE_CACHE_MB * 1024 * 1024,
      // Its pages on disk too, for nginx or a CDN origin to serve (the README's static mirror).
      listener: env.PAGE_CACHE_DIR
        ? new PageCacheMirror({ dir: env.PAGE_CACHE_DIR, maxAgeMs: PAGE_MAX_AGE_MS })
        : undefined,
    });
    onSiteCacheCleared(() => cache.clear());
    const fetchHandler = createFetchHandler(
      productionBuild as unknown as ServerBuild,
      "production",
    );
    app.use(
      pageCacheMiddleware({
        cache,
        origin: new URL(env.SITE_URL).origin,
        render: (request, context) => fetchHandler(request, context),
        renders,
        securityHeaders: (req, nonce) => headersOf(req, nonce, [pageWidgetSources, headers]),
        addedScriptHashes: async () => widgetScriptHashes(await listPublicWidgets()),
        onServe: countCachedView,
      }),
    );
    // Hits answered before Express (startServer puts this first).
    fastPath = pageCacheFastPath({
      cache,
      before: (req) => {
        req.headers[CLIENT_ADDRESS_HEADER] = clientAddress(req);
      },
      after: logAnswered,
      onServe: countCachedView,
    });
  }
  app.use(cspNonce);
  if (production) app.use(pageWidgetSources);
  app.use(headers);
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      logger.warn({ err: error }, "readiness check failed");
      res.status(503).json({ status: "unavailable", error: "The database does not answer" });
    }
  });

  if (options.adminToken) app.use("/internal/admin", commandRouter(options.adminToken));

  // RFC 8058's one-click unsubscribe, which mail clients POST from anywhere (a webmail page
  // sends its own Origin): before the refusal of cross-site writes, taking only that request.
  // A middleware that picks its address itself, not a mount: /newsletter/unsubscribe is the route
  // table's page, and a mount would reserve all of /newsletter/* (app/lib/redirect-sources.ts).
  app.use(oneClickUnsubscribe({ siteOrigin: new URL(env.SITE_URL).origin, db: () => database.db }));
  app.use(sameOriginWrites(new URL(env.SITE_URL).origin));
  app.all("/api/auth/*splat", capBodies(), toNodeHandler(getAuth()));

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.join(projectRoot(), "build", "client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    // Only addresses under the client folder's own names (favicon.svg, images/…) are looked up on
    // disk: a page's address would cost a file-system call per request, to be told it is no file.
    const clientNames = new Set(fs.readdirSync(client));
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    app.use((req, res, next) => {
      if (clientNames.has(req.path.split("/")[1] ?? "")) publicFiles(req, res, next);
      else next();
    });
  }

  // Media library files: streamed with their own headers (a sandboxing CSP replaces the page's).
  app.get("/media/:name", serveMedia);

  // After the static files and media, so only what the app renders is looked at.
  if (options.pageViews) app.use(options.pageViews.middleware);

  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : (productionBuild as unknown as ServerBuild);
  app.all(
    "*splat",
    renders.middleware,
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string }),
    }),
  );

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // Express marks the client's own mistakes (an address that does not decode) with a 4xx.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      logger.warn({ err: error, status }, "bad request");
      if (!res.headersSent) res.status(status).json({ error: "The request could not be read." });
      return;
    }
    logger.error({ err: error }, "unhandled error");
    if (res.headersSent) return;
    res.status(500).json({ error: "Something went wrong on our side. Please try again." });
  });
  /** The request handler: redirects first, then the page cache's hits, then the app. */
  const cacheThenApp = (req: IncomingMessage, res: ServerResponse) => {
    if (!fastPath?.(req, res)) app(req, res);
  };
  const handle = options.redirects
    ? redirectsFirst(options.redirects, cacheThenApp, beforeExpress)
    : cacheThenApp;
  return { app, handle };
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

export async function startServer(options: { vite?: ViteDevServer } = {}): Promise<Server> {
  let env: Env;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }

  // The embedded database allows one process only; PostgreSQL allows any number.
  let lock: DataDirLock | undefined;
  if (!env.DATABASE_URL) {
    try {
      lock = acquireDataDirLock(env.DATA_DIR, "server");
    } catch (error) {
      if (error instanceof DataDirLockedError) fail(error.message);
      throw error;
    }
  }

  let services: Awaited<ReturnType<typeof openServices>>;
  try {
    services = await openServices(env);
  } catch (error) {
    lock?.release();
    fail(`Could not open the database: ${(error as Error).message}`);
  }

  // Other app processes on the same PostgreSQL announce their admin writes; PGlite has no others.
  const contentChanges = env.DATABASE_URL
    ? subscribeToContentChanges({
        connectionString: env.DATABASE_URL,
        onChange: invalidateSiteCache,
      })
    : undefined;
  await contentChanges?.ready;

  let adminToken: string | undefined;
  const tokenFile = path.join(env.DATA_DIR, COMMAND_TOKEN_FILE);
  if (lock) {
    adminToken = randomBytes(32).toString("base64url");
    fs.writeFileSync(tokenFile, adminToken, { mode: 0o600 });
  }

  const pageViews = createPageViewCounter({
    db: services.database.db,
    siteUrl: env.SITE_URL,
    flushMs: env.PAGE_VIEW_FLUSH_MS,
  });
  pageViews.start();
  const postViews = createPostViewRecorder({
    db: services.database.db,
    flushMs: env.PAGE_VIEW_FLUSH_MS,
  });
  postViews.start();
  // Read before the first request; a database that fails here only delays them (retried).
  const redirects = createRedirectMemory({
    db: services.database.db,
    flushMs: env.PAGE_VIEW_FLUSH_MS,
  });
  await redirects.start();
  onSiteCacheCleared(() => void redirects.reload());

  const { handle } = createExpressApp({
    env,
    database: services.database,
    adminToken,
    vite: options.vite,
    pageViews,
    postViews,
    redirects,
  });
  const server = http.createServer(handle);
  server.listen(env.PORT, env.HOST ?? "0.0.0.0");
  // Node closes an idle keep-alive connection after 5 s. A request a client (or a load balancer,
  // most keep connections 60 s) sends on it just then is reset unanswered, and under load (PGlite
  // holds the event loop while it runs a query) the close can even win over a request already
  // received. Idle connections are kept longer than a load balancer's, so the client closes first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  }).catch(async (error: NodeJS.ErrnoException) => {
    await contentChanges?.close();
    await services.close();
    lock?.release();
    fail(
      error.code === "EADDRINUSE"
        ? `Port ${env.PORT} is already in use. Stop what uses it, or set PORT to another number.`
        : `Could not listen on port ${env.PORT}: ${error.message}`,
    );
  });
  lock?.update({ adminUrl: `http://127.0.0.1:${env.PORT}/internal/admin` });

  const db = services.database.db;
  const jobs = createJobRunner({
    db,
    env,
    intervalMs: env.JOBS_INTERVAL_MS,
    // Newsletter campaigns are drawn once each (React Email), then filled in per reader.
    prepareCampaign: async (campaign) =>
      prepareCampaignMail(db, campaign, await campaignSite(db, env)),
  });
  jobs.start();

  // Expired counters and spent bot-check tokens are only clutter; clear them now and then.
  const prune = setInterval(() => {
    pruneRateLimits(services.database.db).catch(() => {});
    pruneSpentBotChecks(services.database.db).catch(() => {});
  }, 10 * 60_000);
  prune.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    clearInterval(prune);
    pageViews.stopTimer();
    postViews.stopTimer();
    redirects.stopTimer();
    // Stop taking connections; requests already under way finish first.
    server.close(async () => {
      try {
        // Counts still in memory go to the database before it closes.
        await Promise.all([pageViews.stop(), postViews.stop(), redirects.stop(), jobs.stop()]);
        await contentChanges?.close();
        await services.close();
      } finally {
        fs.rmSync(tokenFile, { force: true });
        lock?.release();
        logger.info("stopped");
        process.exit(0);
      }
    });
    server.closeIdleConnections();
    setTimeout(() => {
      logger.warn("requests still open after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  logger.info(
    { url: env.SITE_URL, port: env.PORT, database: services.database.kind, dataDir: env.DATA_DIR },
    "server started",
  );
  return server;
}
