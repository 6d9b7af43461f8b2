import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { webNewsletterSubscriptions } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { eachRow, firstOfKey, sameTime, type Tx } from "./rows.server";

/** Like the subscribe form's token: 32 random bytes, the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

export async function importSubscribers(tx: Tx, records: CsvRecord[], report: TableReport) {
  const unique = firstOfKey(new Map(), "email");
  await eachRow(
    tx,
    records,
    rowSchemas.web_newsletter_subscriptions,
    report,
    async (tx, row, record) => {
      if (!unique(row.email, record, report)) return null;
      const [existing] = await tx
        .select()
        .from(webNewsletterSubscriptions)
        .where(eq(webNewsletterSubscriptions.email, row.email))
        .limit(1);
      const subscribedAt =
        row.subscribed_at ?? row.created_at ?? existing?.subscribedAt ?? new Date();
      const unsubscribedAt = row.status === "unsubscribed" ? row.unsubscribed_at : null;
      if (existing) {
        if (
          existing.status === row.status &&
          sameTime(existing.subscribedAt, subscribedAt) &&
          sameTime(existing.unsubscribedAt, unsubscribedAt)
        ) {
          return "unchanged";
        }
        await tx
          .update(webNewsletterSubscriptions)
          .set({ status: row.status, subscribedAt, unsubscribedAt })
          .where(eq(webNewsletterSubscriptions.id, existing.id));
        return "updated";
      }
      await tx.insert(webNewsletterSubscriptions).values({
        email: row.email,
        status: row.status,
        unsubscribeToken: newUnsubscribeToken(),
        subscribedAt,
        unsubscribedAt,
        ...(row.created_at ? { createdAt: row.created_at } : {}),
      });
      return "imported";
    },
  );
}
