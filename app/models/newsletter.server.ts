import { randomBytes } from "node:crypto";
import { and, desc, eq, getTableName, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterConsents, webNewsletterSubscriptions } from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";
import { type ConsentSource, SIGNUP_WORDING_VERSION } from "~/newsletter/consent";

/**
 * What a sign-up did. "subscribed" and "reactivated": active at once (double opt-in off).
 * "confirmation-needed": stored as pending (new, or back from unsubscribed); "still-pending": it
 * was pending already. Both want the confirmation mail (again). "suppressed": nothing changed,
 * and nothing may be mailed.
 */
export type SubscribeOutcome =
  | "subscribed"
  | "reactivated"
  | "confirmation-needed"
  | "still-pending"
  | "already-subscribed"
  | "suppressed";

export interface SubscribeResult {
  outcome: SubscribeOutcome;
  unsubscribeToken: string;
  /** The confirmation link's key while the subscription is pending; null otherwise. */
  confirmToken: string | null;
  /** "still-pending": since when the link was issued (it was mailed then); null otherwise. */
  pendingSince?: Date | null;
}

/** 32 random bytes: the unsubscribe link is the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

/** 32 random bytes as well: the confirmation link is the only key to a pending subscription. */
function newConfirmToken() {
  return randomBytes(32).toString("base64url");
}

function recordConsent(tx: Db, subscriptionId: number, source: ConsentSource, confirmed: boolean) {
  return tx.insert(webNewsletterConsents).values({
    subscriptionId,
    source,
    wordingVersion: SIGNUP_WORDING_VERSION,
    confirmed,
  });
}

const subscriptionReturn = {
  id: webNewsletterSubscriptions.id,
  token: webNewsletterSubscriptions.unsubscribeToken,
  confirmToken: webNewsletterSubscriptions.confirmToken,
  subscribedAt: webNewsletterSubscriptions.subscribedAt,
};

/**
 * Adds the address, or brings it back if it had unsubscribed: active at once, or pending with a
 * confirmation token while `doubleOptIn` is on. Each of these keeps a consent record (where and
 * which wording; a pending one is confirmed later by confirmSubscription). One statement decides
 * each step, so two requests for the same address at once store one row and exactly one of them
 * is told "subscribed" (or "confirmation-needed"). A suppressed address is left as it is. An
 * address active at once is announced (subscriber.created) in the same transaction; a pending
 * one when it is confirmed.
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
  options: { doubleOptIn?: boolean; source?: ConsentSource } = {},
): Promise<SubscribeResult> {
  const doubleOptIn = options.doubleOptIn ?? false;
  const source = options.source ?? "api";
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const inserted = await tx
      .insert(webNewsletterSubscriptions)
      .values({
        email,
        status: doubleOptIn ? "pending" : "active",
        unsubscribeToken: newUnsubscribeToken(),
        confirmToken: doubleOptIn ? newConfirmToken() : null,
        // Where it signed up: a campaign may be sent to those of one place.
        tags: [source],
      })
      .onConflictDoNothing({ target: webNewsletterSubscriptions.email })
      .returning(subscriptionReturn);
    if (inserted[0]) {
      const row = inserted[0];
      await recordConsent(tx, row.id, source, false);
      if (!doubleOptIn) await announceSubscriber(tx, email, row.subscribedAt, false);
      return {
        outcome: doubleOptIn ? "confirmation-needed" : "subscribed",
        unsubscribeToken: row.token,
        confirmToken: row.confirmToken,
      };
    }

    // Back from unsubscribed; or pending from before double opt-in was switched off.
    const table = webNewsletterSubscriptions;
    const [returned] = await tx
      .update(table)
      .set(
        doubleOptIn
          ? { status: "pending", confirmToken: newConfirmToken(), subscribedAt: sql`now()` }
          : {
              status: "active",
              confirmToken: null,
              subscribedAt: sql`now()`,
              unsubscribedAt: null,
            },
      )
      .where(
        and(
          eq(table.email, email),
          doubleOptIn
            ? eq(table.status, "unsubscribed")
            : inArray(table.status, ["unsubscribed", "pending"]),
        ),
      )
      .returning({
        ...subscriptionReturn,
        // A subquery in RETURNING sees the row as it was before this statement.
        previous: sql<string>`(select prev.status from ${table} as prev where prev.id = ${sql.identifier(getTableName(table))}.id)`,
      });
    if (returned) {
      await recordConsent(tx, returned.id, source, false);
      if (doubleOptIn) {
        return {
          outcome: "confirmation-needed" as const,
          unsubscribeToken: returned.token,
          confirmToken: returned.confirmToken,
        };
      }
      await announceSubscriber(
        tx,
        email,
        returned.subscribedAt,
        returned.previous === "unsubscribed",
      );
      return {
        outcome: returned.previous === "unsubscribed" ? "reactivated" : "subscribed",
        unsubscribeToken: returned.token,
        confirmToken: null,
      };
    }

    const [existing] = await tx
      .select({
        status: table.status,
        token: table.unsubscribeToken,
        confirmToken: table.confirmToken,
        subscribedAt: table.subscribedAt,
      })
      .from(table)
      .where(eq(table.email, email));
    const outcome: SubscribeOutcome =
      existing?.status === "pending"
        ? "still-pending"
        : existing?.status === "suppressed"
          ? "suppressed"
          : "already-subscribed";
    return {
      outcome,
      unsubscribeToken: existing?.token ?? "",
      confirmToken: outcome === "still-pending" ? (existing?.confirmToken ?? null) : null,
      pendingSince: outcome === "still-pending" ? (existing?.subscribedAt ?? null) : null,
    };
  });
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The pending subscription a confirmation link names; null for a wrong or used link. */
export async function findPendingByConfirmToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ email: webNewsletterSubscriptions.email })
    .from(webNewsletterSubscriptions)
    .where(
      and(
        eq(webNewsletterSubscriptions.confirmToken, token),
        eq(webNewsletterSubscriptions.status, "pending"),
      ),
    );
  return row ?? null;
}

/**
 * Confirms the pending subscription the link names: active, confirmed now, the link used up, a
 * consent record (confirmed) with the sign-up's place and wording, and subscriber.created
 * announced, all in one transaction. Null when the link names no pending subscription (wrong,
 * used, or the address unsubscribed or was suppressed since).
 */
export async function confirmSubscription(
  db: Db,
  token: string,
): Promise<{ email: string; unsubscribeToken: string } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const table = webNewsletterSubscriptions;
    const [before] = await tx
      .select({ id: table.id, unsubscribedAt: table.unsubscribedAt })
      .from(table)
      .where(and(eq(table.confirmToken, token), eq(table.status, "pending")))
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(table)
      .set({ status: "active", confirmedAt: sql`now()`, confirmToken: null, unsubscribedAt: null })
      .where(and(eq(table.id, before.id), eq(table.status, "pending")))
      .returning({
        email: table.email,
        token: table.unsubscribeToken,
        confirmedAt: table.confirmedAt,
      });
    if (!row) return null;
    const [signUp] = await tx
      .select({
        source: webNewsletterConsents.source,
        wordingVersion: webNewsletterConsents.wordingVersion,
      })
      .from(webNewsletterConsents)
      .where(eq(webNewsletterConsents.subscriptionId, before.id))
      .orderBy(desc(webNewsletterConsents.givenAt), desc(webNewsletterConsents.id))
      .limit(1);
    await tx.insert(webNewsletterConsents).values({
      subscriptionId: before.id,
      source: signUp?.source ?? "api",
      wordingVersion: signUp?.wordingVersion ?? SIGNUP_WORDING_VERSION,
      confirmed: true,
    });
    await announceSubscriber(
      tx,
      row.email,
      row.confirmedAt ?? new Date(),
      before.unsubscribedAt !== null,
    );
    return { email: row.email, unsubscribeToken: row.token };
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
