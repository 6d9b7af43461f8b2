import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterSubscriptions } from "~/db/schema.server";

export type SubscribeOutcome = "subscribed" | "reactivated" | "already-subscribed";

/** 32 random bytes: the unsubscribe link is the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

/**
 * Adds the address, or re-activates it if it had unsubscribed. One statement, so two requests for
 * the same address at once store one row and exactly one of them is told "subscribed".
 */
export async function subscribeToNewsletter(
  db: Db,
  email: string,
): Promise<{ outcome: SubscribeOutcome; unsubscribeToken: string }> {
  const inserted = await db
    .insert(webNewsletterSubscriptions)
    .values({ email, unsubscribeToken: newUnsubscribeToken() })
    .onConflictDoNothing({ target: webNewsletterSubscriptions.email })
    .returning({ token: webNewsletterSubscriptions.unsubscribeToken });
  if (inserted[0]) return { outcome: "subscribed", unsubscribeToken: inserted[0].token };

  const reactivated = await db
    .update(webNewsletterSubscriptions)
    .set({ status: "active", subscribedAt: sql`now()`, unsubscribedAt: null })
    .where(
      and(
        eq(webNewsletterSubscriptions.email, email),
        eq(webNewsletterSubscriptions.status, "unsubscribed"),
      ),
    )
    .returning({ token: webNewsletterSubscriptions.unsubscribeToken });
  if (reactivated[0]) return { outcome: "reactivated", unsubscribeToken: reactivated[0].token };

  const [existing] = await db
    .select({ token: webNewsletterSubscriptions.unsubscribeToken })
    .from(webNewsletterSubscriptions)
    .where(eq(webNewsletterSubscriptions.email, email));
  return { outcome: "already-subscribed", unsubscribeToken: existing?.token ?? "" };
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

/** Unsubscribes the holder of the link; null when the token names no subscription. */
export async function unsubscribeByToken(db: Db, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .update(webNewsletterSubscriptions)
    .set({
      status: "unsubscribed",
      // A second click keeps the time of the first.
      unsubscribedAt: sql`coalesce(${webNewsletterSubscriptions.unsubscribedAt}, now())`,
    })
    .where(eq(webNewsletterSubscriptions.unsubscribeToken, token))
    .returning({ email: webNewsletterSubscriptions.email });
  return row ?? null;
}
