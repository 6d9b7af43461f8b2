import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webNewsletterCampaigns, webNewsletterSubscriptions, webOutbox } from "~/db/schema.server";
import { subscribeToNewsletter } from "~/models/newsletter.server";
import {
  addCampaign,
  addReaders,
  campaignRows,
  campaignStatus,
} from "../../tests/support/campaigns";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { NO_BODY, NO_SUBJECT } from "./campaign";
import {
  CANCELLED_ANSWER,
  campaignCounts,
  cancelCampaign,
  countAudience,
  listSubscriberTags,
  pauseCampaign,
  resumeCampaign,
  SCHEDULE_IN_PAST,
  scheduleCampaign,
  setSubscriberTags,
  startCampaign,
  startDueCampaigns,
  unscheduleCampaign,
} from "./campaign-sending.server";

describe.each(backends)("a campaign's life (%s)", (backend) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    await db.delete(webOutbox);
    await db.delete(webNewsletterCampaigns);
    await db.delete(webNewsletterSubscriptions);
  });

  it("is not started without a subject or a body, and says which", async () => {
    await addReaders(db, 2);
    const noSubject = await addCampaign(db, { subject: "  " });
    expect(await startCampaign(db, noSubject.id)).toEqual({
      status: "invalid",
      errors: { subject: NO_SUBJECT },
    });
    const noBody = await addCampaign(db, { body: [] });
    expect(await startCampaign(db, noBody.id)).toEqual({
      status: "invalid",
      errors: { body: NO_BODY },
    });
    expect(await campaignStatus(db, noSubject.id)).toBe("draft");
    expect(await campaignRows(db, noBody.id)).toEqual([]);
    expect(await startCampaign(db, 999_999)).toEqual({ status: "missing" });
  });

  it("queues one mail per active reader, none for pending, unsubscribed or suppressed ones", async () => {
    const active = await addReaders(db, 3);
    await addReaders(db, 1, { prefix: "pending", status: "pending" });
    await addReaders(db, 1, { prefix: "gone", status: "unsubscribed" });
    await addReaders(db, 1, { prefix: "bounced", status: "suppressed" });
    const campaign = await addCampaign(db);

    expect(await startCampaign(db, campaign.id)).toEqual({ status: "started", recipients: 3 });
    const rows = await campaignRows(db, campaign.id);
    expect(rows.map((r) => r.payload)).toEqual(active.map((r) => ({ subscriptionId: r.id })));
    expect(rows.map((r) => r.dedupeKey)).toEqual(
      active.map((r) => `campaign:${campaign.id}:${r.id}`),
    );
    expect(rows.every((r) => r.status === "pending" && r.event === "campaign.mail")).toBe(true);
    const [stored] = await db
      .select()
      .from(webNewsletterCampaigns)
      .where(eq(webNewsletterCampaigns.id, campaign.id));
    expect(stored).toMatchObject({ status: "sending", recipients: 3 });
    expect(stored?.startedAt).toBeInstanceOf(Date);
    expect(await campaignCounts(db, campaign.id)).toEqual({
      recipients: 3,
      queued: 3,
      sent: 0,
      failed: 0,
      skipped: 0,
      bounced: 0,
      unsubscribed: 0,
    });
  });

  it("goes to the readers with one of its tags, or to everyone without tags", async () => {
    await addReaders(db, 2, { prefix: "footer", tags: ["footer"] });
    await addReaders(db, 3, { prefix: "import", tags: ["import", "webinar"] });
    await addReaders(db, 1, { prefix: "none" });
    await addReaders(db, 1, { prefix: "old", status: "unsubscribed", tags: ["webinar"] });
    expect(await countAudience(db, [])).toBe(6);
    expect(await countAudience(db, ["webinar"])).toBe(3);
    expect(await countAudience(db, ["footer", "webinar"])).toBe(5);
    expect(await listSubscriberTags(db)).toEqual([
      { tag: "footer", count: 2 },
      { tag: "import", count: 3 },
      { tag: "webinar", count: 3 },
    ]);

    const campaign = await addCampaign(db, { audienceTags: ["footer"] });
    expect(await startCampaign(db, campaign.id)).toEqual({ status: "started", recipients: 2 });
    const rows = await campaignRows(db, campaign.id);
    const readers = await db.select().from(webNewsletterSubscriptions);
    const footer = readers.filter((r) => r.tags.includes("footer")).map((r) => r.id);
    expect(rows.map((r) => r.payload.subscriptionId)).toEqual(footer);
  });

  it("is started once when started twice, or twice at the same time", async () => {
    await addReaders(db, 5);
    const campaign = await addCampaign(db);
    const both = await Promise.all([
      startCampaign(db, campaign.id),
      startCampaign(db, campaign.id),
    ]);
    expect(both.filter((o) => o.status === "started")).toEqual([
      { status: "started", recipients: 5 },
    ]);
    expect(both.filter((o) => o.status === "not-allowed")).toHaveLength(1);
    const again = await startCampaign(db, campaign.id);
    expect(again).toMatchObject({ status: "not-allowed", campaign: { status: "sending" } });
    expect(await campaignRows(db, campaign.id)).toHaveLength(5);
  });

  it("tags sign-ups with where they came from, and takes tags set by hand through the rules", async () => {
    await subscribeToNewsletter(db, "foot@example.com", { source: "footer" });
    await subscribeToNewsletter(db, "api@example.com");
    const readers = await db.select().from(webNewsletterSubscriptions);
    expect(Object.fromEntries(readers.map((r) => [r.email, r.tags]))).toEqual({
      "foot@example.com": ["footer"],
      "api@example.com": ["api"],
    });
    const foot = readers.find((r) => r.email === "foot@example.com");
    expect(await setSubscriberTags(db, foot?.id ?? 0, ["VIP ", "footer", "vip"])).toBe(true);
    expect(await listSubscriberTags(db)).toEqual([
      { tag: "api", count: 1 },
      { tag: "footer", count: 1 },
      { tag: "vip", count: 1 },
    ]);
    await expect(setSubscriberTags(db, foot?.id ?? 0, ["no spaces"])).rejects.toThrow();
    expect(await setSubscriberTags(db, 999_999, ["vip"])).toBe(false);
  });

  it("is scheduled only for the future, and starts on its own once when due", async () => {
    await addReaders(db, 4);
    const campaign = await addCampaign(db);
    const now = new Date("2026-12-01T09:00:00Z");
    expect(
      await scheduleCampaign(db, campaign.id, new Date("2026-12-01T08:59:00Z"), { now }),
    ).toEqual({ status: "invalid", errors: { scheduledAt: SCHEDULE_IN_PAST } });
    const at = new Date("2026-12-01T10:00:00Z");
    expect(await scheduleCampaign(db, campaign.id, at, { now })).toEqual({
      status: "scheduled",
      at,
    });
    expect(await unscheduleCampaign(db, campaign.id)).toBe(true);
    expect(await campaignStatus(db, campaign.id)).toBe("draft");
    expect(await unscheduleCampaign(db, campaign.id)).toBe(false);
    await scheduleCampaign(db, campaign.id, at, { now });

    expect(await startDueCampaigns(db, new Date("2026-12-01T09:59:59Z"))).toEqual([]);
    expect(await campaignStatus(db, campaign.id)).toBe("scheduled");
    const later = new Date("2026-12-01T10:00:01Z");
    const [first, second] = await Promise.all([
      startDueCampaigns(db, later),
      startDueCampaigns(db, later),
    ]);
    expect([...(first ?? []), ...(second ?? [])]).toEqual([campaign.id]);
    expect(await campaignStatus(db, campaign.id)).toBe("sending");
    expect(await campaignRows(db, campaign.id)).toHaveLength(4);
    expect(await startDueCampaigns(db, later)).toEqual([]);
  });

  it("is not scheduled without a subject, and one that lost it goes back to draft when due", async () => {
    await addReaders(db, 1);
    const now = new Date("2026-12-01T09:00:00Z");
    const at = new Date("2026-12-01T10:00:00Z");
    const empty = await addCampaign(db, { subject: "", body: [] });
    expect(await scheduleCampaign(db, empty.id, now, { now })).toEqual({
      status: "invalid",
      errors: { subject: NO_SUBJECT, body: NO_BODY, scheduledAt: SCHEDULE_IN_PAST },
    });
    expect(await campaignStatus(db, empty.id)).toBe("draft");

    const campaign = await addCampaign(db);
    await scheduleCampaign(db, campaign.id, at, { now });
    await db
      .update(webNewsletterCampaigns)
      .set({ subject: "" })
      .where(eq(webNewsletterCampaigns.id, campaign.id));
    expect(await startDueCampaigns(db, at)).toEqual([]);
    expect(await campaignStatus(db, campaign.id)).toBe("draft");
    expect(await campaignRows(db, campaign.id)).toEqual([]);
  });

  it("pauses, resumes and cancels only from the states that allow it; cancel skips the rest", async () => {
    await addReaders(db, 3);
    const campaign = await addCampaign(db);
    expect(await pauseCampaign(db, campaign.id)).toBe(false);
    expect(await cancelCampaign(db, campaign.id)).toBe(false);
    await startCampaign(db, campaign.id);
    expect(await resumeCampaign(db, campaign.id)).toBe(false);
    expect(await pauseCampaign(db, campaign.id)).toBe(true);
    expect(await campaignStatus(db, campaign.id)).toBe("paused");
    expect(await resumeCampaign(db, campaign.id)).toBe(true);
    expect(await campaignStatus(db, campaign.id)).toBe("sending");
    // One mail went before the cancel.
    const [sent] = await campaignRows(db, campaign.id);
    await db
      .update(webOutbox)
      .set({ status: "delivered" })
      .where(eq(webOutbox.id, sent?.id ?? 0));
    expect(await cancelCampaign(db, campaign.id)).toBe(true);
    expect(await campaignStatus(db, campaign.id)).toBe("cancelled");
    const rows = await campaignRows(db, campaign.id);
    expect(rows.map((r) => [r.status, r.lastAnswer])).toEqual([
      ["delivered", null],
      ["skipped", CANCELLED_ANSWER],
      ["skipped", CANCELLED_ANSWER],
    ]);
    expect(await campaignCounts(db, campaign.id)).toMatchObject({ sent: 1, skipped: 2, queued: 0 });
    expect(await cancelCampaign(db, campaign.id)).toBe(false);
    expect(await startCampaign(db, campaign.id)).toMatchObject({ status: "not-allowed" });
  });

  it("counts readers who unsubscribed or bounced after it started", async () => {
    const [gone, bounced] = await addReaders(db, 3);
    const campaign = await addCampaign(db);
    await startCampaign(db, campaign.id);
    await db
      .update(webNewsletterSubscriptions)
      .set({ status: "unsubscribed", unsubscribedAt: new Date() })
      .where(eq(webNewsletterSubscriptions.id, gone?.id ?? 0));
    await db
      .update(webNewsletterSubscriptions)
      .set({ status: "suppressed", suppressedAt: new Date(), suppressedReason: "bounce" })
      .where(eq(webNewsletterSubscriptions.id, bounced?.id ?? 0));
    expect(await campaignCounts(db, campaign.id)).toMatchObject({
      recipients: 3,
      queued: 3,
      bounced: 1,
      unsubscribed: 1,
    });
  });
});
