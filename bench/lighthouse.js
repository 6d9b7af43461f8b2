// `npm run bench:lighthouse`: what a visitor's browser gets, on the production build.
//   - the JavaScript the home page loads (gzip bytes; target at most 110 KB, and no more than
//     before pages built from blocks), and that no public page's scripts carry the page editor's
//     code (scripts/public-chunks.js; a failure if one does);
//   - Lighthouse scores on mobile settings (target at least 95 in each category) for home, a
//     service page, contact, a landing page made from the Pages tab's landing template and
//     published through its actions (bench/pages-data.js), and a blog post illustrated with a
//     phone photo (a 4032 × 3024 JPEG of 2.4 MB from bench/photo.js, uploaded through the media
//     library as an admin does, used as the featured image and in the body; target also LCP at
//     most 2.5 s); home and the photo post in quick mode (the landing page published, not
//     scored). For each page, the bytes of the images it downloaded;
//   - the home page once more with the consent banner showing (issue 19: its scores must stay
//     those without it), Google Analytics switched on as an admin does, last so that the figures
//     above keep their meaning; and the size of the lazily loaded chunk that draws the banner,
//     which the home page's JavaScript figure does not count (its HTML does not reference it).
// Chromium is /usr/bin/chromium (CHROMIUM_PATH to change). Writes bench-results/lighthouse.json;
// exits 1 when a step fails, never on a missed target.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { ensureBuild } from "../scripts/build-if-stale.js";
import { editorCodeInPublicScripts } from "../scripts/public-chunks.js";
import { publishPhotoPost, signInAsAdmin } from "./admin.js";
import {
  HOME_JAVASCRIPT_BEFORE_PAGES,
  printHeader,
  quick,
  resultsDir,
  root,
  TARGETS,
  writeResult,
} from "./common.js";
import { publishLandingPage } from "./pages-data.js";
import { makePhoto } from "./photo.js";
import { startBenchServer } from "./server.js";

const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PAGES = quick ? ["/"] : ["/", "/chatbot-agents-omnichannel", "/contact"];

// The banner's heading, and a measurement ID of the form the integration accepts (nothing is sent
// to Google before consent, and Lighthouse's Chromium has no internet anyway).
const BANNER_TEXT = "Cookies on this site";
const MEASUREMENT_ID = "G-BENCH12345";

let base;

/** The scripts the home page's HTML references (`src` and `modulepreload`), as /assets/ paths. */
async function homeScripts() {
  const html = await (await fetch(`${base}/`)).text();
  return new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]));
}

/** The client build's listing of what each script holds (server/chunk-contents-plugin.ts). */
function chunkContents() {
  const file = path.join(root, "build", "client-chunks.json");
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : {};
}

/**
 * What fills a script of `zipped` gzip bytes: its sources (npm packages, files under app/) with
 * their share, the largest first, the small ones summed up as "other". Each source's share is its
 * code minified and compressed alone, scaled to the file's real size.
 */
function whatIsIn(sources = {}, zipped) {
  const total = Object.values(sources).reduce((sum, bytes) => sum + bytes, 0);
  if (total === 0) return [];
  const parts = Object.entries(sources)
    .map(([source, bytes]) => ({ source, gzipKB: +((bytes / total) * (zipped / 1024)).toFixed(1) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const shown = parts.filter((part, i) => i < 6 && part.gzipKB >= 0.3);
  const rest = parts.slice(shown.length);
  const restKB = +rest.reduce((sum, part) => sum + part.gzipKB, 0).toFixed(1);
  return rest.length > 0 ? [...shown, { source: `other (${rest.length})`, gzipKB: restKB }] : shown;
}

async function homeJavaScript() {
  const scripts = await homeScripts();
  const contents = chunkContents();
  let raw = 0;
  let gzip = 0;
  const sizes = [];
  for (const src of scripts) {
    const body = Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer());
    const zipped = gzipSync(body, { level: 9 }).length;
    raw += body.length;
    gzip += zipped;
    sizes.push({
      file: src.replace("/assets/", ""),
      gzipKB: +(zipped / 1024).toFixed(1),
      contents: whatIsIn(contents[src.slice(1)], zipped),
    });
  }
  return {
    files: scripts.size,
    rawKB: +(raw / 1024).toFixed(1),
    gzipKB: +(gzip / 1024).toFixed(1),
    // Each file with what is in it, the largest first: where to look when the total grows.
    scripts: sizes.sort((a, b) => b.gzipKB - a.gzipKB),
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
      const summary = {
        path: pathname,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(report.audits["largest-contentful-paint"]?.numericValue ?? 0),
        cls: +(report.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
        // The main thread's time taken from the visitor by long tasks, the figure that moves the
        // performance score most when a page runs more script at load.
        tbtMs: Math.round(report.audits["total-blocking-time"]?.numericValue ?? 0),
        lcpElement: lcpElement(report),
        lcpPhases: lcpPhases(report),
        totalBytes: Math.round(report.audits["total-byte-weight"]?.numericValue ?? 0),
        imageBytes: images.reduce((sum, image) => sum + image.transferBytes, 0),
        images,
      };
      // The whole report too, for comparing two runs' audits; not enumerable, so it stays out of
      // the tables and bench-results/lighthouse.json.
      Object.defineProperty(summary, "report", { value: report });
      resolve(summary);
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

/** Gzip bytes (level 9, as a CDN sends it) of the site's script at `src` (an /assets/ path). */
async function gzipKB(src) {
  const body = Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer());
  return +(gzipSync(body, { level: 9 }).length / 1024).toFixed(1);
}

/**
 * The built chunks that draw the consent banner (those containing its heading): loaded lazily
 * after hydration, so not in the home page's JavaScript figure.
 */
async function consentChunks() {
  const dir = path.join(root, "build", "client", "assets");
  const files = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(".js"))
    .filter((file) => fs.readFileSync(path.join(dir, file), "utf8").includes(BANNER_TEXT));
  return Promise.all(
    files.map(async (file) => ({ file, gzipKB: await gzipKB(`/assets/${file}`) })),
  );
}

/** The site's scripts a Lighthouse run downloaded that the home page's HTML does not reference. */
async function lazyScripts(report, referenced) {
  const items = report.audits["network-requests"]?.details?.items ?? [];
  const lazy = items
    .filter((item) => item.resourceType === "Script" && item.url.startsWith(`${base}/assets/`))
    .map((item) => item.url.slice(base.length))
    .filter((src) => !referenced.has(src));
  const files = await Promise.all(
    [...new Set(lazy)].map(async (src) => ({
      file: src.replace("/assets/", ""),
      gzipKB: await gzipKB(src),
    })),
  );
  return { files, gzipKB: +files.reduce((sum, file) => sum + file.gzipKB, 0).toFixed(1) };
}

/**
 * Whether a first visit to the home page (no cookie) shows the consent banner, in a phone of
 * Lighthouse's size: waits up to 15 s for `[data-consent-banner]` with its heading when it is
 * `expected`; otherwise waits for the page to settle (the integrations fetched) and looks once.
 */
async function bannerShows(expected) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const integrations = page.waitForResponse((r) => r.url().endsWith("/api/integrations"), {
      timeout: 20_000,
    });
    await page.goto(`${base}/`, { waitUntil: "load" });
    await integrations;
    const banner = page.locator("[data-consent-banner]").filter({ hasText: BANNER_TEXT });
    if (expected) {
      return await banner
        .waitFor({ state: "visible", timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
    }
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    return (await banner.count()) > 0;
  } finally {
    await browser.close();
  }
}

/** Saves Google Analytics' measurement ID and switches it on (or only off) as the admin's tab does. */
async function setGoogleAnalytics(admin, enabled) {
  const steps = [
    ...(enabled
      ? [{ intent: "save-config", integration: "google_analytics", measurementId: MEASUREMENT_ID }]
      : []),
    { intent: "toggle", integration: "google_analytics", enabled: String(enabled) },
  ];
  for (const form of steps) {
    const answer = await admin.postForm("/admin/integrations", form);
    if (answer.status !== 200) {
      throw new Error(
        `${form.intent} of Google Analytics answered ${answer.status}: ${answer.text.slice(0, 300)}`,
      );
    }
  }
  // The public widget list, which the banner reads, says so at once.
  const widgets = await (await fetch(`${base}/api/integrations`)).json();
  const listed = widgets.some((widget) => widget.name === "google_analytics");
  if (listed !== enabled) {
    throw new Error(
      `/api/integrations after switching Google Analytics ${enabled ? "on" : "off"}: ${JSON.stringify(widgets)}`,
    );
  }
}

/** The URLs a Lighthouse run requested from anywhere but the site (inline data: URLs aside). */
function offSiteRequests(report) {
  return (report.audits["network-requests"]?.details?.items ?? [])
    .map((item) => item.url)
    .filter((url) => !url.startsWith(`${base}/`) && !url.startsWith("data:"));
}

/** The figures compared with and without the banner, and the other metrics behind performance. */
function bannerFigures(page) {
  const metric = (id) => Math.round(page.report.audits[id]?.numericValue ?? 0);
  return {
    performance: page.performance,
    accessibility: page.accessibility,
    bestPractices: page.bestPractices,
    seo: page.seo,
    lcpMs: page.lcpMs,
    cls: page.cls,
    fcpMs: metric("first-contentful-paint"),
    tbtMs: metric("total-blocking-time"),
    speedIndexMs: metric("speed-index"),
    lcpElement: page.lcpElement,
  };
}

/**
 * Every scored audit whose score differs between two runs (`without`, `with`), by category: where
 * a lower score comes from. For a failing audit the elements it names (at most three).
 */
function auditDifferences(without, withBanner) {
  const differences = [];
  for (const [category, { auditRefs }] of Object.entries(withBanner.report.categories)) {
    for (const { id, weight } of auditRefs) {
      if (!weight) continue;
      const before = without.report.audits[id];
      const after = withBanner.report.audits[id];
      if (!after || before?.score === after.score) continue;
      const items = after.details?.items ?? [];
      differences.push({
        category,
        audit: id,
        weight,
        without: before?.score ?? null,
        with: after.score,
        withValue: after.displayValue ?? "",
        elements: items
          .map((item) => item.node?.snippet ?? item.node?.selector)
          .filter(Boolean)
          .slice(0, 3),
      });
    }
  }
  return differences;
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
  const landing = await publishLandingPage(admin);
  console.log(
    `Published ${landing.path} from the landing template (${landing.blocks} blocks) through the Pages tab`,
  );
  for (let i = 0; i < 10; i++) await (await fetch(`${base}${landing.path}`)).text();
  const javascript = await homeJavaScript();
  console.log("JavaScript loaded by the home page");
  console.table([{ files: javascript.files, rawKB: javascript.rawKB, gzipKB: javascript.gzipKB }]);
  console.log(
    `Just before pages built from blocks (${HOME_JAVASCRIPT_BEFORE_PAGES.commit}): ${HOME_JAVASCRIPT_BEFORE_PAGES.files} files, ${HOME_JAVASCRIPT_BEFORE_PAGES.gzipKB} KB gzip`,
  );
  console.table(
    javascript.scripts.map(({ file, gzipKB, contents }) => ({
      file,
      gzipKB,
      contents: contents.map((part) => `${part.source} ${part.gzipKB}`).join(", "),
    })),
  );
  // The page editor (dnd-kit, Tiptap, app/components/admin/editor) is for staff only.
  const editorCode = editorCodeInPublicScripts(root);
  if (editorCode.length > 0) {
    throw new Error(
      `Public pages load the page editor's code: ${editorCode.map((e) => `${e.src} (${e.what}; ${e.routes.slice(0, 3).join(", ")})`).join("; ")}`,
    );
  }
  console.log(
    "No script of a public page carries the page editor's code (dnd-kit, Tiptap, the editor).",
  );
  const scores = [];
  for (const page of PAGES) scores.push(await lighthouseWithRetry(page));
  // Quick mode publishes the landing page (and fetches it above) but scores only home and the
  // photo post: the same Lighthouse run, a third of the time.
  if (!quick) {
    scores.push({
      ...(await lighthouseWithRetry(landing.path, { keep: "lighthouse-landing-page.report.json" })),
      landing: true,
    });
  }
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

  // Last, so that every figure above is of the site with nothing needing consent: the home page
  // with the consent banner showing (issue 19), Google Analytics on as an admin switches it on.
  if (await bannerShows(false))
    throw new Error("The home page shows a consent banner before Google Analytics is on");
  const chunks = await consentChunks();
  await setGoogleAnalytics(admin, true);
  for (let i = 0; i < 10; i++) await (await fetch(`${base}/`)).text();
  if (!(await bannerShows(true))) {
    throw new Error(
      `The home page shows no consent banner ("${BANNER_TEXT}") with Google Analytics on`,
    );
  }
  const withBanner = await lighthouseWithRetry("/", {
    keep: "lighthouse-home-consent-banner.report.json",
  });
  await setGoogleAnalytics(admin, false);
  const homeScores = scores.find((page) => page.path === "/");
  const referenced = await homeScripts();
  const lazy = {
    without: await lazyScripts(homeScores.report, referenced),
    with: await lazyScripts(withBanner.report, referenced),
  };
  const consentBanner = {
    integration: `google_analytics ${MEASUREMENT_ID}`,
    without: bannerFigures(homeScores),
    with: bannerFigures(withBanner),
    auditDifferences: auditDifferences(homeScores, withBanner),
    // Nothing may load from another host before the visitor's choice (none is made here).
    offSiteRequests: offSiteRequests(withBanner.report),
    chunks,
    lazyJavaScript: lazy,
  };
  console.log(
    "Home page without and with the consent banner (Google Analytics on, no choice made)",
  );
  console.table(
    Object.fromEntries(
      Object.keys(consentBanner.without).map((key) => [
        key,
        { without: consentBanner.without[key], with: consentBanner.with[key] },
      ]),
    ),
  );
  if (consentBanner.auditDifferences.length > 0) {
    console.log("Scored audits that differ (scores 0 to 1):");
    console.table(consentBanner.auditDifferences.map(({ elements: _, ...audit }) => audit));
  }
  console.log(
    `Consent chunk (lazily loaded, not in the home page's JavaScript figure): ${chunks.map((c) => `${c.file} ${c.gzipKB} KB gzip`).join(", ") || "none found"}`,
  );
  console.log(
    `Requests off the site with the banner showing: ${consentBanner.offSiteRequests.length === 0 ? "none" : consentBanner.offSiteRequests.join(", ")}`,
  );
  for (const [run, { files, gzipKB }] of Object.entries(lazy)) {
    console.log(
      `Scripts the home page loaded ${run} the banner beyond its HTML's: ${files.length} files, ${gzipKB} KB gzip (${files.map((f) => `${f.file} ${f.gzipKB} KB`).join(", ")})`,
    );
  }
  const written = writeResult("lighthouse", {
    chromium: chromePath,
    targets: TARGETS,
    javascript,
    editorCodeInPublicScripts: editorCode,
    lighthouse: scores,
    homeJavaScriptBeforePages: HOME_JAVASCRIPT_BEFORE_PAGES,
    landingPage: landing,
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
    consentBanner,
  });
  console.log(`Wrote ${path.relative(root, written)}`);
} finally {
  const exitCode = await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (exitCode !== 0) {
    console.error(`ERROR the server exited with ${exitCode} on SIGTERM`);
    process.exitCode = 1;
  }
}
