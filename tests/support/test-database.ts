import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import {
  type Database,
  openPglite,
  openPostgres,
  pgliteStartParams,
  setDatabase,
} from "~/db/client.server";
import { seedDefaults } from "~/db/seed.server";
import { invalidateSiteCache } from "~/models/site.server";

export type Backend = "pglite" | "postgres";

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as CI does). */
export const backends: Backend[] = process.env.TEST_DATABASE_URL
  ? ["pglite", "postgres"]
  : ["pglite"];

/** The template dumps, read once per test file (each test's database is a copy). */
const templateBlobs = new Map<string, Blob>();
function templateBlob(file: string): Blob {
  let blob = templateBlobs.get(file);
  if (!blob) {
    blob = new Blob([fs.readFileSync(file)]);
    templateBlobs.set(file, blob);
  }
  return blob;
}

/**
 * A fresh, migrated database of the given kind; `seeded`, with the site's defaults too (copied from
 * a template seeded once per run, tests/setup/pglite-template.ts, or seeded here without one).
 * PostgreSQL gets a new database per call, dropped again by `close()`, so test files never see
 * each other's rows.
 */
export async function createTestDatabase(
  backend: Backend,
  { seeded = false }: { seeded?: boolean } = {},
): Promise<Database> {
  if (backend === "pglite") {
    const seededFile = seeded ? inject("pgliteSeededTemplate") : undefined;
    const client = await PGlite.create({
      loadDataDir: templateBlob(seededFile || inject("pgliteTemplate")),
      // The app's own settings: 32 MB of shared buffers, not PostgreSQL's 128, which PGlite
      // would zero in WebAssembly memory for each test database (about 40 % of its start).
      startParams: pgliteStartParams(),
    });
    const database = openPglite(client);
    if (seeded && !seededFile) await seedDefaults(database.db);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // A copy of the run's migrated (or seeded) template, or migrated (and seeded) here.
  const seededTemplate = seeded ? inject("postgresSeededTemplate") : undefined;
  const template = seededTemplate || inject("postgresTemplate");
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 5 });
  if (!template) await database.migrate();
  if (seeded && !seededTemplate) await seedDefaults(database.db);
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
  const database = await createTestDatabase(backend, { seeded: true });
  setDatabase(database);
  invalidateSiteCache();
  return database;
}

export async function closeSiteDatabase(database: Database) {
  setDatabase(undefined);
  invalidateSiteCache();
  await database.close();
}
