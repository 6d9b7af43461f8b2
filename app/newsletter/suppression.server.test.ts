import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webIntegrations, webNewsletterSubscriptions, webOutbox } from "~/db/schema.server";
import {
  confirmSubscription,
  findPendingByConfirmToken,
  subscribeToNewsletter,
  unsubscribeByToken,
} from "~/models/newsletter.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { applyDeliveryEvents, isSuppressed } from "./suppression.server";

const subs = webNewsletterSubscriptions;

describe.each(backends)("suppression (%s)", (backend) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openSiteDatabase(backend);
    db = database.db;
    // Zapier on, so that every subscriber.* announcement shows as an outbox row.
    await db
      .update(webIntegrations)
      .set({ enabled: true, config: { webhookUrl: "https://hooks.zapier.com/hooks/catch/1/x/" } })
      .where(eq(webIntegrations.name, "zapier"));
  });
  afterAll(async () => {
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    await db.delete(subs);
    await db.delete(webOutbox);
  });

  async function row(email: string) {
    const [found] = await db
      .select({
        status: subs.status,
        suppressedReason: subs.suppressedReason,
        suppressedAt: subs.suppressedAt,
        unsubscribedAt: subs.unsubscribedAt,
      })
      .from(subs)
      .where(eq(subs.email, email));
    return found;
  }
  async function announced() {
    const rows = await db.select().from(webOutbox).orderBy(asc(webOutbox.id));
    return rows.filter((r) => r.event === "subscriber.unsubscribed").map((r) => r.payload);
  }
  const minutesAgo = (minutes: number) =>
    new Date(Math.floor(Date.now() / 60_000 - minutes) * 60_000);

  it("suppresses for each reason with the event's time, announces it once, and never again", async () => {
    const at = minutesAgo(1);
    for (const email of ["bounce@example.com", "dropped@example.com", "spam@example.com"]) {
      await subscribeToNewsletter(db, email);
      expect(await isSuppressed(db, email)).toBe(false);
    }
    await db.delete(webOutbox);
    const events = [
      { kind: "suppress", email: "Bounce@Example.com", reason: "bounce", at },
      { kind: "suppress", email: "dropped@example.com", reason: "dropped", at },
      { kind: "suppress", email: "spam@example.com", reason: "spam-report", at },
    ] as const;
    expect(await applyDeliveryEvents(db, events)).toEqual({
      suppressed: 3,
      unsubscribed: 0,
      unchanged: 0,
      unknown: 0,
    });
    expect(await row("bounce@example.com")).toMatchObject({
      status: "suppressed",
      suppressedReason: "bounce",
      suppressedAt: at,
    });
    expect((await row("dropped@example.com"))?.suppressedReason).toBe("dropped");
    expect((await row("spam@example.com"))?.suppressedReason).toBe("spam-report");
    expect(await isSuppressed(db, "BOUNCE@example.com")).toBe(true);
    expect(await announced()).toEqual(
      ["bounce@example.com", "dropped@example.com", "spam@example.com"].map((email) => ({
        email,
        unsubscribed_at: at.toISOString(),
        by: "provider",
      })),
    );

    // The same batch again, a later spam report and an unsubscribe change nothing more.
    const later = minutesAgo(0);
    expect(
      await applyDeliveryEvents(db, [
        ...events,
        { kind: "suppress", email: "bounce@example.com", reason: "spam-report", at: later },
        { kind: "unsubscribe", email: "bounce@example.com", at: later },
      ]),
    ).toEqual({ suppressed: 0, unsubscribed: 0, unchanged: 5, unknown: 0 });
    expect(await row("bounce@example.com")).toMatchObject({
      status: "suppressed",
      suppressedReason: "bounce",
      suppressedAt: at,
    });
    expect(await announced()).toHaveLength(3);
    // Subscribing again is no way back.
    await subscribeToNewsletter(db, "bounce@example.com");
    expect(await isSuppressed(db, "bounce@example.com")).toBe(true);
  });

  it("suppresses an unsubscribed address too, without announcing it again", async () => {
    const { unsubscribeToken } = await subscribeToNewsletter(db, "left@example.com");
    await unsubscribeByToken(db, unsubscribeToken);
    await db.delete(webOutbox);
    const at = minutesAgo(0);
    await applyDeliveryEvents(db, [
      { kind: "suppress", email: "left@example.com", reason: "bounce", at },
    ]);
    expect((await row("left@example.com"))?.status).toBe("suppressed");
    expect(await announced()).toEqual([]);
  });

  it("suppresses an address awaiting confirmation, and its confirmation link stops working", async () => {
    const { confirmToken } = await subscribeToNewsletter(db, "pending@example.com", {
      doubleOptIn: true,
    });
    expect(confirmToken).toBeTruthy();
    await applyDeliveryEvents(db, [
      { kind: "suppress", email: "pending@example.com", reason: "spam-report", at: minutesAgo(0) },
    ]);
    expect(await findPendingByConfirmToken(db, confirmToken ?? "")).toBeNull();
    expect(await confirmSubscription(db, confirmToken ?? "")).toBeNull();
    expect((await row("pending@example.com"))?.status).toBe("suppressed");
    // Nothing was announced: the address had never joined the list.
    expect(await announced()).toEqual([]);
  });

  it("unsubscribes at the provider's time, once, and not a subscription made after the event", async () => {
    await subscribeToNewsletter(db, "reader@example.com");
    await db.delete(webOutbox);
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 1000);
    const unsubscribe = { kind: "unsubscribe", email: "reader@example.com", at } as const;
    expect(await applyDeliveryEvents(db, [unsubscribe])).toMatchObject({ unsubscribed: 1 });
    expect(await row("reader@example.com")).toMatchObject({
      status: "unsubscribed",
      unsubscribedAt: at,
      suppressedReason: null,
    });
    expect(await announced()).toEqual([
      { email: "reader@example.com", unsubscribed_at: at.toISOString(), by: "provider" },
    ]);
    expect(await applyDeliveryEvents(db, [unsubscribe])).toMatchObject({ unchanged: 1 });
    expect(await announced()).toHaveLength(1);

    // They come back; the old event, sent again, leaves the new subscription alone.
    await db
      .update(subs)
      .set({ subscribedAt: new Date(at.getTime() + 5000) })
      .where(eq(subs.email, "reader@example.com"));
    await db
      .update(subs)
      .set({ status: "active", unsubscribedAt: null })
      .where(eq(subs.email, "reader@example.com"));
    expect(await applyDeliveryEvents(db, [unsubscribe])).toMatchObject({ unchanged: 1 });
    expect((await row("reader@example.com"))?.status).toBe("active");
    expect(await isSuppressed(db, "reader@example.com")).toBe(false);
  });

  it("leaves addresses it does not know alone", async () => {
    const at = minutesAgo(0);
    expect(
      await applyDeliveryEvents(db, [
        { kind: "suppress", email: "stranger@example.com", reason: "bounce", at },
        { kind: "unsubscribe", email: "other@example.com", at },
      ]),
    ).toEqual({ suppressed: 0, unsubscribed: 0, unchanged: 0, unknown: 2 });
    expect(await db.select().from(subs)).toEqual([]);
    expect(await db.select().from(webOutbox)).toEqual([]);
    expect(await isSuppressed(db, "stranger@example.com")).toBe(false);
  });
});
