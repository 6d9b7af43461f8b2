import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultNavItems, defaultServices } from "~/content/site-defaults";
import type { Database } from "~/db/client.server";
import { auditLog, webNavItems } from "~/db/schema.server";
import {
  heroSchema,
  navItemSchema,
  navMenuSchema,
  servicesSchema,
  statCreateSchema,
  statUpdateSchema,
} from "~/schemas/admin/content";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import {
  createStat,
  deleteStat,
  getHero,
  listNavMenu,
  listServiceItems,
  listStats,
  replaceNavMenu,
  replaceServices,
  saveHero,
  updateStat,
} from "./admin-content.server";
import { readSettingsView } from "./admin-settings.server";
import { recordAudit } from "./audit.server";
import { restorableDetails, restoreFromAudit } from "./editor-restore.server";
import { EditorConflictError, readEditorVersions } from "./editor-versions.server";
import {
  getSettingsMap,
  invalidateSiteCache,
  listHeroStats,
  listNavItems,
  listServices,
  settingOrDefault,
} from "./site.server";

describe.each(backends)("content editing on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("saves the hero texts, and an emptied one falls back to the default on the home page", async () => {
    await saveHero(
      database.db,
      heroSchema.parse({ heroTitle: "  Smarter Work ", heroSubtitle: "We help.", heroCtaText: "" }),
    );
    expect(await getHero(database.db)).toEqual({
      heroTitle: "Smarter Work",
      heroSubtitle: "We help.",
      heroCtaText: "",
    });
    invalidateSiteCache();
    const settings = await getSettingsMap();
    expect(settingOrDefault(settings, "hero_title")).toBe("Smarter Work");
    expect(settingOrDefault(settings, "hero_cta_text")).toBe("Schedule Consultation");
  });

  it("adds, edits and deletes statistics, in display order, keeping the key", async () => {
    const seeded = await listStats(database.db);
    expect(seeded.map((s) => s.statKey)).toEqual([
      "businesses_transformed",
      "client_satisfaction",
      "ai_support",
    ]);
    const added = await createStat(
      database.db,
      statCreateSchema.parse({
        statKey: "projects",
        statValue: "120",
        statLabel: "Projects",
        displayOrder: "",
      }),
    );
    expect(added).toMatchObject({ statKey: "projects", displayOrder: 0 });
    const first = seeded[0];
    if (!added || !first) throw new Error("missing rows");
    const updated = await updateStat(
      database.db,
      statUpdateSchema.parse({
        id: String(first.id),
        statKey: "renamed",
        statValue: "600+",
        statLabel: "Happy Clients",
        displayOrder: "7",
      }),
    );
    expect(updated).toMatchObject({ statKey: first.statKey, statValue: "600+", displayOrder: 7 });
    expect(await deleteStat(database.db, seeded[1]?.id ?? 0)).not.toBeNull();
    expect(await deleteStat(database.db, 999_999)).toBeNull();

    invalidateSiteCache();
    expect(await listHeroStats()).toEqual([
      { value: "120", label: "Projects" },
      { value: "24/7", label: "AI Support" },
      { value: "600+", label: "Happy Clients" },
    ]);
  });

  it("refuses a second statistic with the same key and leaves the first unchanged", async () => {
    const input = statCreateSchema.parse({
      statKey: "ai_support",
      statValue: "1",
      statLabel: "Duplicate",
      displayOrder: "1",
    });
    expect(await createStat(database.db, input)).toBeNull();
    const rows = await listStats(database.db);
    expect(rows.filter((r) => r.statKey === "ai_support")).toEqual([
      expect.objectContaining({ statValue: "24/7" }),
    ]);
  });

  it("replaces the navigation menu in the given order", async () => {
    expect((await listNavMenu(database.db)).map((n) => n.label)).toEqual(
      defaultNavItems.map((n) => n.label),
    );
    const menu = navMenuSchema.parse({
      items: [
        { label: "Pricing", url: "/pricing" },
        { label: "Home", url: "/#home" },
        { label: "Docs", url: "https://docs.example.com" },
      ],
    });
    await replaceNavMenu(database.db, menu.items);
    invalidateSiteCache();
    expect(await listNavItems()).toEqual(menu.items);
    const rows = await database.db.select().from(webNavItems);
    expect(rows.map((r) => r.displayOrder).sort()).toEqual([0, 1, 2]);
  });

  it("keeps the old menu when the replacement fails part-way", async () => {
    const before = await listNavMenu(database.db);
    await expect(
      replaceNavMenu(database.db, [
        { label: "Fine", url: "/fine" },
        { label: null as unknown as string, url: "/broken" },
      ]),
    ).rejects.toThrow();
    expect(await listNavMenu(database.db)).toEqual(before);
  });

  it("replaces the services, keeping icon, link and featured", async () => {
    expect((await listServiceItems(database.db)).map((s) => s.title)).toEqual(
      defaultServices.map((s) => s.title),
    );
    const services = servicesSchema.parse({
      items: [
        {
          title: "Data Pipelines",
          description: "Clean data.",
          icon: "Database",
          link: "",
          featured: true,
        },
        {
          title: "Voice",
          description: "Calls.",
          icon: "Mic",
          link: "/voice-driven-ai-agents",
          featured: false,
        },
      ],
    });
    await replaceServices(database.db, services.items);
    invalidateSiteCache();
    expect(await listServices()).toEqual(services.items);
  });

  const hero = (heroTitle: string) =>
    heroSchema.parse({ heroTitle, heroSubtitle: "Sub", heroCtaText: "Go" });

  it("refuses a save based on a stale version, writing nothing; a fresh one saves, bumps and keeps the values before", async () => {
    const seeded = await getHero(database.db);
    const first = await saveHero(database.db, hero("One"), 0);
    expect(first).toEqual({ before: seeded, version: 1 });
    // A second admin who opened the editor at version 0 is refused, and nothing changes.
    await expect(saveHero(database.db, hero("Stale"), 0)).rejects.toBeInstanceOf(
      EditorConflictError,
    );
    expect((await getHero(database.db)).heroTitle).toBe("One");
    const second = await saveHero(database.db, hero("Two"), first.version);
    expect(second.version).toBe(2);
    expect(second.before.heroTitle).toBe("One");
    // Without a version (an old client) the check is skipped, the version still rises.
    expect((await saveHero(database.db, hero("Three"))).version).toBe(3);

    // A missing row is version 0: any other version is stale; the lists keep their before-values.
    const menu = navMenuSchema.parse({ items: [{ label: "Only", url: "/only" }] });
    await expect(replaceNavMenu(database.db, menu.items, 4)).rejects.toBeInstanceOf(
      EditorConflictError,
    );
    const saved = await replaceNavMenu(database.db, menu.items, 0);
    expect(saved.before.items).toEqual(defaultNavItems);
    const services = await replaceServices(database.db, defaultServices.slice(0, 1), 0);
    expect(services.before.items).toEqual(defaultServices);
    expect(await readEditorVersions(database.db, ["hero", "navigation", "services"])).toEqual({
      hero: 3,
      navigation: 1,
      services: 1,
    });
  });

  it("restores the values from before a change, through the editor's checks, and a restore can be restored", async () => {
    const admin = { id: null as unknown as string, email: "admin@example.test" };
    const latestEntry = async () =>
      (await database.db.select().from(auditLog).orderBy(auditLog.id)).at(-1)?.id ?? 0;
    const seededTitle = (await getHero(database.db)).heroTitle;
    const saved = await saveHero(database.db, hero("Edited"));
    await recordAudit(admin, {
      action: "updated",
      entity: "hero",
      details: restorableDetails("hero", saved.before),
    });
    const edited = await latestEntry();

    const restored = await restoreFromAudit(database.db, edited);
    expect(restored).toMatchObject({ status: "restored", editor: "hero", entity: "hero" });
    expect((await getHero(database.db)).heroTitle).toBe(seededTitle);
    if (restored.status !== "restored") return;
    expect((restored.before as { heroTitle: string }).heroTitle).toBe("Edited");
    await recordAudit(admin, {
      action: "restored",
      entity: "hero",
      details: restorableDetails("hero", restored.before),
    });
    expect(await restoreFromAudit(database.db, await latestEntry())).toMatchObject({
      status: "restored",
    });
    expect((await getHero(database.db)).heroTitle).toBe("Edited");
    expect((await readEditorVersions(database.db, ["hero"])).hero).toBe(3);

    // A settings editor the same way; values that no longer pass its schema are refused.
    const footer = (await readSettingsView(database.db)).footer;
    await recordAudit(admin, {
      action: "updated",
      entity: "footer",
      details: restorableDetails("footer", { ...footer, copyright: "Old Co." }),
    });
    expect(await restoreFromAudit(database.db, await latestEntry())).toMatchObject({
      status: "restored",
      editor: "footer",
    });
    expect((await readSettingsView(database.db)).footer.copyright).toBe("Old Co.");
    await recordAudit(admin, {
      action: "updated",
      entity: "navigation menu",
      details: restorableDetails("navigation", { items: [] }),
    });
    expect(await restoreFromAudit(database.db, await latestEntry())).toEqual({
      status: "invalid",
      message: "Keep at least one menu item",
    });
    expect(await listNavMenu(database.db)).toHaveLength(defaultNavItems.length);
    // An entry from before the values were kept has nothing to restore.
    await recordAudit(admin, { action: "updated", entity: "hero", details: { heroTitle: "x" } });
    expect(await restoreFromAudit(database.db, await latestEntry())).toEqual({
      status: "not-restorable",
    });
  });
});

describe("content schemas", () => {
  it("accepts site paths, anchors and http(s) addresses as links", () => {
    for (const url of [
      "/about",
      "/#services",
      "#contact",
      "https://example.com/x?y=1",
      "http://a.b",
    ]) {
      expect(navItemSchema.safeParse({ label: "X", url }).success, url).toBe(true);
    }
  });

  it("refuses script, data and protocol-relative links", () => {
    for (const url of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<b>",
      "//evil.example",
      "/\\evil.example",
      "vbscript:x",
      "ftp://example.com",
      "#",
      "java\tscript:alert(1)",
    ]) {
      const parsed = navItemSchema.safeParse({ label: "X", url });
      expect(parsed.success, url).toBe(false);
    }
  });

  it("asks for the empty field of a menu item", () => {
    const parsed = navItemSchema.safeParse({ label: "Pricing", url: " " });
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["url", "Enter a URL"],
    ]);
  });

  it("reads an empty display order as 0 and refuses a fraction", () => {
    const base = { statKey: "k", statValue: "1", statLabel: "L" };
    expect(statCreateSchema.parse({ ...base, displayOrder: "" }).displayOrder).toBe(0);
    expect(statCreateSchema.parse({ ...base, displayOrder: " 3 " }).displayOrder).toBe(3);
    expect(statCreateSchema.safeParse({ ...base, displayOrder: "1.5" }).success).toBe(false);
    expect(statCreateSchema.safeParse({ ...base, displayOrder: "abc" }).success).toBe(false);
    expect(statCreateSchema.safeParse({ ...base, statKey: "Bad Key" }).success).toBe(false);
  });

  it("refuses a service without title or description, or with an unknown icon", () => {
    const base = { title: "T", description: "D", icon: "Star", link: "", featured: false };
    expect(servicesSchema.safeParse({ items: [base] }).success).toBe(true);
    for (const bad of [
      { title: "" },
      { description: " " },
      { icon: "Skull" },
      { link: "javascript:x" },
    ]) {
      expect(servicesSchema.safeParse({ items: [{ ...base, ...bad }] }).success).toBe(false);
    }
  });
});
