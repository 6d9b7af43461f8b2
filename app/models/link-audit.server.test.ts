import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { linkAudits, webPages } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  CRAWLER_USER_AGENT,
  crawlSite,
  failStaleAudits,
  getActiveLinks,
  getLinkAuditReport,
  KEPT_AUDITS,
  type LinkResult,
  parseLinks,
  selfOrigin,
  startLinkAudit,
} from "./link-audit.server";

interface TestSite {
  origin: string;
  port: number;
  requests: { method: string; path: string; userAgent: string }[];
  close(): Promise<void>;
}

/** A small site: a map of path to [status, html]; anything else is a 404. */
async function serve(
  pages: Record<string, [number, string] | ((req: http.IncomingMessage) => [number, string])>,
  options: {
    headers?: Record<string, Record<string, string>>;
    delayMs?: number | Record<string, number>;
  } = {},
): Promise<TestSite> {
  const requests: TestSite["requests"] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push({
      method: req.method ?? "GET",
      path,
      userAgent: req.headers["user-agent"] ?? "",
    });
    const page = pages[path];
    const [status, html] = typeof page === "function" ? page(req) : (page ?? [404, "Not found"]);
    setTimeout(
      () => {
        res.writeHead(status, {
          "content-type": "text/html; charset=utf-8",
          ...options.headers?.[path],
        });
        res.end(req.method === "HEAD" ? undefined : html);
      },
      typeof options.delayMs === "number" ? options.delayMs : (options.delayMs?.[path] ?? 0),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one the test had and closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const html = (body: string) => `<!doctype html><html><body>${body}</body></html>`;

function find(results: LinkResult[], page: string, url: string) {
  return results.filter((r) => r.page === page && r.url === url);
}

describe("parseLinks", () => {
  it("reads hrefs with entities decoded and every id and a[name] as fragment targets", () => {
    const page = parseLinks(
      `<div id="top"><A HREF="/a?x=1&amp;y=2">a</A><a name="old-style"></a><a>no href</a>` +
        `<section id="faq"><a href=" #faq ">faq</a></section><!-- <a href="/commented"> --></div>`,
    );
    expect(page.hrefs).toEqual(["/a?x=1&y=2", "#faq"]);
    expect([...page.targets].sort()).toEqual(["faq", "old-style", "top"]);
  });
});

describe("crawlSite", () => {
  let site: TestSite;
  let other: TestSite;
  let closed: number;

  beforeAll(async () => {
    closed = await closedPort();
    other = await serve({
      "/ok": [200, "fine"],
      "/head-refused": (req) => (req.method === "HEAD" ? [405, ""] : [200, "fine by GET"]),
      "/gone": [410, "gone"],
    });
    site = await serve(
      {
        "/": [
          200,
          html(
            `<h1 id="intro">Home</h1>
            <a href="/a">A</a> <a href="/a">A again</a>
            <a href="/missing">broken</a>
            <a href="#intro">to intro</a> <a href="#nowhere">to nowhere</a> <a href="#">top</a>
            <a href="/a#section">A's section</a> <a href="/a#gone">A's lost section</a>
            <a href="/redirect">moved</a>
            <a href="http://127.0.0.1:${closed}/x">closed port</a>
            <a href="${other.origin}/ok">other ok</a> <a href="${other.origin}/head-refused">head refused</a>
            <a href="${other.origin}/gone">other gone</a>
            <a href="https://www.example.com/about">our public address</a>
            <a href="mailto:hi@example.com">mail</a> <a href="tel:+1555">call</a>
            <a href="javascript:void(0)">js</a>
            <a href="/admin">dashboard</a> <a href="/sign-out">sign out</a>
            <a href="/api/contact">api</a>`,
          ),
        ],
        "/a": [200, html(`<h2 id="section">Section</h2><a href="/">home</a><a href="/b">B</a>`)],
        "/b": [200, html(`<a href="/a">A</a><a href="/b">self</a>`)],
        "/about": [200, html(`<a href="/">home</a>`)],
        "/redirect": [302, ""],
        "/orphan": [200, html(`<a href="/">home</a><a href="/orphan">myself</a>`)],
      },
      { headers: { "/redirect": { location: "/b" } } },
    );
  });
  afterAll(async () => {
    await site.close();
    await other.close();
  });

  const crawl = (extra: Partial<Parameters<typeof crawlSite>[0]> = {}) =>
    crawlSite({
      origin: site.origin,
      siteOrigins: ["https://www.example.com"],
      listedPages: ["/", "/a", "/about", "/orphan"],
      externalTimeoutMs: 2_000,
      ...extra,
    });

  it("classifies every link by type and status", async () => {
    const results = await crawl();
    const one = (page: string, url: string) => {
      const matches = find(results, page, url);
      expect(matches, `${url} on ${page}`).toHaveLength(1);
      return matches[0];
    };
    expect(one("/", "/a")).toMatchObject({ type: "internal", status: "working" });
    expect(one("/", "/missing")).toMatchObject({
      type: "internal",
      status: "missing",
      detail: "HTTP 404",
    });
    expect(one("/", "#intro")).toMatchObject({ type: "anchor", status: "working" });
    expect(one("/", "#")).toMatchObject({ type: "anchor", status: "working" });
    expect(one("/", "#nowhere")).toMatchObject({
      type: "anchor",
      status: "missing",
      detail: 'No element with id "nowhere" on this page',
    });
    expect(one("/", "/a#section")).toMatchObject({ type: "internal", status: "working" });
    expect(one("/", "/a#gone")).toMatchObject({
      type: "internal",
      status: "missing",
      detail: 'No element with id "gone" on /a',
    });
    expect(one("/", "/redirect")).toMatchObject({
      type: "internal",
      status: "working",
      detail: "Redirects to /b",
    });
    expect(one("/", `http://127.0.0.1:${closed}/x`)).toMatchObject({
      type: "external",
      status: "missing",
      detail: "Unreachable: connection refused",
    });
    expect(one("/", `${other.origin}/ok`)).toMatchObject({ type: "external", status: "working" });
    expect(one("/", `${other.origin}/head-refused`)).toMatchObject({
      type: "external",
      status: "working",
    });
    expect(one("/", `${other.origin}/gone`)).toMatchObject({
      type: "external",
      status: "missing",
      detail: "HTTP 410",
    });
    // The public address (SITE_URL) is this site: fetched here, shown site-relative.
    expect(one("/", "/about")).toMatchObject({ type: "internal", status: "working" });
    expect(one("/b", "/b")).toMatchObject({ type: "internal", status: "working" });
    expect(one("/orphan", "/")).toMatchObject({ type: "internal", status: "working" });

    // Orphans: listed pages only they themselves link to.
    expect(results.filter((r) => r.status === "orphan")).toEqual([
      {
        url: "/orphan",
        page: "/sitemap.xml",
        type: "internal",
        status: "orphan",
        detail: "Listed in the sitemap, but no page links to it",
      },
    ]);
    // Never followed or reported: other schemes, the dashboard, signing out, the API.
    const urls = results.map((r) => r.url);
    for (const skipped of ["/admin", "/sign-out", "/api/contact"])
      expect(urls).not.toContain(skipped);
    expect(urls.some((u) => /^(mailto|tel|javascript):/.test(u))).toBe(false);
    const paths = site.requests.map((r) => r.path);
    expect(paths).not.toContain("/admin");
    expect(paths).not.toContain("/sign-out");
    expect(paths).not.toContain("/api/contact");
    // Each address of the site once per crawl (a redirect's target once more), as the audit.
    expect(paths.filter((p) => p !== "/b").sort()).toEqual(
      ["/", "/a", "/about", "/missing", "/orphan", "/redirect"].sort(),
    );
    expect(new Set(site.requests.map((r) => r.userAgent))).toEqual(new Set([CRAWLER_USER_AGENT]));
    // Other sites: one HEAD per address, GET only where HEAD was refused.
    expect(other.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      "GET /head-refused",
      "HEAD /gone",
      "HEAD /head-refused",
      "HEAD /ok",
    ]);
    site.requests.length = 0;
    other.requests.length = 0;
  });

  it("reports progress that grows to every address checked", async () => {
    const seen: { done: number; total: number }[] = [];
    await crawl({ onProgress: (p) => void seen.push(p) });
    const last = seen.at(-1);
    // Site: /, /a, /about, /orphan, /missing, /redirect, /b; other sites: 4 addresses.
    expect(last).toEqual({ done: 11, total: 11 });
    for (let i = 1; i < seen.length; i += 1) {
      expect(seen[i]?.done).toBeGreaterThanOrEqual(seen[i - 1]?.done ?? 0);
      expect(seen[i]?.done).toBeLessThanOrEqual(seen[i]?.total ?? 0);
    }
    expect(seen.some((p) => p.done > 0 && p.done < p.total)).toBe(true);
    site.requests.length = 0;
    other.requests.length = 0;
  });

  it("reads no more pages than the cap, breadth-first, but still checks links to the rest", async () => {
    const chain: Record<string, [number, string]> = {};
    for (let i = 1; i <= 8; i += 1) {
      chain[i === 1 ? "/" : `/p${i}`] = [200, html(`<a href="/p${i + 1}">next</a>`)];
    }
    const long = await serve(chain);
    try {
      const results = await crawlSite({ origin: long.origin, listedPages: ["/"], pageCap: 3 });
      // Read: /, /p2, /p3; /p4 is checked (it is linked from /p3) but not read, so /p5 is never seen.
      expect(long.requests.map((r) => r.path)).toEqual(["/", "/p2", "/p3", "/p4"]);
      expect(results.map((r) => `${r.page} -> ${r.url} ${r.status}`)).toEqual([
        "/ -> /p2 working",
        "/p2 -> /p3 working",
        "/p3 -> /p4 working",
      ]);
    } finally {
      await long.close();
    }
  });

  it("gives up on a page that does not answer in time", async () => {
    const slow = await serve(
      { "/": [200, html(`<a href="/slow">slow</a>`)], "/slow": [200, html("late")] },
      { delayMs: { "/slow": 1_000 } },
    );
    try {
      const results = await crawlSite({ origin: slow.origin, listedPages: ["/"], timeoutMs: 200 });
      expect(results).toEqual([
        {
          url: "/slow",
          page: "/",
          type: "internal",
          status: "missing",
          detail: "No answer within 0.2 s",
        },
      ]);
    } finally {
      await slow.close();
    }
  });
});

describe("stopping a crawl", () => {
  it("rejects with the reason, and leaves no check running into an unhandled error", async () => {
    const slowOther = await serve({ "/x": [200, "late"] }, { delayMs: 400 });
    const slow = await serve(
      {
        "/": [200, html(`<a href="${slowOther.origin}/x">x</a><a href="/next">next</a>`)],
        "/next": [200, html("late")],
      },
      { delayMs: { "/next": 400 } },
    );
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error("stopped by the test")), 150);
      await expect(
        crawlSite({ origin: slow.origin, listedPages: ["/"], signal: controller.signal }),
      ).rejects.toThrow("stopped by the test");
      // The external check settles after the stop; an unhandled rejection would fail this file.
      await new Promise((resolve) => setTimeout(resolve, 600));
    } finally {
      await slow.close();
      await slowOther.close();
    }
  });
});

describe("selfOrigin", () => {
  it("reaches this server on loopback unless it is bound to one address", () => {
    expect(selfOrigin({ PORT: 4123 })).toBe("http://127.0.0.1:4123");
    expect(selfOrigin({ HOST: "0.0.0.0", PORT: 80 })).toBe("http://127.0.0.1:80");
    expect(selfOrigin({ HOST: "10.0.0.5", PORT: 3000 })).toBe("http://10.0.0.5:3000");
    expect(selfOrigin({ HOST: "::1", PORT: 3000 })).toBe("http://[::1]:3000");
  });
});

describe.each(backends)("link audits on %s", (backend) => {
  let database: Database;
  let site: TestSite;
  beforeAll(async () => {
    site = await serve(
      {
        "/": [200, html(`<a href="/a">A</a><a href="/missing">broken</a><a href="#x">x</a>`)],
        "/a": [200, html(`<a href="/">home</a>`)],
        "/lonely": [200, html("nobody links here")],
        "/hidden-offer": [200, html(`<a href="/gone-card">a card's link</a><a href="/a">A</a>`)],
      },
      { delayMs: 250 },
    );
  });
  afterAll(async () => {
    await site.close();
  });
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });
  const crawl = () => ({ origin: site.origin, listedPages: ["/", "/a", "/lonely"] });

  it("runs in the background with progress, keeps the results, and joins a second start", async () => {
    expect(await getActiveLinks(database.db)).toBeNull();
    expect((await getLinkAuditReport(database)).latest).toBeNull();

    const first = await startLinkAudit(database, null, crawl());
    expect(first.started).toBe(true);
    const second = await startLinkAudit(database, null, crawl());
    expect(second).toMatchObject({ id: first.id, started: false });

    const running = await getLinkAuditReport(database);
    expect(running.latest).toMatchObject({ id: first.id, status: "running" });
    expect(running.report).toBeNull();
    // Progress is written while it runs.
    await expect
      .poll(
        async () => {
          const { latest } = await getLinkAuditReport(database);
          return latest?.status === "running" && latest.pagesDone > 0 && latest.pagesDone < 4;
        },
        { timeout: 5_000, interval: 20 },
      )
      .toBe(true);

    await first.done;
    const { latest, report } = await getLinkAuditReport(database);
    expect(latest).toMatchObject({ id: first.id, status: "finished", pagesDone: 4, pagesTotal: 4 });
    expect(latest?.finishedAt).toBeInstanceOf(Date);
    expect(report?.counts).toEqual({ working: 2, missing: 2, orphan: 1 });
    expect(report?.types).toEqual({ anchor: 1, internal: 4, external: 0 });
    // Problems first.
    expect(report?.rows.map((r) => `${r.status} ${r.url}`)).toEqual([
      "missing #x",
      "missing /missing",
      "orphan /lonely",
      "working /a",
      "working /",
    ]);
    const filtered = await getLinkAuditReport(database, { type: "internal", status: "missing" });
    expect(filtered.report?.rows.map((r) => r.url)).toEqual(["/missing"]);
    expect(filtered.report?.matching).toBe(1);

    expect(await getActiveLinks(database.db)).toEqual({
      working: 2,
      total: 5,
      finishedAt: latest?.finishedAt,
    });
    // Finished: the next start is a new audit.
    const third = await startLinkAudit(database, null, crawl());
    expect(third.started).toBe(true);
    expect(third.id).not.toBe(first.id);
    await third.done;
  });

  it("records a crawl that cannot run as failed, with its error, and the overview ignores it", async () => {
    const audit = await startLinkAudit(database, null, {
      origin: "not an address",
      listedPages: ["/"],
    });
    await audit.done;
    const { latest, report } = await getLinkAuditReport(database);
    expect(latest).toMatchObject({
      status: "failed",
      error: expect.stringMatching(/invalid url/i),
    });
    expect(report).toBeNull();
    expect(await getActiveLinks(database.db)).toBeNull();
  });

  it("reads the published pages hidden from search engines too, and calls none an orphan", async () => {
    await database.db.insert(webPages).values([
      { path: "/hidden-offer", title: "Hidden offer", status: "published", noindex: true },
      { path: "/draft-offer", title: "Draft offer", status: "draft", noindex: true },
    ]);
    site.requests.length = 0;
    const audit = await startLinkAudit(database, null, crawl());
    await audit.done;
    const { report } = await getLinkAuditReport(database);
    const rows = report?.rows.map((r) => `${r.status} ${r.page} ${r.url}`) ?? [];
    // The links inside its blocks (cards, buttons, text) are checked like any page's.
    expect(rows).toContain("missing /hidden-offer /gone-card");
    expect(rows).toContain("working /hidden-offer /a");
    // Nothing links to it, and nothing has to: only the sitemap's /lonely is an orphan.
    expect(rows.filter((row) => row.startsWith("orphan"))).toEqual(["orphan /sitemap.xml /lonely"]);
    expect(site.requests.map((r) => r.path)).not.toContain("/draft-offer");
  });

  it("marks an audit left running by a stopped server as failed", async () => {
    const [left] = await database.db
      .insert(linkAudits)
      .values({ status: "running", startedAt: new Date(Date.now() - 60 * 60_000) })
      .returning();
    await failStaleAudits(database);
    const [row] = await database.db.select().from(linkAudits);
    expect(row).toMatchObject({ id: left?.id, status: "failed" });
    expect(row?.error).toMatch(/server stopped/);
  });

  it(`keeps the newest ${KEPT_AUDITS} audits`, async () => {
    const old = Array.from({ length: KEPT_AUDITS + 2 }, (_, i) => ({
      status: "finished" as const,
      startedAt: new Date(Date.UTC(2026, 0, 1 + i)),
      finishedAt: new Date(Date.UTC(2026, 0, 1 + i)),
    }));
    await database.db.insert(linkAudits).values(old);
    const audit = await startLinkAudit(database, null, crawl());
    await audit.done;
    const rows = await database.db.select({ id: linkAudits.id }).from(linkAudits);
    expect(rows).toHaveLength(KEPT_AUDITS);
    expect(rows.map((r) => r.id)).toContain(audit.id);
    expect(rows.map((r) => r.id)).not.toContain(1);
  });
});
