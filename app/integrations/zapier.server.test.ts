import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import {
  webIntegrations,
  webNewsletterSubscriptions,
  webOutbox,
  webPosts,
} from "~/db/schema.server";
import { type Env, loadEnv } from "~/env.server";
import { publishDuePosts } from "~/jobs/publish-scheduled.server";
import { setSubscriptionStatus } from "~/models/admin-subscribers.server";
import { createConsultationRequest, createContactMessage } from "~/models/leads.server";
import { subscribeToNewsletter, unsubscribeByToken } from "~/models/newsletter.server";
import { createPost, updatePost, upsertPostBySlug } from "~/models/post-writes.server";
import { consultationSchema, contactSchema } from "~/schemas/forms";
import { type FakeZapier, startFakeZapier } from "../../tests/support/fake-zapier";
import { backends, openSiteDatabase } from "../../tests/support/test-database";
import { deliverToZapier, enqueueZapierEvent, testZapier } from "./zapier.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "zapier-"));
const SITE_URL = "https://www.example.com";
function allowPrivate(allowed: boolean) {
  loadEnv({ DATA_DIR: dataDir, SITE_URL, ALLOW_PRIVATE_OUTBOUND: allowed ? "1" : "0" });
}

/** How a receiver checks a delivery: HMAC-SHA256 of the raw body with the shared key. */
function validSignature(body: string, header: string | undefined, key: string) {
  const expected = Buffer.from(`sha256=${createHmac("sha256", key).update(body).digest("hex")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

describe.each(backends)("Zapier webhooks (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let fake: FakeZapier;

  beforeAll(async () => {
    allowPrivate(true);
    database = await openSiteDatabase(backend);
    db = database.db;
    fake = await startFakeZapier();
  });
  afterAll(async () => {
    await fake?.close();
    await database?.close();
  });
  beforeEach(async () => {
    allowPrivate(true);
    fake.received.length = 0;
    await db.delete(webOutbox);
    await configure(true, { webhookUrl: fake.url, apiKey: "zap-signing-key" });
  });

  async function configure(enabled: boolean, config: Record<string, string>) {
    await db
      .update(webIntegrations)
      .set({ enabled, config })
      .where(eq(webIntegrations.name, "zapier"));
  }

  async function queued() {
    return db.select().from(webOutbox).orderBy(asc(webOutbox.id));
  }

  it("queues the site's events only while Zapier is on with a webhook URL", async () => {
    const lead = contactSchema.parse({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      confirmEmail: "ada@example.com",
      comments: "Hello",
      consent: true,
    });
    await createContactMessage(db, lead, "contact:one");
    // A resubmission stores nothing new and announces nothing new.
    await createContactMessage(db, lead, "contact:one");
    await createConsultationRequest(
      db,
      consultationSchema.parse({ name: "Grace", email: "grace@example.com", message: "Hi" }),
      "consultation:one",
    );
    const { unsubscribeToken } = await subscribeToNewsletter(db, "reader@example.com");
    await subscribeToNewsletter(db, "reader@example.com");
    await unsubscribeByToken(db, unsubscribeToken);
    await unsubscribeByToken(db, unsubscribeToken);
    const draft = await createPost(db, { title: "Draft", content: "x", status: "draft" }, null);
    await updatePost(db, draft.id, { title: "Draft", content: "y", status: "published" });
    await updatePost(db, draft.id, { title: "Draft", content: "z", status: "published" });
    await upsertPostBySlug(db, { title: "Via API", content: "x", status: "published" }, null);
    await upsertPostBySlug(db, { title: "Via API", content: "again", status: "published" }, null);
    await createPost(
      db,
      {
        title: "Later",
        content: "x",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 60_000),
      },
      null,
    );
    await db
      .update(webPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(webPosts.slug, "later"));
    await publishDuePosts(db);
    const [row] = await db.select().from(webPosts).where(eq(webPosts.id, draft.id));

    const events = (await queued()).map((r) => [r.event, r.target]);
    expect(events).toEqual([
      ["lead.created", "zapier"],
      ["lead.created", "zapier"],
      ["subscriber.created", "zapier"],
      ["subscriber.unsubscribed", "zapier"],
      ["post.published", "zapier"],
      ["post.published", "zapier"],
      ["post.published", "zapier"],
    ]);
    const payloads = (await queued()).map((r) => r.payload);
    expect(payloads[0]).toMatchObject({ form: "contact", email: "ada@example.com" });
    expect(payloads[1]).toMatchObject({ form: "consultation", name: "Grace", message: "Hi" });
    expect(payloads[3]).toMatchObject({ email: "reader@example.com", by: "subscriber" });
    expect(payloads[4]).toMatchObject({
      post_id: draft.id,
      title: "Draft",
      url: `${SITE_URL}/blog/${row?.slug}`,
    });
    expect(payloads.slice(4, 7).map((p) => p.slug)).toEqual([row?.slug, "via-api", "later"]);

    // The admin's unsubscribe and reactivation are announced too.
    await db.delete(webOutbox);
    const [reader] = await db
      .select({ id: webNewsletterSubscriptions.id })
      .from(webNewsletterSubscriptions)
      .where(eq(webNewsletterSubscriptions.email, "reader@example.com"));
    await setSubscriptionStatus(db, reader?.id ?? 0, "active");
    await setSubscriptionStatus(db, reader?.id ?? 0, "unsubscribed");
    expect((await queued()).map((r) => [r.event, r.payload.by ?? r.payload.returning])).toEqual([
      ["subscriber.created", true],
      ["subscriber.unsubscribed", "admin"],
    ]);

    await db.delete(webOutbox);
    await configure(false, { webhookUrl: fake.url });
    await subscribeToNewsletter(db, "quiet@example.com");
    await configure(true, {});
    await subscribeToNewsletter(db, "quiet2@example.com");
    expect(await queued()).toEqual([]);
  });

  it("posts the event as JSON, signed over the exact body with the API key", async () => {
    await enqueueZapierEvent(db, "lead.created", { email: "ada@example.com" });
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    expect(await deliverToZapier(row, db)).toEqual({
      kind: "delivered",
      status: 200,
      answer: '200 {"status":"success"}',
    });
    const [hook] = fake.received;
    expect(hook?.method).toBe("POST");
    expect(hook?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(hook?.body ?? "")).toEqual({
      event: "lead.created",
      id: row.id,
      created_at: row.createdAt.toISOString(),
      data: { email: "ada@example.com" },
    });
    const signature = hook?.headers["x-signature-sha256"] as string | undefined;
    expect(validSignature(hook?.body ?? "", signature, "zap-signing-key")).toBe(true);
    expect(validSignature(`${hook?.body} `, signature, "zap-signing-key")).toBe(false);

    await configure(true, { webhookUrl: fake.url });
    await deliverToZapier(row, db);
    expect(fake.received[1]?.headers["x-signature-sha256"]).toBeUndefined();
  });

  it("retries an error answer or a refused address, and gives up on a refusal or while Zapier is off", async () => {
    await enqueueZapierEvent(db, "subscriber.created", { email: "x@example.com" });
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    fake.answerWith(500, 410);
    expect(await deliverToZapier(row, db)).toEqual({
      kind: "retry",
      status: 500,
      answer: '500 {"error":"try later"}',
    });
    // 410 Gone: the zap was deleted, and every later try would be refused the same way.
    expect(await deliverToZapier(row, db)).toEqual({
      kind: "give-up",
      answer: '410 {"error":"try later"}',
    });

    allowPrivate(false);
    const refused = await deliverToZapier(row, db);
    expect(refused.kind).toBe("retry");
    expect(refused.answer).toMatch(/https/);
    // The hook URL is a secret: never in an answer the admin's list shows.
    expect(refused.answer).not.toContain("/hooks/catch");
    expect(fake.received).toHaveLength(2);

    allowPrivate(true);
    await configure(false, { webhookUrl: fake.url });
    expect(await deliverToZapier(row, db)).toEqual({
      kind: "give-up",
      answer: "Zapier is switched off, so this was not sent.",
    });
    await configure(true, {});
    expect((await deliverToZapier(row, db)).kind).toBe("give-up");
    expect(fake.received).toHaveLength(2);
  });
});

describe("Test connection of the Zapier integration", () => {
  const env = {} as Env;
  let fake: FakeZapier;
  beforeAll(async () => {
    allowPrivate(true);
    fake = await startFakeZapier();
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("posts a signed test event and shows the hook's answer", async () => {
    const result = await testZapier({ webhookUrl: fake.url, apiKey: "zap-key" }, env);
    expect(result).toEqual({
      ok: true,
      message: 'The webhook took the test event: 200 {"status":"success"}',
    });
    const [hook] = await fake.waitForRequests(1);
    expect(JSON.parse(hook?.body ?? "{}")).toMatchObject({ event: "test", id: 0 });
    expect(
      validSignature(hook?.body ?? "", hook?.headers["x-signature-sha256"] as string, "zap-key"),
    ).toBe(true);
  });

  it("shows the hook's error answer, and a clear error when nothing answers", async () => {
    fake.answerWith(410);
    expect(await testZapier({ webhookUrl: fake.url }, env)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The webhook did not take the test event: 410/),
    });
    const down = await startFakeZapier();
    const url = down.url;
    await down.close();
    const result = await testZapier({ webhookUrl: url }, env);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^The webhook did not take the test event: /);
    expect(result.message).not.toContain("/hooks/");
    expect(await testZapier({}, env)).toEqual({
      ok: false,
      message: "Add the webhook URL first, then test again.",
    });
  });
});
