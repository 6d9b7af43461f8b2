// `npm run bench:pages`: throughput and latency of public pages, next to a static file.
//
// Starts the production server on a fresh PGlite data directory with 100 blog posts, and this
// machine's nginx (when installed) serving a copy of the site's stylesheet. Then autocannon
// (20 connections; 10 s after 3 s of warm-up, 3 s after 1 s in quick mode) measures, one after
// another:
//   - the stylesheet from nginx: the ceiling, what an HTTP answer costs on this machine at best;
//   - the same file from the Node server (express.static);
//   - pages whose content comes from the in-process content cache: home, a service page, about;
//   - pages that query the database on every request: the blog list and a blog post;
//   - the home page as a bot and with no user agent, to show what page-view counting costs.
// Pages are requested the way a browser asks for them (Chrome's user agent, text/html, gzip),
// all from one client address. Writes bench-results/pages.json; exits 1 on an error (a non-2xx
// answer or a failed connection), never on a slow figure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { printHeader, quick, root, writeResult } from "./common.js";
import { findNginx, startNginx } from "./nginx.js";
import { middlePostSlug, seedPosts } from "./seed-posts.js";
import { startBenchServer } from "./server.js";

const CONNECTIONS = 20;
const DURATION_S = quick ? 3 : 10;
const WARMUP_S = quick ? 1 : 3;
const POSTS = 100;

const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip",
};
const BOT = { ...BROWSER, "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" };
const NO_USER_AGENT = { accept: BROWSER.accept, "accept-encoding": "gzip" };
// The file as stored, from both servers: the comparison is of serving, not of compressing.
const STATIC = { "accept-encoding": "identity" };

async function measure(row) {
  // A wrong answer would make any figure meaningless: check the page first, then warm it up.
  const first = await fetch(row.url, { headers: row.headers });
  const body = await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`${row.name}: ${row.url} answered ${first.status}`);
  // Under load, not one by one: the first few hundred renders run colder code (JIT) and would
  // make whichever page goes first look slow.
  await autocannon({
    url: row.url,
    connections: CONNECTIONS,
    duration: WARMUP_S,
    headers: row.headers,
  });
  const result = await autocannon({
    url: row.url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: row.headers,
  });
  const measured = {
    group: row.group,
    name: row.name,
    path: new URL(row.url).pathname,
    as: row.as,
    bytes: body.byteLength,
    // What went over the wire per answer, headers included.
    transferBytes: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
    encoding: first.headers.get("content-encoding") ?? "none",
    cacheControl: first.headers.get("cache-control") ?? "",
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
  console.log(
    `  ${row.name.padEnd(34)} ${String(measured.requestsPerSecond).padStart(6)} req/s  p50 ${measured.latencyP50Ms} ms  p99 ${measured.latencyP99Ms} ms` +
      (measured.non2xx + measured.errors
        ? `  non-2xx ${measured.non2xx} errors ${measured.errors}`
        : ""),
  );
  return measured;
}

/** The stylesheet the home page links: every page loads it, so it is the typical static file. */
async function stylesheetOf(serverUrl) {
  const html = await (await fetch(`${serverUrl}/`)).text();
  const href = html.match(/href="(\/assets\/app-[^"]+\.css)"/)?.[1];
  if (!href) throw new Error("The home page links no /assets/app-*.css stylesheet");
  return href;
}

async function main() {
  ensureBuild();
  printHeader("Public pages: throughput and latency");
  const nginxFound = findNginx();
  if (!nginxFound) {
    console.log(
      `nginx is not installed (${process.env.NGINX_PATH ? `NGINX_PATH=${process.env.NGINX_PATH}` : "looked on PATH and in /usr/sbin"}): the static-file ceiling row is skipped.\n`,
    );
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  let server;
  let nginx = null;
  try {
    // First start migrates the empty database; the posts go in while no server holds it.
    await (await startBenchServer({ dataDir, unset: ["SMTP_URL", "SITE_URL"] })).stop();
    await seedPosts({ dataDir }, POSTS);
    server = await startBenchServer({ dataDir, unset: ["SMTP_URL", "SITE_URL"] });
    const stylesheet = await stylesheetOf(server.url);
    const file = path.join(root, "build", "client", stylesheet);
    if (nginxFound) nginx = await startNginx(file);

    const rows = [
      ...(nginx
        ? [
            {
              group: "ceiling",
              name: "static file, nginx",
              url: nginx.url,
              headers: STATIC,
              as: "no encoding",
            },
          ]
        : []),
      {
        group: "static",
        name: "static file, Node",
        url: server.url + stylesheet,
        headers: STATIC,
        as: "no encoding",
      },
      { group: "cached", name: "home", url: `${server.url}/`, headers: BROWSER, as: "browser" },
      {
        group: "cached",
        name: "service page",
        url: `${server.url}/chatbot-agents-omnichannel`,
        headers: BROWSER,
        as: "browser",
      },
      {
        group: "cached",
        name: "about",
        url: `${server.url}/about`,
        headers: BROWSER,
        as: "browser",
      },
      {
        group: "uncached",
        name: `blog list (${POSTS} posts)`,
        url: `${server.url}/blog`,
        headers: BROWSER,
        as: "browser",
      },
      {
        group: "uncached",
        name: "blog post",
        url: `${server.url}/blog/${middlePostSlug(POSTS)}`,
        headers: BROWSER,
        as: "browser, one returning reader",
      },
      { group: "pageViews", name: "home as a bot", url: `${server.url}/`, headers: BOT, as: "bot" },
      {
        group: "pageViews",
        name: "home with no user agent",
        url: `${server.url}/`,
        headers: NO_USER_AGENT,
        as: "no user agent",
      },
    ];
    console.log(
      `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after ${WARMUP_S} s of warm-up, one after another:`,
    );
    const measured = [];
    for (const row of rows) measured.push(await measure(row));

    await nginx?.stop();
    nginx = null;
    const exitCode = await server.stop();
    const logged = server.errorLines();
    server = null;

    const written = writeResult("pages", {
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      posts: POSTS,
      staticFile: { path: stylesheet, bytes: fs.statSync(file).size },
      nginx: nginxFound ? nginxFound.version : null,
      rows: measured,
    });
    console.log(`\nWrote ${path.relative(root, written)}`);
    const problems = [
      ...measured
        .filter((row) => row.non2xx > 0 || row.errors > row.timeouts)
        .map((row) => `${row.name}: ${row.non2xx} non-2xx answers, ${row.errors} errors`),
      ...(exitCode === 0 ? [] : [`the server exited with ${exitCode} on SIGTERM`]),
      ...logged.slice(0, 5).map((line) => `the server logged: ${line.slice(0, 300)}`),
    ];
    for (const problem of problems) console.log(`ERROR ${problem}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
