import { asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aboutPageSeeds } from "~/content/pages/about";
import { formPageSeeds } from "~/content/pages/forms";
import { homePageSeeds } from "~/content/pages/home";
import { legalPageSeeds } from "~/content/pages/legal";
import { productPages } from "~/content/pages/products";
import { servicePageSeeds } from "~/content/pages/services";
import { servicePages } from "~/content/service-paths";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import type { Database } from "./client.server";
import {
  webIntegrations,
  webLegalVersions,
  webMainPageStats,
  webNavItems,
  webPageRevisions,
  webPages,
  webRedirects,
  webServices,
  webSettings,
} from "./schema.server";
import { seedDefaults } from "./seed.server";

describe.each(backends)("seed on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("writes the spec's defaults on a new database", async () => {
    const { db } = database;
    await seedDefaults(db);

    const stats = await db
      .select()
      .from(webMainPageStats)
      .orderBy(asc(webMainPageStats.displayOrder));
    expect(stats.map((s) => `${s.statValue} ${s.statLabel}`)).toEqual([
      "500+ Businesses Transformed",
      "98% Client Satisfaction",
      "24/7 AI Support",
    ]);

    const services = await db.select().from(webServices).orderBy(asc(webServices.displayOrder));
    expect(services).toHaveLength(6);
    expect(services.map((s) => s.featured)).toEqual([true, true, true, false, false, false]);
    expect(services.map((s) => s.link)).toContain("/web-design--development");

    const integrations = await db.select().from(webIntegrations);
    expect(integrations).toHaveLength(11);
    expect(integrations.every((i) => !i.enabled)).toBe(true);

    const nav = await db.select().from(webNavItems).orderBy(asc(webNavItems.displayOrder));
    expect(nav.map((n) => n.label)).toEqual([
      "Home",
      "Products",
      "Services",
      "Blog",
      "About",
      "Contact",
    ]);

    const [primary] = await db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "brand_primary_color"));
    expect(primary?.value).toBe("#6366f1");
    const [address] = await db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "contact_address"));
    expect(address?.value).toContain("Ruskin");
  });

  it("adds the product pages, the demos and About as published pages, and redirects the old addresses", async () => {
    const { db } = database;
    await seedDefaults(db);

    const pages = await db
      .select({
        id: webPages.id,
        path: webPages.path,
        title: webPages.title,
        kind: webPages.kind,
        status: webPages.status,
        metaTitle: webPages.metaTitle,
      })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          [...productPages, ...aboutPageSeeds].map((page) => page.address),
        ),
      )
      .orderBy(asc(webPages.id));
    expect(pages.map(({ id: _, ...page }) => page)).toEqual([
      {
        path: "/products/hiring-hub",
        title: "Hiring Hub",
        kind: "page",
        status: "published",
        metaTitle: "Hiring Hub: AI Recruiting Platform",
      },
      {
        path: "/products/opshub",
        title: "OpsHub",
        kind: "page",
        status: "published",
        metaTitle: "OpsHub: AI Operations Platform",
      },
      {
        path: "/products/studio",
        title: "Studio",
        kind: "page",
        status: "published",
        metaTitle: "Studio: AI Social Media Studio",
      },
      {
        path: "/products/omniconnect-hub",
        title: "OmniConnect Hub",
        kind: "page",
        status: "published",
        metaTitle: "OmniConnect Hub: Chat Widget Hub",
      },
      {
        path: "/demos",
        title: "Industry Demos",
        kind: "page",
        status: "published",
        metaTitle: "Industry Demos",
      },
      {
        path: "/about",
        title: "About Us",
        kind: "page",
        status: "published",
        metaTitle: "About Us",
      },
    ]);
    // Each with the one revision its History panel starts from.
    const revisions = await db
      .select({ pageId: webPageRevisions.pageId, by: webPageRevisions.savedByName })
      .from(webPageRevisions)
      .where(
        inArray(
          webPageRevisions.pageId,
          pages.map((page) => page.id),
        ),
      )
      .orderBy(asc(webPageRevisions.pageId));
    expect(revisions).toEqual(pages.map((page) => ({ pageId: page.id, by: "Site setup" })));

    const redirects = await db
      .select({
        from: webRedirects.fromPath,
        to: webRedirects.target,
        origin: webRedirects.origin,
      })
      .from(webRedirects)
      .orderBy(asc(webRedirects.fromPath));
    expect(redirects).toEqual([
      { from: "/products/chat-widget", to: "/products/omniconnect-hub", origin: "page" },
      { from: "/products/restaurant-ops", to: "/products/opshub", origin: "page" },
    ]);
  });

  it("leaves a page staff made at a product page's address, and adds the others", async () => {
    const { db } = database;
    // A site from before the product pages were rows, where staff had made a page at /demos.
    await db.insert(webPages).values({ path: "/demos", title: "Our demos", status: "draft" });
    await seedDefaults(db);

    const pages = await db
      .select({ path: webPages.path, title: webPages.title })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          productPages.map((page) => page.address),
        ),
      );
    expect(pages).toHaveLength(productPages.length);
    expect(pages).toContainEqual({ path: "/demos", title: "Our demos" });
  });

  it("never overwrites or brings back what an admin changed", async () => {
    const { db } = database;
    await seedDefaults(db);
    await db
      .update(webSettings)
      .set({ value: "#000000" })
      .where(eq(webSettings.key, "brand_primary_color"));
    await db.delete(webNavItems).where(eq(webNavItems.label, "Blog"));
    await db.delete(webMainPageStats).where(eq(webMainPageStats.statKey, "ai_support"));
    await db.delete(webPages).where(eq(webPages.path, "/products/studio"));

    await seedDefaults(db);
    await seedDefaults(db);

    const [primary] = await db
      .select()
      .from(webSettings)
      .where(eq(webSettings.key, "brand_primary_color"));
    expect(primary?.value).toBe("#000000");
    const nav = await db.select().from(webNavItems);
    expect(nav.map((n) => n.label)).not.toContain("Blog");
    expect(nav).toHaveLength(5);
    expect(await db.select().from(webMainPageStats)).toHaveLength(2);
    expect(await db.select().from(webServices)).toHaveLength(6);
    const pages = await db
      .select({ path: webPages.path })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          productPages.map((page) => page.address),
        ),
      );
    expect(pages.map((page) => page.path)).not.toContain("/products/studio");
    expect(pages).toHaveLength(productPages.length - 1);
  });

  it("gives the same result when two processes seed at once", async () => {
    const { db } = database;
    await Promise.all([seedDefaults(db), seedDefaults(db)]);
    expect(await db.select().from(webServices)).toHaveLength(6);
    expect(await db.select().from(webNavItems)).toHaveLength(6);
    expect(await db.select().from(webPages)).toHaveLength(
      productPages.length +
        servicePageSeeds.length +
        aboutPageSeeds.length +
        formPageSeeds.length +
        homePageSeeds.length +
        legalPageSeeds.length,
    );
    expect(await db.select().from(webRedirects)).toHaveLength(2);
  });

  it("adds the six service pages as published pages at their addresses, each with its first revision", async () => {
    const { db } = database;
    await seedDefaults(db);

    const pages = await db
      .select({
        id: webPages.id,
        path: webPages.path,
        kind: webPages.kind,
        status: webPages.status,
        metaTitle: webPages.metaTitle,
      })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          servicePages.map((page) => `/${page}`),
        ),
      )
      .orderBy(asc(webPages.id));
    expect(pages.map((page) => page.path)).toEqual(servicePages.map((page) => `/${page}`));
    expect(pages.every((page) => page.kind === "page" && page.status === "published")).toBe(true);
    // The document titles the service route gave them.
    expect(pages.map((page) => page.metaTitle)).toEqual([
      "Omnichannel Chatbot Agents",
      "Voice-Driven AI Agents",
      "Process Automation",
      "Web Design & Development",
      "Marketing Automation",
      "Consulting Services",
    ]);
    const revisions = await db
      .select({ pageId: webPageRevisions.pageId, by: webPageRevisions.savedByName })
      .from(webPageRevisions)
      .where(
        inArray(
          webPageRevisions.pageId,
          pages.map((page) => page.id),
        ),
      )
      .orderBy(asc(webPageRevisions.pageId));
    expect(revisions).toEqual(pages.map((page) => ({ pageId: page.id, by: "Site setup" })));
  });

  it("adds the contact and consultation pages as published pages with their forms", async () => {
    const { db } = database;
    await seedDefaults(db);

    const pages = await db
      .select({
        path: webPages.path,
        kind: webPages.kind,
        status: webPages.status,
        metaTitle: webPages.metaTitle,
        blocks: webPages.blocks,
      })
      .from(webPages)
      .where(inArray(webPages.path, ["/contact", "/schedule-consultation"]))
      .orderBy(asc(webPages.id));
    expect(pages.map(({ blocks: _, ...page }) => page)).toEqual([
      { path: "/contact", kind: "page", status: "published", metaTitle: "Contact Us" },
      {
        path: "/schedule-consultation",
        kind: "page",
        status: "published",
        metaTitle: "Schedule a Free Consultation",
      },
    ]);
    // Their forms, where the page route's action finds them for a post without JavaScript.
    const forms = pages.map((page) =>
      (page.blocks as { type: string; form?: string; anchor: string; layout?: string }[])
        .filter((block) => block.type === "form")
        .map(({ form, anchor, layout }) => ({ form, anchor, layout })),
    );
    expect(forms).toEqual([
      [{ form: "contact", anchor: "message", layout: "details" }],
      [{ form: "consultation", anchor: "request", layout: "aside" }],
    ]);
  });

  it("adds the three policies as legal documents with their dates and data deletion as a page", async () => {
    const { db } = database;
    await seedDefaults(db);

    const pages = await db
      .select({
        id: webPages.id,
        path: webPages.path,
        kind: webPages.kind,
        status: webPages.status,
        effectiveDate: webPages.effectiveDate,
        legalVersion: webPages.legalVersion,
      })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          legalPageSeeds.map((page) => page.address),
        ),
      )
      .orderBy(asc(webPages.id));
    expect(pages.map(({ id: _, ...page }) => page)).toEqual([
      {
        path: "/privacy-policy",
        kind: "legal",
        status: "published",
        effectiveDate: "2024-09-09",
        legalVersion: "",
      },
      {
        path: "/terms-of-service",
        kind: "legal",
        status: "published",
        effectiveDate: "2025-01-03",
        legalVersion: "",
      },
      {
        path: "/cookie-policy",
        kind: "legal",
        status: "published",
        effectiveDate: "2025-01-03",
        legalVersion: "",
      },
      {
        path: "/data-deletion",
        kind: "page",
        status: "published",
        effectiveDate: null,
        legalVersion: "",
      },
    ]);
    // Each policy's first version is kept, readable at its versions address.
    const versions = await db
      .select({ pageId: webLegalVersions.pageId, date: webLegalVersions.effectiveDate })
      .from(webLegalVersions)
      .where(
        inArray(
          webLegalVersions.pageId,
          pages.map((page) => page.id),
        ),
      )
      .orderBy(asc(webLegalVersions.pageId));
    expect(versions.map((version) => version.date)).toEqual([
      "2024-09-09",
      "2025-01-03",
      "2025-01-03",
    ]);
  });

  it("keeps a service page staff deleted deleted, and one staff made at a service address first", async () => {
    const { db } = database;
    // A site from before the service pages were rows, where staff had made a page at one's address.
    await db
      .insert(webPages)
      .values({ path: "/consulting-services", title: "Our consulting", status: "draft" });
    await seedDefaults(db);
    await db.delete(webPages).where(eq(webPages.path, "/process-automation"));
    await seedDefaults(db);

    const pages = await db
      .select({ path: webPages.path, title: webPages.title })
      .from(webPages)
      .where(
        inArray(
          webPages.path,
          servicePages.map((page) => `/${page}`),
        ),
      );
    expect(pages).toHaveLength(5);
    expect(pages).toContainEqual({ path: "/consulting-services", title: "Our consulting" });
    expect(pages.map((page) => page.path)).not.toContain("/process-automation");
  });
});
