import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterCampaigns, webNewsletterSubscriptions, webOutbox } from "~/db/schema.server";
import type { PrepareCampaign } from "~/newsletter/campaign-types.server";

/** Shared by the campaign tests: readers, campaigns and a renderer that writes a simple mail. */

type Status = (typeof webNewsletterSubscriptions.$inferInsert)["status"];

export async function addReaders(
  db: Db,
  count: number,
  {
    prefix = "reader",
    status = "active",
    tags = [],
  }: { prefix?: string; status?: Status; tags?: string[] } = {},
) {
  if (count === 0) return [];
  return db
    .insert(webNewsletterSubscriptions)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: `${prefix}-${i}@example.com`,
        status,
        tags,
        unsubscribeToken: randomBytes(16).toString("hex"),
      })),
    )
    .returning({ id: webNewsletterSubscriptions.id, email: webNewsletterSubscriptions.email });
}

export const sendableBody = [{ id: "h1", type: "heading", v: 1, text: "News", level: "2" }];

export async function addCampaign(
  db: Db,
  values: Partial<typeof webNewsletterCampaigns.$inferInsert> = {},
) {
  const [row] = await db
    .insert(webNewsletterCampaigns)
    .values({ subject: "Our news", body: sendableBody, ...values })
    .returning();
  if (!row) throw new Error("no campaign stored");
  return row;
}

export async function campaignStatus(db: Db, id: number) {
  const [row] = await db
    .select({ status: webNewsletterCampaigns.status })
    .from(webNewsletterCampaigns)
    .where(eq(webNewsletterCampaigns.id, id));
  return row?.status;
}

export function campaignRows(db: Db, id: number) {
  return db.select().from(webOutbox).where(eq(webOutbox.campaignId, id)).orderBy(asc(webOutbox.id));
}

/** A renderer's stand-in: the campaign's subject, and the reader's address in the text. */
export const fakePrepare: PrepareCampaign = async (campaign) => (reader) => ({
  to: reader.email,
  subject: campaign.subject,
  text: `Hello ${reader.email}`,
  fromName: campaign.fromName || undefined,
});
