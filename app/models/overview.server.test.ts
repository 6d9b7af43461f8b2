import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { publicPagePaths } from "~/content/service-paths";
import type { Database } from "~/db/client.server";
import { linkAudits, webPages, webPosts } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { checkSiteStatus, getOverview, listPublicPages } from "./overview.server";

describe.each(backends)("overview figures on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    // As every site is: its marketing pages are seeded page rows.
    database = await createTestDatabase(backend, { seeded: true });
  });
  afterEach(async () => {
    await database.close();
  });

  it("counts with no posts and no audit", async () => {
    expect(await getOverview(database)).toEqual({
      site: { live: true },
      pages: { total: publicPagePaths.length, fixed: publicPagePaths.length, posts: 0 },
      posts: { total: 0, published: 0, drafts: 0, scheduled: 0 },
      links: null,
    });
  });

  it("counts posts by status, and published posts as pages", async () => {
    await database.db.insert(webPosts).values([
      { title: "Live", slug: "live-post", status: "published", publishedAt: new Date() },
      { title: "Second", slug: "second", status: "published", publishedAt: new Date() },
      { title: "Draft", slug: "draft-post", status: "draft" },
      { title: "Old", slug: "old-post", status: "archived" },
    ]);
    const overview = await getOverview(database);
    expect(overview.posts).toEqual({ total: 4, published: 2, drafts: 1, scheduled: 0 });
    expect(overview.pages).toEqual({
      total: publicPagePaths.length + 2,
      fixed: publicPagePaths.length,
      posts: 2,
    });
    expect((await listPublicPages(database.db)).slice(-2)).toEqual([
      "/blog/live-post",
      "/blog/second",
    ]);
  });

  it("counts the published pages built from blocks as site pages, as the sitemap lists them", async () => {
    await database.db.insert(webPages).values([
      { path: "/spring-offer", title: "Spring offer", status: "published" },
      { path: "/hidden-offer", title: "Hidden", status: "published", noindex: true },
      { path: "/draft-offer", title: "Draft", status: "draft" },
      { path: "/old-offer", title: "Old", status: "archived" },
    ]);
    await database.db
      .insert(webPosts)
      .values({ title: "Live", slug: "live-post", status: "published", publishedAt: new Date() });
    const overview = await getOverview(database);
    expect(overview.pages).toEqual({
      total: publicPagePaths.length + 2,
      fixed: publicPagePaths.length + 1,
      posts: 1,
    });
    const pages = await listPublicPages(database.db);
    expect(pages).toContain("/spring-offer");
    expect(pages).not.toContain("/hidden-offer");
    expect(pages).not.toContain("/draft-offer");
    expect(pages.at(-1)).toBe("/blog/live-post");
  });

  it("leaves out a page the site came with once staff archive it, hide it or delete it", async () => {
    const before = await listPublicPages(database.db);
    expect(before).toEqual(expect.arrayContaining(["/about", "/demos", "/products/studio"]));
    await database.db
      .update(webPages)
      .set({ status: "archived" })
      .where(eq(webPages.path, "/about"));
    await database.db.update(webPages).set({ noindex: true }).where(eq(webPages.path, "/demos"));
    await database.db.delete(webPages).where(eq(webPages.path, "/products/studio"));
    const after = await listPublicPages(database.db);
    expect(after).toEqual(
      before.filter((path) => !["/about", "/demos", "/products/studio"].includes(path)),
    );
    // The pages a route draws stay, in their place.
    expect(after.slice(0, 1)).toEqual(["/"]);
    expect(after).toContain("/blog");
    expect((await getOverview(database)).pages?.fixed).toBe(publicPagePaths.length - 3);
  });

  it("takes active links from the newest finished audit", async () => {
    const link = (status: string) => ({ url: "/a", page: "/", type: "internal", status });
    await database.db.insert(linkAudits).values([
      {
        status: "finished",
        results: [link("working"), link("missing")],
        startedAt: new Date("2026-01-01T10:00:00Z"),
        finishedAt: new Date("2026-01-01T10:01:00Z"),
      },
      {
        status: "finished",
        results: [link("working"), link("working"), link("orphan"), link("missing")],
        startedAt: new Date("2026-01-02T10:00:00Z"),
        finishedAt: new Date("2026-01-02T10:01:00Z"),
      },
      { status: "failed", error: "boom", startedAt: new Date("2026-01-03T10:00:00Z") },
      { status: "running", startedAt: new Date() },
    ]);
    expect((await getOverview(database)).links).toEqual({
      working: 2,
      total: 4,
      finishedAt: new Date("2026-01-02T10:01:00Z"),
    });
  });
});

describe("site status", () => {
  it("is degraded when the database does not answer", async () => {
    expect(await checkSiteStatus({ ping: () => Promise.reject(new Error("down")) })).toEqual({
      live: false,
    });
    expect(await checkSiteStatus({ ping: () => Promise.resolve() })).toEqual({ live: true });
  });
});
