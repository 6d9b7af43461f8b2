import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../app/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one in-memory PGlite and dumps it; each test database starts from the dump (fast). */
export default async function setup(project: TestProject) {
  const client = await PGlite.create();
  const database = openPglite(client);
  await database.migrate();
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pglite-template-"));
  const file = path.join(dir, "template.tar");
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
