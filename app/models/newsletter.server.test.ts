import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "~/db/client.server";
import {
  webIntegrations,
  webNewsletterConsents,
  webNewsletterSubscriptions,
  webOutbox,
} from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";
import { SIGNUP_WORDING_VERSION } from "~/newsletter/consent";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  confirmSubscription,
  findPendingByConfirmToken,
  findSubscriptionByToken,
  subscribeToNewsletter,
  unsubscribeByToken,
} from "./newsletter.server";

// The announcements (Zapier's subscriber.* events) as the model makes them.
vi.mock("~/integrations/site-events.server", async (original) => {
  const actual = await original<typeof import("~/integrations/site-events.server")>();
  return { ...actual, recordSiteEvent: vi.fn(actual.recordSiteEvent) };
});

function unsubscribeAnnouncements() {
  return vi.mocked(recordSiteEvent).mock.calls.filter(([, event]) => {
    return event === "subscriber.unsubscribed";
  }).length;
}

describe.each(backends)("newsletter subscriptions on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("gives every subscription its own unguessable token", async () => {
    const a = await subscribeToNewsletter(database.db, "a@example.com");
    const b = await subscribeToNewsletter(database.db, "b@example.com");
    expect(a.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.unsubscribeToken).not.toBe(b.unsubscribeToken);
  });

  it("unsubscribes the holder of the token, keeping the time of the first click", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "a@example.com");
    expect(await findSubscriptionByToken(database.db, unsubscribeToken)).toEqual({
      email: "a@example.com",
      status: "active",
    });
    const announcedBefore = unsubscribeAnnouncements();
    expect(await unsubscribeByToken(database.db, unsubscribeToken)).toEqual({
      email: "a@example.com",
    });
    expect(unsubscribeAnnouncements()).toBe(announcedBefore + 1);
    const [first] = await database.db.select().from(webNewsletterSubscriptions);
    expect(first?.status).toBe("unsubscribed");
    expect(first?.unsubscribedAt).toBeInstanceOf(Date);
    await unsubscribeByToken(database.db, unsubscribeToken);
    const [second] = await database.db.select().from(webNewsletterSubscriptions);
    expect(second?.unsubscribedAt).toEqual(first?.unsubscribedAt);
    expect(unsubscribeAnnouncements()).toBe(announcedBefore + 1);
  });

  it("leaves a suppressed address suppressed, and unsubscribes a pending one without announcing it", async () => {
    const suppressed = await subscribeToNewsletter(database.db, "bounced@example.com");
    const pending = await subscribeToNewsletter(database.db, "pending@example.com");
    await database.db
      .update(webNewsletterSubscriptions)
      .set({ status: "suppressed", suppressedReason: "bounce", suppressedAt: new Date() })
      .where(eq(webNewsletterSubscriptions.email, "bounced@example.com"));
    await database.db
      .update(webNewsletterSubscriptions)
      .set({ status: "pending" })
      .where(eq(webNewsletterSubscriptions.email, "pending@example.com"));
    const announcedBefore = unsubscribeAnnouncements();

    expect(await unsubscribeByToken(database.db, suppressed.unsubscribeToken)).toEqual({
      email: "bounced@example.com",
    });
    expect(await unsubscribeByToken(database.db, pending.unsubscribeToken)).toEqual({
      email: "pending@example.com",
    });
    const rows = await database.db.select().from(webNewsletterSubscriptions);
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get("bounced@example.com")?.status).toBe("suppressed");
    expect(byEmail.get("bounced@example.com")?.unsubscribedAt).toBeNull();
    expect(byEmail.get("pending@example.com")?.status).toBe("unsubscribed");
    expect(unsubscribeAnnouncements()).toBe(announcedBefore);
  });

  it("finds nothing for a wrong, malformed or empty token", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(database.db, "a@example.com");
    const wrong = `${unsubscribeToken.slice(0, -1)}${unsubscribeToken.endsWith("A") ? "B" : "A"}`;
    for (const token of [wrong, "", "'; drop table x; --", "a".repeat(500)]) {
      expect(await findSubscriptionByToken(database.db, token)).toBeNull();
      expect(await unsubscribeByToken(database.db, token)).toBeNull();
    }
    const [row] = await database.db.select().from(webNewsletterSubscriptions);
    expect(row?.status).toBe("active");
  });
});

describe.each(backends)("double opt-in on %s", (backend) => {
  let database: Database;
  let db: Db;
  const optIn = { doubleOptIn: true } as const;
  beforeEach(async () => {
    database = await createTestDatabase(backend, { seeded: true });
    db = database.db;
    // Zapier on, so subscriber.created shows in the outbox when (and only when) it is announced.
    await db
      .update(webIntegrations)
      .set({ enabled: true, config: { webhookUrl: "https://hooks.zapier.com/hooks/catch/1/x" } })
      .where(eq(webIntegrations.name, "zapier"));
  });
  afterEach(async () => {
    await database.close();
  });

  const row = async (email: string) =>
    (
      await db
        .select()
        .from(webNewsletterSubscriptions)
        .where(eq(webNewsletterSubscriptions.email, email))
    )[0];
  const consents = () =>
    db.select().from(webNewsletterConsents).orderBy(asc(webNewsletterConsents.id));
  const announced = async () =>
    (await db.select().from(webOutbox).orderBy(asc(webOutbox.id))).map((r) => [
      r.event,
      r.payload.email,
      r.payload.returning,
    ]);

  it("stores a new address pending with its own confirmation key, and announces nothing yet", async () => {
    const result = await subscribeToNewsletter(db, "a@example.com", { ...optIn, source: "footer" });
    expect(result.outcome).toBe("confirmation-needed");
    expect(result.confirmToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.confirmToken).not.toBe(result.unsubscribeToken);
    expect(await row("a@example.com")).toMatchObject({
      status: "pending",
      confirmToken: result.confirmToken,
      confirmedAt: null,
    });
    expect(await consents()).toMatchObject([
      { source: "footer", wordingVersion: SIGNUP_WORDING_VERSION, confirmed: false },
    ]);
    expect(await announced()).toEqual([]);
    expect(await findPendingByConfirmToken(db, result.confirmToken as string)).toEqual({
      email: "a@example.com",
    });
  });

  it("confirms once: active, confirmed now, the key used up, a confirmed consent, announced", async () => {
    const { confirmToken } = await subscribeToNewsletter(db, "a@example.com", {
      ...optIn,
      source: "page",
    });
    const before = Date.now();
    expect(await confirmSubscription(db, confirmToken as string)).toEqual({
      email: "a@example.com",
      unsubscribeToken: (await row("a@example.com"))?.unsubscribeToken,
    });
    const confirmed = await row("a@example.com");
    expect(confirmed).toMatchObject({ status: "active", confirmToken: null });
    expect(confirmed?.confirmedAt?.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(await consents()).toMatchObject([
      { source: "page", confirmed: false },
      { source: "page", wordingVersion: SIGNUP_WORDING_VERSION, confirmed: true },
    ]);
    expect(await announced()).toEqual([["subscriber.created", "a@example.com", false]]);
    // The same link again (a second click, a scanner): nothing more.
    expect(await confirmSubscription(db, confirmToken as string)).toBeNull();
    expect(await findPendingByConfirmToken(db, confirmToken as string)).toBeNull();
    expect(await consents()).toHaveLength(2);
    expect(await announced()).toHaveLength(1);
  });

  it("confirms exactly once when the button is pressed twice at the same moment", async () => {
    const { confirmToken } = await subscribeToNewsletter(db, "a@example.com", optIn);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => confirmSubscription(db, confirmToken as string)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await consents()).filter((c) => c.confirmed)).toHaveLength(1);
    expect(await announced()).toHaveLength(1);
  });

  it("finds nothing for a wrong, malformed or empty confirmation key", async () => {
    const { confirmToken, unsubscribeToken } = await subscribeToNewsletter(
      db,
      "a@example.com",
      optIn,
    );
    const key = confirmToken as string;
    const wrong = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    for (const token of [wrong, unsubscribeToken, "", "x".repeat(43), "a".repeat(500)]) {
      expect(await findPendingByConfirmToken(db, token)).toBeNull();
      expect(await confirmSubscription(db, token)).toBeNull();
    }
    expect((await row("a@example.com"))?.status).toBe("pending");
  });

  it("keeps a pending address pending with the same key when it signs up again", async () => {
    const first = await subscribeToNewsletter(db, "a@example.com", optIn);
    const { pendingSince, ...again } = await subscribeToNewsletter(db, "a@example.com", optIn);
    expect(again).toEqual({ ...first, outcome: "still-pending" });
    // Since when its link is out: just now (the caller does not mail it again so soon).
    expect(Date.now() - (pendingSince?.getTime() ?? 0)).toBeLessThan(60_000);
    expect(await consents()).toHaveLength(1);
  });

  it("sends an unsubscribed address back to pending; confirmed, it is announced as returning", async () => {
    await subscribeToNewsletter(db, "a@example.com");
    const { unsubscribeToken } = await subscribeToNewsletter(db, "a@example.com");
    await unsubscribeByToken(db, unsubscribeToken);
    await db.delete(webOutbox);
    const back = await subscribeToNewsletter(db, "a@example.com", { ...optIn, source: "footer" });
    expect(back.outcome).toBe("confirmation-needed");
    expect(back.unsubscribeToken).toBe(unsubscribeToken);
    expect(await row("a@example.com")).toMatchObject({
      status: "pending",
      confirmToken: back.confirmToken,
    });
    expect(await announced()).toEqual([]);
    await confirmSubscription(db, back.confirmToken as string);
    expect(await row("a@example.com")).toMatchObject({ status: "active", unsubscribedAt: null });
    expect(await announced()).toEqual([["subscriber.created", "a@example.com", true]]);
  });

  it("leaves a suppressed address as it is, with no consent record and nothing announced", async () => {
    await db.insert(webNewsletterSubscriptions).values({
      email: "gone@example.com",
      status: "suppressed",
      unsubscribeToken: "g".repeat(43),
      suppressedReason: "bounce",
      suppressedAt: new Date(),
    });
    const before = await row("gone@example.com");
    for (const doubleOptIn of [true, false]) {
      const result = await subscribeToNewsletter(db, "gone@example.com", { doubleOptIn });
      expect(result.outcome).toBe("suppressed");
      expect(result.confirmToken).toBeNull();
    }
    expect(await row("gone@example.com")).toEqual(before);
    expect(await consents()).toEqual([]);
    expect(await announced()).toEqual([]);
  });

  it("with double opt-in off: active at once with an unconfirmed consent, announced at once", async () => {
    const result = await subscribeToNewsletter(db, "a@example.com", { source: "footer" });
    expect(result).toMatchObject({ outcome: "subscribed", confirmToken: null });
    expect(await row("a@example.com")).toMatchObject({ status: "active", confirmedAt: null });
    expect(await consents()).toMatchObject([{ source: "footer", confirmed: false }]);
    expect(await announced()).toEqual([["subscriber.created", "a@example.com", false]]);
    expect((await subscribeToNewsletter(db, "a@example.com")).outcome).toBe("already-subscribed");
  });

  it("activates an address left pending once double opt-in is switched off", async () => {
    const pending = await subscribeToNewsletter(db, "a@example.com", optIn);
    const now = await subscribeToNewsletter(db, "a@example.com");
    expect(now).toMatchObject({ outcome: "subscribed", confirmToken: null });
    expect(await row("a@example.com")).toMatchObject({ status: "active", confirmToken: null });
    expect(await confirmSubscription(db, pending.confirmToken as string)).toBeNull();
    expect(await announced()).toEqual([["subscriber.created", "a@example.com", false]]);
  });

  it("stores one row, one consent and one confirmation key when an address arrives many times at once", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => subscribeToNewsletter(db, "race@example.com", optIn)),
    );
    expect(results.filter((r) => r.outcome === "confirmation-needed")).toHaveLength(1);
    expect(results.filter((r) => r.outcome === "still-pending")).toHaveLength(7);
    expect(new Set(results.map((r) => r.confirmToken)).size).toBe(1);
    expect(await consents()).toHaveLength(1);
  });
});
