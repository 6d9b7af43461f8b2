// `npm run bench:report`: writes docs/benchmarks.md from bench-results/*.json (the last step of
// `npm run bench`; run it alone to rewrite the page from results already measured).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describeMachine, resultsDir, root, TARGETS } from "./common.js";

const docFile = path.join(root, "docs", "benchmarks.md");
// The stress tests' figures (npm run test:stress) are kept by hand: they are test runs, not
// benchmark results, and are appended to the page as they are.
const stressFiguresFile = path.join(root, "bench", "stress-figures.md");

function read(name) {
  const file = path.join(resultsDir, `${name}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null;
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

// A quick run's figures come from short runs on a busy machine: shown, not judged.
let judged = true;
const yes = (ok) => (ok ? "yes" : judged ? "**no**" : "no (quick run: not judged)");
const ms = (n) => `${Math.round(n)} ms`;

/** p50 and p99, or a note when not one request finished within the run. */
function latencies(row, seconds) {
  if (row.requests > 0) return [ms(row.latencyP50Ms), ms(row.latencyP99Ms)];
  return [`none finished in ${seconds} s`, "—"];
}

function notMeasured(what, step) {
  return `_Not measured in this run (${what}: \`npm run ${step}\` wrote no result)._`;
}

// ---------------------------------------------------------------------------------------------
// Sections; each returns its Markdown and the targets it missed.
// ---------------------------------------------------------------------------------------------
function pagesSection(pages) {
  const out = ["## Public pages: throughput and latency", ""];
  out.push(
    "How many requests per second one server process answers, and how long the slowest 1 in 100",
    "waited (p99), with autocannon keeping 20 connections busy from the same machine. The rows",
    "run one after another on a fresh PGlite data directory holding 100 blog posts:",
    "",
    "- **Ceiling**: a copy of the site's stylesheet served by this machine's nginx (one worker",
    "  process, no compression, no access log). No answer over HTTP on this machine gets cheaper,",
    "  so it bounds what any figure below could reach here.",
    "- **Static file, Node**: the same file from the app's own server (`express.static` behind the",
    "  security-header and compression middleware; the client asks for no compression, like the",
    "  nginx row). In production a CDN serves these files: they are immutable and carry",
    "  `Cache-Control: public, max-age=31536000, immutable`.",
    "- **Cached pages** (home, a service page, about): their content comes from the 5-second",
    "  in-process content cache, so a request costs rendering, not the database.",
    "- **Uncached pages** (the blog list and a blog post): they query the database on every",
    "  request. The post page also records the view: the requests come from one browser at one",
    "  address, a returning reader, so each runs the view statement, which inserts nothing after",
    "  the first (what a reader reloading or a popular post costs; a bot or a request without a",
    "  user agent would skip it).",
    "",
    "Pages are requested as a browser does (Chrome's user agent, `Accept: text/html`,",
    "`Accept-Encoding: gzip`), so the figures include compressing the HTML and the page-view",
    "counter. The HTML of every page is rendered per request and is deliberately not cacheable by",
    "a CDN: each answer carries a fresh Content-Security-Policy nonce that its inline scripts must",
    "match, so a cached copy would be refused by the browser or reuse a nonce. Scaling pages out",
    "means more app processes (see the README's deployment section), not an HTML cache. The",
    "`Cache-Control` column shows what each answer carried in this run.",
    "",
  );
  if (!pages) return { text: [...out, notMeasured("pages", "bench:pages")].join("\n"), missed: [] };
  const rows = pages.rows.filter((row) => row.group !== "pageViews");
  const ceiling = rows.find((row) => row.group === "ceiling");
  const kinds = {
    ceiling: "ceiling (nginx)",
    static: "static file",
    cached: "cached page",
    uncached: "uncached page",
  };
  out.push(
    `autocannon, ${pages.connections} connections, ${pages.durationSeconds} s per row after ${pages.warmupSeconds ?? 0} s of warm-up at the same load (discarded); the file is \`${pages.staticFile.path}\` (${(pages.staticFile.bytes / 1024).toFixed(1)} KB).`,
    "",
  );
  if (!ceiling) {
    out.push(
      "_nginx was not installed on this machine, so the ceiling row is missing (`apt-get install nginx`; CI installs it)._",
      "",
    );
  }
  out.push(
    table(
      [
        "Request",
        "Kind",
        "Requests/s",
        "p50",
        "p99",
        "Of the ceiling",
        "Bytes sent",
        "Cache-Control sent",
        "Errors",
      ],
      rows.map((row) => [
        row.group === "static" || row.group === "ceiling"
          ? row.name
          : `${row.name} \`${row.path}\``,
        kinds[row.group],
        String(row.requestsPerSecond),
        ...latencies(row, pages.durationSeconds),
        ceiling
          ? `${((100 * row.requestsPerSecond) / ceiling.requestsPerSecond).toFixed(1)} %`
          : "—",
        row.requests ? `${(row.transferBytes / 1024).toFixed(1)} KB` : "—",
        row.cacheControl ? `\`${row.cacheControl}\`` : "none",
        String(row.non2xx + row.errors),
      ]),
    ),
    "",
  );
  const views = pages.rows.filter((row) => row.group === "pageViews");
  const home = rows.find((row) => row.path === "/" && row.group === "cached");
  if (views.length > 0 && home) {
    out.push(
      "### What counting page views costs",
      "",
      "Each request from a browser is classified and added to an in-memory page-view buffer that",
      "is written to the database every few seconds; a bot's is classified and dropped, and a",
      "request without a user agent is left out at once. The home page three ways:",
      "",
      table(
        ["Home page as", "Requests/s", "p50", "p99"],
        [home, ...views].map((row) => [
          row.as,
          String(row.requestsPerSecond),
          ...latencies(row, pages.durationSeconds),
        ]),
      ),
      "",
    );
  }
  const errors = pages.rows.filter((row) => row.non2xx + row.errors > 0);
  return {
    text: out.join("\n"),
    missed: errors.map((row) => `${row.name}: ${row.non2xx + row.errors} errors under load`),
  };
}

function javascriptSection(lighthouse) {
  const out = ["## JavaScript on the home page", ""];
  out.push(
    "Every script the home page's HTML loads (`src` and `modulepreload`), compressed with gzip",
    `level 9 as a CDN would send it. Target: at most ${TARGETS.homeJavaScriptGzipKB} KB.`,
    "",
  );
  if (!lighthouse) {
    return { text: [...out, notMeasured("JavaScript", "bench:lighthouse")].join("\n"), missed: [] };
  }
  const js = lighthouse.javascript;
  const ok = js.gzipKB <= TARGETS.homeJavaScriptGzipKB;
  out.push(
    table(
      ["Files", "Raw", "gzip", `≤ ${TARGETS.homeJavaScriptGzipKB} KB`],
      [[String(js.files), `${js.rawKB} KB`, `${js.gzipKB} KB`, yes(ok)]],
    ),
    "",
  );
  if (js.largest?.length) {
    out.push(
      `The largest: ${js.largest.map((f) => `\`${f.file}\` ${f.gzipKB} KB`).join(", ")}.`,
      "",
    );
  }
  return {
    text: out.join("\n"),
    missed: ok ? [] : [`home JavaScript ${js.gzipKB} KB gzip > ${TARGETS.homeJavaScriptGzipKB} KB`],
  };
}

function lighthouseSection(lighthouse) {
  const out = ["## Lighthouse", ""];
  out.push(
    "Lighthouse's mobile settings (a throttled mid-range phone on a slow 4G network, simulated)",
    "against the production server, with Chromium headless. Target: at least",
    `${TARGETS.lighthouseScore} in each category. LCP is the largest contentful paint under that`,
    "throttling; CLS the cumulative layout shift (images carry width and height, there are no",
    "web fonts).",
    "",
  );
  out.push(
    "The last row is a blog post illustrated with a phone photo: a 4032 × 3024 JPEG of 2.4 MB with",
    "GPS EXIF ([`bench/photo.js`](../bench/photo.js)), uploaded through the media library as the",
    "dashboard does and used as the post's featured image and in its body. Target for it also:",
    `LCP at most ${(TARGETS.photoPostLcpMs / 1000).toFixed(1)} s. **Images** is what the page downloaded in pictures (transfer`,
    "size, headers included; the inline blurred placeholders come with the HTML).",
    "",
  );
  if (!lighthouse) {
    return {
      text: [...out, notMeasured("Lighthouse", "bench:lighthouse")].join("\n"),
      missed: [],
      categoryMissed: [],
      photoMissed: [],
    };
  }
  const categoryMissed = [];
  const photoMissed = [];
  const categories = ["performance", "accessibility", "bestPractices", "seo"];
  const kb = (bytes) => (bytes === undefined ? "—" : `${(bytes / 1024).toFixed(1)} KB`);
  out.push(
    table(
      [
        "Page",
        "Performance",
        "Accessibility",
        "Best practices",
        "SEO",
        "LCP",
        "CLS",
        "Images",
        `All ≥ ${TARGETS.lighthouseScore}`,
      ],
      lighthouse.lighthouse.map((page) => {
        const low = categories.filter((c) => page[c] < TARGETS.lighthouseScore);
        for (const c of low) categoryMissed.push(`Lighthouse ${c} ${page[c]} on ${page.path}`);
        if (page.photo) {
          if (page.performance < TARGETS.lighthouseScore) {
            photoMissed.push(`photo post performance ${page.performance}`);
          }
          if (page.lcpMs > TARGETS.photoPostLcpMs) {
            photoMissed.push(
              `Lighthouse LCP ${page.lcpMs} ms > ${TARGETS.photoPostLcpMs} ms on ${page.path} (photo post)`,
            );
          }
        }
        return [
          `\`${page.path}\`${page.photo ? " (phone photo)" : ""}`,
          ...categories.map((c) => String(page[c])),
          page.photo
            ? `${ms(page.lcpMs)} (≤ ${TARGETS.photoPostLcpMs} ms: ${yes(page.lcpMs <= TARGETS.photoPostLcpMs)})`
            : ms(page.lcpMs),
          String(page.cls),
          kb(page.imageBytes),
          yes(low.length === 0),
        ];
      }),
    ),
    "",
  );
  const photo = lighthouse.lighthouse.find((page) => page.photo);
  const stored = lighthouse.photoPost;
  if (photo && stored) {
    out.push(
      `The photo post (${(stored.uploadedBytes / 1e6).toFixed(2)} MB uploaded at ${stored.uploadedWidth} × ${stored.uploadedHeight}, stored as a ${stored.storedWidth} × ${stored.storedHeight} original of ${(stored.storedBytes / 1e6).toFixed(2)} MB plus variants; the upload took ${(stored.uploadMs / 1000).toFixed(1)} s) downloaded ${photo.images.length === 0 ? "no image" : photo.images.map((image) => `\`${image.url.replace(/^\/media\/[^-]+-[0-9a-f]+/, "…")}\` (${image.mimeType}, ${kb(image.transferBytes)})`).join(", ")} in Lighthouse's phone (412 px wide, device pixel ratio 1.75); the largest contentful paint was ${photo.lcpElement?.startsWith("<img") ? "the photo" : `\`${photo.lcpElement ?? "unknown"}\``}${
        photo.lcpPhases && Object.keys(photo.lcpPhases).length > 0
          ? `, its ${ms(photo.lcpMs)} made of ${Object.entries(photo.lcpPhases)
              .map(
                ([phase, timing]) =>
                  `${phase === "TTFB" ? "time to first byte" : phase.toLowerCase()} ${ms(timing)}`,
              )
              .join(", ")} (simulated)`
          : ""
      }.`,
      "",
    );
  }
  // The photo post's low performance is already among the categories' misses.
  const missed = [...categoryMissed, ...photoMissed.filter((m) => m.includes("LCP"))];
  return { text: out.join("\n"), missed, categoryMissed, photoMissed };
}

function mediaSection(media) {
  const out = ["## Uploads while serving", ""];
  out.push(
    "An uploaded photo is decoded, stripped of its metadata and resized into AVIF, WebP and JPEG",
    "variants inside the upload request, at most `MEDIA_PROCESSING_CONCURRENCY` photos at a time",
    "(default 1), so that the other core keeps serving pages. [`bench/media.js`](../bench/media.js)",
    "drops a batch of phone photos (4032 × 3024 JPEGs of ~2.4 MB with GPS EXIF, made by",
    "[`bench/photo.js`](../bench/photo.js), each different) on the media library at once, as an admin",
    "does in the dashboard, while the home page `/` is asked for as a browser does. Each kind of",
    "traffic runs twice with the same settings, one window after the other on a fresh PGlite data",
    "directory: the **baseline** with nothing else happening, then **while uploading**, the batch",
    "sent when the window opens (from a thread of its own, so that sending it does not delay the",
    "timed requests). The window is shorter than processing the batch takes, so photos are being",
    "received or processed for all of it.",
    "",
    "- **Steady traffic**: requests at a fixed rate, evenly spaced, each sent when it is due",
    "  whether or not the earlier ones were answered (visitors do not wait for each other), over",
    "  keep-alive connections. The rate is far more than a company site sees and is served here",
    "  with room to spare; the latency, counted from when a request was due, is what a visitor",
    `  waits. The target is judged here: p99 under ${TARGETS.uploadP99Ms} ms while uploading. (autocannon's rate`,
    "  limit is not used: it releases each second's quota at once, which measures bursts.)",
    "- **Flat out**: autocannon with 20 connections sending as fast as the answers come, like the",
    "  public pages table above; the requests per second are the capacity left to pages. Its",
    "  latencies are mostly the queue the 20 connections make (about 20 ÷ requests per second):",
    "  shown for information.",
    "",
  );
  if (!media)
    return {
      text: [...out, notMeasured("uploads", "bench:media")].join("\n"),
      missed: [],
      errors: [],
    };
  out.push(
    `${media.windowSeconds} s per window after ${media.warmupSeconds} s of warm-up at the same load (discarded); ${media.photos} photos per batch, a new batch for each kind of traffic, ${(media.photoBytes / 1e6).toFixed(2)} MB each on average; \`MEDIA_PROCESSING_CONCURRENCY\` ${media.processingConcurrency}.`,
    "",
  );
  const missed = [];
  const errors = [];
  const rows = [];
  for (const run of media.runs) {
    const kind = run.rate
      ? `steady, ${run.rate} requests/s`
      : `flat out, ${run.connections} connections`;
    const judgedRun = Boolean(run.rate);
    for (const [name, row] of [
      ["baseline", run.baseline],
      [`while uploading ${media.photos} photos`, run.loaded],
    ]) {
      const under = row.latencyP99Ms < TARGETS.uploadP99Ms && row.timeouts === 0;
      rows.push([
        name === "baseline" ? kind : "",
        name,
        String(row.requestsPerSecond),
        ...latencies(row, media.windowSeconds),
        ms(row.latencyMaxMs),
        String(row.non2xx + row.errors),
        judgedRun && name !== "baseline" ? yes(under) : "—",
      ]);
      if (row.non2xx + row.errors > row.timeouts) {
        errors.push(`GET / ${kind} ${name}: ${row.non2xx + row.errors} errors`);
      }
      if (judgedRun && name !== "baseline" && !under) {
        missed.push(
          `p99 of / while uploading ${row.latencyP99Ms} ms${row.timeouts ? ` (${row.timeouts} timeouts)` : ""} ≥ ${TARGETS.uploadP99Ms} ms`,
        );
      }
    }
  }
  out.push(
    table(
      [
        "Traffic",
        "Window",
        "Requests/s",
        "p50",
        "p99",
        "Slowest",
        "Errors",
        `p99 < ${TARGETS.uploadP99Ms} ms`,
      ],
      rows,
    ),
    "",
  );
  const steadyRun = media.runs.find((run) => run.rate);
  if (steadyRun?.loaded.slowest?.length) {
    out.push(
      `The slowest answers of the steady window while uploading were due ${steadyRun.loaded.slowest.map((a) => `${a.atSeconds} s (${ms(a.ms)})`).join(", ")} after the batch was sent.`,
      "",
    );
  }
  for (const run of media.runs) {
    const u = run.uploads;
    const times = u.rows.map((row) => row.seconds).sort((a, b) => a - b);
    const failed = u.rows.filter(
      (row) => row.status !== 201 || row.storedWidth !== 2560 || !row.variants,
    );
    for (const row of failed) {
      errors.push(
        `upload ${row.photo} (${run.kind}) answered ${row.status}${row.status === 201 ? " without its variants" : ""}`,
      );
    }
    out.push(
      `- During the ${run.kind} window: ${u.accepted === u.rows.length ? `all ${u.rows.length} uploads answered 201` : `**${u.rows.length - u.accepted} of ${u.rows.length} uploads failed** (${failed.map((row) => row.status).join(", ")})`}${failed.length === 0 ? ", each stored as a 2560 px original with its variants" : ""}; the batch took ${u.seconds} s from the first photo sent to the last answer (each answered after ${times[0]}–${times.at(-1)} s, in turn); the window closed at ${u.windowEndedSeconds} s${u.coveredWindow ? "" : " **after the last upload** (part of the window had no upload)"}.`,
    );
  }
  out.push("");
  return { text: out.join("\n"), missed, errors };
}

function formsSection(forms) {
  const out = ["## Form submissions under load", ""];
  out.push(
    "[`bench/forms-load.js`](../bench/forms-load.js) sends newsletter and contact submissions, 50",
    "at a time, to the production server on a fresh PGlite data directory, and on a fresh",
    "PostgreSQL database when `TEST_DATABASE_URL` answers. The server trusts `X-Forwarded-For`",
    "from loopback and every simulated visitor has its own address, so the per-address rate limit",
    "is not what is measured; the contact form's proof-of-work challenges are solved before the",
    "clock starts. The mix includes deliberate duplicates: an address subscribed again after its",
    "answer (409) or twice at the same moment (one 200, one 409); a contact message retried with",
    "its `submissionKey` (200, stored once), sent again with a spent token (400), or two messages",
    "racing with one token (one 200, one 400); and more submissions from one address than the",
    "limit of 10 (429).",
    "",
    "Afterwards the server is stopped and the database read directly. The run fails unless there",
    "is no 5xx and no unanswered request, exactly the acknowledged submissions are stored, once",
    "each and with their exact content (accents, quotes, newlines, emoji), every duplicate got",
    "its expected answer, and the server exited cleanly with no error logged.",
    "",
  );
  if (!forms) return { text: [...out, notMeasured("forms", "bench:forms")].join("\n"), missed: [] };
  const rows = [];
  for (const result of forms.results) {
    for (const row of result.table) {
      rows.push([
        row.endpoint === "newsletter" ? result.database : "",
        row.endpoint === "all" ? `all ${row.requests}` : row.endpoint,
        `${row.accepted} of ${row.requests}`,
        row.refused,
        String(row["5xx"]),
        ms(row["p50 ms"]),
        ms(row["p99 ms"]),
      ]);
    }
  }
  out.push(
    table(["Database", "Form", "Accepted", "Refused", "5xx", "p50", "p99"], rows),
    "",
    ...forms.results.map((result) => {
      const failed = result.checks.filter((check) => !check.ok);
      return `- ${result.database}: ${result.seconds} s for all (${result.requestsPerSecond} requests/s); stored ${result.stored.newsletter} subscriptions and ${result.stored.contact} contact messages; ${failed.length === 0 ? `all ${result.checks.length} checks passed` : `**${failed.length} checks failed**: ${failed.map((c) => c.text).join("; ")}`}.`;
    }),
    "",
  );
  const missed = forms.results.flatMap((result) =>
    result.checks.filter((c) => !c.ok).map((c) => `forms on ${result.database}: ${c.text}`),
  );
  return { text: out.join("\n"), missed };
}

function blogSection(blog) {
  const out = ["## The blog with many posts", ""];
  const [small, large] = blog?.sizes ?? [100, 10_000];
  out.push(
    `[\`bench/blog.js\`](../bench/blog.js) seeds ${small.toLocaleString("en")} and then ${large.toLocaleString("en")} posts (one`,
    "SQL statement: 10 categories, 1 in 20 a draft, ~2,800 characters of body each, exactly 20",
    'published posts mentioning "restaurant" at any size) into a fresh PGlite data directory, and',
    "into a fresh PostgreSQL database when `TEST_DATABASE_URL` answers, starts the production",
    "server and takes the median of sequential requests per page over loopback (the full answer",
    `read). Target: every page at ${large.toLocaleString("en")} posts takes at most ${TARGETS.blogRatio} × its time at`,
    `${small.toLocaleString("en")}. \`/blog?q=automation\` matches every post, so its cost grows with them: it is`,
    "shown for information and not held to the target.",
    "",
  );
  if (!blog) return { text: [...out, notMeasured("blog", "bench:blog")].join("\n"), missed: [] };
  out.push(
    `Median of ${blog.samples} requests per page after ${blog.warmup} warm-up; milliseconds at ${small.toLocaleString("en")} → at ${large.toLocaleString("en")} posts:`,
    "",
  );
  const pagesNames = blog.results[0].rows.map((row) => row.page);
  const missed = [];
  const rows = pagesNames.map((page) => {
    const info = page.endsWith("(info)");
    const cells = [`\`${page.replace(" (info)", "")}\`${info ? " (information)" : ""}`];
    let allOk = true;
    for (const result of blog.results) {
      const row = result.rows.find((r) => r.page === page);
      const a = row[`median ms @${small}`];
      const b = row[`median ms @${large}`];
      cells.push(`${Math.round(a)} → ${Math.round(b)} (× ${row.ratio})`);
      if (!info && row.ratio > blog.bar) {
        allOk = false;
        missed.push(`blog ${result.name} ${page}: × ${row.ratio} > ${blog.bar}`);
      }
    }
    cells.push(info ? "—" : yes(allOk));
    return cells;
  });
  out.push(
    table(["Page", ...blog.results.map((r) => r.name), `≤ ${blog.bar} ×`], rows),
    "",
    `Seeding took ${blog.results.map((r) => `${r.runs.map((run) => `${run.seedSeconds} s`).join(" and ")} on ${r.name}`).join(", ")}.`,
    blog.results.length < 2 ? "PostgreSQL was not measured (set `TEST_DATABASE_URL`)." : "",
    "",
    "What the queries use (checked by hand with `EXPLAIN ANALYZE` on PostgreSQL at 10,000 posts): the list",
    "and the category filter walk `web_posts_status_published_at_idx` backwards and stop after a",
    "page; the search uses the GIN index `web_posts_search_idx`; the category buttons' query uses",
    "`web_posts_category_id_idx`. A word that matches nearly every post costs time in proportion",
    "to the matches, because every match is ranked (`ts_rank`) before the best six are picked.",
    "",
  );
  return { text: out.join("\n"), missed };
}

// ---------------------------------------------------------------------------------------------
// The page
// ---------------------------------------------------------------------------------------------
export function buildReport() {
  const pages = read("pages");
  const lighthouse = read("lighthouse");
  const forms = read("forms-load");
  const blog = read("blog");
  const media = read("media");
  const run = read("run");
  const measured = [pages, lighthouse, media, forms, blog].filter(Boolean);
  if (measured.length === 0) throw new Error("No results in bench-results/: run `npm run bench`");
  const first = measured.reduce((a, b) => (a.date < b.date ? a : b));
  const machine = run?.machine ?? first.machine;
  const started = run?.started ?? first.date;
  const load = run?.loadAverageAtStart ?? first.loadAverage;
  const quick = run?.quick ?? measured.some((result) => result.quick);
  // CPU time other processes used while each step ran (bench/index.js): the load average
  // cannot tell, as it counts the benchmark's own server, browser and load generator.
  const otherWork = (run?.steps ?? []).filter((step) => typeof step.otherWorkCores === "number");
  const shared = otherWork.filter((step) => step.otherWorkCores >= 0.25);
  // A step rebuilds when the sources changed during the run: say which figures are of which build.
  const builds = [...new Set((run?.steps ?? []).map((step) => step.build).filter(Boolean))];
  judged = !quick;

  const sections = {
    pages: pagesSection(pages),
    javascript: javascriptSection(lighthouse),
    lighthouse: lighthouseSection(lighthouse),
    media: mediaSection(media),
    forms: formsSection(forms),
    blog: blogSection(blog),
  };
  const missed = Object.values(sections).flatMap((section) => [
    ...section.missed,
    ...(section.errors ?? []),
  ]);
  const out = [
    "# Benchmarks",
    "",
    "<!-- Generated by `npm run bench` (bench/report.js) from bench-results/*.json; edit the generator, not this file. -->",
    "",
  ];
  if (quick) {
    out.push(
      "> **Generated from a quick run** (`npm run bench -- --quick`: 3-second load runs, two",
      "> Lighthouse pages, 3 photos uploaded over 5-second windows, 100 form submissions, the blog",
      "> at 100 and 1,000 posts) on a machine shared",
      "> with other jobs. The figures show that every step runs; they are not the site's",
      "> performance. Replace them with a full `npm run bench` on a quiet machine.",
      "",
    );
  }
  out.push(
    `Measured on ${started.slice(0, 10)} (${started.slice(11, 16)} UTC) on this machine:`,
    "",
    table(
      ["", ""],
      [
        ["CPU", `${machine.cpu}, ${machine.cores} cores`],
        ["Memory", `${machine.memoryGiB} GiB`],
        ["Node", machine.node],
        ["OS", machine.os],
        ["Load average at start (1, 5, 15 min)", load.join(", ")],
        ...(otherWork.length > 0
          ? [
              [
                "Other work during each step (cores it kept busy on average)",
                otherWork.map((step) => `${step.name} ${step.otherWorkCores}`).join(", "),
              ],
            ]
          : []),
        ["Mode", quick ? "quick" : "full"],
      ],
    ),
    "",
    ...(builds.length > 1
      ? [
          `**The sources changed during this run**, so its steps measured ${builds.length} builds: ${builds
            .map(
              (build) =>
                `${run.steps
                  .filter((step) => step.build === build)
                  .map((step) => step.name)
                  .join(", ")} (\`${build}\`)`,
            )
            .join("; ")}.`,
          "",
        ]
      : []),
    ...(shared.length > 0
      ? [
          `**The machine was shared during this run**: other work kept ${shared.map((step) => `${step.otherWorkCores} of the ${machine.cores} cores busy during ${step.name}`).join(", ")} on average, so those figures are lower and noisier than the machine can do.`,
          "",
        ]
      : otherWork.length > 0
        ? [
            `Other work on the machine used at most ${Math.max(...otherWork.map((step) => step.otherWorkCores))} of its ${machine.cores} cores on average during any step: the figures are the machine's own.`,
            "",
          ]
        : []),
    "Everything runs on the one machine: the server, the database (PGlite in the server process,",
    "or PostgreSQL), and the load generator, which competes with the server for the same cores. A",
    `load average near or above the core count (${machine.cores}) means other work shared them and`,
    "the figures are lower and noisier than the machine can do.",
    "",
    "## How to rerun",
    "",
    "```sh",
    "npm run bench                                                             # everything, then this page",
    "TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench   # forms and blog on PostgreSQL too",
    "npm run bench -- --quick                                                  # CI: short runs, this page untouched",
    "npm run bench:pages      # or bench:lighthouse, bench:media, bench:forms, bench:blog: one step",
    "npm run bench:report     # this page again from bench-results/*.json",
    "```",
    "",
    "The production build is made first if the sources changed. nginx (for the ceiling) is taken",
    "from `PATH` or `/usr/sbin/nginx`, Chromium from `/usr/bin/chromium` (`CHROMIUM_PATH` to change).",
    "Raw results are in `bench-results/` (not committed). A full run takes about ten minutes on",
    "two cores, most of it Lighthouse and solving the contact form's proof-of-work challenges.",
    "",
    "## Targets",
    "",
    table(
      ["Target", "Met"],
      [
        [
          `Home page JavaScript ≤ ${TARGETS.homeJavaScriptGzipKB} KB gzip`,
          lighthouse ? yes(sections.javascript.missed.length === 0) : "not measured",
        ],
        [
          `Lighthouse ≥ ${TARGETS.lighthouseScore} in every category`,
          lighthouse ? yes(sections.lighthouse.categoryMissed.length === 0) : "not measured",
        ],
        [
          `Blog post with a phone photo: Lighthouse performance ≥ ${TARGETS.lighthouseScore}, LCP ≤ ${(TARGETS.photoPostLcpMs / 1000).toFixed(1)} s`,
          lighthouse?.photoPost
            ? yes(sections.lighthouse.photoMissed.length === 0)
            : "not measured",
        ],
        [
          `Home page p99 < ${TARGETS.uploadP99Ms} ms at steady traffic while ${media?.photos ?? 10} photos upload`,
          media ? yes(sections.media.missed.length === 0) : "not measured",
        ],
        [
          `Blog at ${(blog?.sizes[1] ?? 10_000).toLocaleString("en")} posts ≤ ${TARGETS.blogRatio} × at ${(blog?.sizes[0] ?? 100).toLocaleString("en")}`,
          blog ? yes(sections.blog.missed.length === 0) : "not measured",
        ],
        [
          "Form load: exactly the acknowledged submissions stored, no 5xx",
          forms
            ? sections.forms.missed.length === 0
              ? "yes"
              : "**no** (an error)"
            : "not measured",
        ],
        [
          "Public pages: no error under load",
          pages
            ? sections.pages.missed.length === 0
              ? "yes"
              : "**no** (an error)"
            : "not measured",
        ],
        [
          "Uploads while serving: every photo answered 201 with its variants, no error answer",
          media
            ? sections.media.errors.length === 0
              ? "yes"
              : "**no** (an error)"
            : "not measured",
        ],
      ],
    ),
    "",
    ...Object.values(sections).map((section) => section.text),
    "",
    ...(fs.existsSync(stressFiguresFile) ? [fs.readFileSync(stressFiguresFile, "utf8")] : []),
  );
  const markdown = `${out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trimEnd()}\n`;
  return { markdown, missed, quick, machine: describeMachine(machine) };
}

/** Builds the report; writes docs/benchmarks.md when `write`. Returns the targets missed. */
export function writeReport({ write }) {
  let report;
  try {
    report = buildReport();
  } catch (error) {
    console.log(`No report: ${error.message}`);
    return { missed: ["no results to report"], file: null };
  }
  if (!write) return { missed: report.missed, file: null };
  fs.mkdirSync(path.dirname(docFile), { recursive: true });
  fs.writeFileSync(docFile, report.markdown);
  return { missed: report.missed, file: docFile };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { missed, file } = writeReport({ write: true });
  if (file) console.log(`Wrote ${path.relative(root, file)}`);
  for (const target of missed) console.log(`  target missed: ${target}`);
}
