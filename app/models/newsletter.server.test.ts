import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  findSubscriptionByToken,
  subscribeToNewsletter,
  unsubscribeByToken,
} from "./newsletter.server";

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
    expect(await unsubscribeByToken(database.db, unsubscribeToken)).toEqual({
      email: "a@example.com",
    });
    const [first] = await database.db.select().from(webNewsletterSubscriptions);
    expect(first?.status).toBe("unsubscribed");
    expect(first?.unsubscribedAt).toBeInstanceOf(Date);
    await unsubscribeByToken(database.db, unsubscribeToken);
    const [second] = await database.db.select().from(webNewsletterSubscriptions);
    expect(second?.unsubscribedAt).toEqual(first?.unsubscribedAt);
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
