import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/db/client.server";
import { seedDefaults } from "../../app/db/seed.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The same, with the site's defaults seeded (settings, menus, the pages the site comes with). */
    pgliteSeededTemplate: string;
    /** A migrated PostgreSQL database each test database is copied from (when TEST_DATABASE_URL is set). */
    postgresTemplate: string;
    /** The same, seeded. */
    postgresSeededTemplate: string;
  }
}

/** Runs `sql` on the PostgreSQL server at `adminUrl`, on a connection of its own. */
async function onServer(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A migrated database on the PostgreSQL server at `adminUrl`, and a copy of it with the site's
 * defaults seeded: each test database is made with `create database … template` one of them
 * (under a second), not migrated (a few seconds) and seeded (19 pages with their revisions) afresh.
 */
async function postgresTemplates(adminUrl: string) {
  const name = `test_template_${randomBytes(6).toString("hex")}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), { max: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const seeded = `${name}_seeded`;
  await onServer(adminUrl, `create database ${seeded} template ${name}`);
  url.pathname = `/${seeded}`;
  const copy = openPostgres(url.toString(), { max: 1 });
  try {
    await seedDefaults(copy.db);
  } finally {
    await copy.close();
  }
  return { migrated: name, seeded };
}

/**
 * Migrates one in-memory PGlite and dumps it, then seeds it and dumps it again; each test database
 * starts from one of the dumps (fast). With TEST_DATABASE_URL, likewise two PostgreSQL templates.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? await postgresTemplates(adminUrl) : { migrated: "", seeded: "" };
  project.provide("postgresTemplate", postgres.migrated);
  project.provide("postgresSeededTemplate", postgres.seeded);
  const client = await PGlite.create();
  const database = openPglite(client);
  await database.migrate();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const dump = async (name: string) => {
    const file = path.join(dir, name);
    const data = await client.dumpDataDir("none");
    fs.writeFileSync(file, Buffer.from(await data.arrayBuffer()));
    return file;
  };
  project.provide("pgliteTemplate", await dump("template.tar"));
  await seedDefaults(database.db);
  project.provide("pgliteSeededTemplate", await dump("seeded.tar"));
  await client.close();
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    for (const name of [postgres.seeded, postgres.migrated]) {
      if (adminUrl && name)
        await onServer(adminUrl, `drop database if exists ${name} with (force)`);
    }
  };
}
