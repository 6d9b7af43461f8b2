import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { apiKeys, profiles, users } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  createApiKey,
  findLiveApiKey,
  hashApiKey,
  listApiKeys,
  revokeApiKey,
} from "./api-keys.server";

async function insertAccount(database: Database, id: string, role: "admin" | "user") {
  await database.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  await database.db.insert(profiles).values({ id, role });
}

describe.each(backends)("API keys on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    await insertAccount(database, "admin-1", "admin");
  });
  afterEach(async () => {
    await database.close();
  });

  it("stores only a hash and a short prefix of a new key", async () => {
    const { key, summary } = await createApiKey(database.db, {
      name: "Blog publisher",
      createdBy: "admin-1",
    });
    expect(key).toMatch(/^ais_[A-Za-z0-9_-]{43}$/);
    expect(summary).toMatchObject({
      name: "Blog publisher",
      prefix: key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
      createdByEmail: "admin-1@example.com",
    });
    const [row] = await database.db.select().from(apiKeys);
    expect(row?.keyHash).toBe(hashApiKey(key));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
    const other = await createApiKey(database.db, { name: "Other", createdBy: "admin-1" });
    expect(other.key).not.toBe(key);
  });

  it("finds a live key by its value, records its use, and lists it", async () => {
    const { key, summary } = await createApiKey(database.db, { name: "CI", createdBy: "admin-1" });
    const holder = await findLiveApiKey(database.db, key);
    expect(holder).toEqual({
      key: { id: summary.id, name: "CI", prefix: summary.prefix },
      admin: {
        id: "admin-1",
        email: "admin-1@example.com",
        role: "admin",
        isAdmin: true,
        isStaff: true,
      },
    });
    const [listed] = await listApiKeys(database.db);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(Date.now() - Date.parse(listed?.lastUsedAt ?? "")).toBeLessThan(60_000);
  });

  it("refuses unknown, malformed and revoked keys", async () => {
    const { key, summary } = await createApiKey(database.db, { name: "CI", createdBy: "admin-1" });
    const flipped = `${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`;
    for (const wrong of [
      flipped,
      "",
      key.slice(0, 20),
      `${key} `,
      "ais_' or 1=1 --",
      summary.prefix,
    ]) {
      expect(await findLiveApiKey(database.db, wrong)).toBeNull();
    }
    expect(await revokeApiKey(database.db, summary.id)).toEqual({
      summary: { id: summary.id, name: "CI", prefix: summary.prefix },
      revoked: true,
    });
    expect(await findLiveApiKey(database.db, key)).toBeNull();
    // Revoking twice changes nothing; an unknown id is reported as such.
    const [before] = await database.db.select().from(apiKeys);
    expect((await revokeApiKey(database.db, summary.id))?.revoked).toBe(false);
    const [after] = await database.db.select().from(apiKeys);
    expect(after?.revokedAt).toEqual(before?.revokedAt);
    expect(await revokeApiKey(database.db, summary.id + 100)).toBeNull();
  });

  it("stops a key working once its creator is no longer an admin", async () => {
    const { key } = await createApiKey(database.db, { name: "CI", createdBy: "admin-1" });
    await database.db.update(profiles).set({ role: "user" }).where(eq(profiles.id, "admin-1"));
    expect(await findLiveApiKey(database.db, key)).toBeNull();
    await database.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, "admin-1"));
    expect(await findLiveApiKey(database.db, key)).not.toBeNull();
    await database.db.delete(users).where(eq(users.id, "admin-1"));
    expect(await findLiveApiKey(database.db, key)).toBeNull();
  });

  it("lists live keys first, newest first, then the revoked ones", async () => {
    const a = await createApiKey(database.db, { name: "A", createdBy: "admin-1" });
    const b = await createApiKey(database.db, { name: "B", createdBy: "admin-1" });
    const c = await createApiKey(database.db, { name: "C", createdBy: "admin-1" });
    await revokeApiKey(database.db, c.summary.id);
    const names = (await listApiKeys(database.db)).map((k) => [k.name, Boolean(k.revokedAt)]);
    expect(names).toEqual([
      ["B", false],
      ["A", false],
      ["C", true],
    ]);
    expect(a.summary.id).toBeLessThan(b.summary.id);
  });
});
