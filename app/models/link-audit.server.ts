import { and, desc, eq, lt, ne, notInArray, sql } from "drizzle-orm";
import { Parser } from "htmlparser2";
import type { Database, Db } from "~/db/client.server";
import { linkAudits } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { listPageAddresses } from "~/pages/page-addresses.server";

export type LinkType = "anchor" | "internal" | "external";
export type LinkStatus = "working" | "missing" | "orphan";

export interface LinkResult {
  /** Site-relative for the site's own links (`/about`, `#team`), absolute for other sites. */
  url: string;
  /** The page the link was found on (site-relative); for an orphan, where it is listed. */
  page: string;
  type: LinkType;
  status: LinkStatus;
  /** Why a link is missing or orphaned, or where it redirects. */
  detail?: string;
}

export interface CrawlOptions {
  /** Where this site answers, as this process reaches it: `http://127.0.0.1:3000`. */
  origin: string;
  /** Other origins that mean "this site" in a page (the public SITE_URL); fetched via `origin`. */
  siteOrigins?: string[];
  /** Site-relative paths that must be reachable from a link: the sitemap's pages. */
  listedPages: readonly string[];
  /**
   * Pages read and checked though the sitemap does not list them (published pages hidden from
   * search engines, such as a campaign's landing page): nothing needs to link to them.
   */
  alsoRead?: readonly string[];
  /** HTML pages read at most; links to pages past the cap are still checked, not read. */
  pageCap?: number;
  /** Per request to this site. */
  timeoutMs?: number;
  /** Per request to another site. */
  externalTimeoutMs?: number;
  /** Requests to other sites at once. */
  externalConcurrency?: number;
  /** Called as addresses are checked: `done` of `total` known so far. */
  onProgress?: (progress: { done: number; total: number }) => void | Promise<void>;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export const DEFAULT_PAGE_CAP = 500;
/** Sent with every request, so page-view counting and logs can tell the audit from visitors. */
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; AISolutionsLinkAuditBot/1.0)";

/** Paths the audit never requests: the dashboard, signing out, the JSON API, the admin endpoint. */
export function isSkippedPath(pathname: string) {
  return (
    /^\/(admin|api|internal)(\/|$)/.test(pathname) ||
    pathname === "/sign-out" ||
    pathname.startsWith("/sign-out/")
  );
}

interface ParsedPage {
  hrefs: string[];
  /** Every id and a[name] on the page: the targets a #fragment can scroll to. */
  targets: Set<string>;
}

/** The links and fragment targets of an HTML page, with entities decoded as a browser would. */
export function parseLinks(html: string): ParsedPage {
  const hrefs: string[] = [];
  const targets = new Set<string>();
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (attributes.id) targets.add(attributes.id);
        if (name === "a") {
          if (attributes.name) targets.add(attributes.name);
          if (attributes.href !== undefined) hrefs.push(attributes.href.trim());
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { hrefs, targets };
}

interface Checked {
  ok: boolean;
  detail?: string;
  /** For an HTML page of this site that was read. */
  targets?: Set<string>;
  html?: string;
}

function decodeFragment(hash: string) {
  const raw = hash.replace(/^#/, "");
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** An empty fragment and `#top` scroll to the top of any page (HTML's "indicated part"). */
function fragmentExists(fragment: string, targets: Set<string>) {
  return fragment === "" || fragment.toLowerCase() === "top" || targets.has(fragment);
}

function failureDetail(error: unknown, timeoutMs: number) {
  const err = error as { name?: string; message?: string; cause?: { code?: string } };
  if (err?.name === "TimeoutError") return `No answer within ${timeoutMs / 1000} s`;
  const code = err?.cause?.code;
  if (code === "ECONNREFUSED") return "Unreachable: connection refused";
  if (code === "ENOTFOUND" || code === "EAI_AGAIN")
    return "Unreachable: the host name does not resolve";
  if (code) return `Unreachable: ${code}`;
  return `Unreachable: ${err?.message ?? "request failed"}`;
}

/** A tiny promise pool: at most `limit` tasks at once. */
function pool(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
    }
  };
}

/**
 * Crawls the site's own pages breadth-first from `/` and the listed pages, and classifies every
 * `<a href>` found: anchors (a #fragment on the same page) by whether the target exists, links
 * to this site by the answer after its redirects, links to other sites by a HEAD request (GET
 * when HEAD is refused), one request per distinct address, a few at a time, with a short
 * timeout. Listed pages no other page links to are reported as orphans.
 */
export async function crawlSite(options: CrawlOptions): Promise<LinkResult[]> {
  const origin = new URL(options.origin).origin;
  const siteOrigins = new Set([
    origin,
    ...(options.siteOrigins ?? []).map((o) => new URL(o).origin),
  ]);
  const pageCap = options.pageCap ?? DEFAULT_PAGE_CAP;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const externalTimeoutMs = options.externalTimeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const headers = { "user-agent": CRAWLER_USER_AGENT, accept: "text/html,*/*;q=0.5" };
  const signalFor = (ms: number) =>
    options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(ms)])
      : AbortSignal.timeout(ms);

  let done = 0;
  let total = 0;
  let progressChain: Promise<void> = Promise.resolve();
  const progress = () => {
    const snapshot = { done, total };
    if (options.onProgress) {
      progressChain = progressChain.then(() => options.onProgress?.(snapshot)).catch(() => {});
    }
  };

  /** Site-relative key of an address of this site: path and query, no fragment. */
  const keyOf = (url: URL) => `${url.pathname}${url.search}`;

  async function checkInternal(key: string, read: boolean): Promise<Checked> {
    let current = new URL(key, origin);
    for (let hop = 0; hop <= 5; hop += 1) {
      if (isSkippedPath(current.pathname)) {
        return { ok: true, detail: `Redirects to ${current.pathname} (not audited)` };
      }
      let response: Response;
      try {
        response = await doFetch(current, {
          headers,
          redirect: "manual",
          signal: signalFor(timeoutMs),
        });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        return { ok: false, detail: failureDetail(error, timeoutMs) };
      }
      const location = response.headers.get("location");
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, current);
        if (!siteOrigins.has(next.origin)) return { ok: true, detail: `Redirects to ${next.href}` };
        current = new URL(keyOf(next), origin);
        continue;
      }
      if (response.status < 200 || response.status >= 300) {
        await response.body?.cancel();
        return { ok: false, detail: `HTTP ${response.status}` };
      }
      const html = (response.headers.get("content-type") ?? "").includes("text/html");
      if (!read || !html) {
        await response.body?.cancel();
        return { ok: true };
      }
      const text = await response.text();
      return {
        ok: true,
        html: text,
        detail: hop > 0 ? `Redirects to ${keyOf(current)}` : undefined,
      };
    }
    return { ok: false, detail: "Too many redirects" };
  }

  async function checkExternal(href: string): Promise<Checked> {
    const request = async (method: "HEAD" | "GET") => {
      const response = await doFetch(href, {
        method,
        headers,
        redirect: "follow",
        signal: signalFor(externalTimeoutMs),
      });
      await response.body?.cancel();
      return response;
    };
    try {
      let response = await request("HEAD");
      if (response.status === 405 || response.status === 501) response = await request("GET");
      if (response.ok) return { ok: true };
      return { ok: false, detail: `HTTP ${response.status}` };
    } catch (error) {
      // Never thrown: these checks run unawaited beside the crawl, which stops on its own.
      if (options.signal?.aborted) return { ok: false, detail: "Not checked: the audit stopped" };
      return { ok: false, detail: failureDetail(error, externalTimeoutMs) };
    }
  }

  // Pages of this site: read breadth-first, one at a time (the site serves visitors meanwhile).
  const internal = new Map<string, Checked>();
  const queue: string[] = [];
  const queued = new Set<string>();
  let pagesRead = 0;
  const enqueue = (key: string) => {
    if (queued.has(key)) return;
    queued.add(key);
    queue.push(key);
    total += 1;
  };

  // Other sites: checked alongside, a few at a time, each address once.
  const external = new Map<string, Promise<Checked>>();
  const limitExternal = pool(options.externalConcurrency ?? 4);
  const checkExternalOnce = (href: string) => {
    let pending = external.get(href);
    if (!pending) {
      total += 1;
      pending = limitExternal(() => checkExternal(href)).then((result) => {
        done += 1;
        progress();
        return result;
      });
      external.set(href, pending);
    }
    return pending;
  };

  interface FoundLink {
    page: string;
    url: URL;
    type: LinkType;
    display: string;
    invalid?: boolean;
  }
  const found: FoundLink[] = [];
  const linkedFrom = new Map<string, Set<string>>();

  const listed = options.listedPages.map((p) => keyOf(new URL(p, origin)));
  const unlisted = (options.alsoRead ?? []).map((p) => keyOf(new URL(p, origin)));
  enqueue("/");
  for (const key of [...listed, ...unlisted]) {
    if (!isSkippedPath(new URL(key, origin).pathname)) enqueue(key);
  }
  progress();

  while (queue.length > 0) {
    options.signal?.throwIfAborted();
    const key = queue.shift() as string;
    const read = pagesRead < pageCap;
    const checked = await checkInternal(key, read);
    if (checked.html !== undefined) {
      pagesRead += 1;
      const page = parseLinks(checked.html);
      checked.targets = page.targets;
      checked.html = undefined;
      const base = new URL(key, origin);
      const seenOnPage = new Set<string>();
      for (const href of page.hrefs) {
        let url: URL;
        try {
          url = new URL(href, base);
        } catch {
          found.push({ page: key, url: base, type: "internal", display: href, invalid: true });
          continue;
        }
        if (url.protocol !== "http:" && url.protocol !== "https:") continue;
        const ours = siteOrigins.has(url.origin);
        if (ours && isSkippedPath(url.pathname)) continue;
        const target = ours ? keyOf(url) : "";
        const type: LinkType =
          ours && target === key && href.includes("#") ? "anchor" : ours ? "internal" : "external";
        const display =
          type === "anchor" ? url.hash || "#" : ours ? `${target}${url.hash}` : url.href;
        if (seenOnPage.has(display)) continue;
        seenOnPage.add(display);
        found.push({ page: key, url, type, display });
        if (type === "internal") {
          if (target !== key) {
            const from = linkedFrom.get(target) ?? new Set<string>();
            from.add(key);
            linkedFrom.set(target, from);
          }
          enqueue(target);
        } else if (type === "external") {
          void checkExternalOnce(url.href);
        }
      }
    }
    internal.set(key, checked);
    done += 1;
    progress();
  }

  const results: LinkResult[] = [];
  for (const link of found) {
    const base = { url: link.display, page: link.page, type: link.type };
    if (link.type === "external") {
      const checked = await checkExternalOnce(link.url.href);
      results.push({ ...base, status: checked.ok ? "working" : "missing", ...detail(checked) });
      continue;
    }
    if (link.invalid) {
      results.push({ ...base, status: "missing", detail: "Not a valid address" });
      continue;
    }
    const target = internal.get(keyOf(link.url));
    if (!target?.ok) {
      results.push({ ...base, status: "missing", ...detail(target ?? { ok: false }) });
      continue;
    }
    const fragment = decodeFragment(link.url.hash);
    if (link.url.hash !== "" && target.targets && !fragmentExists(fragment, target.targets)) {
      const where = link.type === "anchor" ? "this page" : keyOf(link.url);
      results.push({
        ...base,
        status: "missing",
        detail: `No element with id "${fragment}" on ${where}`,
      });
      continue;
    }
    results.push({ ...base, status: "working", ...detail(target) });
  }
  await Promise.all(external.values());

  for (const key of listed) {
    if (key === "/" || isSkippedPath(new URL(key, origin).pathname)) continue;
    if ((linkedFrom.get(key)?.size ?? 0) > 0) continue;
    results.push({
      url: key,
      page: "/sitemap.xml",
      type: "internal",
      status: "orphan",
      detail: "Listed in the sitemap, but no page links to it",
    });
  }
  await progressChain;
  return results;
}

function detail(checked: Checked) {
  return checked.detail ? { detail: checked.detail } : {};
}

// ---------------------------------------------------------------------------------------------
// Audits: one at a time, run in the background of the server process, kept in link_audits.

/** Finished and failed audits kept; older ones are deleted when a new one ends. */
export const KEPT_AUDITS = 10;
/** An audit that runs longer is stopped and recorded as failed. */
export const MAX_AUDIT_MS = 10 * 60_000;
/**
 * On PostgreSQL another process may be running an audit; one still "running" after this long
 * was left by a process that stopped. (PGlite has one process: any audit it does not run is.)
 */
export const STALE_AUDIT_MS = MAX_AUDIT_MS + 5 * 60_000;
const PROGRESS_WRITE_MS = 400;
const INTERRUPTED = "The server stopped before the audit finished. Run it again.";

export type LinkAuditRow = typeof linkAudits.$inferSelect;

interface ActiveAudit {
  id: number;
  done: Promise<void>;
}
let active: ActiveAudit | undefined;
let starting: Promise<unknown> = Promise.resolve();

/** Marks audits that no process is running any more as failed. */
export async function failStaleAudits(database: Database) {
  const conditions = [eq(linkAudits.status, "running")];
  if (active) conditions.push(ne(linkAudits.id, active.id));
  if (database.kind === "postgres") {
    conditions.push(lt(linkAudits.startedAt, new Date(Date.now() - STALE_AUDIT_MS)));
  }
  await database.db
    .update(linkAudits)
    .set({ status: "failed", error: INTERRUPTED, finishedAt: new Date() })
    .where(and(...conditions));
}

export type StartAuditOptions = Omit<CrawlOptions, "onProgress" | "signal">;

/**
 * Starts an audit in the background unless one is running; then that one is answered instead
 * (`started: false`), in this process or, on PostgreSQL, in another. `done` settles when the
 * audit this process runs has been recorded.
 */
export function startLinkAudit(
  database: Database,
  startedBy: string | null,
  crawl: StartAuditOptions,
): Promise<{ id: number; started: boolean; done: Promise<void> }> {
  const attempt = starting.then(async () => {
    if (active) return { id: active.id, started: false, done: active.done };
    await failStaleAudits(database);
    const claimed = await database.db.transaction(async (tx) => {
      // Two processes sharing one PostgreSQL server must not both start one.
      await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_ID})`);
      const [running] = await tx
        .select({ id: linkAudits.id })
        .from(linkAudits)
        .where(eq(linkAudits.status, "running"))
        .limit(1);
      if (running) return { id: running.id, started: false };
      const [row] = await tx
        .insert(linkAudits)
        .values({ status: "running", startedBy, pagesTotal: crawl.listedPages.length })
        .returning({ id: linkAudits.id });
      return { id: (row as { id: number }).id, started: true };
    });
    if (!claimed.started) return { ...claimed, done: Promise.resolve() };
    const done = runAudit(database, claimed.id, crawl).finally(() => {
      if (active?.id === claimed.id) active = undefined;
    });
    active = { id: claimed.id, done };
    return { ...claimed, done };
  });
  starting = attempt.catch(() => {});
  return attempt;
}

// Any 64-bit number; the same in every process of this app, other than the migration lock's.
const AUDIT_LOCK_ID = 7_240_215_114;

async function runAudit(database: Database, id: number, crawl: StartAuditOptions) {
  const { db } = database;
  const controller = new AbortController();
  const stop = (reason: string) => () => controller.abort(new Error(reason));
  const onSignal = stop(INTERRUPTED);
  const timer = setTimeout(
    stop(`The audit took longer than ${MAX_AUDIT_MS / 60_000} minutes and was stopped.`),
    MAX_AUDIT_MS,
  );
  timer.unref();
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
  let lastWrite = 0;
  let last = { done: 0, total: 0 };
  try {
    // The pages hidden from search engines are not in the list the audit was given, but their
    // links (cards, buttons, text) are the site's too.
    const hidden = (await listPageAddresses(db))
      .filter((page) => page.status === "published" && page.noindex)
      .map((page) => page.path);
    const results = await crawlSite({
      ...crawl,
      alsoRead: [...(crawl.alsoRead ?? []), ...hidden],
      signal: controller.signal,
      async onProgress(progress) {
        last = progress;
        if (Date.now() - lastWrite < PROGRESS_WRITE_MS) return;
        lastWrite = Date.now();
        await db
          .update(linkAudits)
          .set({ pagesDone: progress.done, pagesTotal: progress.total })
          .where(eq(linkAudits.id, id));
      },
    });
    await db
      .update(linkAudits)
      .set({
        status: "finished",
        results,
        pagesDone: last.total,
        pagesTotal: last.total,
        finishedAt: new Date(),
      })
      .where(eq(linkAudits.id, id));
  } catch (error) {
    const reason = controller.signal.aborted ? controller.signal.reason : error;
    const message = reason instanceof Error ? reason.message : String(reason);
    logger.warn({ err: error, auditId: id }, "link audit failed");
    await db
      .update(linkAudits)
      .set({ status: "failed", error: message, finishedAt: new Date() })
      .where(eq(linkAudits.id, id))
      .catch(() => {});
  } finally {
    clearTimeout(timer);
    process.off("SIGTERM", onSignal);
    process.off("SIGINT", onSignal);
  }
  await pruneAudits(db).catch((error) => logger.warn({ err: error }, "pruning link audits failed"));
}

async function pruneAudits(db: Db) {
  const kept = db
    .select({ id: linkAudits.id })
    .from(linkAudits)
    .orderBy(desc(linkAudits.startedAt), desc(linkAudits.id))
    .limit(KEPT_AUDITS);
  await db
    .delete(linkAudits)
    .where(and(ne(linkAudits.status, "running"), notInArray(linkAudits.id, kept)));
}

export const LINK_RESULTS_PAGE_SIZE = 50;
const statusOrder: Record<string, number> = { missing: 0, orphan: 1, working: 2 };

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface LinkReportFilter {
  type?: LinkType;
  status?: LinkStatus;
  page?: number;
}

export interface AuditProgress {
  id: number;
  status: LinkAuditRow["status"];
  pagesDone: number;
  pagesTotal: number;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
}

const progressColumns = {
  id: linkAudits.id,
  status: linkAudits.status,
  pagesDone: linkAudits.pagesDone,
  pagesTotal: linkAudits.pagesTotal,
  error: linkAudits.error,
  startedAt: linkAudits.startedAt,
  finishedAt: linkAudits.finishedAt,
};

/**
 * What the Links tab shows: the newest audit's state (running, failed) and the newest finished
 * audit's results, problems first, filtered and a page at a time, with its counts.
 */
export async function getLinkAuditReport(database: Database, filter: LinkReportFilter = {}) {
  await failStaleAudits(database);
  const { db } = database;
  const [latest] = await db
    .select(progressColumns)
    .from(linkAudits)
    .orderBy(desc(linkAudits.startedAt), desc(linkAudits.id))
    .limit(1);
  const [finished] = await db
    .select({ ...progressColumns, results: linkAudits.results })
    .from(linkAudits)
    .where(eq(linkAudits.status, "finished"))
    .orderBy(desc(linkAudits.startedAt), desc(linkAudits.id))
    .limit(1);
  if (!finished) return { latest: latest ?? null, report: null };

  const { results, ...audit } = finished;
  const counts = { working: 0, missing: 0, orphan: 0 };
  const types = { anchor: 0, internal: 0, external: 0 };
  for (const link of results) {
    if (link.status in counts) counts[link.status as LinkStatus] += 1;
    if (link.type in types) types[link.type as LinkType] += 1;
  }
  const matching = results
    .filter(
      (l) =>
        (!filter.type || l.type === filter.type) && (!filter.status || l.status === filter.status),
    )
    .sort(
      (a, b) =>
        (statusOrder[a.status] ?? 3) - (statusOrder[b.status] ?? 3) ||
        compareText(a.page, b.page) ||
        compareText(a.url, b.url),
    );
  const pageCount = Math.max(1, Math.ceil(matching.length / LINK_RESULTS_PAGE_SIZE));
  const page = Math.min(Math.max(1, filter.page ?? 1), pageCount);
  const start = (page - 1) * LINK_RESULTS_PAGE_SIZE;
  return {
    latest: latest ?? null,
    report: {
      audit,
      total: results.length,
      counts,
      types,
      matching: matching.length,
      page,
      pageCount,
      pageSize: LINK_RESULTS_PAGE_SIZE,
      rows: matching.slice(start, start + LINK_RESULTS_PAGE_SIZE) as LinkResult[],
    },
  };
}

/** The working links of the newest finished audit, counted by the database. */
export async function getActiveLinks(db: Db) {
  const [row] = await db
    .select({
      working: sql<number>`(select count(*)::int from jsonb_array_elements(${linkAudits.results}) as link where link->>'status' = 'working')`,
      total: sql<number>`jsonb_array_length(${linkAudits.results})::int`,
      finishedAt: linkAudits.finishedAt,
    })
    .from(linkAudits)
    .where(eq(linkAudits.status, "finished"))
    .orderBy(desc(linkAudits.startedAt), desc(linkAudits.id))
    .limit(1);
  return row
    ? { working: Number(row.working), total: Number(row.total), finishedAt: row.finishedAt }
    : null;
}

/** Where this server answers, for the audit to request its own pages (not SITE_URL, which may
 * be a proxy's public address this machine cannot reach). */
export function selfOrigin(env: { HOST?: string; PORT: number }) {
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${env.PORT}`;
}
