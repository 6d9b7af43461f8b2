import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** A migrated PostgreSQL database each test database is copied from (when TEST_DATABASE_URL is set). */
    postgresTemplate: string;
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
 * A migrated database on the PostgreSQL server at `adminUrl`: each test database is made with
 * `create database … template` it (under a second), not migrated afresh (a few seconds each).
 */
async function postgresTemplate(adminUrl: string) {
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
  return name;
}

/**
 * Migrates one in-memory PGlite and dumps it; each test database starts from the dump (fast).
 * With TEST_DATABASE_URL, likewise one migrated PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = adminUrl ? await postgresTemplate(adminUrl) : "";
  project.provide("postgresTemplate", pgTemplate);
  const client = await PGlite.create();
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (adminUrl && pgTemplate) {
      await onServer(adminUrl, `drop database if exists ${pgTemplate} with (force)`);
    }
  };
}
