import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webOutbox } from "~/db/schema.server";
import { noteIntegrationResult } from "~/integrations/integration-status.server";
import { OutboundError, type OutboundInit, outboundFetch } from "~/integrations/outbound.server";
import { logger } from "~/lib/logger.server";

/**
 * The durable outbox: what the site sends to outside services is written as web_outbox rows in
 * the transaction of the change that causes it (`enqueue`), and delivered later by the job
 * runner's worker, never during the visitor's or admin's request. Delivery is at least once: a
 * process that dies mid-call leaves its claim to run out and the row is tried again, so receivers
 * get the row id to drop duplicates.
 */

export type OutboxRow = typeof webOutbox.$inferSelect;

export interface OutboxMessage {
  event: string;
  /** The integration that delivers it ("zapier"); the worker needs a deliverer of that name. */
  target: string;
  payload: Record<string, unknown>;
  /** How long it is retried before it is given up; GIVE_UP_AFTER_MS unless said. */
  giveUpAfterMs?: number;
}

/** How long a delivery is retried after it was queued (or resent) before it is given up. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** The longest wait between two tries. */
export const MAX_RETRY_DELAY_MS = 60 * 60_000;
/** How long a claimed batch belongs to its worker; far longer than a batch's calls can take. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Rows one worker claims per tick, and how many of them it sends at once. */
const BATCH_SIZE = 10;
const PARALLEL_CALLS = 4;
/** The most of an answer kept for the admin's list. */
const ANSWER_EXCERPT_CHARS = 200;

/**
 * Now, cut to the milliseconds of the worker's clock: PostgreSQL keeps microseconds, and a row
 * queued at 12:00:00.123456 would not yet be due for a worker asking at 12:00:00.123.
 */
const dueNow = sql`date_trunc('milliseconds', now())`;

/**
 * Queues messages in the caller's transaction (pass the transaction, not the app's database):
 * if the change rolls back, so do its messages.
 */
export async function enqueue(tx: Db, messages: OutboxMessage | OutboxMessage[]) {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return [];
  return tx
    .insert(webOutbox)
    .values(
      list.map((m) => ({
        event: m.event,
        target: m.target,
        payload: m.payload,
        nextAttemptAt: dueNow,
        giveUpAt: sql`now() + make_interval(secs => ${(m.giveUpAfterMs ?? GIVE_UP_AFTER_MS) / 1000})`,
      })),
    )
    .returning({ id: webOutbox.id });
}

/** What one try of a delivery came to. */
export type DeliveryOutcome =
  /** The receiver took it (a 2xx). */
  | { kind: "delivered"; status: number; answer: string }
  /** It may work later (an error answer, a timeout, a refused address): try again with backoff. */
  | { kind: "retry"; status?: number; answer: string }
  /** It cannot work as things stand (the integration is off or incomplete): give up now. */
  | { kind: "give-up"; answer: string };

/** Sends one row to its target; throws only for a bug (counted as a retry). */
export type Deliverer = (row: OutboxRow, db: Db) => Promise<DeliveryOutcome>;

/**
 * What a target does with a row it failed to deliver for good (a mail sent another way): runs
 * once, when the row is marked failed, and answers a sentence put before the row's last answer.
 */
export type Fallback = (row: OutboxRow, db: Db) => Promise<string>;

/**
 * The wait after the `attempts`-th failed try: `baseMs`, doubling with each try, at most
 * MAX_RETRY_DELAY_MS.
 */
export function retryDelayMs(attempts: number, baseMs: number) {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/** One line, at most ANSWER_EXCERPT_CHARS, with any of `secrets` blacked out. */
export function answerExcerpt(text: string, secrets: (string | undefined)[] = []) {
  let line = text.replace(/\s+/g, " ").trim();
  for (const secret of secrets) {
    if (secret && secret.length >= 4) line = line.replaceAll(secret, "[redacted]");
  }
  return line.length > ANSWER_EXCERPT_CHARS ? `${line.slice(0, ANSWER_EXCERPT_CHARS - 1)}…` : line;
}

/**
 * What a receiver's answer with `status` means for a delivery: a 2xx took it; a 4xx other than
 * 408 (Request Timeout) and 429 (Too Many Requests) is a refusal (a bad key, an invalid request,
 * a hook that is gone) that fails the same way every time, so it is given up; anything else (a
 * 5xx, a timeout, throttling) may work later and is retried.
 */
export function outcomeOfAnswer(status: number, answer: string): DeliveryOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered", status, answer };
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { kind: "give-up", answer };
  }
  return { kind: "retry", status, answer };
}

/**
 * A deliverer's call to its receiver: the answer, or, when the call did not happen or did not
 * finish (an unreachable or refused address, a timeout), a retry saying why, with `secrets`
 * blacked out. Any other error is a bug and is thrown.
 */
export async function callForDelivery(
  url: string,
  init: OutboundInit,
  secrets: (string | undefined)[],
): Promise<{ response: Response } | { outcome: DeliveryOutcome }> {
  try {
    return { response: await outboundFetch(url, init) };
  } catch (error) {
    if (error instanceof OutboundError) {
      return { outcome: { kind: "retry", answer: answerExcerpt(error.message, secrets) } };
    }
    throw error;
  }
}

/**
 * Claims up to `limit` due rows for `token`: one statement whose inner SELECT locks with SKIP
 * LOCKED, so workers of several processes asking at once get disjoint rows without waiting on
 * each other, and a row another worker claimed is not due again until its lease runs out.
 * (PGlite has one connection, so there nothing runs at once; the statement works the same.)
 * A newsletter's mails are left to the campaign sender (app/newsletter/campaign-sender.server.ts),
 * which takes them at the site's pace.
 */
export async function claimDueDeliveries(
  db: Db,
  { token, now, limit = BATCH_SIZE }: { token: string; now: Date; limit?: number },
): Promise<OutboxRow[]> {
  const leaseEnd = new Date(now.getTime() + CLAIM_LEASE_MS);
  const at = sql`${now.toISOString()}::timestamptz`;
  return db
    .update(webOutbox)
    .set({ claimedBy: token, claimedUntil: leaseEnd })
    .where(
      inArray(
        webOutbox.id,
        sql`(select ${webOutbox.id} from ${webOutbox}
             where ${webOutbox.status} = 'pending' and ${webOutbox.nextAttemptAt} <= ${at}
               and ${webOutbox.campaignId} is null
               and (${webOutbox.claimedUntil} is null or ${webOutbox.claimedUntil} < ${at})
             order by ${webOutbox.nextAttemptAt}, ${webOutbox.id}
             limit ${limit} for update skip locked)`,
      ),
    )
    .returning();
}

/**
 * Writes the outcome of a try and lets the row go. Only while the claim is still this worker's:
 * when the lease ran out and another worker took the row, its outcome counts, not this one.
 */
/** Whether `outcome` of a try at `now` leaves the row failed (no further try). */
export function failsForGood(row: OutboxRow, outcome: DeliveryOutcome, now: Date) {
  if (outcome.kind === "delivered") return false;
  return outcome.kind === "give-up" || now.getTime() >= row.giveUpAt.getTime();
}

export async function recordOutcome(
  db: Db,
  row: OutboxRow,
  token: string,
  outcome: DeliveryOutcome,
  { now, retryBaseMs }: { now: Date; retryBaseMs: number },
) {
  const attempts = row.attempts + 1;
  const common = {
    attempts,
    lastAttemptAt: now,
    lastAnswer: outcome.answer,
    lastStatus: outcome.kind === "give-up" ? null : (outcome.status ?? null),
    claimedBy: null,
    claimedUntil: null,
  };
  let change: Partial<typeof webOutbox.$inferInsert>;
  if (outcome.kind === "delivered") {
    change = { ...common, status: "delivered", deliveredAt: now };
  } else if (failsForGood(row, outcome, now)) {
    change = { ...common, status: "failed" };
  } else {
    // The last try falls on the give-up time itself, not a whole backoff past it.
    const next = Math.min(
      now.getTime() + retryDelayMs(attempts, retryBaseMs),
      row.giveUpAt.getTime(),
    );
    change = { ...common, nextAttemptAt: new Date(next) };
  }
  const written = await db
    .update(webOutbox)
    .set(change)
    .where(and(eq(webOutbox.id, row.id), eq(webOutbox.claimedBy, token)))
    .returning({ id: webOutbox.id });
  // The target's card shows how its deliveries go (the target is the integration's name).
  if (written.length > 0) {
    await noteIntegrationResult(
      db,
      row.target,
      outcome.kind === "delivered"
        ? { ok: true, message: `Delivered ${row.event}: ${outcome.answer}` }
        : { ok: false, message: `${row.event}: ${outcome.answer}` },
      now,
    );
  }
}

export interface OutboxWorkerOptions {
  db: Db;
  /** The deliverer of each target; a row whose target has none fails with a clear answer. */
  targets: Record<string, Deliverer>;
  /** What a target does with a row once it has failed for good, if anything. */
  fallbacks?: Record<string, Fallback>;
  /** The first wait after a failed try, doubled for each further one. */
  retryBaseMs: number;
  /** The clock (tests move it). */
  now?: () => Date;
}

/**
 * The worker the job runner calls on every tick. `runDue` claims a batch and sends it in the
 * background, so a slow receiver holds up neither the runner's other jobs nor anyone's request;
 * while a batch is out, later ticks claim nothing (one batch per process at a time).
 */
export function createOutboxWorker({
  db,
  targets,
  fallbacks = {},
  retryBaseMs,
  now = () => new Date(),
}: OutboxWorkerOptions) {
  let inFlight: Promise<void> | null = null;
  let stopped = false;
  let prunedAt = Number.NEGATIVE_INFINITY;

  async function deliver(row: OutboxRow, token: string) {
    const deliverer = Object.hasOwn(targets, row.target) ? targets[row.target] : undefined;
    let outcome: DeliveryOutcome;
    if (!deliverer) {
      outcome = { kind: "give-up", answer: `Nothing delivers to "${row.target}" on this site.` };
    } else {
      try {
        outcome = await deliverer(row, db);
      } catch (error) {
        logger.warn({ err: error, id: row.id, target: row.target }, "an outbox delivery broke");
        outcome = { kind: "retry", answer: "The delivery failed on our side; see the server log." };
      }
    }
    const at = now();
    const fallback = Object.hasOwn(fallbacks, row.target) ? fallbacks[row.target] : undefined;
    if (fallback && failsForGood(row, outcome, at)) {
      let note: string;
      try {
        note = await fallback(row, db);
      } catch (error) {
        logger.error({ err: error, id: row.id, target: row.target }, "an outbox fallback failed");
        note = "Its fallback failed too; see the server log.";
      }
      // The fallback first: the excerpt is short, and what became of the message matters most.
      outcome = { ...outcome, answer: answerExcerpt(`${note} ${outcome.answer}`) };
    }
    await recordOutcome(db, row, token, outcome, { now: at, retryBaseMs });
  }

  async function sendBatch(rows: OutboxRow[], token: string) {
    const queue = [...rows];
    const lanes = Array.from({ length: Math.min(PARALLEL_CALLS, queue.length) }, async () => {
      while (!stopped) {
        const row = queue.shift();
        if (!row) break;
        try {
          await deliver(row, token);
        } catch (error) {
          // The outcome could not be written (the database away): the lease runs out and the
          // row is tried again.
          logger.warn({ err: error, id: row.id }, "could not record an outbox delivery");
        }
      }
    });
    await Promise.all(lanes);
    if (queue.length > 0) {
      // Stopping: what was not started is let go at once, for the next process to send.
      await db
        .update(webOutbox)
        .set({ claimedBy: null, claimedUntil: null })
        .where(
          and(
            inArray(
              webOutbox.id,
              queue.map((r) => r.id),
            ),
            eq(webOutbox.claimedBy, token),
          ),
        );
    }
  }

  return {
    /**
     * Claims due rows and starts sending them unless a batch is already out. Answers how many
     * rows it claimed; `idle()` settles when they are sent.
     */
    async runDue(): Promise<number> {
      if (inFlight || stopped) return 0;
      const at = now();
      if (at.getTime() - prunedAt >= PRUNE_EVERY_MS) {
        prunedAt = at.getTime();
        const pruned = await pruneDeliveries(db, at);
        if (pruned > 0) logger.info({ pruned }, "cleared old outbox deliveries");
      }
      const token = randomBytes(12).toString("hex");
      const rows = await claimDueDeliveries(db, { token, now: at });
      if (rows.length === 0) return 0;
      inFlight = sendBatch(rows, token).finally(() => {
        inFlight = null;
      });
      return rows.length;
    },
    /** Settles when the batch under way (if any) is sent and recorded. */
    async idle() {
      await inFlight;
    },
    /**
     * Starts nothing more, and waits up to `graceMs` for the calls under way. A call still out
     * after that is not waited for: its row is sent again once its claim runs out.
     */
    async stop(graceMs = 5_000) {
      stopped = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight,
        new Promise((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;

/** How long finished deliveries stay listed: delivered ones a week, failed ones a month. */
export const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60_000;
export const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;
/** How often a worker clears old deliveries. */
const PRUNE_EVERY_MS = 60 * 60_000;

/**
 * Deletes finished deliveries past their keeping time: the outbox is a delivery log, not an
 * archive, and payloads hold personal data (a lead's name, a mail's text). Answers how many went.
 * A newsletter's rows stay while its campaign does: they are its record of who got it (their
 * payload is empty; the reader is the subscription id in the dedupe key).
 */
export async function pruneDeliveries(db: Db, now: Date) {
  const deliveredBefore = new Date(now.getTime() - KEEP_DELIVERED_MS).toISOString();
  const failedBefore = new Date(now.getTime() - KEEP_FAILED_MS).toISOString();
  const gone = await db
    .delete(webOutbox)
    .where(
      sql`${webOutbox.campaignId} is null and (
            (${webOutbox.status} = 'delivered' and ${webOutbox.createdAt} < ${deliveredBefore}::timestamptz)
            or (${webOutbox.status} = 'failed' and ${webOutbox.createdAt} < ${failedBefore}::timestamptz))`,
    )
    .returning({ id: webOutbox.id });
  return gone.length;
}

/** The newest deliveries, for the admin's list. */
export function listDeliveries(db: Db, limit = 50) {
  return (
    db
      .select({
        id: webOutbox.id,
        event: webOutbox.event,
        target: webOutbox.target,
        status: webOutbox.status,
        attempts: webOutbox.attempts,
        lastStatus: webOutbox.lastStatus,
        lastAnswer: webOutbox.lastAnswer,
        lastAttemptAt: webOutbox.lastAttemptAt,
        nextAttemptAt: webOutbox.nextAttemptAt,
        createdAt: webOutbox.createdAt,
        deliveredAt: webOutbox.deliveredAt,
      })
      .from(webOutbox)
      // A newsletter's thousands of mails are counted on its campaign's page, not listed here.
      .where(isNull(webOutbox.campaignId))
      .orderBy(desc(webOutbox.createdAt), desc(webOutbox.id))
      .limit(limit)
  );
}

export type ResendOutcome =
  | { status: "queued"; id: number }
  | { status: "missing" }
  /** Still pending: it is sent (or retried) on its own. */
  | { status: "pending" };

/**
 * The admin's Resend. A failed delivery is queued again as it is (same id: the receiver never
 * took it), with as long to retry as it had when first queued. A delivered one is queued as a
 * new delivery with a new id, since a receiver that drops duplicates would otherwise drop it.
 */
export async function resendDelivery(db: Db, id: number): Promise<ResendOutcome> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [row] = await tx.select().from(webOutbox).where(eq(webOutbox.id, id)).for("update");
    // A newsletter's mail is its campaign's (not listed here, not resent on its own).
    if (!row || row.campaignId !== null) return { status: "missing" } as const;
    if (row.status === "pending") return { status: "pending" } as const;
    if (row.status === "failed") {
      await tx
        .update(webOutbox)
        .set({
          status: "pending",
          attempts: 0,
          nextAttemptAt: dueNow,
          // As long as it had at first (a mail has half an hour, a webhook a day).
          giveUpAt: sql`now() + (${webOutbox.giveUpAt} - ${webOutbox.createdAt})`,
          claimedBy: null,
          claimedUntil: null,
        })
        .where(eq(webOutbox.id, id));
      return { status: "queued", id } as const;
    }
    const [copy] = await enqueue(tx, {
      event: row.event,
      target: row.target,
      payload: row.payload,
      giveUpAfterMs: row.giveUpAt.getTime() - row.createdAt.getTime(),
    });
    if (!copy) throw new Error("the resent delivery was not stored");
    return { status: "queued", id: copy.id } as const;
  });
}
