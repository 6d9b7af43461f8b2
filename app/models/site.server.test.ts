import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Database, setDatabase } from "~/db/client.server";
import { webMainPageStats, webNavItems, webServices, webSettings } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import {
  backends,
  closeSiteDatabase,
  createTestDatabase,
  openSiteDatabase,
} from "../../tests/support/test-database";
import {
  brandStyle,
  getExternalLinks,
  getFooter,
  invalidateSiteCache,
  listHeroStats,
  listNavItems,
  listServices,
} from "./site.server";

describe.each(backends)("site content on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await openSiteDatabase(backend);
  });
  afterEach(async () => {
    await closeSiteDatabase(database);
  });

  it("shows stored hero stats in display order, and the defaults when there are none", async () => {
    const { db } = database;
    await db
      .update(webMainPageStats)
      .set({ displayOrder: 9 })
      .where(eq(webMainPageStats.statKey, "businesses_transformed"));
    expect((await listHeroStats()).map((s) => s.label)).toEqual([
      "Client Satisfaction",
      "AI Support",
      "Businesses Transformed",
    ]);
    await db.delete(webMainPageStats);
    invalidateSiteCache();
    expect((await listHeroStats()).map((s) => `${s.value} ${s.label}`)).toEqual([
      "500+ Businesses Transformed",
      "98% Client Satisfaction",
      "24/7 AI Support",
    ]);
  });

  it("shows an edit on the next read once the cache is invalidated", async () => {
    const { db } = database;
    expect((await getFooter()).email).toBe("hello@aisolutions.example");
    await db
      .update(webSettings)
      .set({ value: "team@acme.test" })
      .where(eq(webSettings.key, "contact_email"));
    // Within the cache's lifetime the old value may still show...
    expect((await getFooter()).email).toBe("hello@aisolutions.example");
    // ...but an admin write invalidates it.
    invalidateSiteCache();
    expect((await getFooter()).email).toBe("team@acme.test");
  });

  it("reads the navigation, services and stats once per change, not at every request", async () => {
    const { db } = database;
    const read = async () =>
      [
        (await listNavItems()).length,
        (await listServices()).length,
        (await listHeroStats()).length,
      ].join();
    const before = await read();
    await db.delete(webNavItems);
    await db.delete(webServices);
    await db.delete(webMainPageStats);
    // The rows are gone, but within the cache's lifetime pages still show what was read...
    expect(await read()).toBe(before);
    expect(await read()).toBe(before);
    // ...until a write clears it.
    invalidateSiteCache();
    expect(await read()).toBe("0,0,3");
  });

  it("keeps serving the defaults, and logs, when the database fails", async () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    await database.close();
    setDatabase({ ...database, db: database.db });
    invalidateSiteCache();
    expect((await listHeroStats()).map((s) => s.value)).toEqual(["500+", "98%", "24/7"]);
    expect((await listNavItems()).map((n) => n.label)).toContain("Contact");
    expect((await getFooter()).address).toContain("Ruskin");
    expect((await getExternalLinks()).booking_url).toMatch(/^https:\/\//);
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
    database = await createTestDatabase(backend);
  });

  it("turns the brand colours into CSS properties and ignores malformed ones", async () => {
    expect(brandStyle(new Map())).toEqual({
      "--brand-primary": "#6366f1",
      "--brand-accent": "#8b5cf6",
    });
    expect(
      brandStyle(
        new Map([
          ["brand_primary_color", "#123456"],
          ["brand_accent_color", "red;}body{x"],
        ]),
      ),
    ).toEqual({ "--brand-primary": "#123456", "--brand-accent": "#8b5cf6" });
  });
});
