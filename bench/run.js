// `npm run bench`: measures the production build on this machine and prints a table, and writes
// the same figures as JSON to bench-results/latest.json.
//   - server throughput and latency of the home page (autocannon, 10 s, 20 connections)
//   - the cost of page-view counting: the home page as a browser (counted) and as a bot (not)
//   - JavaScript the home page loads (gzip bytes)
//   - Lighthouse scores (mobile settings) for home, a service page and contact
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import { ensureBuild } from "../scripts/build-if-stale.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.BENCH_PORT ?? 3456);
const base = `http://localhost:${port}`;

async function startServer(dataDir) {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("The server did not start");
}

async function throughput(pathname, { label, headers } = {}) {
  const result = await autocannon({
    url: `${base}${pathname}`,
    connections: 20,
    duration: 10,
    headers,
  });
  return {
    path: pathname,
    ...(label ? { as: label } : {}),
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function homeJavaScript() {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  let raw = 0;
  let gzip = 0;
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return {
    files: scripts.size,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzip / 1024).toFixed(1),
  };
}

function lighthouse(pathname) {
  const out = path.join(os.tmpdir(), `lh-${process.pid}-${pathname.replace(/\W/g, "_")}.json`);
  const bin = path.join(root, "node_modules", "lighthouse", "cli", "index.js");
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        bin,
        `${base}${pathname}`,
        "--quiet",
        "--output=json",
        `--output-path=${out}`,
        "--only-categories=performance,accessibility,best-practices,seo",
        `--chrome-path=${chromePath}`,
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync",
      ],
      {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, CHROME_PATH: chromePath },
      },
    );
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${pathname}`));
      const report = JSON.parse(fs.readFileSync(out, "utf8"));
      fs.rmSync(out, { force: true });
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      resolve({
        path: pathname,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: +(report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
      });
    });
  });
}

ensureBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const server = await startServer(dataDir);
try {
  // Warm up caches the way a running site would be.
  for (let i = 0; i < 50; i++) await (await fetch(`${base}/`)).text();
  const results = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    throughput: [await throughput("/")],
    // Every request of a browser is classified and added to the in-memory page-view buffer (written
    // every PAGE_VIEW_FLUSH_MS); a bot's is classified and dropped. Autocannon's own requests (no
    // user agent) are left out at once, like the plain run above.
    pageViewCounting: [
      await throughput("/", {
        label: "browser (counted)",
        headers: {
          "user-agent":
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
          accept: "text/html",
        },
      }),
      await throughput("/", {
        label: "bot (not counted)",
        headers: { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)", accept: "text/html" },
      }),
    ],
    javascript: await homeJavaScript(),
    lighthouse: [],
  };
  for (const page of ["/", "/chatbot-agents-omnichannel", "/contact"]) {
    results.lighthouse.push(await lighthouse(page));
  }

  fs.mkdirSync(path.join(root, "bench-results"), { recursive: true });
  fs.writeFileSync(
    path.join(root, "bench-results", "latest.json"),
    `${JSON.stringify(results, null, 2)}\n`,
  );

  console.log(`\nMachine: ${results.machine}\nDate: ${results.date}\n`);
  console.log("Server (autocannon, 20 connections, 10 s)");
  console.table(results.throughput);
  console.log("Page-view counting (the home page as a browser, counted, and as a bot, not)");
  console.table(results.pageViewCounting);
  console.log("JavaScript loaded by the home page");
  console.table([results.javascript]);
  console.log("Lighthouse (mobile)");
  console.table(results.lighthouse);
  console.log(JSON.stringify(results));
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
