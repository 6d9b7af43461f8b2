import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, openPglite, openPostgres, setDatabase } from "~/db/client.server";
import { seedDefaults } from "~/db/seed.server";
import { invalidateSiteCache } from "~/models/site.server";

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as CI does). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/**
 * A fresh, migrated database of the given kind. PostgreSQL gets a new database per call, dropped
 * again by `close()`, so test files never see each other's rows.
 */
export async function createTestDatabase(backend: Backend): Promise<Database> {
  if (backend === "pglite") {
    const template = fs.readFileSync(inject("pgliteTemplate"));
    const client = await PGlite.create({ loadDataDir: new Blob([template]) });
    return openPglite(client);
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated template (tests/setup/pglite-template.ts), or migrated here.
  const template = inject("postgresTemplate");
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 5 });
  if (!template) await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh database with the seeded defaults, made the app's current one, with the site cache
 * cleared: for tests of code that reads through `getDb()` and the cache.
 */
export async function openSiteDatabase(backend: Backend): Promise<Database> {
  const database = await createTestDatabase(backend);
  await seedDefaults(database.db);
  setDatabase(database);
  invalidateSiteCache();
  return database;
}

export async function closeSiteDatabase(database: Database) {
  setDatabase(undefined);
  invalidateSiteCache();
  await database.close();
}
