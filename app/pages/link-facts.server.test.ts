import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { webPages, webRedirects } from "~/db/schema.server";
import type { Saver } from "~/models/post-writes.server";
import { insertPosts } from "../../tests/support/blog";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Block } from "./blocks";
import { loadLinkFacts } from "./link-facts.server";
import { createPage, type PageInput, updatePage } from "./pages.server";
import { checkPage } from "./publish-check";

const saver: Saver = { id: null, name: "ada@example.com", source: "editor" };

const hero: Block = {
  id: "hero1",
  type: "hero",
  v: 3,
  anchor: "",
  variant: "centred",
  badge: "",
  title: "Spring is here",
  text: "",
  image: "",
  imageAlt: "",
  figures: [],
  figuresFrom: "block",
  highlights: { label: "", style: "pills", items: [] },
  backButton: false,
};

const page = (over: Partial<PageInput>): PageInput => ({
  title: "Offer",
  path: "/offer",
  kind: "landing",
  status: "published",
  blocks: [hero],
  noindex: false,
  ...over,
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

describe.each(backends)("loadLinkFacts on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    // As every site is: its marketing pages are seeded page rows.
    database = await createTestDatabase(backend, { seeded: true });
  });
  afterEach(async () => {
    await database.close();
  });

  it("knows the published pages and posts, and not the drafts or the scheduled", async () => {
    const { db } = database;
    await insertPosts(db, [
      { title: "Live", slug: "live-post", category: "ai", publishedAt: hoursAgo(1) },
      { title: "Draft", slug: "draft-post", status: "draft" },
      {
        title: "Later",
        slug: "later-post",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 86_400_000),
      },
    ]);
    await createPage(db, page({ path: "/spring-offer" }), { saver });
    await createPage(db, page({ path: "/draft-offer", status: "draft" }), { saver });

    const facts = await loadLinkFacts(db, "https://example.com/some/path");
    expect(facts.siteOrigin).toBe("https://example.com");
    expect(facts.exists("/spring-offer")).toBe(true);
    expect(facts.exists("/Spring-Offer/")).toBe(true);
    expect(facts.exists("/draft-offer")).toBe(false);
    expect(facts.exists("/blog/live-post")).toBe(true);
    expect(facts.exists("/blog/live-post#comments")).toBe(true);
    expect(facts.exists("/blog/draft-post")).toBe(false);
    expect(facts.exists("/blog/later-post")).toBe(false);
    expect(facts.exists("/blog?category=ai")).toBe(true);
    expect(facts.exists("/blog?category=nope")).toBe(false);
    // The site's own pages and routes.
    for (const path of [
      "/",
      "/about",
      "/contact",
      "/blog",
      "/blog/rss.xml",
      "/auth",
      "/sitemap.xml",
    ]) {
      expect(facts.exists(path), path).toBe(true);
    }
    expect(facts.exists("/nowhere")).toBe(false);
  });

  it("reports a link to a page the site came with as missing once staff archive that page", async () => {
    const { db } = database;
    await db.update(webPages).set({ status: "archived" }).where(eq(webPages.path, "/about"));
    const facts = await loadLinkFacts(db, "https://www.example.com");
    expect(facts.exists("/about")).toBe(false);
    expect(facts.exists("/demos")).toBe(true);
  });

  it("knows the redirects that are followed, a page's old address among them", async () => {
    const { db } = database;
    const created = await createPage(db, page({ path: "/old-offer" }), { saver });
    if (created.status !== "saved") throw new Error("the page was not created");
    const moved = await updatePage(db, created.id, page({ path: "/new-offer" }), { saver });
    expect(moved.status).toBe("saved");
    await db.insert(webRedirects).values([
      { fromPath: "/winter", target: "https://other.example/winter" },
      // Switched off: the site answers /blog itself, so this one is never followed.
      { fromPath: "/blog", target: "/contact" },
    ]);

    const facts = await loadLinkFacts(db, "https://example.com");
    expect(facts.redirectsTo("/old-offer")).toBe("/new-offer");
    expect(facts.redirectsTo("/old-offer/?ref=mail")).toBe("/new-offer?ref=mail");
    expect(facts.redirectsTo("/winter")).toBe("https://other.example/winter");
    expect(facts.redirectsTo("/blog")).toBeNull();
    expect(facts.redirectsTo("/new-offer")).toBeNull();
    expect(facts.exists("/new-offer")).toBe(true);
  });

  it("gives the check before publishing what it needs to warn about a page's links", async () => {
    const { db } = database;
    await insertPosts(db, [{ title: "Live", slug: "live-post", publishedAt: hoursAgo(1) }]);
    await db.insert(webRedirects).values({ fromPath: "/old-post", target: "/blog/live-post" });
    const facts = await loadLinkFacts(db, "https://example.com");
    const text = (id: string, markdown: string): Block => ({
      id,
      type: "richText",
      v: 2,
      anchor: "",
      eyebrow: "",
      title: "",
      tone: "plain",
      tightTop: false,
      markdown,
      aside: { title: "", items: [] },
    });
    const warnings = checkPage(
      {
        title: "Offer",
        metaDescription: "x".repeat(130),
        blocks: [
          hero,
          text("ok", "Read [it](/blog/live-post)."),
          text("moved", "Read [it](/old-post)."),
          text("gone", "Read [it](https://example.com/blog/gone)."),
        ],
      },
      facts,
    );
    expect(warnings.map((w) => [w.code, "blockId" in w.where ? w.where.blockId : null])).toEqual([
      ["link-redirect", "moved"],
      ["link-missing", "gone"],
    ]);
  });
});
