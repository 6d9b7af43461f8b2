import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";

export type SubscribeOutcome = "subscribed" | "reactivated" | "already-subscribed";

/** 32 random bytes: the unsubscribe link is the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

/**
 * Adds the address, or re-activates it if it had unsubscribed. One statement decides, so two
 * requests for the same address at once store one row and exactly one of them is told
 * "subscribed". A new or returning subscriber is announced (subscriber.created) in the same
 * transaction.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
): Promise<{ outcome: SubscribeOutcome; unsubscribeToken: string }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inserted = await tx
      .insert(webNewsletterSubscriptions)
      .values({ email, unsubscribeToken: newUnsubscribeToken() })
      .onConflictDoNothing({ target: webNewsletterSubscriptions.email })
      .returning({
        token: webNewsletterSubscriptions.unsubscribeToken,
        subscribedAt: webNewsletterSubscriptions.subscribedAt,
      });
    if (inserted[0]) {
      await announceSubscriber(tx, email, inserted[0].subscribedAt, false);
      return { outcome: "subscribed" as const, unsubscribeToken: inserted[0].token };
    }

    const reactivated = await tx
      .update(webNewsletterSubscriptions)
      .set({ status: "active", subscribedAt: sql`now()`, unsubscribedAt: null })
      .where(
        and(
          eq(webNewsletterSubscriptions.email, email),
          eq(webNewsletterSubscriptions.status, "unsubscribed"),
        ),
      )
      .returning({
        token: webNewsletterSubscriptions.unsubscribeToken,
        subscribedAt: webNewsletterSubscriptions.subscribedAt,
      });
    if (reactivated[0]) {
      await announceSubscriber(tx, email, reactivated[0].subscribedAt, true);
      return { outcome: "reactivated" as const, unsubscribeToken: reactivated[0].token };
    }

    const [existing] = await tx
      .select({ token: webNewsletterSubscriptions.unsubscribeToken })
      .from(webNewsletterSubscriptions)
      .where(eq(webNewsletterSubscriptions.email, email));
    return { outcome: "already-subscribed" as const, unsubscribeToken: existing?.token ?? "" };
  });
}

/** subscriber.created, for a new address or one that had unsubscribed and came back. */
export function announceSubscriber(tx: Db, email: string, at: Date, returning: boolean) {
  return recordSiteEvent(tx, "subscriber.created", {
    email,
    subscribed_at: at.toISOString(),
    returning,
  });
}

/** subscriber.unsubscribed: by the link in a mail ("subscriber") or in the admin ("admin"). */
export function announceUnsubscribe(tx: Db, email: string, at: Date, by: "subscriber" | "admin") {
  return recordSiteEvent(tx, "subscriber.unsubscribed", {
    email,
    unsubscribed_at: at.toISOString(),
    by,
  });
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function findSubscriptionByToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      email: webNewsletterSubscriptions.email,
      status: webNewsletterSubscriptions.status,
    })
    .from(webNewsletterSubscriptions)
    .where(eq(webNewsletterSubscriptions.unsubscribeToken, token));
  return row ?? null;
}

/**
 * Unsubscribes the holder of the link (by the page's button or a mail client's one-click POST);
 * null when the token names no subscription. A suppressed address stays suppressed.
 */
export async function unsubscribeByToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [before] = await tx
      .select({
        email: webNewsletterSubscriptions.email,
        status: webNewsletterSubscriptions.status,
      })
      .from(webNewsletterSubscriptions)
      .where(eq(webNewsletterSubscriptions.unsubscribeToken, token))
      .for("update");
    if (!before) return null;
    // Suppressed (a bounce, a spam report) says more than unsubscribed: it stays.
    if (before.status === "suppressed") return { email: before.email };
    const [row] = await tx
      .update(webNewsletterSubscriptions)
      .set({
        status: "unsubscribed",
        // A second click keeps the time of the first.
        unsubscribedAt: sql`coalesce(${webNewsletterSubscriptions.unsubscribedAt}, now())`,
      })
      .where(eq(webNewsletterSubscriptions.unsubscribeToken, token))
      .returning({
        email: webNewsletterSubscriptions.email,
        unsubscribedAt: webNewsletterSubscriptions.unsubscribedAt,
      });
    if (!row) return null;
    if (before.status === "active") {
      await announceUnsubscribe(tx, row.email, row.unsubscribedAt ?? new Date(), "subscriber");
    }
    return { email: row.email };
  });
}
