import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
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
