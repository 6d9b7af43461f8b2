import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSiteName } from "~/content/site-defaults";
import {
  createPostgresDatabase,
  postgresAdminUrl,
  runLabel,
  send,
  submissionFactory,
} from "../support/load";
import { type RunningServer, startServer } from "../support/server";
import { startTcpProxy, type TcpProxy } from "../support/tcp-proxy";

/**
 * The app on PostgreSQL reached through a TCP proxy the test controls. Cutting the proxy makes
 * the database unreachable while the app keeps running: the public pages must keep answering
 * (with the built-in defaults, or a clear 503 where there is nothing to show without data), no
 * request may hang, the readiness check must say so, the forms must refuse clearly; and once the
 * proxy forwards again the pages show the database's content, with no restart.
 *
 * Two ways to lose a database: "refuse" (the port is closed: connections fail at once) and
 * "blackhole" (connections are accepted and never answered: only the app's own timeouts help).
 * PGlite runs inside the app's process, so it cannot become unreachable: PostgreSQL only.
 */
const SITE_NAME = `Proxied ${runLabel("")} Ltd`;
const POST_SLUG = `${runLabel("outage")}-post`;
const POST_TITLE = "A post stored in PostgreSQL";
const SITE_CACHE_TTL_MS = 5_000; // app/models/site.server.ts
/** An answer from the page cache (server/page-cache-middleware.ts): shareable, with an ETag. */
const fromPageCache = (headers: Headers) =>
  headers.has("etag") && /^public\b/.test(headers.get("cache-control") ?? "");
/** Far beyond any timeout of the app: an answer later than this is a hang. */
const HANG = 45_000;

/** What a page needs to show without its database, and why. */
const PAGES: { path: string; status: number; why: string }[] = [
  { path: "/", status: 200, why: "hero, stats, services and footer have built-in defaults" },
  {
    path: "/process-automation",
    status: 200,
    why: "a page the site comes with: its built-in copy; the layout has defaults",
  },
  { path: "/about", status: 200, why: "company details have defaults" },
  {
    path: "/cookie-policy",
    status: 200,
    why: "a legal page the site comes with: its built-in copy, dated as seeded",
  },
  {
    path: "/contact",
    status: 200,
    why: "a page the site comes with: its built-in copy, contact details on their defaults; the form answers 503",
  },
  { path: "/blog", status: 200, why: "the spec: a failed load shows the empty list" },
  {
    path: `/blog/${POST_SLUG}`,
    status: 503,
    why: "a post has no default; 404 would tell search engines it is gone",
  },
  { path: "/sitemap.xml", status: 200, why: "the static pages are known without the database" },
];

const STACK_TRACE = /\bat .+:\d+:\d+|node_modules|Error: /;

async function get(url: string) {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(HANG) });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    ms: performance.now() - started,
  };
}

describe.skipIf(!postgresAdminUrl)("PostgreSQL unreachable while the site runs", () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let proxy: TcpProxy;
  let server: RunningServer;
  const timings: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stress-outage-"));
    database = await createPostgresDatabase("outage");
    const direct = new URL(database.url);
    proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
    const proxied = new URL(database.url);
    proxied.host = proxy.address;
    server = await startServer({
      dataDir,
      env: { TRUST_PROXY: "loopback", DATABASE_URL: proxied.toString() },
    });
    // Content only the database knows, so a page shows whether it was read.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("update web_settings set value = $1 where key = 'site_name'", [SITE_NAME]);
    await client.query(
      "insert into web_posts (title, slug, content, status, published_at) values ($1, $2, 'Body.', 'published', now())",
      [POST_TITLE, POST_SLUG],
    );
    await client.end();
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  async function expectDatabaseContent() {
    // The database answers again (the pool reconnects on its own), then the pages show its
    // content within the site cache's lifetime at most; polled, not timed. (A visitor's page may
    // come from the page cache, rendered before the cut: the database's content too.)
    await expect
      .poll(async () => (await get(`${server.url}/readyz`)).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200);
    await expect
      .poll(async () => (await get(`${server.url}/`)).text.includes(SITE_NAME), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(true);
    expect((await get(`${server.url}/blog`)).text).toContain(POST_TITLE);
    const post = await get(`${server.url}/blog/${POST_SLUG}`);
    expect(post.status).toBe(200);
    expect(post.text).toContain(POST_TITLE);
    expect((await get(`${server.url}/sitemap.xml`)).text).toContain(`/blog/${POST_SLUG}`);
  }

  it("shows the database's content while it is reachable", async () => {
    await expectDatabaseContent();
  });

  for (const mode of ["refuse", "blackhole"] as const) {
    it(`keeps answering while the database is cut off (${mode}), then recovers without a restart`, async () => {
      const pid = server.process.pid;
      await proxy.cut(mode);
      // Let what the site cached before the cut expire, so every page has to ask the database.
      await new Promise((resolve) => setTimeout(resolve, SITE_CACHE_TTL_MS + 500));

      expect((await get(`${server.url}/healthz`)).status).toBe(200);
      const ready = await get(`${server.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.text)).toEqual({
        status: "unavailable",
        error: "The database does not answer",
      });

      for (const page of PAGES) {
        const answer = await get(`${server.url}${page.path}`);
        timings.push(`${mode} ${page.path} ${answer.status} in ${Math.round(answer.ms)} ms`);
        expect(answer.text, page.path).not.toMatch(STACK_TRACE);
        // A visitor may still get the page as it was before the cut from the page cache, within
        // its minute: the database's content, never a page rendered on the defaults.
        if (fromPageCache(answer.headers)) {
          expect(answer.status, page.path).toBe(200);
          expect(answer.text, page.path).toContain(
            page.path === "/blog"
              ? POST_TITLE
              : page.path === "/sitemap.xml"
                ? POST_SLUG
                : SITE_NAME,
          );
          continue;
        }
        expect(answer.status, `${page.path}: ${page.why}`).toBe(page.status);
        if (page.path === "/" || page.path === "/about") {
          // The defaults, not a half-rendered page.
          expect(answer.text, page.path).toContain(defaultSiteName);
          expect(answer.text, page.path).not.toContain(SITE_NAME);
        }
        if (page.status === 503) {
          expect(answer.headers.get("cache-control")).toBe("no-store");
          expect(answer.text).toContain("This post cannot be shown right now");
        }
        if (page.path === "/sitemap.xml") {
          expect(answer.text).toContain(`${server.url}/about`);
          // An incomplete list must not be kept by a CDN.
          expect(answer.headers.get("cache-control")).toBe("no-store");
        }
        if (page.path === "/blog") expect(answer.text).toContain("No posts found");
        if (page.path === "/cookie-policy") {
          // As a fresh site says it: nothing optional known to run, the seeded date.
          expect(answer.text).toContain("We use only essential cookies");
          expect(answer.text).toContain('<time dateTime="2025-01-03">January 3, 2025</time>');
        }
      }
      // A page first asked for during the outage is rendered on the defaults each time: the page
      // cache keeps none of them.
      for (let i = 0; i < 2; i += 1) {
        const fresh = await get(`${server.url}/process-automation?during=${mode}`);
        expect(fresh.status).toBe(200);
        // The page's own words, not the not-found or unavailable page.
        expect(fresh.text).toContain("Automate the Busywork, Keep the Business Moving");
        expect(fromPageCache(fresh.headers)).toBe(false);
      }
      // The contact page likewise, with its panels on the settings' defaults and its form.
      const contact = await get(`${server.url}/contact?during=${mode}`);
      expect(contact.status).toBe(200);
      expect(fromPageCache(contact.headers)).toBe(false);
      expect(contact.headers.get("cache-control")).toBe("no-store");
      expect(contact.text).toContain("Prefer e-mail or the phone?");
      expect(contact.text).toContain("Business hours");
      expect(contact.text).toContain('action="/contact"');

      // The forms say so plainly: 503, a message, a time to come back; no stack, no hang.
      const make = submissionFactory(runLabel("outage"));
      for (const submission of [
        make.newsletter(),
        make.consultation(),
        make.contact("not-checked-before-the-database"),
      ]) {
        const answer = await send(server.url, submission);
        timings.push(`${mode} ${submission.form} ${answer.status} in ${Math.round(answer.ms)} ms`);
        expect(answer, submission.form).toMatchObject({
          status: 503,
          body: {
            error: "We cannot take submissions right now. Please try again in a few minutes.",
            code: "unavailable",
          },
        });
      }

      await proxy.restore();
      await expectDatabaseContent();
      // The same process all along.
      expect(server.process.pid).toBe(pid);
      expect(server.process.exitCode).toBeNull();
      const make2 = submissionFactory(runLabel("back"));
      expect((await send(server.url, make2.newsletter())).status).toBe(200);
      expect((await send(server.url, make2.consultation())).status).toBe(200);
    });
  }

  it("stops cleanly after the outages, having logged no fatal error", async () => {
    const code = await server.stop();
    expect(code, server.output()).toBe(0);
    expect(server.output()).not.toMatch(/"level":60/);
    console.log(`[outage] answers while the database was away:\n  ${timings.join("\n  ")}`);
  });
});
