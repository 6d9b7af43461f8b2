import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webNewsletterCampaigns, webNewsletterSubscriptions, webOutbox } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import {
  type CampaignCounts,
  type CampaignDraftInput,
  campaignDraftSchema,
  sendableErrors,
} from "./campaign";
import type { CampaignRow } from "./campaign-types.server";

/**
 * A campaign's life: scheduled, started (one web_outbox row per reader, queued in the transaction
 * that moves it to "sending"), paused, resumed, cancelled. Each move is one conditional UPDATE on
 * the campaign's status, so two clicks or two processes asking at once move it once. The campaign
 * sender (campaign-sender.server.ts) delivers the rows and marks the campaign sent.
 */

const campaigns = webNewsletterCampaigns;
const subscriptions = webNewsletterSubscriptions;

/** What the outbox rows of a campaign are: the campaign sender claims them, nothing else. */
export const CAMPAIGN_TARGET = "newsletter";
export const CAMPAIGN_EVENT = "campaign.mail";
export const CANCELLED_ANSWER = "Cancelled before it was sent.";

export type StartOutcome =
  | { status: "started"; recipients: number }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-allowed"; campaign: CampaignRow }
  | { status: "missing" };

export type ScheduleOutcome =
  | { status: "scheduled"; at: Date }
  | { status: "invalid"; errors: Record<string, string> }
  | { status: "not-allowed"; campaign: CampaignRow }
  | { status: "missing" };

export const SCHEDULE_IN_PAST = "Choose a time in the future.";

async function readCampaign(db: Db, id: number): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** What keeps the campaign from being sent, by field ("subject", "body"); empty when nothing. */
function unsendable(campaign: CampaignRow): Record<string, string> {
  return sendableErrors({
    subject: campaign.subject,
    previewText: campaign.previewText,
    fromName: campaign.fromName,
    replyTo: campaign.replyTo,
    audienceTags: campaign.audienceTags,
    body: campaign.body as CampaignDraftInput["body"],
  });
}

/** Active subscribers, and of them those with one of `tags` when there are any. */
function audienceWhere(tags: string[]) {
  const active = sql`${subscriptions.status} = 'active'`;
  if (tags.length === 0) return active;
  return sql`${active} and ${subscriptions.tags} && ${tagArray(tags)}`;
}

function tagArray(tags: string[]) {
  return sql`array[${sql.join(
    tags.map((tag) => sql`${tag}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * Sends a draft or scheduled campaign now: checks it can be sent, moves it to "sending" and, in
 * the same transaction, queues one outbox row per reader of its audience (a row that exists
 * already is kept, so each reader gets one mail whatever happens).
 */
export async function startCampaign(
  db: Db,
  id: number,
  { now = new Date() }: { now?: Date } = {},
): Promise<StartOutcome> {
  const campaign = await readCampaign(db, id);
  if (!campaign) return { status: "missing" };
  if (campaign.status !== "draft" && campaign.status !== "scheduled") {
    return { status: "not-allowed", campaign };
  }
  const errors = unsendable(campaign);
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
  const started = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [moved] = await tx
      .update(campaigns)
      .set({ status: "sending", startedAt: now, finishedAt: null })
      .where(and(eq(campaigns.id, id), inArray(campaigns.status, ["draft", "scheduled"])))
      .returning({ audienceTags: campaigns.audienceTags });
    if (!moved) return null;
    // The dedupe key "campaign:<id>:<subscription>": at most one row, so one mail, per reader.
    const key = sql`${`campaign:${id}:`} || ${subscriptions.id}`;
    const result = (await tx.execute(sql`
      with queued as (
        insert into ${webOutbox}
          (event, target, payload, status, next_attempt_at, give_up_at, dedupe_key, campaign_id)
        select ${CAMPAIGN_EVENT}, ${CAMPAIGN_TARGET},
               jsonb_build_object('subscriptionId', ${subscriptions.id}), 'pending',
               date_trunc('milliseconds', now()), now() + interval '1 day', ${key}, ${id}
        from ${subscriptions}
        where ${audienceWhere(moved.audienceTags)}
        on conflict (dedupe_key) do nothing
        returning 1
      )
      select count(*)::int as n from queued`)) as unknown as { rows: { n: number }[] };
    const recipients = Number(result.rows[0]?.n ?? 0);
    await tx.update(campaigns).set({ recipients }).where(eq(campaigns.id, id));
    return recipients;
  });
  if (started === null) {
    // Another click or process moved it meanwhile.
    const now = await readCampaign(db, id);
    return now ? { status: "not-allowed", campaign: now } : { status: "missing" };
  }
  return { status: "started", recipients: started };
}

/** Sets a draft (or a scheduled campaign again) to start on its own at `at`. */
export async function scheduleCampaign(
  db: Db,
  id: number,
  at: Date,
  { now = new Date() }: { now?: Date } = {},
): Promise<ScheduleOutcome> {
  const campaign = await readCampaign(db, id);
  if (!campaign) return { status: "missing" };
  if (campaign.status !== "draft" && campaign.status !== "scheduled") {
    return { status: "not-allowed", campaign };
  }
  const errors = unsendable(campaign);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
    errors.scheduledAt = SCHEDULE_IN_PAST;
  }
  if (Object.keys(errors).length > 0) return { status: "invalid", errors };
  const [moved] = await db
    .update(campaigns)
    .set({ status: "scheduled", scheduledAt: at })
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, ["draft", "scheduled"])))
    .returning({ id: campaigns.id });
  if (!moved) {
    const current = await readCampaign(db, id);
    return current ? { status: "not-allowed", campaign: current } : { status: "missing" };
  }
  return { status: "scheduled", at };
}

/** Moves the campaign from one status to another; false when it was not in `from`. */
async function move(db: Db, id: number, from: CampaignRow["status"][], to: Partial<CampaignRow>) {
  const rows = await db
    .update(campaigns)
    .set(to)
    .where(and(eq(campaigns.id, id), inArray(campaigns.status, from)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/** A scheduled campaign back to a draft; false when it was not scheduled. */
export function unscheduleCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["scheduled"], { status: "draft", scheduledAt: null });
}

/** Stops sending at the senders' next claim (mails already out are not called back). */
export function pauseCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["sending"], { status: "paused" });
}

export function resumeCampaign(db: Db, id: number): Promise<boolean> {
  return move(db, id, ["paused"], { status: "sending" });
}

/**
 * Cancels a scheduled, sending or paused campaign: its mails not yet sent are marked skipped.
 * A mail a sender has out at this moment still counts as sent when it goes.
 */
export async function cancelCampaign(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const moved = await move(tx, id, ["scheduled", "sending", "paused"], {
      status: "cancelled",
      finishedAt: new Date(),
    });
    if (!moved) return false;
    await tx
      .update(webOutbox)
      .set({ status: "skipped", lastAnswer: CANCELLED_ANSWER })
      .where(and(eq(webOutbox.campaignId, id), eq(webOutbox.status, "pending")));
    return true;
  });
}

/**
 * Starts every scheduled campaign whose time has come. Of two processes asking at once, each
 * campaign is started by one (startCampaign's status guard). A campaign that cannot be sent (it
 * should not have been scheduled) goes back to draft, so it is not tried on every tick.
 * Answers the ids started here.
 */
export async function startDueCampaigns(db: Db, now: Date): Promise<number[]> {
  const due = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, "scheduled"), lte(campaigns.scheduledAt, now)))
    .orderBy(campaigns.scheduledAt, campaigns.id);
  const started: number[] = [];
  for (const { id } of due) {
    const outcome = await startCampaign(db, id, { now });
    if (outcome.status === "started") {
      started.push(id);
      logger.info({ campaign: id, recipients: outcome.recipients }, "a scheduled campaign started");
    } else if (outcome.status === "invalid") {
      logger.warn({ campaign: id, errors: outcome.errors }, "a scheduled campaign cannot be sent");
      await unscheduleCampaign(db, id);
    }
  }
  return started;
}

/**
 * Marks sent every sending campaign with no mail left to send (none pending). Answers their ids.
 */
export async function finishSentCampaigns(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .update(campaigns)
    .set({ status: "sent", finishedAt: now })
    .where(
      and(
        eq(campaigns.status, "sending"),
        sql`not exists (select 1 from ${webOutbox}
              where ${webOutbox.campaignId} = ${campaigns.id} and ${webOutbox.status} = 'pending')`,
      ),
    )
    .returning({ id: campaigns.id });
  return rows.map((row) => row.id);
}

/** How far the campaign is (all zero for one that does not exist or never started). */
export async function campaignCounts(db: Db, id: number): Promise<CampaignCounts> {
  const result = (await db.execute(sql`
    select c.recipients,
      count(o.id) filter (where o.status = 'pending')::int as queued,
      count(o.id) filter (where o.status = 'delivered')::int as sent,
      count(o.id) filter (where o.status = 'failed')::int as failed,
      count(o.id) filter (where o.status = 'skipped')::int as skipped,
      count(s.id) filter (where s.status = 'suppressed' and s.suppressed_at >= c.started_at)::int
        as bounced,
      count(s.id) filter (where s.status = 'unsubscribed' and s.unsubscribed_at >= c.started_at)::int
        as unsubscribed
    from ${campaigns} c
    left join ${webOutbox} o on o.campaign_id = c.id
    left join ${subscriptions} s on s.id = (o.payload->>'subscriptionId')::int
    where c.id = ${id}
    group by c.id`)) as unknown as { rows: Record<keyof CampaignCounts, number | string>[] };
  const row = result.rows[0];
  const count = (key: keyof CampaignCounts) => Number(row?.[key] ?? 0);
  return {
    recipients: count("recipients"),
    queued: count("queued"),
    sent: count("sent"),
    failed: count("failed"),
    skipped: count("skipped"),
    bounced: count("bounced"),
    unsubscribed: count("unsubscribed"),
  };
}

/** How many readers a campaign to `tags` (none: everyone) would go to now. */
export async function countAudience(db: Db, tags: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(audienceWhere(tags));
  return Number(row?.n ?? 0);
}

/** Every tag a subscriber has, with how many active subscribers have it, by name. */
export async function listSubscriberTags(db: Db): Promise<{ tag: string; count: number }[]> {
  const result = (await db.execute(sql`
    select t.tag, count(*) filter (where s.status = 'active')::int as count
    from ${subscriptions} s, unnest(s.tags) as t(tag)
    group by t.tag
    order by t.tag`)) as unknown as { rows: { tag: string; count: number | string }[] };
  return result.rows.map((row) => ({ tag: row.tag, count: Number(row.count) }));
}

/** The tags a subscriber may have: the campaign audience's rules (at most 20, no duplicates). */
export const subscriberTagsSchema = campaignDraftSchema.shape.audienceTags;

/**
 * Sets the subscriber's tags (checked with subscriberTagsSchema; throws on invalid ones, which
 * the caller's form checks first). False when there is no such subscriber.
 */
export async function setSubscriberTags(
  db: Db,
  subscriptionId: number,
  tags: string[],
): Promise<boolean> {
  const clean = subscriberTagsSchema.parse(tags);
  const rows = await db
    .update(subscriptions)
    .set({ tags: clean })
    .where(eq(subscriptions.id, subscriptionId))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}
