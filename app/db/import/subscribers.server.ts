import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { UNRECORDED_WORDING_VERSION } from "~/newsletter/consent";
import { webNewsletterConsents, webNewsletterSubscriptions } from "../schema.server";
import type { CsvRecord } from "./csv.server";
import type { TableReport } from "./report.server";
import { rowSchemas } from "./row-schemas.server";
import { eachRow, firstOfKey, sameTime, type Tx } from "./rows.server";

/** Like the subscribe form's token: 32 random bytes, the only key to the subscription. */
function newUnsubscribeToken() {
  return randomBytes(32).toString("base64url");
}

/** An address the import makes active: its consent came with the export (the old site's). */
function recordImportConsent(tx: Tx, subscriptionId: number, givenAt: Date) {
  return tx.insert(webNewsletterConsents).values({
    subscriptionId,
    source: "import",
    wordingVersion: UNRECORDED_WORDING_VERSION,
    confirmed: false,
    givenAt,
  });
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
      if (existing?.status === "suppressed") {
        // A hard bounce or a spam report: never mailed again, whatever the export says.
        report.skipped.push({
          row: record.row,
          reason: `suppressed: ${row.email} is never mailed again (${existing.suppressedReason ?? "no reason recorded"})`,
        });
        return null;
      }
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
          // A pending address made active by the import: its confirmation link has no use now.
          .set({ status: row.status, subscribedAt, unsubscribedAt, confirmToken: null })
          .where(eq(webNewsletterSubscriptions.id, existing.id));
        if (row.status === "active" && existing.status !== "active") {
          await recordImportConsent(tx, existing.id, subscribedAt);
        }
        return "updated";
      }
      const [inserted] = await tx
        .insert(webNewsletterSubscriptions)
        .values({
          email: row.email,
          status: row.status,
          unsubscribeToken: newUnsubscribeToken(),
          subscribedAt,
          unsubscribedAt,
          // A campaign may be sent to the imported addresses only.
          tags: ["import"],
          ...(row.created_at ? { createdAt: row.created_at } : {}),
        })
        .returning({ id: webNewsletterSubscriptions.id });
      if (inserted && row.status === "active") {
        await recordImportConsent(tx, inserted.id, subscribedAt);
      }
      return "imported";
    },
  );
}
