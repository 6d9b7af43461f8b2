import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPageViews, webPosts } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { fillDays, getAnalyticsReport, parseAnalyticsRange } from "./analytics.server";

describe("the range parameter", () => {
  it("takes 7, 30 or 90 days and falls back to 30", () => {
    expect(parseAnalyticsRange("7")).toBe(7);
    expect(parseAnalyticsRange("90")).toBe(90);
    for (const value of [null, undefined, "", "14", "abc", "-7", "7.0x"]) {
      expect(parseAnalyticsRange(value)).toBe(30);
    }
  });
});

describe("fillDays", () => {
  it("lists every day of the range, with 0 for days without views, across month ends", () => {
    expect(
      fillDays("2026-02-27", "2026-03-02", [
        { day: "2026-02-28", views: 4 },
        { day: "2026-03-02", views: 1 },
      ]),
    ).toEqual([
      { day: "2026-02-27", views: 0 },
      { day: "2026-02-28", views: 4 },
      { day: "2026-03-01", views: 0 },
      { day: "2026-03-02", views: 1 },
    ]);
  });
});

describe.each(backends)("the analytics report on %s", (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(backend);
  });
  afterAll(async () => {
    await database.close();
  });

  it("is empty, with a zero for every day, before anything was counted", async () => {
    const report = await getAnalyticsReport(database.db, { days: 7, today: "2026-11-21" });
    expect(report).toMatchObject({
      from: "2026-11-15",
      to: "2026-11-21",
      total: 0,
      topPages: [],
      topReferrers: [],
      topPosts: [],
      everCounted: false,
    });
    expect(report.perDay.map((d) => d.views)).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("sums per day within the range and ranks pages, referrers and posts", async () => {
    await database.db.insert(webPosts).values({ title: "Hello, world", slug: "hello-world" });
    await database.db.insert(webPageViews).values([
      // Outside the 7-day range: counted in 30 days only.
      { day: "2026-11-01", path: "/about", referrerHost: "", views: 100 },
      { day: "2026-11-15", path: "/", referrerHost: "", views: 5 },
      { day: "2026-11-15", path: "/", referrerHost: "news.example.org", views: 3 },
      { day: "2026-11-17", path: "/about", referrerHost: "", views: 2 },
      {
        day: "2026-11-21",
        path: "/blog/hello-world",
        referrerHost: "search.example.net",
        views: 4,
      },
      { day: "2026-11-21", path: "/blog/gone-post", referrerHost: "", views: 6 },
      { day: "2026-11-21", path: "/blog", referrerHost: "", views: 9 },
      { day: "2026-11-21", path: "/blog/category/ai", referrerHost: "", views: 1 },
      // Tomorrow (another process's clock): not in a range ending today.
      { day: "2026-11-22", path: "/", referrerHost: "", views: 50 },
    ]);

    const week = await getAnalyticsReport(database.db, { days: 7, today: "2026-11-21" });
    expect(week.total).toBe(30);
    expect(week.everCounted).toBe(true);
    expect(week.perDay).toEqual([
      { day: "2026-11-15", views: 8 },
      { day: "2026-11-16", views: 0 },
      { day: "2026-11-17", views: 2 },
      { day: "2026-11-18", views: 0 },
      { day: "2026-11-19", views: 0 },
      { day: "2026-11-20", views: 0 },
      { day: "2026-11-21", views: 20 },
    ]);
    expect(week.topPages).toEqual([
      { path: "/blog", views: 9 },
      { path: "/", views: 8 },
      { path: "/blog/gone-post", views: 6 },
      { path: "/blog/hello-world", views: 4 },
      { path: "/about", views: 2 },
      { path: "/blog/category/ai", views: 1 },
    ]);
    expect(week.topReferrers).toEqual([
      { host: "", views: 23 },
      { host: "search.example.net", views: 4 },
      { host: "news.example.org", views: 3 },
    ]);
    expect(week.topPosts).toEqual([
      { path: "/blog/gone-post", slug: "gone-post", title: null, views: 6 },
      { path: "/blog/hello-world", slug: "hello-world", title: "Hello, world", views: 4 },
    ]);

    const month = await getAnalyticsReport(database.db, { days: 30, today: "2026-11-21" });
    expect(month.perDay).toHaveLength(30);
    expect(month.perDay[0]?.day).toBe("2026-10-23");
    expect(month.total).toBe(130);
    expect(month.topPages[0]).toEqual({ path: "/about", views: 102 });
  });

  it("keeps only the ten biggest entries of each list", async () => {
    await database.db.insert(webPageViews).values(
      Array.from({ length: 15 }, (_, i) => ({
        day: "2026-10-01",
        path: `/page-${String(i).padStart(2, "0")}`,
        referrerHost: `site-${i}.example`,
        views: i + 1,
      })),
    );
    const report = await getAnalyticsReport(database.db, { days: 7, today: "2026-10-01" });
    expect(report.topPages).toHaveLength(10);
    expect(report.topPages[0]).toEqual({ path: "/page-14", views: 15 });
    expect(report.topPages[9]).toEqual({ path: "/page-05", views: 6 });
    expect(report.topReferrers).toHaveLength(10);
    expect(report.topReferrers[0]).toEqual({ host: "site-14.example", views: 15 });
  });
});
