// What every benchmark step shares: quick mode, the machine's description, and where results go.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const resultsDir = path.join(root, "bench-results");

/**
 * Quick mode (`--quick` or BENCH_QUICK=1) proves every step still runs, in CI, on a noisy
 * machine: shorter runs and smaller sizes, figures not worth publishing.
 */
export const quick =
  process.argv.includes("--quick") || ["1", "true"].includes(process.env.BENCH_QUICK ?? "");

export function loadAverage() {
  return os.loadavg().map((n) => +n.toFixed(2));
}

/** The machine as the report shows it; figures from different machines are not comparable. */
export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown CPU",
    cores: cpus.length,
    memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}

export function describeMachine(m = machine()) {
  return `${m.cores} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.os}`;
}

/** Writes bench-results/<name>.json with the date, machine, load average and mode around `data`. */
export function writeResult(name, data) {
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${name}.json`);
  const result = {
    date: new Date().toISOString(),
    quick,
    machine: machine(),
    loadAverage: loadAverage(),
    ...data,
  };
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  return file;
}

export function printHeader(what) {
  console.log(
    `${what}${quick ? " (quick mode: shorter runs, figures not representative)" : ""}\n` +
      `Machine: ${describeMachine()}\nDate: ${new Date().toISOString()}\n` +
      `Load average: ${loadAverage().join(" ")}\n`,
  );
}

/** The targets of the product (DESIGN.md); missing one is reported, and fails only a full run. */
export const TARGETS = {
  homeJavaScriptGzipKB: 110,
  homeScriptFiles: 8,
  lighthouseScore: 95,
  blogRatio: 1.5,
  // The blog post with a phone photo (issue 14), on Lighthouse's mobile settings.
  photoPostLcpMs: 2500,
  // p99 of the home page while ten photos are being uploaded and processed (issue 14).
  uploadP99Ms: 500,
  // Issue 32 (issue 15 asked 0.3 × and 20 ms): visitors' pages from the page cache, next to
  // nginx (2 workers) sending the same bytes, in each encoding, at 50 connections.
  cachedPageOfNginx: 0.5,
  cachedPageP99Ms: 10,
  // Issue 32: p99 of a page rendered per request (the cache off) at 50 connections.
  uncachedPageP99Ms: 500,
  // Issue 30: an uncached render of a page of 20 blocks at most this many times a service page's.
  blockPageRenderRatio: 2,
  // Resident memory of the server on PGlite once started, and under that load.
  startRssMB: 350,
  loadRssMB: 500,
  // Issue 17: `npm run backup` and `npm run restore` of a site of 10,000 posts, each command
  // from start to exit (bench/backup.js).
  backupSeconds: 60,
  restoreSeconds: 60,
  // Issue 31: a newsletter to 10,000 confirmed subscribers with the pace off (bench/newsletter.js):
  // mails a second, and the server's memory above its resting figure while it sends (the cached
  // home page's p99 meanwhile is held to newsletterHomeP99Ms).
  newsletterMailsPerSecond: 200,
  newsletterExtraMB: 150,
  // Issue 31: the cached home page's p99 while a newsletter is sending.
  newsletterHomeP99Ms: 20,
};

/**
 * Issue 30 asks the home page's JavaScript to stay the same or smaller with pages built from
 * blocks: the figure of the build just before them (commit 214b067, measured as
 * bench/lighthouse.js does: every script the home page's HTML references, gzip level 9).
 */
export const HOME_JAVASCRIPT_BEFORE_PAGES = { files: 10, gzipKB: 124.2, commit: "214b067" };

/** Everything a child process prints, stdout and stderr together, as it comes: call the result for the text. */
export function collectOutput(child) {
  let output = "";
  const add = (chunk) => {
    output += chunk;
  };
  child.stdout?.on("data", add);
  child.stderr?.on("data", add);
  return () => output;
}

/** The server address without its password, for messages. */
export function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * The PostgreSQL server a step adds its run on (TEST_DATABASE_URL or DATABASE_URL), or null (and a
 * message). In quick mode only the steps that ask for it (`inQuick`: the backup step, whose
 * engine-to-engine restores are PostgreSQL's own code) run on it: a quick run proves a step runs,
 * and a second engine doubled the time of the form, blog and newsletter steps in CI.
 */
export function postgresAdminUrl({ inQuick = false } = {}) {
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) console.log("PostgreSQL skipped: set TEST_DATABASE_URL to include it");
  else if (quick && !inQuick)
    console.log("PostgreSQL skipped in quick mode (the backup step runs on it)");
  else return url;
  return null;
}

/**
 * A fresh database named `<prefix>_<random>` on the PostgreSQL server at `adminUrl`, with a
 * drop() for afterwards; null (and a message) when the server does not answer.
 */
export async function createPostgresDatabase(adminUrl, prefix) {
  const { default: pg } = await import("pg");
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch (error) {
    console.log(`PostgreSQL at ${redact(adminUrl)} skipped: ${error.message}`);
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
