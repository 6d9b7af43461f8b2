// `npm run bench:newsletter`: how fast does the site send a newsletter, what does it cost the
// server's memory, and do visitors notice?
//
// For each database (PGlite; PostgreSQL too when TEST_DATABASE_URL or DATABASE_URL answers) it:
//   1. seeds 10,000 confirmed subscribers (500 in quick mode), the pace off (messages a
//      second 0: as fast as the server goes) and a draft campaign, with SMTP_URL pointing at a
//      local SMTP sink in this process;
//   2. starts the production server, warms the cached home page, and measures the server's
//      resident memory at rest and the cached home page's p99 under steady load (wrk or
//      autocannon, 4 connections); then signs in as an admin and clicks Send now (its action);
//   3. once the first mail arrives, measures the home page the same way while the server sends,
//      samples its memory every 100 ms, and waits for the last mail.
// Figures: mails a second (first to last mail at the sink), the server's extra memory (its peak
// while sending minus its memory at rest), the home page's p99 at rest and while sending. Every
// address must get exactly one mail (an error otherwise). Targets: ≥ 200 mails/s, ≤ 150 MB extra,
// p99 < 20 ms while sending. Writes bench-results/newsletter.json; exits 1 on an error only.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { signInAsAdmin } from "./admin.js";
import {
  createPostgresDatabase,
  postgresAdminUrl,
  printHeader,
  quick,
  TARGETS,
  writeResult,
} from "./common.js";
import { loadGenerator } from "./load.js";
import { runSeedStatements } from "./seed-posts.js";
import { memoryOf, peakMemoryDuring, startBenchServer } from "./server.js";

const SUBSCRIBERS = quick ? 500 : 10_000;
const LOAD_S = quick ? 3 : 8;
const CONNECTIONS = 4;
/** The seeded campaign: the only one in a new database. */
const CAMPAIGN_ID = 1;
const load = loadGenerator();
const HOME_HEADERS = { "user-agent": "newsletter-bench", accept: "text/html" };

/** An SMTP server that counts what it receives per recipient and keeps nothing else. */
async function startSink() {
  const perAddress = new Map();
  const times = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const { address } of session.envelope.rcptTo) {
          perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
        }
        times.push(Date.now());
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    perAddress,
    times,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

function seedSql(count) {
  const body = JSON.stringify([
    { id: "h1", type: "heading", v: 1, level: "1", text: "What our agents learned this month" },
    {
      id: "t1",
      type: "text",
      v: 1,
      markdown:
        "Three clients moved their **customer service** to AI agents this month. " +
        "Read [how a restaurant took every order by chat](/blog).\n\n- Faster answers\n- Fewer missed calls",
    },
    {
      id: "b1",
      type: "button",
      v: 1,
      label: "Book a consultation",
      href: "/schedule-consultation",
    },
    { id: "d1", type: "divider", v: 1 },
  ]);
  return [
    `insert into web_newsletter_subscriptions (email, status, unsubscribe_token, confirmed_at, tags)
       select 'reader-' || i || '@bench.example', 'active', md5('bench-' || i) || md5('token-' || i), now(), '{footer}'
       from generate_series(1, ${count}) i`,
    `insert into web_settings (key, value) values ('newsletter_rate_per_second', '0'), ('newsletter_daily_cap', '0')
       on conflict (key) do update set value = excluded.value`,
    `insert into web_newsletter_campaigns (id, subject, preview_text, body, status)
       values (${CAMPAIGN_ID}, 'The bench newsletter', 'Ten thousand readers at once', '${body}'::jsonb, 'draft')`,
    "analyze web_newsletter_subscriptions",
  ];
}

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function runBackend(name, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-newsletter-"));
  const sink = await startSink();
  // SITE_URL left to its default (the server's own address): the admin's writes name it as Origin.
  const env = { SMTP_URL: sink.url, JOBS_INTERVAL_MS: "500" };
  const unset = ["SITE_URL"];
  try {
    // A first start migrates the database (or copies the bench's template); then the seed.
    const first = await startBenchServer({ dataDir, databaseUrl, env, unset });
    await first.stop();
    await runSeedStatements({ dataDir, databaseUrl }, seedSql(SUBSCRIBERS));
    const server = await startBenchServer({ dataDir, databaseUrl, env, unset });
    try {
      const home = `${server.url}/`;
      const check = await fetch(home, { headers: HOME_HEADERS });
      await check.arrayBuffer();
      if (check.status !== 200) throw new Error(`${name}: the home page answered ${check.status}`);
      await load.run({ url: home, headers: HOME_HEADERS, connections: CONNECTIONS, durationS: 2 });
      await wait(500);
      const atRest = memoryOf(server.pid);
      const before = await load.run({
        url: home,
        headers: HOME_HEADERS,
        connections: CONNECTIONS,
        durationS: LOAD_S,
      });
      // Sent as staff send it: the campaign page's Send now.
      const admin = await signInAsAdmin(server, dataDir, databaseUrl);
      const sent = await admin.postForm(`/admin/newsletter/campaigns/${CAMPAIGN_ID}/send`, {
        intent: "send-now",
      });
      if (sent.status !== 200 || !sent.text.includes("Campaign Sending")) {
        throw new Error(`${name}: Send now answered ${sent.status}: ${sent.text.slice(0, 300)}`);
      }
      const deadline = Date.now() + 60_000;
      while (sink.times.length === 0) {
        if (Date.now() > deadline) throw new Error(`${name}: no mail arrived\n${server.output()}`);
        await wait(50);
      }
      const sending = await peakMemoryDuring(server.pid, async () => {
        const during = await load.run({
          url: home,
          headers: HOME_HEADERS,
          connections: CONNECTIONS,
          durationS: LOAD_S,
        });
        const stillSending = sink.times.length < SUBSCRIBERS;
        const lastDeadline = Date.now() + (quick ? 120_000 : 300_000);
        while (sink.times.length < SUBSCRIBERS && Date.now() < lastDeadline) await wait(100);
        return { during, stillSending };
      });
      await wait(1_000);
      const mails = sink.times.length;
      const seconds = (sink.times.at(-1) - sink.times[0]) / 1000;
      const twice = [...sink.perAddress.values()].filter((n) => n > 1).length;
      const errors = [];
      if (sink.perAddress.size !== SUBSCRIBERS) {
        errors.push(`${name}: ${sink.perAddress.size} of ${SUBSCRIBERS} readers got the mail`);
      }
      if (twice > 0) errors.push(`${name}: ${twice} readers got it more than once`);
      for (const line of server.errorLines()) errors.push(`${name}: server logged ${line}`);
      const result = {
        name,
        subscribers: SUBSCRIBERS,
        mails,
        seconds: +seconds.toFixed(2),
        mailsPerSecond: Math.round(mails / Math.max(seconds, 0.001)),
        restMB: atRest?.rssMB ?? null,
        peakSendingMB: sending.peakMB || null,
        extraMB: atRest && sending.peakMB ? sending.peakMB - atRest.rssMB : null,
        homeAtRest: { p50Ms: before.latencyP50Ms, p99Ms: before.latencyP99Ms },
        homeWhileSending: {
          p50Ms: sending.result.during.latencyP50Ms,
          p99Ms: sending.result.during.latencyP99Ms,
          requestsPerSecond: sending.result.during.requestsPerSecond,
          errors: sending.result.during.errors + sending.result.during.non2xx,
        },
        // The load ran its whole length while mails still went out (else the p99 is partly of rest).
        loadWithinSending: sending.result.stillSending,
        errors,
      };
      console.log(
        `${name}: ${mails} mails in ${result.seconds} s (${result.mailsPerSecond}/s); memory ${result.restMB} MB at rest, peak ${result.peakSendingMB} MB sending (+${result.extraMB} MB); home p99 ${before.latencyP99Ms} ms at rest, ${result.homeWhileSending.p99Ms} ms while sending${result.loadWithinSending ? "" : " (sending ended during the load run)"}`,
      );
      return result;
    } finally {
      await server.stop();
    }
  } finally {
    await sink.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const { ensureBuild } = await import("../scripts/build-if-stale.js");
  ensureBuild();
  printHeader("Sending a newsletter");
  console.log(
    `${SUBSCRIBERS.toLocaleString("en")} confirmed subscribers, the pace off, to a local SMTP sink; the cached home page under ${CONNECTIONS} connections (${load.name}) for ${LOAD_S} s at rest and while sending\n`,
  );
  const results = [await runBackend("PGlite")];
  const adminUrl = postgresAdminUrl();
  if (adminUrl) {
    const database = await createPostgresDatabase(adminUrl, "newsletter_bench");
    if (database) {
      try {
        results.push(await runBackend("PostgreSQL", database.url));
      } finally {
        await database.drop();
      }
    }
  }
  const targets = {
    mailsPerSecond: TARGETS.newsletterMailsPerSecond,
    extraMB: TARGETS.newsletterExtraMB,
    homeP99Ms: TARGETS.newsletterHomeP99Ms,
  };
  writeResult("newsletter", { subscribers: SUBSCRIBERS, loadSeconds: LOAD_S, targets, results });
  const errors = results.flatMap((result) => result.errors);
  for (const line of errors) console.error(`ERROR ${line}`);
  return errors.length > 0 ? 1 : 0;
}

process.exitCode = await main();
