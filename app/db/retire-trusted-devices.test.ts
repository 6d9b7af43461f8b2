import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { describe, expect, it } from "vitest";
import { readJournal } from "./backup.server";
import { openPglite } from "./client.server";
import { migrationsUpTo } from "./restore.server";
import { verifications } from "./schema.server";

describe("migration 0012: no browser stays remembered for two-factor sign-in", () => {
  it("removes the rows behind earlier trust-device cookies and keeps every other verification", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "trusted-devices-"));
    const database = openPglite(await PGlite.create());
    try {
      const journal = readJournal();
      const before = journal[journal.findIndex((e) => e.tag === "0012_retire_trusted_devices") - 1];
      await migrate(database.db as never, {
        migrationsFolder: migrationsUpTo(before?.tag as string, path.join(work, "migrations")),
      });
      const expiresAt = new Date(Date.now() + 30 * 24 * 3600_000);
      await database.db.insert(verifications).values([
        { id: "a", identifier: "trust-device-0123456789abcdef", value: "user-1", expiresAt },
        { id: "b", identifier: "step-up:session-1", value: "user-1", expiresAt },
        { id: "c", identifier: "reset-password:token", value: "user-2", expiresAt },
      ]);
      await migrate(database.db as never, { migrationsFolder: path.resolve("drizzle") });
      const left = await database.db.select({ id: verifications.identifier }).from(verifications);
      expect(left.map((row) => row.id).sort()).toEqual([
        "reset-password:token",
        "step-up:session-1",
      ]);
    } finally {
      await database.close();
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
