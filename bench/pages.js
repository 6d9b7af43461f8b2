// `npm run bench:pages`: public pages from the page cache, side by side with nginx serving the
// same bytes and with the cache switched off; the server's memory after a start and under load.
//
// On a fresh PGlite data directory (the embedded database: the memory figures are for it):
//   1. the first start (migrations and seeding) and its memory once ready, then 100 blog posts
//      seeded while no server runs;
//   2. a restart with the page cache on (the default): its memory once ready, then, with
//      50 connections for 10 s each after 3 s of warm-up (3 s after 1 s in quick mode): the
//      home page's own compressed bytes from this machine's nginx (the ceiling), then from the
//      app `/`, a service page, `/blog` and a blog post; the process's memory is sampled
//      throughout;
//   3. a restart with PAGE_CACHE_MB=0 and the same four pages, the same way.
// The load comes from wrk when installed (apt-get install wrk), else from autocannon. Pages are
// requested as a browser asks for them (Chrome's user agent, text/html, gzip) from one client
// address: a returning reader, counted once per post. Writes bench-results/pages.json; exits 1
// on an error (a non-2xx answer, a failed connection, an error logged), never on a slow figure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { printHeader, quick, writeResult } from "./common.js";
import { loadGenerator } from "./load.js";
import { findNginx, startNginx } from "./nginx.js";
import { middlePostSlug, seedPosts } from "./seed-posts.js";
import { memoryOf, startBenchServer } from "./server.js";

const CONNECTIONS = 50;
const DURATION_S = quick ? 3 : 10;
const WARMUP_S = quick ? 1 : 3;
const POSTS = 100;
/** Time for a process that just answered /readyz to settle (lazy work, the first GC). */
const SETTLE_MS = 2000;

const BROWSER = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml",
  "accept-encoding": "gzip",
};

const PAGES = [
  { name: "home", path: "/" },
  { name: "service page", path: "/chatbot-agents-omnichannel" },
  { name: `blog list (${POSTS} posts)`, path: "/blog" },
  { name: "blog post", path: `/blog/${middlePostSlug(POSTS)}` },
];

const load = loadGenerator();

/** The highest resident memory of `pid` while `work` runs, sampled every 100 ms. */
async function peakMemoryDuring(pid, work) {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, memoryOf(pid)?.rssMB ?? 0);
  };
  const timer = setInterval(sample, 100);
  try {
    const result = await work();
    sample();
    return { result, peakMB: peak };
  } finally {
    clearInterval(timer);
  }
}

async function measure(row) {
  // A wrong answer would make any figure meaningless: check the page first, then warm it up.
  const first = await fetch(row.url, { headers: BROWSER });
  const body = await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`${row.name}: ${row.url} answered ${first.status}`);
  // Under load, not one by one: the first few hundred requests run colder code (JIT).
  await load.run({ url: row.url, headers: BROWSER, connections: CONNECTIONS, durationS: WARMUP_S });
  const figures = await load.run({
    url: row.url,
    headers: BROWSER,
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  const measured = {
    group: row.group,
    name: row.name,
    path: new URL(row.url).pathname,
    bytes: body.byteLength,
    encoding: first.headers.get("content-encoding") ?? "none",
    cacheControl: first.headers.get("cache-control") ?? "",
    ...figures,
  };
  console.log(
    `  ${`${row.name} (${row.group})`.padEnd(36)} ${String(measured.requestsPerSecond).padStart(6)} req/s  p50 ${measured.latencyP50Ms} ms  p99 ${measured.latencyP99Ms} ms` +
      (measured.non2xx + measured.errors
        ? `  non-2xx ${measured.non2xx} errors ${measured.errors}`
        : ""),
  );
  return measured;
}

/** Starts the server, waits for it to settle and reads its memory. */
async function startMeasured(label, options) {
  const server = await startBenchServer(options);
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const memory = memoryOf(server.pid);
  console.log(
    `${label}: ${memory ? `${memory.rssMB} MB resident once ready` : "memory not readable here"}`,
  );
  return { server, memory };
}

/** The home page's bytes as the app sends them to a browser (gzip), in a file for nginx. */
async function homePageFile(serverUrl, dir) {
  const response = await fetch(`${serverUrl}/`, { headers: BROWSER });
  if (response.headers.get("content-encoding") !== "gzip") {
    throw new Error("The home page did not come gzip-compressed");
  }
  // fetch() decodes the body; the bytes on the wire are compressed once more, as the app does.
  const { gzipSync } = await import("node:zlib");
  const html = Buffer.from(await response.arrayBuffer());
  const file = path.join(dir, "home.html");
  fs.writeFileSync(file, gzipSync(html, { level: 9 }));
  return { file, htmlBytes: html.length };
}

async function main() {
  ensureBuild();
  printHeader("Public pages: the page cache next to nginx, and memory");
  const nginxFound = findNginx();
  if (!nginxFound) {
    console.log(
      `nginx is not installed (${process.env.NGINX_PATH ? `NGINX_PATH=${process.env.NGINX_PATH}` : "looked on PATH and in /usr/sbin"}): the ceiling row is skipped.\n`,
    );
  }
  console.log(`Load: ${load.name}, ${CONNECTIONS} connections, ${DURATION_S} s per row.\n`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-"));
  const fileDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pages-file-"));
  // The page cache as configured by default, unless a row sets it.
  const base = { dataDir, unset: ["SMTP_URL", "SITE_URL", "PAGE_CACHE_MB"] };
  let server;
  let nginx = null;
  const problems = [];
  const finish = async (which) => {
    const exitCode = await server.stop();
    if (exitCode !== 0) problems.push(`${which}: the server exited with ${exitCode} on SIGTERM`);
    for (const line of server.errorLines().slice(0, 5)) {
      problems.push(`${which}: the server logged: ${line.slice(0, 300)}`);
    }
    server = null;
  };
  try {
    // 1. The first start migrates and seeds the empty database.
    let started = await startMeasured("First start (migrations, seeding)", {
      ...base,
      fresh: true,
    });
    server = started.server;
    const firstStart = started.memory;
    await finish("first start");
    await seedPosts({ dataDir }, POSTS);

    // 2. The page cache on.
    started = await startMeasured("Restart, page cache on", base);
    server = started.server;
    const cachedStart = started.memory;
    const home = await homePageFile(server.url, fileDir);
    if (nginxFound) nginx = await startNginx(home.file, { contentEncoding: "gzip" });
    const cachedRows = [
      ...(nginx ? [{ group: "nginx", name: "home page's bytes", url: nginx.url }] : []),
      ...PAGES.map((page) => ({ group: "cache on", name: page.name, url: server.url + page.path })),
    ];
    const cached = await peakMemoryDuring(server.pid, async () => {
      const rows = [];
      for (const row of cachedRows) rows.push(await measure(row));
      return rows;
    });
    const cachedEnd = memoryOf(server.pid);
    await nginx?.stop();
    nginx = null;
    await finish("cache on");

    // 3. The page cache off: every view renders.
    started = await startMeasured("Restart, page cache off", {
      dataDir,
      unset: ["SMTP_URL", "SITE_URL"],
      env: { PAGE_CACHE_MB: "0" },
    });
    server = started.server;
    const uncachedStart = started.memory;
    const uncached = await peakMemoryDuring(server.pid, async () => {
      const rows = [];
      for (const page of PAGES) {
        rows.push(
          await measure({ group: "cache off", name: page.name, url: server.url + page.path }),
        );
      }
      return rows;
    });
    await finish("cache off");

    const memory = {
      firstStartMB: firstStart?.rssMB ?? null,
      restartMB: cachedStart?.rssMB ?? null,
      cacheOn: { startMB: cachedStart?.rssMB ?? null, underLoadMB: cached.peakMB || null },
      cacheOff: { startMB: uncachedStart?.rssMB ?? null, underLoadMB: uncached.peakMB || null },
      cacheOnAfterLoadMB: cachedEnd?.rssMB ?? null,
    };
    console.log(
      `\nMemory (resident, MB): first start ${memory.firstStartMB}, restart ${memory.restartMB}; ` +
        `under load ${memory.cacheOn.underLoadMB} with the cache, ${memory.cacheOff.underLoadMB} without`,
    );
    const rows = [...cached.result, ...uncached.result];
    const written = writeResult("pages", {
      tool: load.name,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      posts: POSTS,
      homePage: { htmlBytes: home.htmlBytes, gzipBytes: fs.statSync(home.file).size },
      nginx: nginxFound ? nginxFound.version : null,
      memory,
      rows,
    });
    console.log(`Wrote ${path.relative(process.cwd(), written)}`);
    for (const row of rows) {
      if (row.non2xx > 0 || row.errors > row.timeouts) {
        problems.push(
          `${row.name} (${row.group}): ${row.non2xx} non-2xx answers, ${row.errors} errors`,
        );
      }
    }
    for (const problem of problems) console.log(`ERROR ${problem}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(fileDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
