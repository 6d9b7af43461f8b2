import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { auditLog, webPages } from "~/db/schema.server";
import { loadEnv } from "~/env.server";
import { createJobRunner } from "~/jobs/runner.server";
import { createPage, getPublishedPageByPath } from "~/pages/pages.server";
import { backends, closeSiteDatabase, openSiteDatabase } from "../../tests/support/test-database";
import { SCHEDULER_NAME } from "./publish-scheduled.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scheduled-pages-"));

describe.each(backends)("the scheduled pages job (%s)", (backend) => {
  let database: Database;
  beforeAll(async () => {
    loadEnv({ DATA_DIR: dataDir, SITE_URL: "https://www.example.com" });
    database = await openSiteDatabase(backend);
  });
  afterAll(async () => {
    if (database) await closeSiteDatabase(database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("publishes a page whose time has come and records who did", async () => {
    const { db } = database;
    const created = await createPage(
      db,
      {
        title: "Launch day",
        path: "/launch-day",
        kind: "landing",
        status: "scheduled",
        publishedAt: new Date(Date.now() + 60_000),
        blocks: [],
        noindex: false,
      },
      { saver: { id: null, name: "ada@example.com", source: "editor" } },
    );
    if (created.status !== "saved") throw new Error("not saved");
    const runner = createJobRunner({ db, env: loadEnv({ DATA_DIR: dataDir }), intervalMs: 60_000 });
    await runner.runOnce();
    expect(await getPublishedPageByPath(db, "/launch-day")).toBeNull();

    await db
      .update(webPages)
      .set({ publishedAt: new Date(Date.now() - 1000) })
      .where(eq(webPages.id, created.id));
    await runner.runOnce();
    await runner.stop();
    expect((await getPublishedPageByPath(db, "/launch-day"))?.title).toBe("Launch day");
    const entries = await db
      .select({
        actor: auditLog.actorEmail,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
      })
      .from(auditLog)
      .where(eq(auditLog.entity, "page"));
    expect(entries).toEqual([
      { actor: SCHEDULER_NAME, action: "published", entity: "page", entityId: String(created.id) },
    ]);
  });
});
