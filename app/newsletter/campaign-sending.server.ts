// STAND-IN: replaced at merge.
import { and, arrayOverlaps, count, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterCampaigns, webNewsletterSubscriptions, webOutbox } from "~/db/schema.server";
import { type CampaignCounts, campaignSendableSchema, tagSchema } from "./campaign";
import type { CampaignRow } from "./campaign-types.server";
import { getCampaign } from "./campaigns.server";

type Refusal =
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-allowed"; campaign: CampaignRow }
  | { status: "missing" };

function sendable(campaign: CampaignRow): Refusal | null {
  const parsed = campaignSendableSchema.safeParse(campaign);
  if (parsed.success) return null;
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return { status: "invalid", errors };
}

async function ready(db: Db, id: number): Promise<CampaignRow | Refusal> {
  const campaign = await getCampaign(db, id);
  if (!campaign) return { status: "missing" };
  if (campaign.status !== "draft" && campaign.status !== "scheduled") {
    return { status: "not-allowed", campaign };
  }
  return sendable(campaign) ?? campaign;
}

function audienceWhere(tags: string[]) {
  const active = eq(webNewsletterSubscriptions.status, "active");
  return tags.length ? and(active, arrayOverlaps(webNewsletterSubscriptions.tags, tags)) : active;
}

export async function startCampaign(
  db: Db,
  id: number,
  _options?: unknown,
): Promise<{ status: "started"; recipients: number } | Refusal> {
  const campaign = await ready(db, id);
  if ("status" in campaign && !("id" in campaign)) return campaign;
  const row = campaign as CampaignRow;
  const readers = await db
    .select({ id: webNewsletterSubscriptions.id, email: webNewsletterSubscriptions.email })
    .from(webNewsletterSubscriptions)
    .where(audienceWhere(row.audienceTags));
  await db.transaction(async (tx) => {
    if (readers.length) {
      await tx
        .insert(webOutbox)
        .values(
          readers.map((reader) => ({
            event: "newsletter.campaign",
            target: "newsletter",
            payload: { subscriptionId: reader.id },
            giveUpAt: new Date(Date.now() + 86_400_000),
            dedupeKey: `campaign:${id}:${reader.id}`,
            campaignId: id,
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .update(webNewsletterCampaigns)
      .set({ status: "sending", startedAt: new Date(), recipients: readers.length })
      .where(eq(webNewsletterCampaigns.id, id));
  });
  return { status: "started", recipients: readers.length };
}

export async function scheduleCampaign(
  db: Db,
  id: number,
  at: Date,
  _options?: unknown,
): Promise<{ status: "scheduled"; at: Date } | Refusal> {
  const campaign = await ready(db, id);
  if ("status" in campaign && !("id" in campaign)) return campaign;
  if (at.getTime() <= Date.now()) {
    return { status: "invalid", errors: { scheduledAt: "Choose a time in the future." } };
  }
  await db
    .update(webNewsletterCampaigns)
    .set({ status: "scheduled", scheduledAt: at })
    .where(eq(webNewsletterCampaigns.id, id));
  return { status: "scheduled", at };
}

async function move(db: Db, id: number, from: CampaignRow["status"][], set: object) {
  const rows = await db
    .update(webNewsletterCampaigns)
    .set(set)
    .where(and(eq(webNewsletterCampaigns.id, id), inArray(webNewsletterCampaigns.status, from)))
    .returning({ id: webNewsletterCampaigns.id });
  return rows.length > 0;
}

export function unscheduleCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["scheduled"], { status: "draft", scheduledAt: null });
}
export function pauseCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["sending"], { status: "paused" });
}
export function resumeCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["paused"], { status: "sending" });
}
export async function cancelCampaign(db: Db, id: number): Promise<boolean> {
  const moved = await move(db, id, ["draft", "scheduled", "sending", "paused"], {
    status: "cancelled",
    finishedAt: new Date(),
  });
  if (moved) {
    await db
      .update(webOutbox)
      .set({ status: "skipped" })
      .where(and(eq(webOutbox.campaignId, id), eq(webOutbox.status, "pending")));
  }
  return moved;
}

export async function campaignCounts(db: Db, id: number): Promise<CampaignCounts> {
  const campaign = await getCampaign(db, id);
  const rows = await db
    .select({ status: webOutbox.status, value: count() })
    .from(webOutbox)
    .where(eq(webOutbox.campaignId, id))
    .groupBy(webOutbox.status);
  const of = (status: string) => Number(rows.find((row) => row.status === status)?.value ?? 0);
  return {
    recipients: campaign?.recipients ?? 0,
    queued: of("pending"),
    sent: of("delivered"),
    failed: of("failed"),
    skipped: of("skipped"),
    bounced: 0,
    unsubscribed: 0,
  };
}

export async function countAudience(db: Db, tags: string[]): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(webNewsletterSubscriptions)
    .where(audienceWhere(tags));
  return Number(row?.value ?? 0);
}

export async function listSubscriberTags(db: Db): Promise<{ tag: string; count: number }[]> {
  const rows = await db
    .select({ tags: webNewsletterSubscriptions.tags })
    .from(webNewsletterSubscriptions);
  const counts = new Map<string, number>();
  for (const row of rows) for (const tag of row.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([tag, n]) => ({ tag, count: n }));
}

export async function setSubscriberTags(
  db: Db,
  subscriptionId: number,
  tags: string[],
): Promise<boolean> {
  const clean = [...new Set(tags.map((tag) => tagSchema.parse(tag)))];
  const rows = await db
    .update(webNewsletterSubscriptions)
    .set({ tags: clean })
    .where(eq(webNewsletterSubscriptions.id, subscriptionId))
    .returning({ id: webNewsletterSubscriptions.id });
  return rows.length > 0;
}
