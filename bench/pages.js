// `npm run bench:pages`: public pages from the page cache, side by side with nginx serving the
// same bytes and with the cache switched off; the server's memory after a start and under load;
// and what a page built from 20 blocks costs to render next to a service page.
//
// On a fresh PGlite data directory (the embedded database: the memory figures are for it):
//   1. the first start (migrations and seeding) and its memory once ready; then, signed in as an
//      admin, a 20-block page made and published through the Pages tab's actions (with a photo
//      uploaded to the media library for it, bench/pages-data.js); then 100 blog posts seeded
//      while no server runs;
//   2. a restart with the page cache on (the default): its memory once ready, then, with
//      50 connections for 10 s each after 3 s of warm-up (3 s after 1 s in quick mode): the
//      home page's own compressed bytes from this machine's nginx (the ceiling), then from the
//      app `/`, a service page, the 20-block page, `/blog` and a blog post; the process's memory
//      is sampled throughout;
//   3. a restart with PAGE_CACHE_MB=0 and the same five pages, the same way; then the service
//      page and the 20-block page one request at a time, alternating, for the time of one
//      uncached render each. The 20-block page's target: its render (the median one at a time)
//      at most twice the service page's. Under load, a render shares the cores with the 49
//      others in flight and with wrk, so the ratio of requests per second is shown beside it.
// The load comes from wrk when installed (apt-get install wrk), else from autocannon. Pages are
// requested as a browser asks for them (Chrome's user agent, text/html, gzip) from one client
// address: a returning reader, counted once per post. Writes bench-results/pages.json; exits 1
// on an error (a non-2xx answer, a failed connection, an error logged), never on a slow figure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { signInAsAdmin } from "./admin.js";
import { printHeader, quick, TARGETS, writeResult } from "./common.js";
import { loadGenerator } from "./load.js";
import { findNginx, startNginx } from "./nginx.js";
import { publishTwentyBlockPage } from "./pages-data.js";
import { middlePostSlug, seedPosts } from "./seed-posts.js";
import { memoryOf, peakMemoryDuring, startBenchServer } from "./server.js";

const CONNECTIONS = 50;
const DURATION_S = quick ? 3 : 10;
const WARMUP_S = quick ? 1 : 3;
const POSTS = 100;
/** Renders of each page timed one at a time (alternating) for the render-time comparison. */
const SERIAL_RENDERS = quick ? 30 : 200;
const BLOCK_PAGE = "/bench-twenty-blocks";
const SERVICE_PAGE = "/chatbot-agents-omnichannel";
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
  { name: "service page", path: SERVICE_PAGE },
  { name: "20-block page", path: BLOCK_PAGE },
  { name: `blog list (${POSTS} posts)`, path: "/blog" },
  { name: "blog post", path: `/blog/${middlePostSlug(POSTS)}` },
];

const load = loadGenerator();

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

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * The time of one uncached render of each of `paths`, requested one at a time in turn (so that
 * whatever else the machine does weighs on both alike), SERIAL_RENDERS times each after a few
 * rounds of warm-up: time to the last byte, as the browser asks (gzip).
 */
async function serialRenders(base, paths) {
  const times = Object.fromEntries(paths.map((p) => [p, []]));
  for (let round = -5; round < SERIAL_RENDERS; round++) {
    for (const p of paths) {
      const started = performance.now();
      const response = await fetch(base + p, { headers: BROWSER });
      await response.arrayBuffer();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`${p} answered ${response.status}`);
      if (round >= 0) times[p].push(ms);
    }
  }
  return Object.fromEntries(
    paths.map((p) => {
      const sorted = times[p].sort((a, b) => a - b);
      const round1 = (n) => +n.toFixed(1);
      return [
        p,
        {
          renders: sorted.length,
          medianMs: round1(percentile(sorted, 50)),
          p90Ms: round1(percentile(sorted, 90)),
          p99Ms: round1(percentile(sorted, 99)),
        },
      ];
    }),
  );
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
    // After the first start's memory is read: the upload's image processing would add to it.
    const admin = await signInAsAdmin(server, dataDir);
    const blockPage = await publishTwentyBlockPage(admin, { path: BLOCK_PAGE });
    console.log(`Published ${blockPage.path}: ${blockPage.blocks} blocks, made in the Pages tab`);
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
    console.log(
      `\nOne request at a time, ${SERIAL_RENDERS} renders each, alternating (cache off):`,
    );
    const serial = await serialRenders(server.url, [SERVICE_PAGE, BLOCK_PAGE]);
    console.table(serial);
    await finish("cache off");

    // The issue's comparison: how many times a service page's render a 20-block page's costs.
    const uncachedRow = (p) => uncached.result.find((row) => row.path === p);
    const service = uncachedRow(SERVICE_PAGE);
    const blocks = uncachedRow(BLOCK_PAGE);
    // A short run on a busy machine can end before any render of a slow page does: no ratio then.
    const ratioOf = (a, b) => (a > 0 && b > 0 ? +(a / b).toFixed(2) : null);
    const renderRatio = {
      target: TARGETS.blockPageRenderRatio,
      blocks: blockPage.blocks,
      // The judged figure: one render with the machine to itself.
      serialMedian: ratioOf(serial[BLOCK_PAGE].medianMs, serial[SERVICE_PAGE].medianMs),
      // Time per render under load is the inverse of the requests per second.
      throughput: ratioOf(service.requestsPerSecond, blocks.requestsPerSecond),
      latencyP50: ratioOf(blocks.latencyP50Ms, service.latencyP50Ms),
      latencyP99: ratioOf(blocks.latencyP99Ms, service.latencyP99Ms),
      serial,
    };
    console.log(
      `20-block page vs service page, uncached: ${renderRatio.serialMedian} × one at a time ` +
        `(median ${serial[BLOCK_PAGE].medianMs} vs ${serial[SERVICE_PAGE].medianMs} ms; target ≤ ${renderRatio.target} ×), ` +
        `${renderRatio.throughput ?? "—"} × the time per render under load (${blocks.requestsPerSecond} vs ${service.requestsPerSecond} req/s)`,
    );

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
      blockPage: { path: BLOCK_PAGE, comparedWith: SERVICE_PAGE, ...renderRatio },
    });
    console.log(`Wrote ${path.relative(process.cwd(), written)}`);
    for (const row of rows) {
      if (row.non2xx > 0 || row.errors > row.timeouts) {
        problems.push(
          `${row.name} (${row.group}): ${row.non2xx} non-2xx answers, ${row.errors} errors`,
        );
      }
    }
    for (const problem of problems) console.error(`ERROR ${problem}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await nginx?.stop();
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(fileDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
