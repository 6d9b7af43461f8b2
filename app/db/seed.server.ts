import { sql } from "drizzle-orm";
import { externalLinkDefaults, externalLinkLabels } from "~/content/external-links";
import { aboutPageSeeds } from "~/content/pages/about";
import { formPageSeeds } from "~/content/pages/forms";
import { homePageSeeds } from "~/content/pages/home";
import { legalPageSeeds } from "~/content/pages/legal";
import { productPages, productRedirects } from "~/content/pages/products";
import { servicePageSeeds } from "~/content/pages/services";
import {
  defaultHeroStats,
  defaultNavItems,
  defaultServices,
  defaultSettings,
  integrationNames,
} from "~/content/site-defaults";
import { seedPages } from "~/pages/seed-pages.server";
import type { Db } from "./client.server";
import {
  seedRuns,
  webIntegrations,
  webMainPageStats,
  webNavItems,
  webRedirects,
  webServices,
  webSettings,
} from "./schema.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * Each step runs once per database, ever: an admin who deletes a default never sees it come back.
 * New defaults in later releases get a new step name.
 */
const steps: { name: string; run: (tx: Tx) => Promise<unknown> }[] = [
  {
    name: "settings-v1",
    run: (tx) => tx.insert(webSettings).values(defaultSettings).onConflictDoNothing(),
  },
  {
    name: "hero-stats-v1",
    run: (tx) =>
      tx
        .insert(webMainPageStats)
        .values(defaultHeroStats.map((stat, i) => ({ ...stat, displayOrder: i + 1 })))
        .onConflictDoNothing(),
  },
  {
    name: "integrations-v1",
    run: (tx) =>
      tx
        .insert(webIntegrations)
        .values(integrationNames.map((name) => ({ name, enabled: false, config: {} })))
        .onConflictDoNothing(),
  },
  {
    name: "nav-items-v1",
    run: (tx) =>
      tx
        .insert(webNavItems)
        .values(defaultNavItems.map((item, i) => ({ ...item, displayOrder: i }))),
  },
  {
    name: "services-v1",
    run: (tx) =>
      tx
        .insert(webServices)
        .values(defaultServices.map((service, i) => ({ ...service, displayOrder: i }))),
  },
  {
    name: "external-links-v1",
    run: (tx) =>
      tx
        .insert(webSettings)
        .values(
          Object.entries(externalLinkDefaults).map(([key, value]) => ({
            key,
            value,
            description: externalLinkLabels[key as keyof typeof externalLinkLabels],
          })),
        )
        .onConflictDoNothing(),
  },
  {
    // The product pages and the demos, once routes, become pages staff edit; their old
    // addresses redirect as a renamed page's do.
    name: "pages-products-v1",
    run: async (tx) => {
      await seedPages(tx, productPages);
      await tx
        .insert(webRedirects)
        .values(productRedirects.map((redirect) => ({ ...redirect, origin: "page" as const })))
        .onConflictDoNothing({ target: webRedirects.fromPath });
    },
  },
  // The six service pages, once one route's, become pages staff edit.
  { name: "pages-services-v1", run: (tx) => seedPages(tx, servicePageSeeds) },
  // The About page, once a route, becomes a page staff edit.
  { name: "pages-about-v1", run: (tx) => seedPages(tx, aboutPageSeeds) },
  // The contact and consultation pages, once routes, become pages staff edit; their forms still
  // post to them without JavaScript (the page route's action).
  { name: "pages-forms-v1", run: (tx) => seedPages(tx, formPageSeeds) },
  // The home page, once a route, becomes a page staff edit; its hero, figures and service cards
  // still come from the Content tab.
  { name: "pages-home-v1", run: (tx) => seedPages(tx, homePageSeeds) },
  // The four legal pages, once one route's, become pages staff edit: the privacy, terms and
  // cookie policies as legal documents with their effective dates, data deletion as a page.
  { name: "pages-legal-v1", run: (tx) => seedPages(tx, legalPageSeeds) },
];

/** Writes the defaults that have never been written to this database. Safe to run concurrently. */
export async function seedDefaults(db: Db) {
  for (const step of steps) {
    await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(seedRuns)
        .values({ name: step.name })
        .onConflictDoNothing()
        .returning({ name: seedRuns.name });
      if (claimed.length > 0) await step.run(tx);
    });
  }
}

/** Removes every row but the schema (tests only). */
export async function truncateAll(db: Db) {
  await db.execute(sql`
    do $$ declare t text; begin
      for t in select tablename from pg_tables where schemaname = 'public' loop
        execute format('truncate table %I restart identity cascade', t);
      end loop;
    end $$;`);
}
