import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { reprocessImages } from "~/media/reprocess.server";
import { createLocalStorage, setMediaStorage } from "~/media/storage.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import type { Database } from "./client.server";
import { importOldBackend, mediaUrlRewriter, parseTimestamp } from "./import/index.server";
import {
  webCategories,
  webEditorVersions,
  webIntegrations,
  webMainPageStats,
  webMedia,
  webNewsletterConsents,
  webNewsletterSubscriptions,
  webPostRevisions,
  webPosts,
  webSettings,
} from "./schema.server";

const FIXTURES = path.resolve(import.meta.dirname, "../../tests/fixtures/old-backend");
const BROKEN_SETTINGS = path.resolve(
  import.meta.dirname,
  "../../tests/fixtures/old-backend-broken-settings",
);

/** Every row of every table, to show that a second import changes nothing at all. */
async function snapshot(database: Database) {
  const tables = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: { tablename: string }[] };
  const result: Record<string, unknown[]> = {};
  for (const { tablename } of tables.rows) {
    const rows = (await database.db.execute(
      sql.raw(`select * from "${tablename}" order by 1, 2`),
    )) as unknown as { rows: unknown[] };
    result[tablename] = rows.rows;
  }
  return result;
}

describe("reading the old backend's values", () => {
  it("reads PostgreSQL's timestamp text and ISO 8601", () => {
    expect(parseTimestamp("2024-03-01 09:00:00+00")?.toISOString()).toBe(
      "2024-03-01T09:00:00.000Z",
    );
    expect(parseTimestamp("2024-02-28 16:30:12.482913+00")?.toISOString()).toBe(
      "2024-02-28T16:30:12.482Z",
    );
    expect(parseTimestamp("2024-03-01 11:00:00+02")?.toISOString()).toBe(
      "2024-03-01T09:00:00.000Z",
    );
    expect(parseTimestamp("2024-03-01T09:00:00Z")?.toISOString()).toBe("2024-03-01T09:00:00.000Z");
    expect(parseTimestamp("2024-03-01 05:30:00-03:30")?.toISOString()).toBe(
      "2024-03-01T09:00:00.000Z",
    );
    expect(parseTimestamp("yesterday")).toBeNull();
  });

  it("rewrites the old bucket's URLs (plain, transformed, with a query) and names the missing files", () => {
    const rewrite = mediaUrlRewriter(
      new Map([
        ["a b.png", "1-aaaa.png"],
        ["x.jpg", "2-bbbb.jpg"],
      ]),
      { publicUrl: (name) => `/media/${name}` },
      ["https://cdn.example.com/media"],
    );
    const missing = new Set<string>();
    const out = rewrite(
      [
        "![a](https://p.supabase.co/storage/v1/object/public/media/a%20b.png)",
        '<img src="https://p.supabase.co/storage/v1/render/image/public/media/x.jpg?width=300">',
        "https://cdn.example.com/media/x.jpg",
        "https://p.supabase.co/storage/v1/object/public/media/gone.png",
        "https://p.supabase.co/storage/v1/object/public/other/x.jpg",
      ].join("\n"),
      missing,
    );
    expect(out.split("\n")).toEqual([
      "![a](/media/1-aaaa.png)",
      '<img src="/media/2-bbbb.jpg">',
      "/media/2-bbbb.jpg",
      "https://p.supabase.co/storage/v1/object/public/media/gone.png",
      "https://p.supabase.co/storage/v1/object/public/other/x.jpg",
    ]);
    expect([...missing]).toEqual(["gone.png"]);
  });
});

describe.each(backends)("importing the old backend's export on %s", (backend) => {
  let database: Database;
  let mediaDir: string;

  beforeEach(async () => {
    database = await openSiteDatabase(backend);
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "import-media-"));
    setMediaStorage(createLocalStorage(mediaDir));
  });
  afterEach(async () => {
    setMediaStorage(undefined);
    fs.rmSync(mediaDir, { recursive: true, force: true });
    await closeSiteDatabase(database);
  });

  it("imports every good row, reports the bad ones with their reasons, and maps the content", async () => {
    const report = await importOldBackend(database.db, { from: FIXTURES });
    const { db } = database;

    // Categories keep their ids, so the posts' category_id still points at them.
    expect(report.web_categories).toMatchObject({ imported: 3, updated: 0, unchanged: 0 });
    expect(report.web_categories.skipped).toEqual([{ row: 5, reason: "name is missing" }]);
    const categories = await db.select().from(webCategories).orderBy(asc(webCategories.id));
    expect(categories.map((c) => [c.id, c.slug, c.name])).toEqual([
      [2, "ai-solutions", "AI Solutions"],
      [5, "voice-ai", "Voice AI"],
      [6, "case-studies", "Case Studies"],
    ]);

    // Posts: ids, statuses, view counts, categories and publish times as exported.
    expect(report.web_posts).toMatchObject({ imported: 4, updated: 0, unchanged: 0 });
    expect(report.web_posts.skipped).toEqual([
      { row: 5, reason: "title is missing" },
      { row: 6, reason: 'status "pending" is not one of draft, published, archived' },
      {
        row: 7,
        reason: 'duplicate slug "getting-started-with-ai-chatbots" (row 2 has it)',
      },
    ]);
    expect(report.web_posts.warnings).toEqual([
      {
        row: 8,
        reason: "category_id 99 is not among the categories; the post has none",
      },
      {
        row: 8,
        reason:
          'links to media file "missing.png", which the media folder lacks; the old URL stays',
      },
    ]);
    const posts = await db.select().from(webPosts).orderBy(asc(webPosts.id));
    expect(
      posts.map((p) => [p.id, p.slug, p.status, p.categoryId, p.viewCount, p.authorId]),
    ).toEqual([
      [3, "getting-started-with-ai-chatbots", "published", 2, 42, null],
      [7, "voice-ai-in-customer-service", "draft", 5, 0, null],
      [9, "our-2023-roadmap", "archived", null, 17, null],
      [14, "automation-checklist", "published", null, 5, null],
    ]);
    const [first, draft, , checklist] = posts;
    expect(first?.publishedAt?.toISOString()).toBe("2024-03-01T09:00:00.000Z");
    expect(first?.createdAt.toISOString()).toBe("2024-02-28T16:30:12.482Z");
    expect(first?.content).toContain('Read the "quick start" guide first');
    expect(draft?.publishedAt).toBeNull();
    // Published without a publish time: it went public when it was created.
    expect(checklist?.publishedAt?.toISOString()).toBe("2024-03-09T11:15:00.000Z");
    expect(checklist?.content).toBe("- Map the process\n- Automate the boring part\n- Measure");

    // Each imported post has its first revision, saved by the import.
    const revisions = await db.select().from(webPostRevisions);
    expect(revisions).toHaveLength(4);
    expect(new Set(revisions.map((r) => r.source))).toEqual(new Set(["import"]));

    // The sequence moved past the kept ids: a new post gets a fresh one.
    const [fresh] = await db
      .insert(webPosts)
      .values({ title: "New", slug: "new-after-import" })
      .returning({ id: webPosts.id });
    expect(fresh?.id).toBe(15);
    await db.delete(webPosts).where(eq(webPosts.slug, "new-after-import"));

    // Media: stored under generated names, recorded, unprocessed until media:reprocess.
    expect(report.media).toMatchObject({ imported: 3, unchanged: 0 });
    expect(report.media.skipped).toEqual([
      expect.objectContaining({ file: "fake-image.png", row: 1 }),
    ]);
    const media = await db.select().from(webMedia).orderBy(asc(webMedia.originalName));
    expect(media.map((m) => [m.originalName, m.mimeType, m.processedVersion])).toEqual([
      ["hero-banner.png", "image/png", 0],
      ["notes.txt", "text/plain", 0],
      ["team/office photo.jpg", "image/jpeg", 0],
    ]);
    for (const row of media) {
      expect(row.name).toMatch(/^\d+-[0-9a-f]{16}\.(png|txt|jpg)$/);
      const original = fs.readFileSync(path.join(FIXTURES, "media", row.originalName));
      expect(fs.readFileSync(path.join(mediaDir, row.name)).equals(original)).toBe(true);
    }
    const url = (originalName: string) =>
      `/media/${media.find((m) => m.originalName === originalName)?.name}`;

    // Media URLs in posts point at our copies; the one the bucket lacked stays.
    expect(first?.content).toContain(`![Hero banner](${url("hero-banner.png")})`);
    expect(first?.content).toContain(`[notes](${url("notes.txt")})`);
    expect(first?.featuredImageUrl).toBe(url("team/office photo.jpg"));
    expect(draft?.content).toContain(`<img src="${url("hero-banner.png")}" alt="Banner">`);
    expect(
      posts.some((p) => p.content.includes("supabase.co/storage/v1/object/public/media/h")),
    ).toBe(false);
    expect(checklist?.featuredImageUrl).toBe(
      "https://abcdefghijkl.supabase.co/storage/v1/object/public/media/missing.png",
    );

    // Settings: the old keys, the footer's links as JSON text; editors see a newer version.
    expect(report.web_settings.skipped).toEqual([{ row: 9, reason: "key is missing" }]);
    const settings = new Map(
      (await db.select().from(webSettings)).map((s) => [s.key, s.value] as const),
    );
    expect(settings.get("contact_address")).toBe("100 Market Street, Suite 5\nSan Francisco");
    expect(settings.get("footer_copyright")).toBe("© 2024 AI Solutions. All rights reserved.");
    expect(JSON.parse(settings.get("footer_links") ?? "")).toEqual({
      Company: [
        { name: "About", href: "/about" },
        { name: "Careers", href: "https://jobs.example.com", external: true },
      ],
      Resources: [{ name: "Blog", href: "/blog" }],
    });
    expect(report.web_settings.imported + report.web_settings.updated).toBe(7);
    const versions = await db.select().from(webEditorVersions);
    expect(versions.find((v) => v.editor === "footer")?.version).toBeGreaterThan(0);

    // Integrations: catalogue fields only; secrets stored (write-only is the admin's masking);
    // one enabled without its required key comes in switched off.
    expect(report.web_integrations).toMatchObject({ updated: 2, unchanged: 1, imported: 0 });
    expect(report.web_integrations.skipped).toEqual([
      { row: 5, reason: "config is not valid JSON" },
      { row: 6, reason: '"hubspot" is not an integration this site offers' },
    ]);
    expect(report.web_integrations.warnings).toEqual([
      { row: 3, reason: "config keys this site does not use were left out: legacyMode" },
      { row: 4, reason: "imported switched off: API key missing" },
    ]);
    const integrations = new Map(
      (await db.select().from(webIntegrations)).map((i) => [i.name, i] as const),
    );
    expect(integrations.get("chatwoot")).toMatchObject({
      enabled: true,
      config: { websiteToken: "cw-token-123", baseUrl: "https://app.chatwoot.com" },
    });
    expect(integrations.get("stripe")).toMatchObject({
      enabled: false,
      config: {
        publishableKey: "pk_test_123",
        secretKey: "sk_test_secret_456",
        webhookSecret: "whsec_789",
      },
    });
    expect(integrations.get("openai")).toMatchObject({ enabled: false, config: {} });
    // No secret value ever appears in the report.
    expect(JSON.stringify(report)).not.toMatch(/sk_test_secret_456|whsec_789|hs-123/);

    // Stats: the seeded ones updated by stat_key, a new one added, a bad order skipped.
    expect(report.web_main_page_stats).toMatchObject({ updated: 2, imported: 1 });
    expect(report.web_main_page_stats.skipped).toEqual([
      { row: 5, reason: 'display_order "first" is not a whole number' },
    ]);
    const stats = new Map(
      (await db.select().from(webMainPageStats)).map(
        (s) => [s.statKey, [s.statValue, s.statLabel, s.displayOrder]] as const,
      ),
    );
    expect(Object.fromEntries(stats)).toEqual({
      businesses_transformed: ["750+", "Businesses Transformed", 1],
      client_satisfaction: ["99%", "Client Satisfaction", 2],
      projects_delivered: ["1200", "Projects Delivered", 3],
      ai_support: ["24/7", "AI Support", 3],
    });

    // Subscribers: addresses lower-cased, statuses and times kept, tokens generated.
    expect(report.web_newsletter_subscriptions).toMatchObject({ imported: 3 });
    expect(report.web_newsletter_subscriptions.skipped).toEqual([
      { row: 4, reason: "email is not a valid address" },
      { row: 5, reason: 'duplicate email "ana@example.com" (row 2 has it)' },
      { row: 6, reason: 'status "bounced" is not one of active, unsubscribed' },
    ]);
    const subscribers = await db
      .select()
      .from(webNewsletterSubscriptions)
      .orderBy(asc(webNewsletterSubscriptions.email));
    expect(
      subscribers.map((s) => [
        s.email,
        s.status,
        s.subscribedAt.toISOString(),
        s.unsubscribedAt?.toISOString() ?? null,
      ]),
    ).toEqual([
      ["ana@example.com", "active", "2024-01-15T08:00:00.000Z", null],
      [
        "ben.miller@example.com",
        "unsubscribed",
        "2024-01-20T09:30:00.000Z",
        "2024-02-10T17:45:00.000Z",
      ],
      ["dev@example.org", "active", "2024-02-01T12:00:00.000Z", null],
    ]);
    // A campaign may go to the imported addresses only.
    expect(subscribers.map((s) => s.tags)).toEqual([["import"], ["import"], ["import"]]);
    const tokens = subscribers.map((s) => s.unsubscribeToken);
    expect(new Set(tokens).size).toBe(3);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("imports active addresses with an import consent, and never revives a suppressed one", async () => {
    const db = database.db;
    const suppressedAt = new Date("2026-11-01T12:00:00Z");
    await db.insert(webNewsletterSubscriptions).values([
      {
        email: "ana@example.com",
        status: "suppressed",
        unsubscribeToken: "a".repeat(43),
        suppressedReason: "spam-report",
        suppressedAt,
      },
      {
        email: "dev@example.org",
        status: "pending",
        unsubscribeToken: "d".repeat(43),
        confirmToken: "c".repeat(43),
      },
    ]);
    const report = await importOldBackend(db, { from: FIXTURES });
    expect(report.web_newsletter_subscriptions).toMatchObject({ imported: 1, updated: 1 });
    expect(report.web_newsletter_subscriptions.skipped[0]).toEqual({
      row: 2,
      reason: "suppressed: ana@example.com is never mailed again (spam-report)",
    });
    const rows = new Map(
      (await db.select().from(webNewsletterSubscriptions)).map((r) => [r.email, r]),
    );
    expect(rows.get("ana@example.com")).toMatchObject({ status: "suppressed", suppressedAt });
    expect(rows.get("dev@example.org")).toMatchObject({ status: "active", confirmToken: null });
    const consents = await db
      .select()
      .from(webNewsletterConsents)
      .orderBy(asc(webNewsletterConsents.id));
    // Only the address the import made active; the unsubscribed one consented to nothing.
    expect(consents).toMatchObject([
      {
        subscriptionId: rows.get("dev@example.org")?.id,
        source: "import",
        wordingVersion: "unrecorded",
        confirmed: false,
      },
    ]);
    // Run again: still suppressed, still skipped, no second consent.
    const again = await importOldBackend(db, { from: FIXTURES });
    expect(again.web_newsletter_subscriptions.skipped[0]?.reason).toMatch(/^suppressed: /);
    expect(await db.select().from(webNewsletterConsents)).toHaveLength(1);
  });

  it("changes nothing when run a second time", async () => {
    await importOldBackend(database.db, { from: FIXTURES });
    const before = await snapshot(database);
    const filesBefore = fs.readdirSync(mediaDir).sort();

    const again = await importOldBackend(database.db, { from: FIXTURES });
    for (const [table, report] of Object.entries(again)) {
      expect({ table, imported: report.imported, updated: report.updated }).toEqual({
        table,
        imported: 0,
        updated: 0,
      });
    }
    expect(again.web_posts.unchanged).toBe(4);
    expect(again.media.unchanged).toBe(3);
    expect(again.web_newsletter_subscriptions.unchanged).toBe(3);
    // The bad rows are reported again, the same way.
    expect(again.web_posts.skipped).toHaveLength(3);

    expect(await snapshot(database)).toEqual(before);
    expect(fs.readdirSync(mediaDir).sort()).toEqual(filesBefore);
  });

  it("finds its media again after media:reprocess has re-encoded them", async () => {
    await importOldBackend(database.db, { from: FIXTURES });
    const summary = await reprocessImages();
    expect(summary).toMatchObject({ processed: 2, failed: [] });
    const again = await importOldBackend(database.db, { from: FIXTURES });
    expect(again.media).toMatchObject({ imported: 0, unchanged: 3 });
    expect(again.web_posts).toMatchObject({ imported: 0, updated: 0, unchanged: 4 });
  });

  it("updates what changed since the last run and keeps views counted here", async () => {
    await importOldBackend(database.db, { from: FIXTURES });
    await database.db
      .update(webPosts)
      .set({ viewCount: 100, title: "Edited here" })
      .where(eq(webPosts.id, 3));
    const again = await importOldBackend(database.db, { from: FIXTURES });
    expect(again.web_posts).toMatchObject({ updated: 1, unchanged: 3 });
    const [post] = await database.db.select().from(webPosts).where(eq(webPosts.id, 3));
    expect(post).toMatchObject({ title: "Getting started with AI chatbots", viewCount: 100 });
    expect(post?.version).toBe(2);
  });

  it("reports broken JSON in the footer's links and the tables the export lacks", async () => {
    const report = await importOldBackend(database.db, { from: BROKEN_SETTINGS });
    expect(report.web_settings.skipped).toEqual([
      { row: 2, reason: "footer_links is not valid JSON" },
    ]);
    expect(report.web_settings).toMatchObject({ found: true, updated: 1 });
    expect(report.web_posts).toMatchObject({ found: false, imported: 0, skipped: [] });
    expect(report.media.found).toBe(false);
    const [links] = await database.db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "footer_links"));
    expect(links).toBeUndefined();
  });

  it("refuses a table whose header lacks a needed column and reads the rest", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-export-"));
    try {
      fs.writeFileSync(path.join(dir, "web_posts.csv"), "id,title,content\n1,A,B\n");
      fs.writeFileSync(
        path.join(dir, "web_main_page_stats.csv"),
        'id,stat_key,stat_value,stat_label,display_order\n1,x,"1",One,1,extra\n2,y,2,Two,\n',
      );
      const report = await importOldBackend(database.db, { from: dir });
      expect(report.web_posts.skipped).toEqual([
        { row: 1, reason: "the header lacks slug, status; nothing of this table was imported" },
      ]);
      expect(report.web_main_page_stats.skipped).toEqual([
        { row: 2, reason: "has 6 fields where the header names 5" },
      ]);
      expect(report.web_main_page_stats.imported).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
