// `npm run bench:lighthouse`: what a visitor's browser gets, on the production build.
//   - the JavaScript the home page loads (gzip bytes; target at most 120 KB);
//   - Lighthouse scores on mobile settings (target at least 95 in each category) for home, a
//     service page and contact; home only in quick mode.
// Chromium is /usr/bin/chromium (CHROMIUM_PATH to change). Writes bench-results/lighthouse.json;
// exits 1 when a step fails, never on a missed target.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { printHeader, quick, root, TARGETS, writeResult } from "./common.js";
import { startBenchServer } from "./server.js";

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = quick ? ["/"] : ["/", "/chatbot-agents-omnichannel", "/contact"];

let base;

async function homeJavaScript() {
  const html = await (await fetch(`${base}/`)).text();
  const scripts = new Set(
    [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]),
  );
  let raw = 0;
  let gzip = 0;
  const sizes = [];
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer());
    const zipped = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += zipped;
    sizes.push({ file: src.replace("/assets/", ""), gzipKB: +(zipped / 1024).toFixed(1) });
  }
  return {
    files: scripts.size,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzip / 1024).toFixed(1),
    // Where to look first when the total grows.
    largest: sizes.sort((a, b) => b.gzipKB - a.gzipKB).slice(0, 5),
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
printHeader("Lighthouse and JavaScript sizes");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
const server = await startBenchServer({ dataDir, unset: ["SMTP_URL", "SITE_URL"] });
base = server.url;
try {
  // Warm up caches the way a running site would be.
  for (let i = 0; i < 50; i++) await (await fetch(`${base}/`)).text();
  const javascript = await homeJavaScript();
  console.log("JavaScript loaded by the home page");
  console.table([{ files: javascript.files, rawKB: javascript.rawKB, gzipKB: javascript.gzipKB }]);
  console.table(javascript.largest);
  const scores = [];
  for (const page of PAGES) scores.push(await lighthouse(page));
  console.log("Lighthouse (mobile)");
  console.table(scores);
  const written = writeResult("lighthouse", {
    chromium: chromePath,
    targets: TARGETS,
    javascript,
    lighthouse: scores,
  });
  console.log(`Wrote ${path.relative(root, written)}`);
} finally {
  const exitCode = await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (exitCode !== 0) {
    console.log(`ERROR the server exited with ${exitCode} on SIGTERM`);
    process.exitCode = 1;
  }
}
