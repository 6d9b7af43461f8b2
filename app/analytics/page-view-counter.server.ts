import { eq } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import { getAuth } from "~/auth/auth.server";
import { roleAllows } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { periodic, writeFailureLog } from "~/lib/periodic.server";
import { classifyPageView } from "./classify.server";
import { DEFAULT_MAX_PENDING_KEYS, PageViewBuffer } from "./page-view-buffer.server";

/** How long the answer "is this session an admin's?" is reused for the same session cookie. */
export const ADMIN_LOOKUP_TTL_MS = 60_000;
const MAX_CACHED_SESSIONS = 5_000;

/** Whether the session behind a `name=value` session cookie belongs to staff (an admin or editor). */
export type AdminSessionCheck = (sessionCookie: string) => Promise<boolean>;

/** Reads the session without refreshing it: counting must never change a visitor's session. */
export function adminSessionCheck(db: Db): AdminSessionCheck {
  return async (sessionCookie) => {
    const session = await getAuth().api.getSession({
      headers: new Headers({ cookie: sessionCookie }),
      query: { disableRefresh: true },
    });
    if (!session) return false;
    const [profile] = await db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, session.user.id))
      .limit(1);
    // Staff (admins and editors) looking at the site are not its readers.
    return roleAllows(profile?.role, "editor");
  };
}

export interface PageViewCounterOptions {
  db: Db;
  siteUrl: string;
  flushMs: number;
  isAdminSession?: AdminSessionCheck;
  maxPendingKeys?: number;
  now?: () => number;
}

export type PageViewCounter = ReturnType<typeof createPageViewCounter>;

/**
 * Counts page views as responses finish, keeps them in memory and writes them every `flushMs`
 * and on `stop()`. Sets no cookie and adds nothing to the response; a request pays for a
 * classification and, for a signed-in visitor, a session lookup once a minute per session.
 */
export function createPageViewCounter(options: PageViewCounterOptions) {
  const { db, flushMs } = options;
  const siteHost = new URL(options.siteUrl).host.toLowerCase();
  const isAdminSession = options.isAdminSession ?? adminSessionCheck(db);
  const now = options.now ?? Date.now;
  const buffer = new PageViewBuffer(options.maxPendingKeys ?? DEFAULT_MAX_PENDING_KEYS);
  const adminCache = new Map<string, { admin: boolean; expires: number }>();
  const lookups = new Map<string, Promise<boolean>>();
  const writeLog = writeFailureLog("page views");
  let reportedDrops = 0;

  function cachedAdmin(sessionCookie: string): boolean | Promise<boolean> {
    const cached = adminCache.get(sessionCookie);
    if (cached && cached.expires > now()) return cached.admin;
    let lookup = lookups.get(sessionCookie);
    if (!lookup) {
      lookup = isAdminSession(sessionCookie)
        .then((admin) => {
          if (adminCache.size >= MAX_CACHED_SESSIONS) {
            const time = now();
            for (const [key, entry] of adminCache)
              if (entry.expires <= time) adminCache.delete(key);
            if (adminCache.size >= MAX_CACHED_SESSIONS) adminCache.clear();
          }
          adminCache.set(sessionCookie, { admin, expires: now() + ADMIN_LOOKUP_TTL_MS });
          return admin;
        })
        .finally(() => lookups.delete(sessionCookie));
      lookups.set(sessionCookie, lookup);
    }
    return lookup;
  }

  /** Counts one finished response if it was a page view. */
  function observe(facts: {
    method: string;
    url: string;
    headers: Request["headers"];
    status: number;
    contentType: string | undefined;
  }) {
    const requestHost = facts.headers.host?.toLowerCase();
    const siteHosts =
      requestHost && requestHost !== siteHost ? [siteHost, requestHost] : [siteHost];
    const result = classifyPageView({ ...facts, siteHosts });
    if (!result.count) return;
    const at = now();
    if (!result.sessionCookie) {
      buffer.record(result.path, result.referrerHost, at);
      return;
    }
    const admin = cachedAdmin(result.sessionCookie);
    if (admin === false) buffer.record(result.path, result.referrerHost, at);
    else if (admin !== true) {
      admin.then(
        (isAdmin) => {
          if (!isAdmin) buffer.record(result.path, result.referrerHost, at);
        },
        // Without an answer we cannot tell an admin from a visitor: leave this view out.
        (error) => logger.warn({ err: error }, "page views: session lookup failed"),
      );
    }
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    res.on("finish", () => {
      try {
        observe({
          method: req.method,
          url: req.originalUrl,
          headers: req.headers,
          status: res.statusCode,
          contentType: res.getHeader("content-type")?.toString(),
        });
      } catch (error) {
        logger.warn({ err: error }, "page views: could not count a request");
      }
    });
    next();
  }

  async function flush() {
    try {
      const written = await buffer.flush(db);
      writeLog.succeeded({ written });
    } catch (error) {
      writeLog.failed(error, buffer.views);
    }
    if (buffer.dropped > reportedDrops) {
      logger.warn({ dropped: buffer.dropped }, "page views: too many pending counts; some dropped");
      reportedDrops = buffer.dropped;
    }
  }

  const writes = periodic(() => void flush(), flushMs);

  return {
    middleware,
    observe,
    buffer,
    flush,
    start: writes.start,
    /** Stops the periodic writes; at shutdown, so the last requests are written once, by stop(). */
    stopTimer: writes.stop,
    /** Stops the timer and writes what is pending, after the session lookups under way. */
    async stop() {
      writes.stop();
      await Promise.allSettled([...lookups.values()]);
      await flush();
    },
  };
}
