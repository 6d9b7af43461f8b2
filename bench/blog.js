// `npm run bench:blog`: does the blog stay fast with many posts?
//
// For each database (PGlite in a fresh data directory; PostgreSQL on a fresh database too when
// TEST_DATABASE_URL or DATABASE_URL names a server that answers) and each size (100, then 10,000
// posts; 100 and 500 in quick mode) it:
//   1. starts the production server once on an empty database (it migrates), stops it;
//   2. bulk-inserts the posts in one SQL statement (bench/seed-posts.js), then ANALYZE;
//   3. starts the server again and times, for each page, 5 warm-up then 60 sequential requests
//      from this process over loopback (the full answer, body read): the median is the server
//      time, there being no other work in between;
//   4. prints a table and whether the median at 10,000 is at most 1.5 × the median at 100.
// Pages: /blog, /blog?q=restaurant, /blog?category=category-3, and one post page /blog/<slug>;
// also /blog?q=automation (every post matches, so ranking work grows with the posts: shown for
// information, not held to the bar).
// Writes bench-results/blog.json. Exits 1 on an error (a page not answering 200), not on a
// missed bar: `npm run bench` judges the targets (and fails a full run that misses one).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  createPostgresDatabase,
  postgresAdminUrl,
  printHeader,
  quick,
  TARGETS,
  writeResult,
} from "./common.js";
import { middlePostSlug, seedPosts } from "./seed-posts.js";
import { startBenchServer } from "./server.js";

const SIZES = quick ? [100, 500] : [100, 10_000];
const WARMUP = quick ? 2 : 5;
const SAMPLES = quick ? 15 : 60;
const BAR = TARGETS.blogRatio;

function startServer({ dataDir, databaseUrl }) {
  // The page cache off: this measures the queries behind each page, which a cached page skips.
  return startBenchServer({
    dataDir,
    databaseUrl,
    env: { PAGE_CACHE_MB: "0" },
    unset: ["SMTP_URL", "SITE_URL"],
  });
}

async function timePage(url) {
  const times = [];
  let status = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const started = process.hrtime.bigint();
    const response = await fetch(url, { headers: { "user-agent": "blog-bench" } });
    await response.arrayBuffer();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    status = response.status;
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { status, medianMs: +times[Math.floor(times.length / 2)].toFixed(2) };
}

// The post page: a post in the middle of the list (published: i % 20 != 0).
const pages = (count) => [
  { name: "/blog", path: "/blog" },
  { name: "/blog?q=restaurant", path: "/blog?q=restaurant" },
  { name: "/blog?category=category-3", path: "/blog?category=category-3" },
  { name: "/blog/<slug>", path: `/blog/${middlePostSlug(count)}` },
  { name: "/blog?q=automation (info)", path: "/blog?q=automation", info: true },
];

async function runSize(kind, count, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-blog-"));
  const backend = { kind, dataDir, databaseUrl };
  try {
    const first = await startServer(backend);
    await first.stop();
    const started = Date.now();
    await seedPosts(backend, count);
    const seedSeconds = +((Date.now() - started) / 1000).toFixed(1);
    const server = await startServer(backend);
    try {
      const results = {};
      for (const page of pages(count)) results[page.name] = await timePage(server.url + page.path);
      return { count, seedSeconds, results };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function runBackend(name, kind, adminUrl) {
  const runs = [];
  for (const count of SIZES) {
    let database = null;
    if (kind === "postgres") {
      database = await createPostgresDatabase(adminUrl, "blog_bench");
      if (!database) return null;
    }
    try {
      runs.push(await runSize(kind, count, database?.url));
    } finally {
      await database?.drop();
    }
  }
  const [small, large] = runs;
  const rows = Object.keys(small.results).map((page) => {
    const a = small.results[page];
    const b = large.results[page];
    const ratio = +(b.medianMs / a.medianMs).toFixed(2);
    return {
      page,
      status: `${a.status}/${b.status}`,
      [`median ms @${small.count}`]: a.medianMs,
      [`median ms @${large.count}`]: b.medianMs,
      ratio,
      [`≤ ${BAR}×`]: page.endsWith("(info)") ? "-" : ratio <= BAR ? "yes" : "NO",
    };
  });
  console.log(
    `${name}: seeded ${small.count} in ${small.seedSeconds} s, ${large.count} in ${large.seedSeconds} s`,
  );
  console.table(rows);
  return { name, runs, rows };
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-stale.js");
  ensureBuild();
  printHeader("The blog with many posts");
  console.log(`Median of ${SAMPLES} sequential requests per page (after ${WARMUP} warm-up)\n`);
  const results = [await runBackend("PGlite", "pglite")];
  const adminUrl = postgresAdminUrl();
  if (adminUrl) {
    const pgResult = await runBackend("PostgreSQL", "postgres", adminUrl);
    if (pgResult) results.push(pgResult);
  }
  writeResult("blog", { sizes: SIZES, warmup: WARMUP, samples: SAMPLES, bar: BAR, results });
  const notOk = results.flatMap((r) =>
    r.runs.flatMap((run) =>
      Object.entries(run.results)
        .filter(([, page]) => page.status !== 200)
        .map(([name, page]) => `${r.name} ${name} at ${run.count} posts answered ${page.status}`),
    ),
  );
  for (const line of notOk) console.error(`ERROR ${line}`);
  const missed = results.flatMap((r) =>
    r.rows.filter((row) => row.ratio > BAR && !row.page.endsWith("(info)")),
  );
  console.log(
    missed.length === 0
      ? `Every page at ${SIZES[1]} posts took at most ${BAR} × its time at ${SIZES[0]}.`
      : `Missed the ${BAR} × bar: ${missed.map((row) => row.page).join(", ")}`,
  );
  return notOk.length > 0 ? 1 : 0;
}

process.exitCode = await main();
