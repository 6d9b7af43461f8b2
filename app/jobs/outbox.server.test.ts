import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webIntegrations, webNewsletterCampaigns, webOutbox } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createOutboxWorker,
  type Deliverer,
  enqueue,
  GIVE_UP_AFTER_MS,
  KEEP_DELIVERED_MS,
  KEEP_FAILED_MS,
  MAX_RETRY_DELAY_MS,
  pruneDeliveries,
  resendDelivery,
  retryDelayMs,
} from "./outbox.server";

const BASE_MS = 30_000;

describe("retryDelayMs", () => {
  it("doubles from the base after each failed try, up to an hour", () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, BASE_MS))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(20, BASE_MS)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe.each(backends)("the outbox (%s)", (backend) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(webOutbox);
  });

  const message = (n = 1) => ({ event: "lead.created", target: "fake", payload: { n } });

  async function rows() {
    return db.select().from(webOutbox).orderBy(asc(webOutbox.id));
  }

  it("keeps a message only when the change that made it commits", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx as unknown as Db, message(1));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await rows()).toEqual([]);

    await db.transaction(async (tx) => {
      await enqueue(tx as unknown as Db, message(2));
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 0, payload: { n: 2 } });
    expect((row?.giveUpAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(GIVE_UP_AFTER_MS);
  });

  it("delivers each message once when two workers claim at the same time", async () => {
    await enqueue(
      db,
      Array.from({ length: 24 }, (_, i) => message(i)),
    );
    const deliveredBy = new Map<number, string[]>();
    const deliverer =
      (worker: string): Deliverer =>
      async (row) => {
        deliveredBy.set(row.id, [...(deliveredBy.get(row.id) ?? []), worker]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return { kind: "delivered", status: 200, answer: "200 ok" };
      };
    const one = createOutboxWorker({ db, targets: { fake: deliverer("one") }, retryBaseMs: 1 });
    const two = createOutboxWorker({ db, targets: { fake: deliverer("two") }, retryBaseMs: 1 });
    for (let round = 0; round < 10; round++) {
      await Promise.all([one.runDue(), two.runDue()]);
      await Promise.all([one.idle(), two.idle()]);
    }
    const all = await rows();
    expect(all.map((r) => r.status)).toEqual(Array(24).fill("delivered"));
    expect(all.every((r) => r.attempts === 1 && r.claimedBy === null)).toBe(true);
    expect([...deliveredBy.values()].every((workers) => workers.length === 1)).toBe(true);
    expect(deliveredBy.size).toBe(24);
  });

  it("retries a failing delivery with growing waits and gives up after a day", async () => {
    await enqueue(db, message());
    const [queued] = await rows();
    let clock = (queued?.createdAt.getTime() ?? 0) + 1000;
    let calls = 0;
    const worker = createOutboxWorker({
      db,
      targets: {
        fake: async () => {
          calls++;
          return { kind: "retry", status: 500, answer: "500 try later" };
        },
      },
      retryBaseMs: BASE_MS,
      now: () => new Date(clock),
    });
    const tick = async () => {
      const claimed = await worker.runDue();
      await worker.idle();
      return claimed;
    };

    expect(await tick()).toBe(1);
    let [row] = await rows();
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatus: 500 });
    expect(row?.lastAnswer).toBe("500 try later");
    expect(row?.nextAttemptAt.getTime()).toBe(clock + BASE_MS);

    clock += BASE_MS - 1;
    expect(await tick()).toBe(0);
    clock += 1;
    expect(await tick()).toBe(1);
    [row] = await rows();
    expect(row?.attempts).toBe(2);
    expect(row?.nextAttemptAt.getTime()).toBe(clock + 2 * BASE_MS);

    // Near the end of the day, the last try falls on the give-up time, not a backoff past it.
    clock = (row?.giveUpAt.getTime() ?? 0) - 60_000;
    expect(await tick()).toBe(1);
    [row] = await rows();
    expect(row?.status).toBe("pending");
    expect(row?.nextAttemptAt.getTime()).toBe(row?.giveUpAt.getTime());

    clock = row?.giveUpAt.getTime() ?? 0;
    expect(await tick()).toBe(1);
    [row] = await rows();
    expect(row).toMatchObject({ status: "failed", attempts: 4, lastStatus: 500 });
    clock += 24 * 60 * 60_000;
    expect(await tick()).toBe(0);
    expect(calls).toBe(4);
  });

  it("fails at once where nothing can deliver, and retries after a broken deliverer", async () => {
    await enqueue(db, [{ ...message(), target: "nobody" }, message(2)]);
    const worker = createOutboxWorker({
      db,
      targets: {
        fake: async () => {
          throw new Error("a bug");
        },
      },
      retryBaseMs: BASE_MS,
    });
    await worker.runDue();
    await worker.idle();
    const [unknown, broken] = await rows();
    expect(unknown).toMatchObject({ status: "failed", attempts: 1, lastStatus: null });
    expect(unknown?.lastAnswer).toBe('Nothing delivers to "nobody" on this site.');
    expect(broken).toMatchObject({ status: "pending", attempts: 1 });
    expect(broken?.lastAnswer).toMatch(/failed on our side/);
  });

  it("stops without waiting long for a slow receiver, letting go of what it had not started", async () => {
    await enqueue(
      db,
      Array.from({ length: 6 }, (_, i) => message(i)),
    );
    let release = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const worker = createOutboxWorker({
      db,
      targets: {
        fake: async () => {
          await slow;
          return { kind: "delivered", status: 200, answer: "200" };
        },
      },
      retryBaseMs: BASE_MS,
    });
    expect(await worker.runDue()).toBe(6);
    const started = Date.now();
    await worker.stop(100);
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    await worker.idle();
    const all = await rows();
    // Four were out (one batch sends four at once) and finished; two were let go unsent.
    expect(all.filter((r) => r.status === "delivered")).toHaveLength(4);
    const letGo = all.filter((r) => r.status === "pending");
    expect(letGo).toHaveLength(2);
    expect(letGo.every((r) => r.claimedBy === null && r.attempts === 0)).toBe(true);
    expect(await worker.runDue()).toBe(0);
  });

  it("does not resend a newsletter campaign's mail on its own (its campaign sends it)", async () => {
    const [campaign] = await db
      .insert(webNewsletterCampaigns)
      .values({ subject: "Ours", status: "sent" })
      .returning();
    const [row] = await db
      .insert(webOutbox)
      .values({
        event: "campaign.mail",
        target: "newsletter",
        campaignId: campaign?.id,
        status: "failed",
        giveUpAt: new Date(),
      })
      .returning();
    expect(await resendDelivery(db, row?.id as number)).toEqual({ status: "missing" });
    expect(
      await db
        .select()
        .from(webOutbox)
        .where(eq(webOutbox.campaignId, campaign?.id as number)),
    ).toHaveLength(1);
  });

  it("resends a failed delivery as it is and a delivered one as a new delivery", async () => {
    await enqueue(db, [message(1), message(2), message(3)]);
    const [failed, delivered, pending] = await rows();
    if (!failed || !delivered || !pending) throw new Error("rows missing");
    await db
      .update(webOutbox)
      .set({ status: "failed", attempts: 9 })
      .where(eq(webOutbox.id, failed.id));
    await db
      .update(webOutbox)
      .set({ status: "delivered", attempts: 1, deliveredAt: new Date() })
      .where(eq(webOutbox.id, delivered.id));

    expect(await resendDelivery(db, failed.id)).toEqual({ status: "queued", id: failed.id });
    const again = await resendDelivery(db, delivered.id);
    expect(again.status).toBe("queued");
    expect(await resendDelivery(db, pending.id)).toEqual({ status: "pending" });
    expect(await resendDelivery(db, 999_999)).toEqual({ status: "missing" });

    const all = await rows();
    expect(all).toHaveLength(4);
    const requeued = all.find((r) => r.id === failed.id);
    expect(requeued).toMatchObject({ status: "pending", attempts: 0 });
    expect(requeued?.giveUpAt.getTime()).toBeGreaterThan(Date.now());
    // As long to retry as at first: a day.
    expect((requeued?.giveUpAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(
      GIVE_UP_AFTER_MS - 60_000,
    );
    expect(all.find((r) => r.id === delivered.id)?.status).toBe("delivered");
    const copy = all.at(-1);
    expect(copy?.id).not.toBe(delivered.id);
    expect(copy).toMatchObject({ status: "pending", event: "lead.created", payload: { n: 2 } });
  });

  it("runs a target's fallback once, when the row fails for good, and says so first", async () => {
    await enqueue(db, [message(1), { ...message(2), giveUpAfterMs: 60_000 }]);
    const [refused, flaky] = await rows();
    if (!refused || !flaky) throw new Error("rows missing");
    const fellBack: number[] = [];
    let clock = flaky.createdAt.getTime() + 1000;
    const worker = createOutboxWorker({
      db,
      targets: {
        fake: async (row) =>
          row.id === refused.id
            ? { kind: "give-up", answer: "401 bad key" }
            : { kind: "retry", status: 503, answer: "503 busy" },
      },
      fallbacks: {
        fake: async (row) => {
          fellBack.push(row.id);
          return "Sent by SMTP instead.";
        },
      },
      retryBaseMs: BASE_MS,
      now: () => new Date(clock),
    });
    await worker.runDue();
    await worker.idle();
    // The refused one fell back at once; the flaky one is still being retried.
    expect(fellBack).toEqual([refused.id]);
    let [first, second] = await rows();
    expect(first).toMatchObject({
      status: "failed",
      lastAnswer: "Sent by SMTP instead. 401 bad key",
    });
    expect(second).toMatchObject({ status: "pending", lastAnswer: "503 busy" });

    // Its shorter give-up time (a minute) comes: the last try fails, and it falls back then.
    clock = flaky.giveUpAt.getTime();
    await worker.runDue();
    await worker.idle();
    expect(fellBack).toEqual([refused.id, flaky.id]);
    [first, second] = await rows();
    expect(second).toMatchObject({
      status: "failed",
      lastAnswer: "Sent by SMTP instead. 503 busy",
    });
    expect(flaky.giveUpAt.getTime() - flaky.createdAt.getTime()).toBe(60_000);
  });

  it("notes each outcome on the target integration's row, for its card", async () => {
    await db
      .insert(webIntegrations)
      .values({ name: "fake", enabled: true, config: {} })
      .onConflictDoNothing();
    await enqueue(db, [message(1), message(2)]);
    const [ok] = await rows();
    const worker = createOutboxWorker({
      db,
      targets: {
        fake: async (row) =>
          row.id === ok?.id
            ? { kind: "delivered", status: 200, answer: "200 thanks" }
            : { kind: "retry", status: 500, answer: "500 down" },
      },
      retryBaseMs: BASE_MS,
    });
    await worker.runDue();
    await worker.idle();
    const [integration] = await db
      .select()
      .from(webIntegrations)
      .where(eq(webIntegrations.name, "fake"));
    expect(integration?.lastSuccess).toBe("Delivered lead.created: 200 thanks");
    expect(integration?.lastError).toBe("lead.created: 500 down");
    expect(integration?.lastSuccessAt).toBeInstanceOf(Date);
    expect(integration?.lastErrorAt).toBeInstanceOf(Date);
    await db.delete(webIntegrations).where(eq(webIntegrations.name, "fake"));
  });

  it("clears delivered rows after a week and failed ones after a month, never pending ones", async () => {
    await enqueue(db, [message(1), message(2), message(3), message(4)]);
    const [oldDelivered, oldFailed, recentFailed, pending] = await rows();
    if (!oldDelivered || !oldFailed || !recentFailed || !pending) throw new Error("rows missing");
    const now = new Date(pending.createdAt.getTime() + KEEP_DELIVERED_MS + 60_000);
    await db
      .update(webOutbox)
      .set({ status: "delivered" })
      .where(eq(webOutbox.id, oldDelivered.id));
    await db
      .update(webOutbox)
      .set({ status: "failed", createdAt: new Date(now.getTime() - KEEP_FAILED_MS - 1000) })
      .where(eq(webOutbox.id, oldFailed.id));
    await db.update(webOutbox).set({ status: "failed" }).where(eq(webOutbox.id, recentFailed.id));

    expect(await pruneDeliveries(db, now)).toBe(2);
    expect((await rows()).map((r) => r.id)).toEqual([recentFailed.id, pending.id]);
  });
});
