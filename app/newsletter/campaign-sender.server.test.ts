import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type Db, openPostgres } from "~/db/client.server";
import {
  webIntegrations,
  webNewsletterCampaigns,
  webNewsletterPace,
  webNewsletterSubscriptions,
  webOutbox,
  webSettings,
} from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { GIVE_UP_AFTER_MS } from "~/jobs/outbox.server";
import { createJobRunner } from "~/jobs/runner.server";
import {
  addCampaign,
  addReaders,
  campaignRows,
  campaignStatus,
  fakePrepare,
} from "../../tests/support/campaigns";
import { type FakeSendgrid, startFakeSendgrid } from "../../tests/support/fake-sendgrid";
import { type SmtpSink, startSmtpSink } from "../../tests/support/mail";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { createCampaignSender, UNSUBSCRIBED_ANSWER } from "./campaign-sender.server";
import {
  CANCELLED_ANSWER,
  campaignCounts,
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  startCampaign,
} from "./campaign-sending.server";
import type { PrepareCampaign } from "./campaign-types.server";
import { newsletterSettingKeys } from "./settings.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "campaign-sender-"));
const RETRY_MS = 1_000;

function envFor(smtpUrl: string, sendgridUrl?: string): Env {
  return loadEnv({
    DATA_DIR: dataDir,
    SITE_URL: "https://www.example.com",
    SMTP_URL: smtpUrl,
    ...(sendgridUrl ? { SENDGRID_API_URL: sendgridUrl, ALLOW_PRIVATE_OUTBOUND: "1" } : {}),
  });
}

/**
 * An SMTP server that answers every recipient with `code` (451: try later; 550: refused), or,
 * `at` "MAIL FROM", refuses the sender: the whole account, not one reader.
 */
async function startRefusingSink(code: number, at: "RCPT TO" | "MAIL FROM" = "RCPT TO") {
  let refused = 0;
  const refuse = (callback: (error?: Error) => void) => {
    refused += 1;
    callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: code }));
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (at === "MAIL FROM") refuse(callback);
      else callback();
    },
    onRcptTo(_address, _session, callback) {
      refuse(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)("the campaign sender (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let sink: SmtpSink;
  const senders: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend, { seeded: true });
    db = database.db;
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(webOutbox);
    await db.delete(webNewsletterCampaigns);
    await db.delete(webNewsletterSubscriptions);
    await db.delete(webNewsletterPace);
    await setPace(0, 0);
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  async function setPace(ratePerSecond: number, dailyCap: number) {
    for (const [key, value] of [
      [newsletterSettingKeys.ratePerSecond, String(ratePerSecond)],
      [newsletterSettingKeys.dailyCap, String(dailyCap)],
    ] as const) {
      await db
        .insert(webSettings)
        .values({ key, value })
        .onConflictDoUpdate({ target: webSettings.key, set: { value } });
    }
  }

  function sender(options: { on?: Db; env?: Env; now?: () => Date } = {}) {
    const made = createCampaignSender({
      db: options.on ?? db,
      env: options.env ?? envFor(sink.url),
      prepare: fakePrepare,
      retryBaseMs: RETRY_MS,
      now: options.now,
    });
    senders.push(made);
    return made;
  }

  /** Runs the sender until it has nothing more to send now. */
  async function sendAll(s: ReturnType<typeof sender>) {
    await s.runDue();
    await s.idle();
    await s.runDue();
    await s.idle();
  }

  /** A campaign whose subject names it, to tell its mails from the other tests'. */
  async function newCampaign(values: { fromName?: string } = {}) {
    const campaign = await addCampaign(db, values);
    await db
      .update(webNewsletterCampaigns)
      .set({ subject: `Campaign ${campaign.id}` })
      .where(eq(webNewsletterCampaigns.id, campaign.id));
    return campaign;
  }

  const subjectOf = (id: number) => new RegExp(`^Campaign ${id}$`);
  const mailsOf = (id: number) => sink.mailsTo("@example.com", subjectOf(id));

  it("sends each reader one mail from the campaign's sender name, then marks it sent", async () => {
    const readers = await addReaders(db, 30, { prefix: "plain" });
    const campaign = await newCampaign({ fromName: "The Team" });
    await startCampaign(db, campaign.id);
    await sendAll(sender());

    const mails = mailsOf(campaign.id);
    expect(mails.map((m) => m.to).sort()).toEqual(readers.map((r) => r.email).sort());
    expect(mails[0]?.headers.get("from")).toBe("The Team <no-reply@www.example.com>");
    expect(await campaignStatus(db, campaign.id)).toBe("sent");
    expect(await campaignCounts(db, campaign.id)).toEqual({
      recipients: 30,
      queued: 0,
      sent: 30,
      failed: 0,
      skipped: 0,
      bounced: 0,
      unsubscribed: 0,
    });
    const rows = await campaignRows(db, campaign.id);
    expect(rows.every((r) => r.attempts === 1 && r.claimedBy === null && r.deliveredAt)).toBe(true);
  });

  it("delivers each mail exactly once when two processes send one campaign at once", async () => {
    let second: Database | null = null;
    let otherDb = db;
    if (backend === "postgres") {
      // A second process: its own pool on the same database.
      const [{ name } = { name: "" }] = (
        (await db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows;
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      url.pathname = `/${name}`;
      second = openPostgres(url.toString(), { max: 5 });
      otherDb = second.db;
    }
    try {
      // More than one claim's worth, so the two claim side by side.
      const readers = await addReaders(db, 600, { prefix: "twice" });
      const campaign = await newCampaign();
      await startCampaign(db, campaign.id);
      const one = sender();
      const two = sender({ on: otherDb });
      await Promise.all([one.runDue(), two.runDue()]);
      await Promise.all([one.idle(), two.idle()]);
      await Promise.all([one.runDue(), two.runDue()]);

      const got = mailsOf(campaign.id).map((m) => m.to);
      expect(got).toHaveLength(600);
      expect(new Set(got)).toEqual(new Set(readers.map((r) => r.email)));
      expect(await campaignCounts(db, campaign.id)).toMatchObject({ sent: 600, queued: 0 });
      expect(await campaignStatus(db, campaign.id)).toBe("sent");
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop()));
      await second?.close();
    }
  });

  it("stops at a pause, goes on after resume, and sends nothing more after a cancel", async () => {
    await setPace(40, 0);
    await addReaders(db, 60, { prefix: "paused" });
    const campaign = await newCampaign();
    await startCampaign(db, campaign.id);
    const s = sender();
    await s.runDue();
    await expect.poll(() => mailsOf(campaign.id).length).toBeGreaterThan(0);
    expect(await pauseCampaign(db, campaign.id)).toBe(true);
    await s.idle();
    const atPause = mailsOf(campaign.id).length;
    expect(atPause).toBeLessThan(60);
    await s.runDue();
    await wait(600);
    expect(mailsOf(campaign.id)).toHaveLength(atPause);
    expect(await campaignCounts(db, campaign.id)).toMatchObject({
      sent: atPause,
      queued: 60 - atPause,
    });

    await resumeCampaign(db, campaign.id);
    await s.runDue();
    await expect.poll(() => mailsOf(campaign.id).length).toBeGreaterThan(atPause);
    expect(await cancelCampaign(db, campaign.id)).toBe(true);
    await s.idle();
    const atCancel = mailsOf(campaign.id).length;
    await sendAll(s);
    expect(mailsOf(campaign.id)).toHaveLength(atCancel);
    expect(atCancel).toBeLessThan(60);
    const counts = await campaignCounts(db, campaign.id);
    expect(counts).toMatchObject({ sent: atCancel, skipped: 60 - atCancel, queued: 0 });
    expect(await campaignStatus(db, campaign.id)).toBe("cancelled");
  });

  it("skips a reader who unsubscribed or was suppressed after the campaign started", async () => {
    const [gone, bounced, stays] = await addReaders(db, 3, { prefix: "late" });
    const campaign = await newCampaign();
    await startCampaign(db, campaign.id);
    await db
      .update(webNewsletterSubscriptions)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(webNewsletterSubscriptions.id, gone?.id ?? 0));
    await db
      .update(webNewsletterSubscriptions)
      .set({ status: "suppressed", suppressedAt: new Date(), suppressedReason: "bounce" })
      .where(eq(webNewsletterSubscriptions.id, bounced?.id ?? 0));
    await sendAll(sender());

    expect(mailsOf(campaign.id).map((m) => m.to)).toEqual([stays?.email]);
    const rows = await campaignRows(db, campaign.id);
    expect(rows.map((r) => [r.status, r.lastAnswer, r.attempts])).toEqual([
      ["skipped", UNSUBSCRIBED_ANSWER, 0],
      ["skipped", UNSUBSCRIBED_ANSWER, 0],
      ["delivered", "Sent by SMTP.", 1],
    ]);
    expect(await campaignCounts(db, campaign.id)).toMatchObject({
      sent: 1,
      skipped: 2,
      bounced: 1,
      unsubscribed: 1,
    });
    expect(await campaignStatus(db, campaign.id)).toBe("sent");
  });

  it("starts a scheduled campaign on its own when its time comes", async () => {
    await addReaders(db, 5, { prefix: "scheduled" });
    const campaign = await newCampaign();
    let clock = new Date(Date.now());
    await scheduleCampaign(db, campaign.id, new Date(clock.getTime() + 60 * 60_000), {
      now: clock,
    });
    const s = sender({ now: () => clock });
    expect(await s.runDue()).toBe(0);
    await s.idle();
    expect(mailsOf(campaign.id)).toHaveLength(0);
    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await s.runDue()).toBe(1);
    await s.idle();
    await s.runDue();
    expect(mailsOf(campaign.id)).toHaveLength(5);
    expect(await campaignStatus(db, campaign.id)).toBe("sent");
  });

  it("is run by the job runner when it is given a renderer", async () => {
    await addReaders(db, 4, { prefix: "runner" });
    const campaign = await newCampaign();
    await startCampaign(db, campaign.id);
    const env = envFor(sink.url);
    const without = createJobRunner({ db, env, intervalMs: 60_000 });
    await without.runOnce();
    await without.stop();
    expect(mailsOf(campaign.id)).toHaveLength(0);

    const runner = createJobRunner({ db, env, intervalMs: 60_000, prepareCampaign: fakePrepare });
    try {
      await runner.runOnce();
      await expect.poll(() => mailsOf(campaign.id).length).toBe(4);
    } finally {
      await runner.stop();
    }
    await expect.poll(() => campaignStatus(db, campaign.id)).toBe("sent");
  });

  it("keeps to the messages-a-second pace", async () => {
    await setPace(20, 0);
    await addReaders(db, 200, { prefix: "paced" });
    const campaign = await newCampaign();
    await startCampaign(db, campaign.id);
    const s = sender();
    await s.runDue();
    await wait(1_000);
    const inASecond = mailsOf(campaign.id).length;
    await s.stop();
    // Turns of half a second's worth (10): at 0, 0.5 and 1 s at most.
    expect(inASecond).toBeGreaterThanOrEqual(10);
    expect(inASecond).toBeLessThanOrEqual(30);
    // What was claimed but not sent when it stopped is free for the next process.
    const rows = await campaignRows(db, campaign.id);
    expect(rows.filter((r) => r.status === "pending" && r.claimedBy !== null)).toEqual([]);
  });

  it("sends no more than the daily limit, and the rest on the next day", async () => {
    await setPace(0, 15);
    await addReaders(db, 40, { prefix: "capped" });
    const campaign = await newCampaign();
    await startCampaign(db, campaign.id);
    let clock = new Date(Date.now());
    const s = sender({ now: () => clock });
    await sendAll(s);
    await s.idle();
    expect(mailsOf(campaign.id)).toHaveLength(15);
    expect(await campaignCounts(db, campaign.id)).toMatchObject({ sent: 15, queued: 25 });
    expect(await campaignStatus(db, campaign.id)).toBe("sending");

    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    await sendAll(s);
    await s.idle();
    expect(mailsOf(campaign.id)).toHaveLength(30);
  });

  it("retries a mail the SMTP server defers with backoff, and fails it after a day", async () => {
    const refusing = await startRefusingSink(451);
    try {
      await addReaders(db, 2, { prefix: "deferred" });
      const campaign = await newCampaign();
      await startCampaign(db, campaign.id);
      const start = Date.now();
      let clock = new Date(start);
      const s = sender({ env: envFor(refusing.url), now: () => clock });
      await sendAll(s);
      let rows = await campaignRows(db, campaign.id);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ["pending", 1],
        ["pending", 1],
      ]);
      expect(rows[0]?.lastAnswer).toMatch(/451/);
      expect(rows[0]?.nextAttemptAt.getTime()).toBe(start + RETRY_MS);
      expect(rows[0]?.giveUpAt.getTime()).toBe(start + GIVE_UP_AFTER_MS);
      expect(await campaignCounts(db, campaign.id)).toMatchObject({ queued: 2, failed: 0 });

      // Not again before its time; then once more, waiting twice as long after.
      clock = new Date(start + RETRY_MS - 1);
      await sendAll(s);
      expect(refusing.refused()).toBe(2);
      clock = new Date(start + RETRY_MS);
      await sendAll(s);
      rows = await campaignRows(db, campaign.id);
      expect(rows.map((r) => r.attempts)).toEqual([2, 2]);
      expect(rows[0]?.nextAttemptAt.getTime()).toBe(start + 3 * RETRY_MS);

      clock = new Date(start + GIVE_UP_AFTER_MS);
      await sendAll(s);
      rows = await campaignRows(db, campaign.id);
      expect(rows.map((r) => r.status)).toEqual(["failed", "failed"]);
      expect(await campaignCounts(db, campaign.id)).toMatchObject({ queued: 0, failed: 2 });
      expect(await campaignStatus(db, campaign.id)).toBe("sent");
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop()));
      await refusing.close();
    }
  });

  it("counts a mail out at a cancel as sent when it went, and skipped when it did not", async () => {
    const refusing = await startRefusingSink(451);
    try {
      await addReaders(db, 2, { prefix: "cancelled" });
      const went = await newCampaign();
      const deferred = await newCampaign();
      // Cancelled after its mails were claimed, while they are being built.
      const cancelling: PrepareCampaign = async (campaign) => {
        await cancelCampaign(db, campaign.id);
        return fakePrepare(campaign);
      };
      await startCampaign(db, went.id);
      const one = createCampaignSender({
        db,
        env: envFor(sink.url),
        prepare: cancelling,
        retryBaseMs: RETRY_MS,
      });
      senders.push(one);
      await sendAll(one);
      expect(mailsOf(went.id)).toHaveLength(2);
      expect((await campaignRows(db, went.id)).map((r) => r.status)).toEqual([
        "delivered",
        "delivered",
      ]);

      await startCampaign(db, deferred.id);
      const two = createCampaignSender({
        db,
        env: envFor(refusing.url),
        prepare: cancelling,
        retryBaseMs: RETRY_MS,
      });
      senders.push(two);
      await sendAll(two);
      expect(refusing.refused()).toBe(2);
      const rows = await campaignRows(db, deferred.id);
      expect(rows.map((r) => [r.status, r.lastAnswer, r.claimedBy])).toEqual([
        ["skipped", CANCELLED_ANSWER, null],
        ["skipped", CANCELLED_ANSWER, null],
      ]);
      expect(await campaignStatus(db, deferred.id)).toBe("cancelled");
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop()));
      await refusing.close();
    }
  });

  it("fails at once a mail the SMTP server refuses for good", async () => {
    const refusing = await startRefusingSink(550);
    try {
      await addReaders(db, 1, { prefix: "refused" });
      const campaign = await newCampaign();
      await startCampaign(db, campaign.id);
      await sendAll(sender({ env: envFor(refusing.url) }));
      const [row] = await campaignRows(db, campaign.id);
      expect(row).toMatchObject({ status: "failed", attempts: 1 });
      expect(row?.lastAnswer).toMatch(/550/);
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop()));
      await refusing.close();
    }
  });

  it("retries, not fails, every mail while the SMTP server refuses the sender itself", async () => {
    // A refusal of the account (here of MAIL FROM) would fail the same way for every reader left.
    const refusing = await startRefusingSink(553, "MAIL FROM");
    try {
      await addReaders(db, 2, { prefix: "account-refused" });
      const campaign = await newCampaign();
      await startCampaign(db, campaign.id);
      await sendAll(sender({ env: envFor(refusing.url) }));
      const rows = await campaignRows(db, campaign.id);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ["pending", 1],
        ["pending", 1],
      ]);
      expect(rows[0]?.lastAnswer).toMatch(/553/);
    } finally {
      await Promise.all(senders.splice(0).map((s) => s.stop()));
      await refusing.close();
    }
  });

  describe("through SendGrid", () => {
    let fake: FakeSendgrid;
    beforeAll(async () => {
      fake = await startFakeSendgrid();
    });
    afterAll(async () => {
      await db
        .update(webIntegrations)
        .set({ enabled: false, config: {} })
        .where(eq(webIntegrations.name, "sendgrid"));
      await fake?.close();
    });

    it("sends while SendGrid is on, from its address under the campaign's name", async () => {
      await db
        .update(webIntegrations)
        .set({ enabled: true, config: { apiKey: fake.apiKey, fromEmail: "news@example.org" } })
        .where(eq(webIntegrations.name, "sendgrid"));
      const readers = await addReaders(db, 3, { prefix: "grid" });
      const campaign = await newCampaign({ fromName: "The Team" });
      await startCampaign(db, campaign.id);
      await sendAll(sender({ env: envFor(sink.url, fake.url) }));

      const sent = await fake.waitForMails(3);
      const bodies = sent.map((r) => r.json as { from: unknown; personalizations: unknown[] });
      expect(bodies.flatMap((b) => b.personalizations)).toEqual(
        expect.arrayContaining(readers.map((r) => ({ to: [{ email: r.email }] }))),
      );
      expect(bodies[0]?.from).toEqual({ email: "news@example.org", name: "The Team" });
      expect(await campaignCounts(db, campaign.id)).toMatchObject({ sent: 3, queued: 0 });
      expect(mailsOf(campaign.id)).toHaveLength(0);
    });
  });
});
