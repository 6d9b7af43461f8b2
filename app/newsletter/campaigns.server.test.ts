import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { webNewsletterCampaigns, webNewsletterSubscriptions, webPosts } from "~/db/schema.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  type CampaignDraft,
  type CampaignStatus,
  campaignDraftSchema,
  NO_SUBJECT,
} from "./campaign";
import { countAudience, listSubscriberTags } from "./campaign-sending.server";
import {
  createCampaign,
  deleteCampaign,
  draftFromPost,
  getCampaign,
  listCampaigns,
  listPostChoices,
  saveCampaign,
} from "./campaigns.server";

const draft = (fields: Partial<CampaignDraft> = {}): CampaignDraft =>
  campaignDraftSchema.parse({
    subject: "Spring news",
    body: [{ id: "h1", type: "heading", v: 1, text: "Hello", level: "1" }],
    ...fields,
  });

describe.each(backends)("campaigns (%s)", (backend) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openSiteDatabase(backend);
    db = database.db;
  });
  afterAll(async () => {
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    await db.delete(webNewsletterCampaigns);
    await db.delete(webNewsletterSubscriptions);
    await db.delete(webPosts);
  });

  async function setStatus(id: number, status: CampaignStatus) {
    await db
      .update(webNewsletterCampaigns)
      .set({ status })
      .where(eq(webNewsletterCampaigns.id, id));
  }

  it("creates a draft, reads it back and lists the newest first", async () => {
    const first = await createCampaign(db, draft({ subject: "First" }), { createdBy: null });
    const second = await createCampaign(
      db,
      draft({ subject: "Second", audienceTags: ["footer"] }),
      {
        createdBy: null,
      },
    );
    expect(first).toMatchObject({ subject: "First", status: "draft", version: 1, postId: null });
    expect(await getCampaign(db, second.id)).toMatchObject({
      subject: "Second",
      audienceTags: ["footer"],
      body: [{ id: "h1", type: "heading", text: "Hello" }],
    });
    expect(await getCampaign(db, second.id + 100)).toBeUndefined();
    expect((await listCampaigns(db)).map((c) => c.subject)).toEqual(["Second", "First"]);
  });

  it("saves over the version it started from, and refuses a stale one as a conflict", async () => {
    const created = await createCampaign(db, draft(), { createdBy: null });
    const saved = await saveCampaign(db, created.id, draft({ subject: "Mine" }), 1);
    expect(saved).toMatchObject({ status: "saved", campaign: { subject: "Mine", version: 2 } });
    const stale = await saveCampaign(db, created.id, draft({ subject: "Theirs" }), 1);
    expect(stale).toMatchObject({ status: "conflict", campaign: { subject: "Mine", version: 2 } });
    expect(await saveCampaign(db, created.id + 100, draft(), 1)).toEqual({ status: "missing" });
  });

  it("keeps a campaign that is sending or sent as it is (locked), a scheduled one editable", async () => {
    const created = await createCampaign(db, draft(), { createdBy: null });
    await setStatus(created.id, "scheduled");
    expect((await saveCampaign(db, created.id, draft({ subject: "Later" }), 1)).status).toBe(
      "saved",
    );
    await setStatus(created.id, "sending");
    const locked = await saveCampaign(db, created.id, draft({ subject: "Too late" }), 2);
    expect(locked).toMatchObject({ status: "locked", campaign: { subject: "Later" } });
  });

  it("keeps a scheduled campaign ready to send: a save without a subject is refused at the field", async () => {
    const created = await createCampaign(db, draft(), { createdBy: null });
    await setStatus(created.id, "scheduled");
    const refused = await saveCampaign(db, created.id, draft({ subject: "" }), 1);
    expect(refused).toEqual({ status: "unsendable", errors: { subject: NO_SUBJECT } });
    expect((await getCampaign(db, created.id))?.subject).toBe(created.subject);
    // A draft may be saved unfinished.
    await setStatus(created.id, "draft");
    expect((await saveCampaign(db, created.id, draft({ subject: "" }), 1)).status).toBe("saved");
  });

  it("deletes drafts and cancelled campaigns only", async () => {
    const kept = await createCampaign(db, draft(), { createdBy: null });
    const gone = await createCampaign(db, draft(), { createdBy: null });
    const cancelled = await createCampaign(db, draft(), { createdBy: null });
    await setStatus(kept.id, "sent");
    await setStatus(cancelled.id, "cancelled");
    expect(await deleteCampaign(db, kept.id)).toBe(false);
    expect(await deleteCampaign(db, gone.id)).toBe(true);
    expect(await deleteCampaign(db, cancelled.id)).toBe(true);
    expect(await deleteCampaign(db, gone.id)).toBe(false);
    expect((await listCampaigns(db)).map((c) => c.id)).toEqual([kept.id]);
  });

  it("drafts a campaign from a published post, not from a draft post", async () => {
    const [published, unpublished] = await db
      .insert(webPosts)
      .values([
        {
          title: "How we  build",
          slug: "how-we-build",
          excerpt: "The short story.",
          content: "Body",
          status: "published",
          publishedAt: new Date("2026-01-01T00:00:00Z"),
        },
        { title: "Not yet", slug: "not-yet", content: "Body", status: "draft" },
      ])
      .returning();
    const made = await draftFromPost(db, published?.id ?? 0);
    expect(made).toMatchObject({
      subject: "How we build",
      previewText: "The short story.",
      body: [{ type: "postCard", slug: "how-we-build" }],
    });
    // What it makes is a valid draft: the editor opens and saves it as it is.
    expect(campaignDraftSchema.safeParse(made).success).toBe(true);
    expect(await draftFromPost(db, unpublished?.id ?? 0)).toBeNull();
    expect(await draftFromPost(db, 999_999)).toBeNull();
    const created = await createCampaign(db, made as CampaignDraft, {
      createdBy: null,
      postId: published?.id,
    });
    expect(created.postId).toBe(published?.id);
  });

  it("offers published posts only, newest first, for the post card", async () => {
    await db.insert(webPosts).values([
      {
        title: "Older",
        slug: "older",
        content: "Body",
        status: "published",
        publishedAt: new Date("2026-01-01T00:00:00Z"),
      },
      {
        title: "Newer",
        slug: "newer",
        content: "Body",
        status: "published",
        publishedAt: new Date("2026-02-01T00:00:00Z"),
      },
      { title: "Draft", slug: "draft", content: "Body", status: "draft" },
      {
        title: "Later",
        slug: "later",
        content: "Body",
        status: "published",
        publishedAt: new Date(Date.now() + 86_400_000),
      },
    ]);
    expect(await listPostChoices(db)).toEqual([
      { slug: "newer", title: "Newer" },
      { slug: "older", title: "Older" },
    ]);
  });

  it("lists the tags of confirmed subscribers with their counts", async () => {
    await db.insert(webNewsletterSubscriptions).values([
      {
        email: "a@example.com",
        unsubscribeToken: "t-a",
        status: "active",
        tags: ["footer", "webinar"],
      },
      { email: "b@example.com", unsubscribeToken: "t-b", status: "active", tags: ["footer"] },
      { email: "c@example.com", unsubscribeToken: "t-c", status: "pending", tags: ["import"] },
      {
        email: "d@example.com",
        unsubscribeToken: "t-d",
        status: "unsubscribed",
        tags: ["webinar"],
      },
    ]);
    // Every tag in use, counted over confirmed subscribers (the pending one's "import": none yet).
    expect(await listSubscriberTags(db)).toEqual([
      { tag: "footer", count: 2 },
      { tag: "import", count: 0 },
      { tag: "webinar", count: 1 },
    ]);
    expect(await countAudience(db, [])).toBe(2);
  });
});
