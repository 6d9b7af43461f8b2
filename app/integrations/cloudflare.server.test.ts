import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminChanged } from "~/admin/mutation.server";
import type { CurrentUser } from "~/auth/session.server";
import type { Database, Db } from "~/db/client.server";
import { users, webIntegrations, webOutbox, webPosts } from "~/db/schema.server";
import { type Env, getEnv, loadEnv } from "~/env.server";
import { createJobRunner } from "~/jobs/runner.server";
import { createPost } from "~/models/post-writes.server";
import { postPagePaths, siteContentChanged } from "~/models/site.server";
import { type FakeCloudflare, startFakeCloudflare } from "../../tests/support/fake-cloudflare";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  cloudflareDeliverer,
  MAX_FILES_PER_PURGE,
  purgeUrls,
  queueCloudflarePurge,
  testCloudflare,
} from "./cloudflare.server";
import { connectionTests } from "./connection-tests.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cloudflare-"));
const SITE_URL = "https://www.example.com";
const ZONE = "023e105f4ecef8ad9ca31a8372d0c353";
const TOKEN = "cf-api-token-secret";

function allowPrivate(allowed: boolean, more: Record<string, string> = {}) {
  loadEnv({ DATA_DIR: dataDir, SITE_URL, ALLOW_PRIVATE_OUTBOUND: allowed ? "1" : "0", ...more });
}

describe("purgeUrls and postPagePaths", () => {
  it("makes each path of a post's pages an absolute URL on SITE_URL, once", () => {
    expect(postPagePaths("new-slug", "old-slug", null, "new-slug")).toEqual([
      "/blog/new-slug",
      "/blog/old-slug",
      "/blog",
      "/blog/rss.xml",
      "/",
      "/sitemap.xml",
    ]);
    expect(purgeUrls(["/blog/a", "/blog/a", "/", "//evil.example", "relative"], SITE_URL)).toEqual([
      `${SITE_URL}/blog/a`,
      `${SITE_URL}/`,
    ]);
    expect(purgeUrls(["/blog/caf%C3%A9", "/blog/café"], `${SITE_URL}/`)).toEqual([
      `${SITE_URL}/blog/caf%C3%A9`,
    ]);
  });
});

describe.each(backends)("Cloudflare cache purges (%s)", (backend) => {
  let database: Database;
  let db: Db;
  let fake: FakeCloudflare;
  let env: Env;
  let admin: CurrentUser;

  beforeAll(async () => {
    fake = await startFakeCloudflare();
    allowPrivate(true, { CLOUDFLARE_API_URL: fake.url });
    env = getEnv();
    database = await openSiteDatabase(backend);
    db = database.db;
    await db
      .insert(users)
      .values({ id: "cf-admin", name: "Admin", email: "admin@acme.test", emailVerified: true });
    admin = {
      id: "cf-admin",
      email: "admin@acme.test",
      role: "admin",
      isAdmin: true,
      isStaff: true,
    };
  });
  afterAll(async () => {
    await fake?.close();
    if (database) await closeSiteDatabase(database);
  });
  beforeEach(async () => {
    allowPrivate(true, { CLOUDFLARE_API_URL: fake.url });
    fake.received.length = 0;
    await db.delete(webOutbox);
    await configure(true, { zoneId: ZONE, apiToken: TOKEN });
  });

  async function configure(enabled: boolean, config: Record<string, string>) {
    await db
      .update(webIntegrations)
      .set({ enabled, config })
      .where(eq(webIntegrations.name, "cloudflare"));
  }
  async function queued() {
    return (await db.select().from(webOutbox).orderBy(asc(webOutbox.id))).filter(
      (r) => r.target === "cloudflare",
    );
  }

  it("queues purges only while Cloudflare is on with a zone ID and an API token", async () => {
    expect(await queueCloudflarePurge(db, { everything: true })).toBe(true);
    const paths = Array.from({ length: 65 }, (_, i) => `/blog/post-${i}`);
    expect(await queueCloudflarePurge(db, { paths })).toBe(true);
    expect(await queueCloudflarePurge(db, { paths: [] })).toBe(false);
    const rows = await queued();
    expect(rows.map((r) => r.event)).toEqual(Array(4).fill("cache.purge"));
    expect(rows[0]?.payload).toEqual({ purge_everything: true });
    expect(rows.slice(1).map((r) => (r.payload.files as string[]).length)).toEqual([
      MAX_FILES_PER_PURGE,
      MAX_FILES_PER_PURGE,
      5,
    ]);
    expect(rows[1]?.payload.files).toContain(`${SITE_URL}/blog/post-0`);
    expect(rows[3]?.payload.files).toContain(`${SITE_URL}/blog/post-64`);

    await db.delete(webOutbox);
    await configure(false, { zoneId: ZONE, apiToken: TOKEN });
    expect(await queueCloudflarePurge(db, { everything: true })).toBe(false);
    await configure(true, { zoneId: ZONE });
    expect(await queueCloudflarePurge(db, { everything: true })).toBe(false);
    await configure(true, { apiToken: TOKEN });
    expect(await queueCloudflarePurge(db, { paths: ["/"] })).toBe(false);
    expect(await queued()).toEqual([]);
  });

  it("purges a post's pages after its save, everything after other content, nothing for leads", async () => {
    await siteContentChanged(postPagePaths("a-post", "its-old-slug"));
    await adminChanged(admin, { action: "updated", entity: "hero" });
    await adminChanged(admin, { action: "updated status", entity: "contact message", entityId: 1 });
    await adminChanged(admin, { action: "updated", entity: "integration", entityId: "twilio" });
    await adminChanged(
      admin,
      { action: "updated", entity: "integration", entityId: "google_analytics" },
      undefined,
    );
    await adminChanged(admin, { action: "updated", entity: "blog post", entityId: 1 }, []);
    expect((await queued()).map((r) => r.payload)).toEqual([
      {
        files: [
          `${SITE_URL}/blog/a-post`,
          `${SITE_URL}/blog/its-old-slug`,
          `${SITE_URL}/blog`,
          `${SITE_URL}/blog/rss.xml`,
          `${SITE_URL}/`,
          `${SITE_URL}/sitemap.xml`,
        ],
      },
      { purge_everything: true },
      { purge_everything: true },
    ]);
  });

  it("purges everything after a change of an integration public pages show, nothing for server-side ones", async () => {
    // Each of these changes the public pages: their scripts, CSP and the cookie policy's list.
    for (const name of ["chatwoot", "vapi", "google_analytics", "custom-code"]) {
      await db.delete(webOutbox);
      await adminChanged(admin, { action: "updated", entity: "integration", entityId: name });
      await adminChanged(admin, { action: "enabled", entity: "integration", entityId: name });
      expect(
        (await queued()).map((r) => r.payload),
        name,
      ).toEqual([{ purge_everything: true }, { purge_everything: true }]);
    }
    await db.delete(webOutbox);
    for (const name of ["cloudflare", "openai", "sendgrid", "stripe", "twilio", "zapier"]) {
      await adminChanged(admin, { action: "updated", entity: "integration", entityId: name });
    }
    expect(await queued()).toEqual([]);
  });

  it("purges a scheduled post's address when the scheduler publishes it", async () => {
    const post = await createPost(
      db,
      {
        title: "Scheduled for Cloudflare",
        content: "x",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 60_000),
      },
      null,
    );
    await db
      .update(webPosts)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(webPosts.id, post.id));
    const runner = createJobRunner({ db, env, intervalMs: 1000 });
    await runner.runOnce();
    // The outbox job of the same tick claimed the purge queued by the scheduled posts' job.
    const purge = await fake.waitForPurge((p) =>
      Boolean(p.json?.files?.includes(`${SITE_URL}/blog/${post.slug}`)),
    );
    await runner.stop();
    expect(purge.path).toBe(`/client/v4/zones/${ZONE}/purge_cache`);
    expect(purge.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(purge.headers["content-type"]).toBe("application/json");
    expect(purge.json?.files).toContain(`${SITE_URL}/blog`);
    expect(await queued()).toMatchObject([
      { status: "delivered", lastStatus: 200, lastAnswer: "200 purged 5 URLs" },
    ]);
  });

  it("retries 5xx, 429, an unreachable API or success: false; gives up on a refusal or while off", async () => {
    await queueCloudflarePurge(db, { everything: true });
    const [row] = await queued();
    if (!row) throw new Error("nothing queued");
    const deliver = cloudflareDeliverer(env);
    expect(await deliver(row, db)).toEqual({
      kind: "delivered",
      status: 200,
      answer: "200 purged everything",
    });
    expect(fake.purges()[0]?.json).toEqual({ purge_everything: true });

    fake.answerWith(500, 429, 403, 400);
    expect(await deliver(row, db)).toEqual({
      kind: "retry",
      status: 500,
      answer: "500 Service unavailable (10001)",
    });
    expect(await deliver(row, db)).toMatchObject({ kind: "retry", status: 429 });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "403 Authentication error (10000)",
    });
    expect(await deliver(row, db)).toMatchObject({ kind: "give-up" });

    const down = await startFakeCloudflare();
    await down.close();
    const unreachable = await cloudflareDeliverer({ CLOUDFLARE_API_URL: down.url })(row, db);
    expect(unreachable.kind).toBe("retry");
    expect(unreachable.answer).toMatch(/^Could not reach 127\.0\.0\.1:\d+/);

    await configure(true, { zoneId: ZONE });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Cloudflare lacks its zone ID or API token, so nothing was purged.",
    });
    await configure(false, { zoneId: ZONE, apiToken: TOKEN });
    expect(await deliver(row, db)).toEqual({
      kind: "give-up",
      answer: "Cloudflare is switched off, so nothing was purged.",
    });
    expect(fake.purges()).toHaveLength(5);
    for (const request of fake.received) expect(request.body).not.toContain(TOKEN);
  });
});

describe("Test connection of the Cloudflare integration", () => {
  let fake: FakeCloudflare;
  let env: Env;
  const config = { zoneId: ZONE, apiToken: TOKEN };
  beforeAll(async () => {
    allowPrivate(true);
    fake = await startFakeCloudflare();
    env = { CLOUDFLARE_API_URL: fake.url } as Env;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it("reads the zone, purging nothing, and names it", async () => {
    expect(connectionTests.cloudflare).toBe(testCloudflare);
    expect(await testCloudflare(config, env)).toEqual({
      ok: true,
      message: "Connected to Cloudflare zone example.com (active).",
    });
    expect(fake.received).toMatchObject([{ method: "GET", path: `/client/v4/zones/${ZONE}` }]);
    expect(fake.received[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(fake.purges()).toEqual([]);
  });

  it("says clearly when Cloudflare refuses the token or cannot be reached, with no secret", async () => {
    fake.answerWith(403);
    expect(await testCloudflare(config, env)).toEqual({
      ok: false,
      message:
        "Cloudflare refused the API token (Authentication error (10000)): check that it may read this zone and purge its cache.",
    });
    fake.answerWith(404);
    expect(await testCloudflare(config, env)).toEqual({
      ok: false,
      message: "Cloudflare knows no zone with that zone ID.",
    });
    fake.answerWith(502);
    expect(await testCloudflare(config, env)).toEqual({
      ok: false,
      message: "Cloudflare answered 502: Service unavailable (10001)",
    });
    const down = await startFakeCloudflare();
    await down.close();
    const unreachable = await testCloudflare(config, { CLOUDFLARE_API_URL: down.url } as Env);
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).toMatch(
      /^Could not reach 127\.0\.0\.1:\d+ \(the connection was refused\)\.$/,
    );
    expect(unreachable.message).not.toContain(TOKEN);
    expect(await testCloudflare({ zoneId: ZONE }, env)).toEqual({
      ok: false,
      message: "Enter the zone ID and the API token first.",
    });
  });
});
