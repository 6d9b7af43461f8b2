import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";
import { recordSiteEvent } from "~/integrations/site-events.server";

/**
 * Addresses the site never mails again: a hard bounce (the mailbox does not exist), a drop because
 * the provider holds the address as bounced, invalid or a spam reporter, or a spam report by the
 * person. Suppression is for good: nothing the site does later (a new sign-up, an import, an
 * unsubscribe event) lifts it. An unsubscribe reported by the mail provider is a person's choice
 * instead, and they may subscribe again.
 *
 * Newsletter code asks `isSuppressed` before it queues a mail; the outbox and its deliverers send
 * what they are given.
 */

/** Why an address is never mailed again (web_newsletter_subscriptions.suppressed_reason). */
export type SuppressionReason = "bounce" | "dropped" | "spam-report";

/** What the mail provider reported about an address, read from its own event format. */
export type DeliveryEvent =
  | { kind: "suppress"; email: string; reason: SuppressionReason; at: Date }
  /** The person unsubscribed at the provider (its link or its list). */
  | { kind: "unsubscribe"; email: string; at: Date };

const subs = webNewsletterSubscriptions;

/** Whether the site must never mail `email` again. */
export async function isSuppressed(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: subs.id })
    .from(subs)
    .where(and(eq(subs.email, email.trim().toLowerCase()), eq(subs.status, "suppressed")))
    .limit(1);
  return row !== undefined;
}

/**
 * subscriber.unsubscribed for a change the provider reported: the same payload as the link's and
 * the admin's (app/models/newsletter.server.ts announceUnsubscribe), `by` "provider".
 */
function announceProviderUnsubscribe(tx: Db, email: string, at: Date) {
  return recordSiteEvent(tx, "subscriber.unsubscribed", {
    email,
    unsubscribed_at: at.toISOString(),
    by: "provider",
  });
}

export type SuppressOutcome = "suppressed" | "already-suppressed" | "unknown-address";

/**
 * Suppresses the subscription of `email` from whatever state it is in, at `at` (the provider's
 * time of the event). An address already suppressed keeps its first reason and time; one the site
 * does not know is left alone (the provider mails more than the newsletter). Leaving the active
 * list is announced as subscriber.unsubscribed, in the same transaction.
 */
export async function suppressSubscriber(
  db: Db,
  { email, reason, at }: { email: string; reason: SuppressionReason; at: Date },
): Promise<SuppressOutcome> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [before] = await tx
      .select({ status: subs.status })
      .from(subs)
      .where(eq(subs.email, address))
      .for("update");
    if (!before) return "unknown-address" as const;
    if (before.status === "suppressed") return "already-suppressed" as const;
    await tx
      .update(subs)
      // A pending address's confirmation link stops working with it.
      .set({ status: "suppressed", suppressedReason: reason, suppressedAt: at, confirmToken: null })
      .where(eq(subs.email, address));
    if (before.status === "active") await announceProviderUnsubscribe(tx, address, at);
    return "suppressed" as const;
  });
}

export type ProviderUnsubscribeOutcome = "unsubscribed" | "unchanged" | "unknown-address";

/**
 * Unsubscribes `email` as the person asked at the provider, at `at`. Only an active or pending
 * subscription changes: a suppressed one stays suppressed, an unsubscribed one keeps its first
 * time, and an unsubscribe from before the person subscribed again (a late or repeated event) is
 * not applied to the new subscription.
 */
export async function unsubscribeAtProvider(
  db: Db,
  { email, at }: { email: string; at: Date },
): Promise<ProviderUnsubscribeOutcome> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [before] = await tx
      .select({ status: subs.status, subscribedAt: subs.subscribedAt })
      .from(subs)
      .where(eq(subs.email, address))
      .for("update");
    if (!before) return "unknown-address" as const;
    if (before.status !== "active" && before.status !== "pending") return "unchanged" as const;
    // Event times are whole seconds: compare at that grain.
    if (Math.floor(before.subscribedAt.getTime() / 1000) > Math.floor(at.getTime() / 1000)) {
      return "unchanged" as const;
    }
    await tx
      .update(subs)
      .set({ status: "unsubscribed", unsubscribedAt: at })
      .where(eq(subs.email, address));
    if (before.status === "active") await announceProviderUnsubscribe(tx, address, at);
    return "unsubscribed" as const;
  });
}

export interface DeliveryEventCounts {
  suppressed: number;
  unsubscribed: number;
  /** Known addresses the event changed nothing for (already so, or an older event). */
  unchanged: number;
  /** Addresses that are not subscribers (account or form mail, or a deleted subscriber). */
  unknown: number;
}

/**
 * Applies a batch of provider events in order, each change in its own transaction (a failure
 * keeps the changes before it; the provider retries the batch, and what was applied is then
 * unchanged). Addresses the site does not know are found with one query and skipped.
 */
export async function applyDeliveryEvents(
  db: Db,
  events: readonly DeliveryEvent[],
): Promise<DeliveryEventCounts> {
  const counts: DeliveryEventCounts = { suppressed: 0, unsubscribed: 0, unchanged: 0, unknown: 0 };
  if (events.length === 0) return counts;
  const addresses = [...new Set(events.map((event) => event.email.trim().toLowerCase()))];
  const known = new Set<string>();
  // In slices, so that a large batch never makes one statement with thousands of parameters.
  for (let start = 0; start < addresses.length; start += 500) {
    const rows = await db
      .select({ email: subs.email })
      .from(subs)
      .where(inArray(subs.email, addresses.slice(start, start + 500)));
    for (const row of rows) known.add(row.email);
  }
  for (const event of events) {
    const email = event.email.trim().toLowerCase();
    if (!known.has(email)) {
      counts.unknown += 1;
      continue;
    }
    const outcome =
      event.kind === "suppress"
        ? await suppressSubscriber(db, { email, reason: event.reason, at: event.at })
        : await unsubscribeAtProvider(db, { email, at: event.at });
    if (outcome === "suppressed") counts.suppressed += 1;
    else if (outcome === "unsubscribed") counts.unsubscribed += 1;
    else if (outcome === "unknown-address") counts.unknown += 1;
    else counts.unchanged += 1;
  }
  return counts;
}
