// `npm run bench:forms`: a load test of the visitor form endpoints that checks what was stored.
//
// For each database (PGlite on a fresh data directory; and PostgreSQL on a fresh database when
// TEST_DATABASE_URL or DATABASE_URL names a server that answers) it:
//   1. builds if stale and starts the production server with TRUST_PROXY=loopback, so every
//      simulated visitor has its own address (X-Forwarded-For) and the per-address rate limit
//      is not what is measured;
//   2. fetches and solves the ALTCHA challenges the contact submissions need, before the clock
//      starts (proof of work is the visitor's cost, not the server's);
//   3. sends 500 submissions (250 newsletter, 250 contact; 100 in quick mode) at concurrency 50,
//      deliberate duplicates included, and records every answer;
//   4. stops the server (SIGTERM), opens the database directly and checks that exactly the
//      acknowledged submissions were stored, once each, with their exact content.
// It prints a table per run, writes bench-results/forms-load.json, and exits 1 on any mismatch.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import {
  createPostgresDatabase,
  postgresAdminUrl,
  printHeader,
  quick,
  redact,
  writeResult,
} from "./common.js";
import { startBenchServer } from "./server.js";

const CONCURRENCY = 50;
const RATE_LIMIT_MAX = 10; // per address, form and 10 minutes (app/forms/submissions.server.ts)

// ---------------------------------------------------------------------------------------------
// The mix. Every simulated visitor has its own address in 198.18.0.0/15 (reserved for
// benchmarks); repeats and retries come from the visitor who sent the original.
//
// Newsletter, 250 requests:
//   new       205  a new address                                  → 200
//   repeat     10  pairs: the same address again after the answer → 200, then 200 (it is
//                  still awaiting confirmation: the same answer)
//   twins       5  pairs: the same address twice at once          → 200 and 200, stored once
// Double opt-in is on (the default): every acknowledged address is stored pending.
//   shared     15  new addresses all from one client address      → 10 × 200, 5 × 429
// Contact, 250 requests:
//   new       197  a new message with its own solved token         → 200
//   retry      15  one of those sent again, same submissionKey     → 200, stored once
//   reused     15  one of those sent again with a new key but the
//                  token the original already spent               → 400
//   replays     5  pairs: two messages with one token, at once     → one 200, one 400
//   shared     13  messages from one client address                → 10 × 200, 3 × 429
// ---------------------------------------------------------------------------------------------
// Quick mode sends 100 (50 + 50) with every kind of duplicate still in it.
const MIX = quick
  ? {
      newsletter: { new: 26, repeat: 3, twins: 3, shared: 12 },
      contact: { new: 22, retry: 5, reused: 5, replays: 3, shared: 12 },
    }
  : {
      newsletter: { new: 205, repeat: 10, twins: 5, shared: 15 },
      contact: { new: 197, retry: 15, reused: 15, replays: 5, shared: 13 },
    };
const REQUESTS = {
  newsletter:
    MIX.newsletter.new +
    2 * MIX.newsletter.repeat +
    2 * MIX.newsletter.twins +
    MIX.newsletter.shared,
  contact:
    MIX.contact.new +
    MIX.contact.retry +
    MIX.contact.reused +
    2 * MIX.contact.replays +
    MIX.contact.shared,
};

/** Solves the challenges on as many threads as there are cores; tokens in challenge order. */
async function solveAll(challenges) {
  const threads = Math.max(1, Math.min(os.availableParallelism(), challenges.length));
  const shares = Array.from({ length: threads }, (_, t) =>
    challenges.filter((_, i) => i % threads === t),
  );
  const solved = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(fileURLToPath(import.meta.url), {
            workerData: { challenges: share },
          });
          worker.once("message", resolve);
          worker.once("error", reject);
        }),
    ),
  );
  return challenges.map((_, i) => solved[i % threads][Math.floor(i / threads)]);
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------
function startServer({ dataDir, databaseUrl }) {
  // Mails go to files in DATA_DIR, the bot check is the self-hosted one, the site is this one.
  return startBenchServer({
    dataDir,
    databaseUrl,
    env: { TRUST_PROXY: "loopback" },
    unset: ["SMTP_URL", "TURNSTILE_SITE_KEY", "TURNSTILE_SECRET_KEY", "SITE_URL"],
  });
}

// ---------------------------------------------------------------------------------------------
// The submissions
// ---------------------------------------------------------------------------------------------
/** Small seeded generator, so every run sends the same mix in the same order. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES = ["Ada", "Zoë", "José", "Łukasz", "Mia", "Siobhán", "Kenji", "Aylin", "Ngozi"];
const LAST_NAMES = ["Lovelace", "O'Brien", "Müller", "Nakamura", "García-Márquez", "Østergaard"];
const PHRASES = [
  "We would like to automate our support inbox.",
  'Quote: "can the chatbot hand over to a person?"',
  "Budget is roughly €20k; timeline Q3.",
  "Line one\nLine two — with a dash and an emoji 🚀.",
  "Please call after 5 pm <not before>.",
  "Tabs\tand & ampersands; 50% done.",
];

function address(block, n) {
  return `198.${18 + block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/**
 * The jobs. A job with `after` waits for that job's answer before it is sent (a repeat or a
 * retry); twins sit next to each other in the queue so they go out together.
 */
function buildJobs(tokens) {
  const rand = random(20261121);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const jobs = [];
  const add = (job) => {
    const id = jobs.length;
    jobs.push({ id, ...job });
    return id;
  };
  let visitor = 0;
  let tokenIndex = 0;
  const nextToken = () => {
    const token = tokens[tokenIndex++];
    if (!token) throw new Error("Not enough bot-check tokens were solved");
    return token;
  };

  // Newsletter
  const newsletter = (group, email, ip, extra = {}) =>
    add({ endpoint: "newsletter", group, ip, body: { email }, ...extra });
  const units = [];
  for (let i = 0; i < MIX.newsletter.new; i++) {
    units.push([newsletter("new", `reader${i}@example.org`, address(0, visitor++))]);
  }
  for (let i = 0; i < MIX.newsletter.repeat; i++) {
    const ip = address(0, visitor++);
    const first = newsletter("repeat", `repeat${i}@example.org`, ip, { role: "original" });
    units.push([first], [newsletter("repeat", `repeat${i}@example.org`, ip, { after: first })]);
  }
  for (let i = 0; i < MIX.newsletter.twins; i++) {
    const email = `twin${i}@example.org`;
    units.push([
      newsletter("twins", email, address(0, visitor++), { pair: `n${i}` }),
      newsletter("twins", email, address(0, visitor++), { pair: `n${i}` }),
    ]);
  }
  const sharedNewsletterIp = address(0, visitor++);
  for (let i = 0; i < MIX.newsletter.shared; i++) {
    units.push([newsletter("shared", `shared${i}@example.org`, sharedNewsletterIp)]);
  }

  // Contact
  visitor = 0;
  const message = (n) => {
    const email = `visitor${n}@example.com`;
    const comments = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(PHRASES));
    return {
      firstName: pick(FIRST_NAMES),
      lastName: pick(LAST_NAMES),
      email,
      confirmEmail: email,
      phone: rand() < 0.3 ? "" : `+1 555 01${String(n % 100).padStart(2, "0")} ${1000 + n}`,
      comments: `Message ${n}. ${comments.join(" ")}`,
      consent: true,
    };
  };
  const contact = (group, ip, body, extra = {}) =>
    add({ endpoint: "contact", group, ip, body, ...extra });
  const originals = [];
  let n = 0;
  for (let i = 0; i < MIX.contact.new; i++) {
    const ip = address(1, visitor++);
    const body = { ...message(n++), botCheck: nextToken(), submissionKey: randomUUID() };
    const id = contact("new", ip, body);
    originals.push(id);
    units.push([id]);
  }
  // Retries and reused tokens follow different originals, spread over the run.
  const step = Math.floor(originals.length / (MIX.contact.retry + MIX.contact.reused));
  for (let i = 0; i < MIX.contact.retry + MIX.contact.reused; i++) {
    const original = jobs[originals[i * step]];
    original.role = "original";
    if (i < MIX.contact.retry) {
      units.push([contact("retry", original.ip, { ...original.body }, { after: original.id })]);
    } else {
      const body = { ...original.body, submissionKey: randomUUID() };
      units.push([contact("reused", original.ip, body, { after: original.id })]);
    }
  }
  for (let i = 0; i < MIX.contact.replays; i++) {
    const botCheck = nextToken();
    units.push([
      contact(
        "replays",
        address(1, visitor++),
        { ...message(n++), botCheck, submissionKey: randomUUID() },
        { pair: `c${i}` },
      ),
      contact(
        "replays",
        address(1, visitor++),
        { ...message(n++), botCheck, submissionKey: randomUUID() },
        { pair: `c${i}` },
      ),
    ]);
  }
  const sharedContactIp = address(1, visitor++);
  for (let i = 0; i < MIX.contact.shared; i++) {
    const body = { ...message(n++), botCheck: nextToken(), submissionKey: randomUUID() };
    units.push([contact("shared", sharedContactIp, body)]);
  }

  // Shuffle the units, then move every job that waits for another behind it.
  for (let i = units.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [units[i], units[j]] = [units[j], units[i]];
  }
  const queue = units.flat().map((id) => jobs[id]);
  for (let i = 0; i < queue.length; i++) {
    const job = queue[i];
    if (job.after === undefined) continue;
    const at = queue.findIndex((other) => other.id === job.after);
    if (at > i) [queue[i], queue[at]] = [queue[at], queue[i]];
  }
  return { jobs, queue };
}

function tokensNeeded() {
  return MIX.contact.new + MIX.contact.replays + MIX.contact.shared;
}

const ENDPOINTS = { newsletter: "/api/newsletter-subscribe", contact: "/api/contact" };

async function send(url, job) {
  const started = performance.now();
  try {
    const response = await fetch(`${url}${ENDPOINTS[job.endpoint]}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": job.ip },
      body: JSON.stringify(job.body),
    });
    const text = await response.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = { raw: text.slice(0, 200) };
    }
    return { status: response.status, body, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: { error: String(error) }, ms: performance.now() - started };
  }
}

/** Sends the queue with CONCURRENCY requests in flight; fills in `job.answer`. */
async function fire(url, jobs, queue) {
  const answered = new Map(
    jobs.map((job) => {
      let resolve;
      const promise = new Promise((r) => {
        resolve = r;
      });
      return [job.id, { promise, resolve }];
    }),
  );
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < queue.length) {
        const job = queue[next++];
        if (job.after !== undefined) await answered.get(job.after).promise;
        job.answer = await send(url, job);
        answered.get(job.id).resolve();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Checks
// ---------------------------------------------------------------------------------------------
async function readRows(backend) {
  const newsletterSql =
    "select email, status, unsubscribe_token from web_newsletter_subscriptions order by id";
  const contactSql =
    "select first_name, last_name, email, phone, comments, consent, status, submission_key " +
    "from web_contact_messages order by id";
  if (backend.kind === "pglite") {
    const { PGlite } = await import("@electric-sql/pglite");
    const db = await PGlite.create(path.join(backend.dataDir, "db"));
    try {
      return {
        newsletter: (await db.query(newsletterSql)).rows,
        contact: (await db.query(contactSql)).rows,
      };
    } finally {
      await db.close();
    }
  }
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: backend.databaseUrl });
  await client.connect();
  try {
    return {
      newsletter: (await client.query(newsletterSql)).rows,
      contact: (await client.query(contactSql)).rows,
    };
  } finally {
    await client.end();
  }
}

function duplicates(values) {
  const seen = new Set();
  const repeated = new Set();
  for (const value of values) {
    if (seen.has(value)) repeated.add(value);
    seen.add(value);
  }
  return [...repeated];
}

/** Every check as [passed, description]; a failed one names what differs. */
function verify(jobs, rows) {
  const checks = [];
  const check = (ok, text) => checks.push([Boolean(ok), text]);
  const all = (list, predicate) => list.every(predicate);
  const statuses = (list) => list.map((job) => job.answer.status).sort();
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  const byGroup = (endpoint, group) =>
    jobs.filter((job) => job.endpoint === endpoint && job.group === group);
  const pairs = (list) => {
    const groups = new Map();
    for (const job of list) groups.set(job.pair, [...(groups.get(job.pair) ?? []), job]);
    return [...groups.values()];
  };

  const failed = jobs.filter((job) => job.answer.status >= 500 || job.answer.status === 0);
  check(
    failed.length === 0,
    `no 5xx and no network error (${failed.length}${
      failed.length
        ? `: ${failed.slice(0, 3).map((j) => `${j.answer.status} ${JSON.stringify(j.answer.body)}`)}`
        : ""
    })`,
  );

  // Newsletter
  const newsletter = jobs.filter((job) => job.endpoint === "newsletter");
  const subscribed = newsletter.filter((job) => job.answer.status === 200);
  // A pending address asked again gets the same 200: one row per address told 200.
  const acknowledged = [...new Set(subscribed.map((job) => job.body.email))];
  const stored = rows.newsletter.map((row) => row.email);
  check(
    rows.newsletter.length === acknowledged.length,
    `newsletter: ${rows.newsletter.length} rows = ${acknowledged.length} addresses answered 200`,
  );
  check(duplicates(stored).length === 0, "newsletter: no duplicate email stored");
  check(
    duplicates(rows.newsletter.map((row) => row.unsubscribe_token)).length === 0,
    "newsletter: no duplicate unsubscribe token",
  );
  const storedEmails = new Map(rows.newsletter.map((row) => [row.email, row]));
  const missing = acknowledged.filter((email) => storedEmails.get(email)?.status !== "pending");
  check(
    missing.length === 0,
    `newsletter: every acknowledged address stored, awaiting confirmation (missing: ${missing.length}${listed(missing)})`,
  );
  check(
    all(byGroup("newsletter", "new"), (job) => job.answer.status === 200),
    `newsletter new: all 200 (${summarize(statuses(byGroup("newsletter", "new")))})`,
  );
  const repeats = byGroup("newsletter", "repeat");
  check(
    all(repeats, (job) => job.answer.status === 200 && job.answer.body.confirmationRequired),
    `newsletter repeat: originals and repeats 200, asking to confirm (${summarize(statuses(repeats))})`,
  );
  const twins = pairs(byGroup("newsletter", "twins"));
  check(
    all(twins, (pair) => same(statuses(pair), [200, 200])),
    `newsletter twins: 200 and 200 per pair (${summarize(twins.flatMap(statuses))})`,
  );
  const sharedNewsletter = byGroup("newsletter", "shared");
  check(
    same(statuses(sharedNewsletter), expectedShared(sharedNewsletter.length, 200)),
    `newsletter one address: ${RATE_LIMIT_MAX} × 200, rest 429 (${summarize(statuses(sharedNewsletter))})`,
  );

  // Contact
  const contact = jobs.filter((job) => job.endpoint === "contact");
  const accepted = new Map();
  for (const job of contact.filter((j) => j.answer.status === 200)) {
    const previous = accepted.get(job.body.submissionKey);
    if (previous && !same(previous, job.body)) accepted.set(job.body.submissionKey, "conflict");
    else accepted.set(job.body.submissionKey, job.body);
  }
  const storedKeys = rows.contact.map((row) => row.submission_key);
  check(
    rows.contact.length === accepted.size,
    `contact: ${rows.contact.length} rows = ${accepted.size} distinct accepted submissions`,
  );
  check(duplicates(storedKeys).length === 0, "contact: no duplicate submission key stored");
  const storedMessages = new Map(rows.contact.map((row) => [row.submission_key, row]));
  const wrong = [...accepted].filter(([key, body]) => {
    const row = storedMessages.get(`contact:${key}`);
    return (
      body === "conflict" ||
      !row ||
      row.first_name !== body.firstName ||
      row.last_name !== body.lastName ||
      row.email !== body.email ||
      row.phone !== body.phone ||
      row.comments !== body.comments ||
      row.consent !== true ||
      row.status !== "new"
    );
  });
  check(
    wrong.length === 0,
    `contact: every accepted submission stored with its exact content (wrong or missing: ${wrong.length}${listed(wrong.map(([key]) => key))})`,
  );
  check(
    all(byGroup("contact", "new"), (job) => job.answer.status === 200),
    `contact new: all 200 (${summarize(statuses(byGroup("contact", "new")))})`,
  );
  const retries = byGroup("contact", "retry");
  check(
    all(retries, (job) => job.answer.status === 200),
    `contact retry with the same submissionKey: all 200 (${summarize(statuses(retries))})`,
  );
  const reused = byGroup("contact", "reused");
  check(
    all(
      reused,
      (job) => job.answer.status === 400 && job.answer.body.code === "verification_failed",
    ),
    `contact reused token, new key: all 400 verification_failed (${summarize(statuses(reused))})`,
  );
  const replays = pairs(byGroup("contact", "replays"));
  check(
    all(replays, (pair) => same(statuses(pair), [200, 400])),
    `contact replays of one token at once: one 200 and one 400 per pair (${summarize(replays.flatMap(statuses))})`,
  );
  const sharedContact = byGroup("contact", "shared");
  check(
    same(statuses(sharedContact), expectedShared(sharedContact.length, 200)),
    `contact one address: ${RATE_LIMIT_MAX} × 200, rest 429 (${summarize(statuses(sharedContact))})`,
  );
  return checks;
}

/** ": a, b, c" for the first few items of a non-empty list. */
function listed(items) {
  return items.length ? `: ${items.slice(0, 5).join(", ")}${items.length > 5 ? ", ..." : ""}` : "";
}

function expectedShared(count, okStatus) {
  return Array.from({ length: count }, (_, i) => (i < RATE_LIMIT_MAX ? okStatus : 429)).sort();
}

/** "200×10 429×5" */
function summarize(list) {
  const counts = new Map();
  for (const status of list) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function figures(name, list, seconds) {
  const ms = list.map((job) => job.answer.ms).sort((a, b) => a - b);
  const refused = list.filter((job) => job.answer.status !== 200 && job.answer.status < 500);
  return {
    endpoint: name,
    requests: list.length,
    accepted: list.filter((job) => job.answer.status === 200).length,
    refused: summarize(refused.map((job) => job.answer.status)) || "0",
    // A request that got no answer at all counts with the 5xx.
    "5xx": list.filter((job) => job.answer.status >= 500 || job.answer.status === 0).length,
    "p50 ms": Math.round(percentile(ms, 50)),
    "p99 ms": Math.round(percentile(ms, 99)),
    "req/s": Math.round(list.length / seconds),
  };
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------
async function runOnce(backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forms-load-"));
  backend.dataDir = dataDir;
  try {
    const server = await startServer({ dataDir, databaseUrl: backend.databaseUrl });
    let jobs;
    let seconds;
    let exitCode;
    try {
      const challenges = [];
      for (let i = 0; i < tokensNeeded(); i++) {
        challenges.push(await (await fetch(`${server.url}/api/bot-check`)).json());
      }
      const solving = performance.now();
      const tokens = await solveAll(challenges);
      console.log(
        `  ${tokens.length} bot-check tokens solved in ${((performance.now() - solving) / 1000).toFixed(1)} s (not timed)`,
      );
      const built = buildJobs(tokens);
      jobs = built.jobs;
      seconds = await fire(server.url, jobs, built.queue);
    } finally {
      exitCode = await server.stop();
    }
    const errorLines = server.errorLines();
    const rows = await readRows(backend);
    const checks = verify(jobs, rows);
    checks.push([exitCode === 0, `server stopped cleanly on SIGTERM (exit ${exitCode})`]);
    checks.push([
      errorLines.length === 0,
      `no error in the server log (${errorLines.length}${errorLines.length ? `: ${errorLines[0].slice(0, 300)}` : ""})`,
    ]);
    const table = [
      figures(
        "newsletter",
        jobs.filter((job) => job.endpoint === "newsletter"),
        seconds,
      ),
      figures(
        "contact",
        jobs.filter((job) => job.endpoint === "contact"),
        seconds,
      ),
      figures("all", jobs, seconds),
    ];
    return {
      database: backend.name,
      seconds: +seconds.toFixed(2),
      requestsPerSecond: Math.round(jobs.length / seconds),
      stored: { newsletter: rows.newsletter.length, contact: rows.contact.length },
      table,
      checks: checks.map(([ok, text]) => ({ ok, text })),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-stale.js");
  ensureBuild();
  printHeader("Form submissions under load");
  console.log(
    `${REQUESTS.newsletter + REQUESTS.contact} submissions (${REQUESTS.newsletter} newsletter, ${REQUESTS.contact} contact) at concurrency ${CONCURRENCY}, duplicates included\n`,
  );

  const results = [];
  console.log("PGlite (fresh data directory)");
  results.push(await runOnce({ name: "PGlite", kind: "pglite" }));
  report(results.at(-1));

  const adminUrl = postgresAdminUrl();
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl, "forms_load");
    if (database) {
      console.log(`PostgreSQL (fresh database on ${redact(adminUrl)})`);
      try {
        results.push(
          await runOnce({ name: "PostgreSQL", kind: "postgres", databaseUrl: database.url }),
        );
      } finally {
        await database.drop();
      }
      report(results.at(-1));
    }
  }

  writeResult("forms-load", { concurrency: CONCURRENCY, mix: MIX, requests: REQUESTS, results });
  const failures = results.flatMap((result) => result.checks.filter((c) => !c.ok));
  console.log(
    failures.length === 0
      ? "forms load: every check passed"
      : `forms load: ${failures.length} check(s) FAILED`,
  );
  return failures.length === 0 ? 0 : 1;
}

function report(result) {
  console.table(result.table);
  console.log(
    `  ${result.seconds} s, ${result.requestsPerSecond} requests/s; stored ${result.stored.newsletter} subscriptions and ${result.stored.contact} contact messages`,
  );
  for (const { ok, text } of result.checks) console.log(`  ${ok ? "ok  " : "FAIL"} ${text}`);
  console.log("");
}

// ---------------------------------------------------------------------------------------------
// Entry: this file is also the worker that solves bot-check challenges (see solveAll).
// ---------------------------------------------------------------------------------------------
if (!isMainThread) {
  const { solveChallenge } = await import("altcha-lib");
  const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
  const tokens = [];
  for (const challenge of workerData.challenges) {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error("An ALTCHA challenge was not solved in time");
    tokens.push(Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"));
  }
  parentPort.postMessage(tokens);
} else {
  process.exitCode = await main();
}
