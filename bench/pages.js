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
//      50 connections for 10 s each after 3 s of warm-up (2 s after 1 s in quick mode), each of
//      `/`, a service page, `/blog` and a blog post in each encoding a browser may ask for (none,
//      gzip, brotli): first from this machine's nginx (2 workers, one per core) sending the very
//      bytes the app sends for it from files (gzip_static, brotli_static), then from the app; and
//      the 20-block page from the app (gzip). Quick mode: the home page in each encoding, the
//      service page and the 20-block page gzip from the app only. The process's memory is
//      sampled throughout;
//   3. a restart with PAGE_CACHE_MB=0 and the same five pages (gzip; quick mode: the service and
//      20-block pages), the same way; then the service page and the 20-block page one request at
//      a time, alternating, for the time of one uncached render each. The 20-block page's
//      target: its render (the median one at a time) at most twice the service page's. Under
//      load, a render shares the cores with the 49 others in flight and with wrk, so the ratio
//      of requests per second is shown beside it;
//   4. a restart with PAGE_CACHE_MB=0 and RENDER_CONCURRENCY=256, every render at once as before
//      the render queue (server/render-queue.ts): the home and service pages (quick mode: the
//      service page), to compare with their rows of step 3.
// The load comes from wrk when installed (apt-get install wrk), else from autocannon. Pages are
// requested as a browser asks for them (Chrome's user agent, text/html) from one client
// address: a returning reader, counted once per post. Writes bench-results/pages.json; exits 1
// on an error (a non-2xx answer, a failed connection, an error logged, nginx sending other bytes
// than the app), never on a slow figure.
import fs from "node:fs";
import http from "node:http";
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
const DURATION_S = quick ? 2 : 10;
const WARMUP_S = quick ? 1 : 3;
const POSTS = 100;
/** Renders of each page timed one at a time (alternating) for the render-time comparison. */
const SERIAL_RENDERS = quick ? 30 : 200;
const BLOCK_PAGE = "/bench-twenty-blocks";
const SERVICE_PAGE = "/chatbot-agents-omnichannel";
/** Time for a process that just answered /readyz to settle (lazy work, the first GC). */
const SETTLE_MS = 2000;

const BROWSER_WITHOUT_ENCODING = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  accept: "text/html,application/xhtml+xml",
};
const BROWSER = { ...BROWSER_WITHOUT_ENCODING, "accept-encoding": "gzip" };

/** What a browser may accept, and the file beside a page that nginx sends for it. */
const ENCODINGS = [
  { name: "none", headers: BROWSER_WITHOUT_ENCODING, suffix: "" },
  { name: "gzip", headers: BROWSER, suffix: ".gz" },
  { name: "br", headers: { ...BROWSER_WITHOUT_ENCODING, "accept-encoding": "br" }, suffix: ".br" },
];
const GZIP = ENCODINGS[1];

const PAGES = [
  { name: "home", path: "/", file: "home.html" },
  { name: "service page", path: SERVICE_PAGE, file: "service.html" },
  { name: "20-block page", path: BLOCK_PAGE },
  { name: `blog list (${POSTS} posts)`, path: "/blog", file: "blog.html" },
  { name: "blog post", path: `/blog/${middlePostSlug(POSTS)}`, file: "post.html" },
];
/** The pages measured again with every render at once (step 4). */
const UNQUEUED_PAGES = PAGES.filter(
  (page) => page.path === SERVICE_PAGE || (!quick && page.path === "/"),
);
/** The pages compared with nginx sending their bytes (the issue's four; the home page in quick). */
const NGINX_PAGES = quick ? PAGES.slice(0, 1) : PAGES.filter((page) => page.file);
/**
 * The pages measured from the cache (beyond those) and without it: in quick mode only the two
 * that the render ratio compares.
 */
const MEASURED_PAGES = quick
  ? PAGES.filter((page) => page.path === SERVICE_PAGE || page.path === BLOCK_PAGE)
  : PAGES;

const load = loadGenerator();

async function measure(row) {
  // A wrong answer would make any figure meaningless: check the page first, then warm it up.
  const headers = row.encoding.headers;
  const first = await fetch(row.url, { headers });
  const body = await first.arrayBuffer();
  if (first.status !== 200) throw new Error(`${row.name}: ${row.url} answered ${first.status}`);
  // Under load, not one by one: the first few hundred requests run colder code (JIT).
  await load.run({ url: row.url, headers, connections: CONNECTIONS, durationS: WARMUP_S });
  const figures = await load.run({
    url: row.url,
    headers,
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  const measured = {
    group: row.group,
    name: row.name,
    path: row.path,
    bytes: body.byteLength,
    encoding: row.encoding.name,
    cacheControl: first.headers.get("cache-control") ?? "",
    ...figures,
  };
  console.log(
    `  ${`${row.name} (${row.group}, ${row.encoding.name})`.padEnd(44)} ${String(measured.requestsPerSecond).padStart(6)} req/s  p50 ${measured.latencyP50Ms} ms  p99 ${measured.latencyP99Ms} ms` +
      (measured.non2xx + measured.errors
        ? `  non-2xx ${measured.non2xx} errors ${measured.errors}`
        : ""),
  );
  return measured;
}

/** Each of `pages` from `server`, gzip, one after another: rows of `group`. */
async function measureGzip(server, group, pages) {
  const rows = [];
  for (const page of pages) {
    rows.push(
      await measure({
        group,
        name: page.name,
        path: page.path,
        encoding: GZIP,
        url: server.url + page.path,
      }),
    );
  }
  return rows;
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

/** A page's bytes as the app sends them for these request headers: not decoded. */
function rawBytes(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode,
            encoding: response.headers["content-encoding"] ?? "none",
            bytes: Buffer.concat(chunks),
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The files nginx serves: each compared page in each encoding, as the app sent it (checked: the
 * encoding asked for; nginxSends then checks that nginx sends these very bytes back).
 */
async function pageFiles(serverUrl) {
  const files = [];
  for (const page of NGINX_PAGES) {
    for (const encoding of ENCODINGS) {
      const answer = await rawBytes(serverUrl + page.path, encoding.headers);
      if (answer.status !== 200 || answer.encoding !== encoding.name) {
        throw new Error(
          `${page.path} answered ${answer.status} ${answer.encoding} when asked for ${encoding.name}`,
        );
      }
      files.push({ name: page.file + encoding.suffix, page, encoding, bytes: answer.bytes });
    }
  }
  return files;
}

/** Whether nginx sends a page's stored bytes for an encoding (brotli needs Debian's module). */
async function nginxSends(nginx, file) {
  const answer = await rawBytes(`${nginx.url}/${file.page.file}`, file.encoding.headers);
  return (
    answer.status === 200 &&
    answer.encoding === file.encoding.name &&
    answer.bytes.equals(file.bytes)
  );
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
  // The page cache as configured by default, unless a row sets it.
  const base = { dataDir, unset: ["SMTP_URL", "SITE_URL", "PAGE_CACHE_MB", "RENDER_CONCURRENCY"] };
  let server;
  let nginx = null;
  let noBrotli = false;
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
    const files = await pageFiles(server.url);
    if (nginxFound) nginx = await startNginx(files, { workers: 2 });
    const cachedRows = [];
    for (const encoding of ENCODINGS) {
      for (const page of NGINX_PAGES) {
        const file = files.find((f) => f.page === page && f.encoding === encoding);
        const row = { name: page.name, path: page.path, encoding };
        if (nginx && (await nginxSends(nginx, file))) {
          cachedRows.push({ ...row, group: "nginx", url: `${nginx.url}/${page.file}` });
        } else if (nginx && encoding.name !== "br") {
          throw new Error(`nginx did not send the app's ${encoding.name} bytes of ${page.path}`);
        } else if (nginx) {
          noBrotli = true;
        }
        cachedRows.push({ ...row, group: "cache on", url: server.url + page.path });
      }
    }
    for (const page of MEASURED_PAGES.filter((p) => !NGINX_PAGES.includes(p))) {
      cachedRows.push({
        group: "cache on",
        name: page.name,
        path: page.path,
        encoding: GZIP,
        url: server.url + page.path,
      });
    }
    if (noBrotli) {
      console.log(
        "nginx has no brotli_static module (apt-get install libnginx-mod-http-brotli-static): no nginx row for brotli.\n",
      );
    }
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
      unset: ["SMTP_URL", "SITE_URL", "RENDER_CONCURRENCY"],
      env: { PAGE_CACHE_MB: "0" },
    });
    server = started.server;
    const uncachedStart = started.memory;
    const uncached = await peakMemoryDuring(server.pid, () =>
      measureGzip(server, "cache off", MEASURED_PAGES),
    );
    console.log(
      `\nOne request at a time, ${SERIAL_RENDERS} renders each, alternating (cache off):`,
    );
    const serial = await serialRenders(server.url, [SERVICE_PAGE, BLOCK_PAGE]);
    console.table(serial);
    await finish("cache off");

    // 4. The page cache off, every render at once (no turns), side by side with step 3.
    started = await startMeasured("Restart, page cache off, renders not queued", {
      dataDir,
      unset: ["SMTP_URL", "SITE_URL"],
      env: { PAGE_CACHE_MB: "0", RENDER_CONCURRENCY: "256" },
    });
    server = started.server;
    const unqueued = await measureGzip(server, "cache off, not queued", UNQUEUED_PAGES);
    await finish("renders not queued");

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
    const rows = [...cached.result, ...uncached.result, ...unqueued];
    const written = writeResult("pages", {
      tool: load.name,
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      warmupSeconds: WARMUP_S,
      posts: POSTS,
      nginx: nginxFound ? { version: nginxFound.version, workers: 2, brotli: !noBrotli } : null,
      pageBytes: files.map((file) => ({
        path: file.page.path,
        encoding: file.encoding.name,
        bytes: file.bytes.length,
      })),
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
  }
}

process.exitCode = await main();
