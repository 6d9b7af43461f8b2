import { randomBytes } from "node:crypto";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  webNewsletterCampaigns,
  webNewsletterPace,
  webNewsletterSubscriptions,
  webOutbox,
} from "~/db/schema.server";
import type { Env } from "~/env.server";
import { postSendgridMail, usableSendgrid } from "~/integrations/sendgrid.server";
import {
  answerExcerpt,
  CLAIM_LEASE_MS,
  type DeliveryOutcome,
  failsForGood,
  GIVE_UP_AFTER_MS,
  type OutboxRow,
  retryDelayMs,
} from "~/jobs/outbox.server";
import { logger } from "~/lib/logger.server";
import { defaultMailFrom } from "~/mail/mail-from";
import { createMailer, type Mailer, type MailMessage } from "~/mail/mailer.server";
import { finishSentCampaigns, startDueCampaigns } from "./campaign-sending.server";
import type { CampaignRow, MailForRecipient, PrepareCampaign } from "./campaign-types.server";
import { readNewsletterSettings } from "./settings.server";

/**
 * Sends campaigns: claims their outbox rows in batches (one statement with SKIP LOCKED, so two
 * processes never hold the same row), builds each reader's mail and sends it through SendGrid
 * while that is on, else by SMTP over a few pooled connections (or into the mail folder), and
 * writes the batch's outcomes in one statement. Every process's sender takes its batches from
 * the one shared pace row, so together they keep to the site's messages a second and daily limit.
 */

/** The most rows one claim takes (with no pace: the benchmark's batches). */
const BATCH_MAX = 200;
/**
 * On PGlite the database runs in the server's own thread: smaller batches, and a pause for the
 * visitors' requests between them, keep each stretch of database work short.
 */
const PGLITE_BATCH_MAX = 50;
/** How many mails of a batch are out at once (the SMTP pool queues what its connections cannot take). */
const PARALLEL_SENDS = 10;
/** The pace row's id: there is one. */
const PACE_ID = 1;
/** How long before its lease ends a batch stops starting mails (a call may take this long). */
const LEASE_MARGIN_MS = 30_000;
/** The longest a sender sleeps for its turn before looking again (so stop() is quick). */
const MAX_SLEEP_MS = 1_000;

export const UNSUBSCRIBED_ANSWER =
  "Not sent: unsubscribed or suppressed since the campaign started.";
const BUILD_FAILED_ANSWER = "The mail could not be built; see the server log.";

export interface CampaignSenderOptions {
  db: Db;
  env: Env;
  /** Builds a campaign's mails (app/newsletter/render). */
  prepare: PrepareCampaign;
  /** The first wait after a failed try, doubled for each further one. */
  retryBaseMs: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** What one claim may take: `count` mails, or none for `waitMs` (the pace), or none today. */
type Turn = { count: number } | { count: 0; waitMs: number } | { count: 0; dayFull: true };

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Takes this process's next turn from the shared pace row, locked for the moment it takes. With
 * `rate` > 0 a turn is half a second's worth of mails, and moves the next turn on by their time;
 * with `cap` > 0 no turn takes more than is left of the UTC day's limit.
 */
async function takeTurn(
  db: Db,
  { rate, cap, batchMax }: { rate: number; cap: number; batchMax: number },
  now: Date,
): Promise<Turn> {
  const batch = rate > 0 ? Math.min(batchMax, Math.ceil(rate * 0.5)) : batchMax;
  if (rate === 0 && cap === 0) return { count: batch };
  await db.insert(webNewsletterPace).values({ id: PACE_ID }).onConflictDoNothing();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [pace] = await tx
      .select()
      .from(webNewsletterPace)
      .where(eq(webNewsletterPace.id, PACE_ID))
      .for("update");
    if (!pace) throw new Error("the newsletter's pace row is missing");
    const today = utcDay(now);
    const sentToday = pace.day === today ? pace.dayCount : 0;
    let count = batch;
    if (cap > 0) {
      count = Math.min(count, cap - sentToday);
      if (count <= 0) return { count: 0, dayFull: true } as const;
    }
    let nextAt = pace.nextAt;
    if (rate > 0) {
      if (pace.nextAt.getTime() > now.getTime()) {
        return { count: 0, waitMs: pace.nextAt.getTime() - now.getTime() } as const;
      }
      // A pace idle for a while gives no burst: the turn starts now.
      nextAt = new Date(now.getTime() + (count / rate) * 1000);
    }
    await tx
      .update(webNewsletterPace)
      .set({ nextAt, day: today, dayCount: sentToday + count })
      .where(eq(webNewsletterPace.id, PACE_ID));
    return { count } as const;
  });
}

/** Gives back the part of a turn not used (fewer rows were due than it allowed). */
async function giveBack(db: Db, rate: number, cap: number, unused: number, now: Date) {
  if (unused <= 0 || (rate === 0 && cap === 0)) return;
  const earlier = rate > 0 ? (unused / rate) * 1000 : 0;
  await db
    .update(webNewsletterPace)
    .set({
      nextAt: sql`greatest(${webNewsletterPace.nextAt} - make_interval(secs => ${earlier / 1000}), ${now.toISOString()}::timestamptz)`,
      dayCount: sql`greatest(${webNewsletterPace.dayCount} - ${unused}, 0)`,
    })
    .where(and(eq(webNewsletterPace.id, PACE_ID), eq(webNewsletterPace.day, utcDay(now))));
}

/** The condition of a campaign row that may be sent now: pending, due, unclaimed, campaign sending. */
function dueCampaignRows(at: ReturnType<typeof sql>) {
  return sql`${webOutbox.campaignId} is not null and ${webOutbox.status} = 'pending'
    and ${webOutbox.nextAttemptAt} <= ${at}
    and (${webOutbox.claimedUntil} is null or ${webOutbox.claimedUntil} < ${at})
    and exists (select 1 from ${webNewsletterCampaigns}
                where ${webNewsletterCampaigns.id} = ${webOutbox.campaignId}
                  and ${webNewsletterCampaigns.status} = 'sending')`;
}

/** Whether any campaign mail could be sent now (a cheap look before a send loop starts). */
async function anyDue(db: Db, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ id: webOutbox.id })
    .from(webOutbox)
    .where(dueCampaignRows(at))
    .limit(1);
  return Boolean(row);
}

/**
 * Claims up to `limit` due mails of sending campaigns for `token`, like claimDueDeliveries: one
 * UPDATE whose inner SELECT locks with SKIP LOCKED. A mail's day to be retried starts at its
 * first try (a campaign of many mails at a slow pace takes longer than a day to reach the last).
 */
export async function claimCampaignMails(
  db: Db,
  { token, now, limit }: { token: string; now: Date; limit: number },
): Promise<OutboxRow[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .update(webOutbox)
    .set({
      claimedBy: token,
      claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
      giveUpAt: sql`case when ${webOutbox.attempts} = 0
        then ${at} + make_interval(secs => ${GIVE_UP_AFTER_MS / 1000})
        else ${webOutbox.giveUpAt} end`,
    })
    .where(
      inArray(
        webOutbox.id,
        sql`(select ${webOutbox.id} from ${webOutbox}
             where ${dueCampaignRows(at)}
             order by ${webOutbox.nextAttemptAt}, ${webOutbox.id}
             limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
}

/** What became of one claimed row, to be written with the rest of its batch. */
interface Written {
  id: number;
  status: "pending" | "delivered" | "failed" | "skipped";
  /** Whether it was tried (a skipped row was not). */
  tried: boolean;
  nextAttemptAt: string | null;
  lastStatus: number | null;
  lastAnswer: string;
}

function written(row: OutboxRow, outcome: DeliveryOutcome, now: Date, retryBaseMs: number) {
  const common = {
    id: row.id,
    tried: true,
    nextAttemptAt: null,
    lastStatus: outcome.kind === "give-up" ? null : (outcome.status ?? null),
    lastAnswer: outcome.answer,
  };
  if (outcome.kind === "delivered") return { ...common, status: "delivered" } as const;
  if (failsForGood(row, outcome, now)) return { ...common, status: "failed" } as const;
  // The last try falls on the give-up time itself, not a whole backoff past it.
  const next = Math.min(
    now.getTime() + retryDelayMs(row.attempts + 1, retryBaseMs),
    row.giveUpAt.getTime(),
  );
  return { ...common, status: "pending", nextAttemptAt: new Date(next).toISOString() } as const;
}

/**
 * Writes a batch's outcomes in one statement, and lets its rows go; only rows still claimed by
 * `token` (a lease that ran out belongs to whoever took the row next). A row cancelled while its
 * mail was out stays skipped unless the mail went.
 */
async function writeOutcomes(db: Db, token: string, rows: Written[], now: Date) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update ${webOutbox} as o set
      status = case when x.status = 'delivered' then x.status
                    when x.status = 'pending' or o.status = 'skipped' then o.status
                    else x.status end,
      attempts = o.attempts + case when x.tried then 1 else 0 end,
      next_attempt_at = coalesce(x.next_attempt_at, o.next_attempt_at),
      last_attempt_at = case when x.tried then ${now.toISOString()}::timestamptz
                        else o.last_attempt_at end,
      last_status = x.last_status,
      last_answer = case when o.status = 'skipped' and x.status <> 'delivered' then o.last_answer
                    else x.last_answer end,
      delivered_at = case when x.status = 'delivered' then ${now.toISOString()}::timestamptz
                     else o.delivered_at end,
      claimed_by = null,
      claimed_until = null
    from jsonb_to_recordset(${JSON.stringify(rows.map(toRecord))}::jsonb)
      as x(id bigint, status text, tried boolean, next_attempt_at timestamptz,
           last_status integer, last_answer text)
    where o.id = x.id and o.claimed_by = ${token}`);
}

function toRecord(row: Written) {
  return {
    id: row.id,
    status: row.status,
    tried: row.tried,
    next_attempt_at: row.nextAttemptAt,
    last_status: row.lastStatus,
    last_answer: row.lastAnswer,
  };
}

/** Lets rows go unsent (stopping): the next process's sender takes them at once. */
async function letGo(db: Db, token: string, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(webOutbox)
    .set({ claimedBy: null, claimedUntil: null })
    .where(and(inArray(webOutbox.id, ids), eq(webOutbox.claimedBy, token)));
}

/**
 * What an SMTP error means: a 5xx refusal of this reader's address (at RCPT TO) fails the same
 * way again; anything else may pass later and is retried with backoff,
 * among them refusals of the whole account (a wrong login, a sender not allowed, a daily quota),
 * which would otherwise fail every reader left at once.
 */
function smtpOutcome(error: unknown): DeliveryOutcome {
  const { responseCode, command, message } = (error ?? {}) as {
    responseCode?: number;
    command?: string;
    message?: string;
  };
  const answer = answerExcerpt(message ?? String(error));
  const refusedReader =
    command === "RCPT TO" &&
    typeof responseCode === "number" &&
    responseCode >= 500 &&
    responseCode < 600;
  return refusedReader ? { kind: "give-up", answer } : { kind: "retry", answer };
}

/**
 * SendGrid's refusals of the account (401: a key that no longer works or credits run out; 403: a
 * sender not verified) are retried like an outage rather than failing every reader left.
 */
async function sendgridOutcome(answer: Promise<DeliveryOutcome>): Promise<DeliveryOutcome> {
  const outcome = await answer;
  if (outcome.kind === "give-up" && /^(401|403)\b/.test(outcome.answer)) {
    return { kind: "retry", answer: outcome.answer };
  }
  return outcome;
}

/** Sends a mail by the way chosen for the batch and says what came of it. */
type Send = (message: MailMessage) => Promise<DeliveryOutcome>;

/**
 * The campaign sender of one process, called by the job runner on every tick. `runDue` starts
 * scheduled campaigns that are due, marks finished ones sent, and starts a send loop in the
 * background unless one runs: it claims and sends batch after batch at the pace while mails are
 * due (a tick every few seconds would be far slower than the pace), and ends when none are.
 */
export function createCampaignSender({
  db,
  env,
  prepare,
  retryBaseMs,
  now = () => new Date(),
}: CampaignSenderOptions) {
  let loop: Promise<void> | null = null;
  let stopped = false;
  let wake: (() => void) | null = null;
  let mailer: Mailer | null = null;

  /** The pooled SMTP mailer (or the mail folder's), opened at the first mail and kept. */
  function directMailer() {
    mailer ??= createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL),
      mailDir: path.join(env.DATA_DIR, "mail"),
      pool: true,
    });
    return mailer;
  }

  async function chooseSend(): Promise<Send> {
    const sendgrid = await usableSendgrid(db);
    if (sendgrid) return (message) => sendgridOutcome(postSendgridMail(env, sendgrid, message));
    const direct = directMailer();
    const answer = direct.via === "folder" ? "Written to the mail folder." : "Sent by SMTP.";
    return async (message) => {
      try {
        await direct.send(message);
        return { kind: "delivered", status: 250, answer };
      } catch (error) {
        return smtpOutcome(error);
      }
    };
  }

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(ms, MAX_SLEEP_MS));
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });
  }

  /** Builds each campaign's mails once per loop, again when the campaign was edited. */
  function preparedCampaigns() {
    const cache = new Map<number, { updatedAt: number; mailFor: Promise<MailForRecipient> }>();
    return async (campaign: CampaignRow) => {
      const cached = cache.get(campaign.id);
      if (cached && cached.updatedAt === campaign.updatedAt.getTime()) return cached.mailFor;
      const mailFor = prepare(campaign);
      cache.set(campaign.id, { updatedAt: campaign.updatedAt.getTime(), mailFor });
      mailFor.catch(() => cache.delete(campaign.id));
      return mailFor;
    };
  }

  async function sendBatch(
    rows: OutboxRow[],
    token: string,
    mailForCampaign: (campaign: CampaignRow) => Promise<MailForRecipient>,
  ) {
    const campaignIds = [...new Set(rows.map((row) => row.campaignId as number))];
    const subscriptionIds = rows.map((row) => Number(row.payload.subscriptionId));
    const [campaignRows, readers, send] = await Promise.all([
      db
        .select()
        .from(webNewsletterCampaigns)
        .where(inArray(webNewsletterCampaigns.id, campaignIds)),
      db
        .select({
          id: webNewsletterSubscriptions.id,
          email: webNewsletterSubscriptions.email,
          status: webNewsletterSubscriptions.status,
          unsubscribeToken: webNewsletterSubscriptions.unsubscribeToken,
        })
        .from(webNewsletterSubscriptions)
        .where(inArray(webNewsletterSubscriptions.id, subscriptionIds)),
      chooseSend(),
    ]);
    const campaignsById = new Map(campaignRows.map((c) => [c.id, c]));
    const readersById = new Map(readers.map((r) => [r.id, r]));
    const results: Written[] = [];
    const queue = [...rows];

    async function one(row: OutboxRow) {
      const reader = readersById.get(Number(row.payload.subscriptionId));
      if (reader?.status !== "active") {
        results.push({
          id: row.id,
          status: "skipped",
          tried: false,
          nextAttemptAt: null,
          lastStatus: null,
          lastAnswer: UNSUBSCRIBED_ANSWER,
        });
        return;
      }
      const campaign = campaignsById.get(row.campaignId as number);
      let outcome: DeliveryOutcome;
      try {
        if (!campaign) throw new Error(`campaign ${row.campaignId} is gone`);
        const mailFor = await mailForCampaign(campaign);
        const message = mailFor({
          subscriptionId: reader.id,
          email: reader.email,
          unsubscribeToken: reader.unsubscribeToken,
        });
        outcome = await send(message);
      } catch (error) {
        logger.warn({ err: error, id: row.id, campaign: row.campaignId }, "a campaign mail broke");
        outcome = { kind: "retry", answer: BUILD_FAILED_ANSWER };
      }
      results.push(written(row, outcome, now(), retryBaseMs));
    }

    // Rows are this process's until their lease runs out: what is not started well before then
    // is let go (another process would otherwise take them and send them again).
    const claimedUntil = Date.now() + CLAIM_LEASE_MS - LEASE_MARGIN_MS;
    // A pause or cancel stops the batch too, looked up at most once a second.
    let stillSending = true;
    let checkedAt = Date.now();
    async function campaignsStillSending() {
      if (Date.now() - checkedAt < 1_000) return stillSending;
      checkedAt = Date.now();
      const current = await db
        .select({ status: webNewsletterCampaigns.status })
        .from(webNewsletterCampaigns)
        .where(inArray(webNewsletterCampaigns.id, campaignIds));
      stillSending = current.every((c) => c.status === "sending");
      return stillSending;
    }
    const lanes = Array.from({ length: Math.min(PARALLEL_SENDS, queue.length) }, async () => {
      while (!stopped && Date.now() < claimedUntil && (await campaignsStillSending())) {
        const row = queue.shift();
        if (!row) break;
        await one(row);
      }
    });
    await Promise.all(lanes);
    try {
      await writeOutcomes(db, token, results, now());
    } catch (error) {
      // The database away: the leases run out and the rows are tried again (at least once).
      logger.warn({ err: error, rows: results.length }, "could not record campaign mails");
    }
    // Stopping, paused, cancelled or near the lease's end: what was not started is let go at
    // once (for the next process to send, or, cancelled, for the cancel to mark skipped).
    await letGo(
      db,
      token,
      queue.map((row) => row.id),
    );
  }

  async function sendLoop() {
    const token = randomBytes(12).toString("hex");
    const mailForCampaign = preparedCampaigns();
    const batchMax = env.DATABASE_URL ? BATCH_MAX : PGLITE_BATCH_MAX;
    while (!stopped) {
      const settings = await readNewsletterSettings(db);
      const { ratePerSecond: rate, dailyCap: cap } = settings;
      const turn = await takeTurn(db, { rate, cap, batchMax }, now());
      if ("dayFull" in turn) break;
      if ("waitMs" in turn) {
        await sleep(turn.waitMs);
        continue;
      }
      const rows = await claimCampaignMails(db, { token, now: now(), limit: turn.count });
      await giveBack(db, rate, cap, turn.count - rows.length, now());
      if (rows.length === 0) break;
      await sendBatch(rows, token, mailForCampaign);
      await finishSentCampaigns(db, now());
      if (!env.DATABASE_URL) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  return {
    /**
     * Starts due scheduled campaigns, marks finished ones sent, and starts sending in the
     * background when mails are due and no send loop runs. Answers how many campaigns it started.
     */
    async runDue(): Promise<number> {
      if (stopped) return 0;
      const at = now();
      const started = await startDueCampaigns(db, at);
      await finishSentCampaigns(db, at);
      if (!loop && (await anyDue(db, at))) {
        loop = sendLoop()
          .catch((error) => {
            logger.warn({ err: error }, "the campaign sender stopped; it goes on at the next tick");
          })
          .finally(() => {
            loop = null;
          });
      }
      return started.length;
    },
    /** Settles when the send loop under way (if any) has ended. */
    async idle() {
      await loop;
    },
    /**
     * Starts nothing more, and waits up to `graceMs` for the mails under way; claimed mails not
     * yet sent are let go. A mail still out after that is sent again once its claim runs out.
     */
    async stop(graceMs = 5_000) {
      stopped = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        loop,
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      mailer?.close();
      mailer = null;
    },
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;
