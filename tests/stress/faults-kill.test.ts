import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockFilePath } from "~/lib/data-dir-lock.server";
import { dataTemplate } from "../support/admin";
import {
  createPostgresDatabase,
  discrepancies,
  postgresAdminUrl,
  readStoredRows,
  resend,
  runLabel,
  type Submission,
  sendUnits,
  shuffle,
  solveBotChecks,
  submissionFactory,
  type Unit,
  unitSubmissions,
} from "../support/load";
import { freePort, type RunningServer, startServer } from "../support/server";
import { scaled } from "../support/stress-scale";

/**
 * SIGKILL in the middle of a stream of form submissions: no shutdown hook runs, requests are cut
 * mid-flight, PGlite's lock file and its database files are left as they were. The server must
 * start again on the same data without help, and every write it acknowledged before it died must
 * be there, once. Then the visitors whose requests got no answer send them again (same
 * submission key, same newsletter address), and nothing is stored twice.
 */
const CONCURRENCY = 50;
/** Kill once this many submissions have been acknowledged: well into the stream. */
const KILL_AFTER_ACKNOWLEDGED = scaled(200, 40);
const CONTACT_TOKENS = scaled(20, 4);
/** Newsletter and consultation submissions each (300 at full size, fewer at CI size). */
const PER_FORM = scaled(300, 100);
const RESENT = scaled(20, 8);

type Backend = "pglite" | "postgres";
const backends: Backend[] = postgresAdminUrl ? ["pglite", "postgres"] : ["pglite"];

function buildUnits(label: string, tokens: string[]): Unit[] {
  const make = submissionFactory(label);
  const units: Unit[] = [];
  for (let i = 0; i < PER_FORM; i++) units.push({ kind: "single", submission: make.newsletter() });
  for (let i = 0; i < PER_FORM; i++)
    units.push({ kind: "single", submission: make.consultation() });
  for (const token of tokens) units.push({ kind: "single", submission: make.contact(token) });
  for (let i = 0; i < RESENT; i++) {
    const original = i % 2 ? make.newsletter() : make.consultation();
    units.push({ kind: i % 4 < 2 ? "retry" : "twins", submissions: [original, resend(original)] });
  }
  return shuffle(units);
}

const acknowledged = (s: Submission) => s.answers.some((a) => a.status === 200 || a.status === 409);

describe.each(backends)("the server killed with SIGKILL under load, on %s", (backend) => {
  const label = runLabel("kill");
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: RunningServer | undefined;
  let env: NodeJS.ProcessEnv;
  let port: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stress-kill-"));
    if (backend === "postgres") database = await createPostgresDatabase("kill");
    env = { TRUST_PROXY: "loopback", ...(database ? { DATABASE_URL: database.url } : {}) };
    port = await freePort();
    const template = database ? undefined : dataTemplate();
    server = await startServer({ dataDir, port, env, template });
  });

  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  });

  /** Stops the server cleanly and reads the database. */
  async function stopAndRead() {
    const running = server as RunningServer;
    const code = await running.stop();
    expect(code, running.output()).toBe(0);
    return readStoredRows({ dataDir, databaseUrl: database?.url });
  }

  it("loses no acknowledged write, restarts cleanly, and stores retries once", async () => {
    const first = server as RunningServer;
    const tokens = await solveBotChecks(first.url, CONTACT_TOKENS);
    const units = buildUnits(label, tokens);
    const submissions = units.flatMap(unitSubmissions);

    let killed = false;
    const watcher = setInterval(() => {
      if (killed) return;
      if (submissions.filter(acknowledged).length >= KILL_AFTER_ACKNOWLEDGED) {
        killed = true;
        first.process.kill("SIGKILL");
      }
    }, 2);
    const exited = new Promise((resolve) => first.process.once("exit", resolve));
    try {
      await sendUnits(first.url, units, { concurrency: CONCURRENCY, shouldStop: () => killed });
    } finally {
      clearInterval(watcher);
    }
    expect(killed, "the stream ended before the kill").toBe(true);
    await exited;
    expect(first.process.signalCode).toBe("SIGKILL");

    const answered = submissions.filter((s) => s.answers.length > 0);
    const cut = answered.filter((s) => s.answers.some((a) => a.status === 0));
    const acknowledgedBeforeKill = answered.filter(acknowledged).length;
    // Killed in the middle: requests were in flight, and most of the stream was never sent.
    expect(cut.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(submissions.length);
    if (backend === "pglite") {
      // The dead process's lock is still there: the restart has to see that its holder is gone.
      expect(fs.existsSync(lockFilePath(dataDir))).toBe(true);
    }

    // The same data, the same port, no cleanup in between.
    server = await startServer({ dataDir, port, env });
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const afterCrash = await stopAndRead();
    // Every acknowledged write survived; what was cut off is there at most once.
    expect(discrepancies(answered, afterCrash)).toEqual([]);

    // The visitors whose requests were cut off try again, as the forms do, with the same key.
    server = await startServer({ dataDir, port, env });
    const retries = cut.map((s) => resend(s));
    await sendUnits(
      server.url,
      retries.map((submission) => ({ kind: "single", submission })),
      { concurrency: 10 },
    );
    for (const retry of retries) {
      const [answer] = retry.answers;
      // 409: that address was subscribed by the cut-off request after all.
      const expected = retry.form === "newsletter" ? [200, 409] : [200];
      expect(expected, `${retry.form} ${retry.record}: ${JSON.stringify(answer)}`).toContain(
        answer?.status,
      );
    }
    const afterRetries = await stopAndRead();
    expect(discrepancies([...answered, ...retries], afterRetries)).toEqual([]);

    const errorLines = (server as RunningServer)
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errorLines).toEqual([]);
    console.log(
      `[kill ${backend}] killed after ${acknowledgedBeforeKill} acknowledged submissions with ${cut.length} in flight; ` +
        `after the restart: ${afterCrash.newsletter.length} subscribers, ${afterCrash.consultation.length} consultation requests, ` +
        `${afterCrash.contact.length} contact messages; ${retries.length} cut-off submissions resent, none stored twice`,
    );
  });
});
