// `npm run bench:blog`: does the blog stay fast with many posts?
//
// For each database (PGlite in a fresh data directory; PostgreSQL on a fresh database too when
// TEST_DATABASE_URL or DATABASE_URL names a server that answers) and each size (100, then 10,000
// posts) it:
//   1. starts the production server once on an empty database (it migrates), stops it;
//   2. bulk-inserts the posts in one SQL statement (10 categories, 1 in 20 a draft, each ~2,800
//      characters of body; exactly 20 published posts mention "restaurant" at either size, so
//      the search answer has the same shape and only the number of posts around it grows;
//      every post mentions "automation"), then ANALYZE;
//   3. starts the server again and times, for each page, 5 warm-up then 40 sequential requests
//      from this process over loopback (the full answer, body read): the median is the server
//      time, there being no other work in between;
//   4. prints a table and whether the median at 10,000 is at most 1.5 × the median at 100.
// Pages: /blog, /blog?q=restaurant, /blog?category=category-3, and one post page /blog/<slug>;
// also /blog?q=automation (every post matches, so ranking work grows with the posts: shown for
// information, not held to the bar).
// Writes bench-results/blog.json and exits 1 when a page misses the 1.5 × bar.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startBenchServer } from "./server.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SIZES = [100, 10_000];
const WARMUP = 5;
const SAMPLES = 60;
const BAR = 1.5;

function startServer({ dataDir, databaseUrl }) {
  return startBenchServer({ dataDir, databaseUrl, unset: ["SMTP_URL", "SITE_URL"] });
}

function seedSql(count) {
  return [
    `insert into web_categories (name, slug)
       select 'Category ' || c, 'category-' || c from generate_series(1, 10) c
       on conflict (slug) do nothing`,
    `insert into web_posts (title, slug, excerpt, content, status, published_at, category_id, meta_title)
       select
         'Post ' || i || ' on ' || (array['automation','chatbots','voice agents','marketing','websites'])[1 + i % 5],
         'post-' || i,
         'What post ' || i || ' teaches about running a small business with AI.',
         repeat('Business automation with agents helps teams answer customers faster. ', 40)
           || case when i % ${count / 20} = 1 then 'A restaurant took every order by chat.' else '' end,
         case when i % 20 = 0 then 'draft' else 'published' end,
         now() - (i || ' minutes')::interval,
         (select id from web_categories where slug = 'category-' || (1 + i % 10)),
         'Post ' || i
       from generate_series(1, ${count}) i`,
    "analyze web_posts",
    "analyze web_categories",
  ];
}

async function seed(backend, count) {
  if (backend.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(backend.dataDir, "db"));
    try {
      for (const statement of seedSql(count)) await db.query(statement);
    } finally {
      await db.close();
    }
    return;
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    for (const statement of seedSql(count)) await client.query(statement);
  } finally {
    await client.end();
  }
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
  { name: "/blog/<slug>", path: `/blog/post-${Math.floor(count / 2) + 1}` },
  { name: "/blog?q=automation (info)", path: "/blog?q=automation", info: true },
];

async function runSize(kind, count, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-blog-"));
  const backend = { kind, dataDir, databaseUrl };
  try {
    const first = await startServer(backend);
    await first.stop();
    const started = Date.now();
    await seed(backend, count);
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

async function createPostgresDatabase(adminUrl) {
  const { default: pg } = await import("pg");
  const name = `blog_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL skipped: ${error.message}`);
    return null;
  } finally {
    await admin.end().catch(() => {});
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

async function runBackend(name, kind, adminUrl) {
  const runs = [];
  for (const count of SIZES) {
    let database = null;
    if (kind === "postgres") {
      database = await createPostgresDatabase(adminUrl);
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
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}\nDate: ${new Date().toISOString()}\nLoad average: ${load}`,
  );
  console.log(`Median of ${SAMPLES} sequential requests per page (after ${WARMUP} warm-up)\n`);
  const results = [await runBackend("PGlite", "pglite")];
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (adminUrl) {
    const pgResult = await runBackend("PostgreSQL", "postgres", adminUrl);
    if (pgResult) results.push(pgResult);
  } else {
    console.log("PostgreSQL skipped: set TEST_DATABASE_URL to include it");
  }
  fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench-results", "blog.json"),
    `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
  );
  const missed = results.flatMap((r) =>
    r.rows.filter((row) => row.ratio > BAR && !row.page.endsWith("(info)")),
  );
  console.log(
    missed.length === 0
      ? `Every page at ${SIZES[1]} posts took at most ${BAR} × its time at ${SIZES[0]}.`
      : `Missed the ${BAR} × bar: ${missed.map((row) => row.page).join(", ")}`,
  );
  process.exitCode = missed.length === 0 ? 0 : 1;
}

await main();
