// `npm run bench:lighthouse`: what a visitor's browser gets, on the production build.
//   - the JavaScript the home page loads (gzip bytes; target at most 120 KB);
//   - Lighthouse scores on mobile settings (target at least 95 in each category) for home, a
//     service page, contact, and a blog post illustrated with a phone photo (a 4032 × 3024 JPEG
//     of 2.4 MB from bench/photo.js, uploaded through the media library as an admin does, used
//     as the featured image and in the body; target also LCP at most 2.5 s); home and the photo
//     post in quick mode. For each page, the bytes of the images it downloaded.
// Chromium is /usr/bin/chromium (CHROMIUM_PATH to change). Writes bench-results/lighthouse.json;
// exits 1 when a step fails, never on a missed target.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { publishPhotoPost, signInAsAdmin } from "./admin.js";
import { printHeader, quick, resultsDir, root, TARGETS, writeResult } from "./common.js";
import { makePhoto } from "./photo.js";
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

/** Lighthouse on `pathname`; with `keep`, its whole report is also left in bench-results/. */
function lighthouse(pathname, { keep } = {}) {
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
      if (keep) {
        // The whole story of a slow page (the request chain, what delayed the LCP) for later.
        fs.mkdirSync(resultsDir, { recursive: true });
        fs.copyFileSync(out, path.join(resultsDir, keep));
      }
      fs.rmSync(out, { force: true });
      const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
      // What a phone on a metered plan pays for the page's pictures: every image it fetched.
      const images = (report.audits["network-requests"]?.details?.items ?? [])
        // Inline placeholders (data: URLs) come with the HTML and cost no request.
        .filter((item) => item.resourceType === "Image" && !item.url.startsWith("data:"))
        .map((item) => ({
          url: item.url.startsWith(base) ? item.url.slice(base.length) : item.url,
          mimeType: item.mimeType,
          transferBytes: item.transferSize ?? 0,
        }));
      resolve({
        path: pathname,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: +(report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
        lcpElement: lcpElement(report),
        lcpPhases: lcpPhases(report),
        totalBytes: Math.round(report.audits["total-byte-weight"]?.numericValue ?? 0),
        imageBytes: images.reduce((sum, image) => sum + image.transferBytes, 0),
        images,
      });
    });
  });
}

/**
 * Lighthouse once more when a run fails: on a busy machine Chromium now and then loses the
 * page-load trace ("NO_NAVSTART"), which says nothing about the page. A second failure is one.
 */
async function lighthouseWithRetry(pathname, options) {
  try {
    return await lighthouse(pathname, options);
  } catch (error) {
    console.log(`${error.message}; running it once more`);
    return lighthouse(pathname, options);
  }
}

/** The LCP element's tag, for reading a slow LCP (is it the photo or a heading?). */
function lcpElement(report) {
  const items = report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  // Lighthouse 12 nests the element in a table inside a list.
  const node = items.flatMap((item) => item.items ?? [item]).find((item) => item.node)?.node;
  return node?.snippet?.slice(0, 120) ?? null;
}

/** Where the LCP's time went (time to first byte, load delay, load time, render delay), in ms. */
function lcpPhases(report) {
  const items = report.audits["largest-contentful-paint-element"]?.details?.items ?? [];
  const phases = items.flatMap((item) => item.items ?? []).filter((item) => item.phase);
  return Object.fromEntries(phases.map((item) => [item.phase, Math.round(item.timing)]));
}

ensureBuild();
printHeader("Lighthouse and JavaScript sizes");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-lighthouse-"));
const server = await startBenchServer({ dataDir, unset: ["SMTP_URL", "SITE_URL"] });
base = server.url;
try {
  // Warm up caches the way a running site would be.
  for (let i = 0; i < 50; i++) await (await fetch(`${base}/`)).text();
  // The photo goes in before anything is measured: its processing would take a core from the
  // pages. GPS EXIF too, as a phone writes it (the served variants must not carry it).
  const photo = await makePhoto({ gps: true });
  const admin = await signInAsAdmin(server, dataDir);
  const photoPost = await publishPhotoPost(admin, photo);
  console.log(
    `Uploaded a ${(photo.length / 1e6).toFixed(2)} MB 4032 × 3024 photo in ${photoPost.uploadMs} ms; its post is ${photoPost.path}`,
  );
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${photoPost.path}`)).text();
  const javascript = await homeJavaScript();
  console.log("JavaScript loaded by the home page");
  console.table([{ files: javascript.files, rawKB: javascript.rawKB, gzipKB: javascript.gzipKB }]);
  console.table(javascript.largest);
  const scores = [];
  for (const page of PAGES) scores.push(await lighthouseWithRetry(page));
  scores.push({
    ...(await lighthouseWithRetry(photoPost.path, { keep: "lighthouse-photo-post.report.json" })),
    photo: true,
  });
  console.log("Lighthouse (mobile)");
  console.table(scores.map(({ images, lcpElement: _, lcpPhases: __, ...page }) => page));
  const photoScores = scores.at(-1);
  console.log(`Images downloaded by ${photoPost.path}:`);
  console.table(photoScores.images);
  console.log(`Its LCP element: ${photoScores.lcpElement}`);
  console.table([photoScores.lcpPhases]);
  const written = writeResult("lighthouse", {
    chromium: chromePath,
    targets: TARGETS,
    javascript,
    lighthouse: scores,
    photoPost: {
      path: photoPost.path,
      uploadedBytes: photo.length,
      uploadedWidth: 4032,
      uploadedHeight: 3024,
      storedBytes: photoPost.media.size,
      storedWidth: photoPost.media.width,
      storedHeight: photoPost.media.height,
      uploadMs: photoPost.uploadMs,
    },
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
