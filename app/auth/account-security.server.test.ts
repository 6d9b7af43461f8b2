import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, setDatabase } from "~/db/client.server";
import { profiles, sessions, users, webSettings } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  endOtherSessions,
  endSession,
  listSessions,
  touchSessionLastSeen,
  twoFactorSetupRequired,
} from "./account-security.server";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0";

describe.each(backends)("account security on %s", (backend) => {
  let database: Database;
  const day = 24 * 60 * 60 * 1000;

  async function addUser(id: string, role: "admin" | "user", twoFactorEnabled = false) {
    await database.db
      .insert(users)
      .values({ id, name: id, email: `${id}@example.com`, twoFactorEnabled });
    await database.db.insert(profiles).values({ id, role });
  }

  async function addSession(id: string, userId: string, userAgent: string, seenMinutesAgo: number) {
    await database.db.insert(sessions).values({
      id,
      token: `token-${id}`,
      userId,
      userAgent,
      ipAddress: "203.0.113.7",
      expiresAt: new Date(Date.now() + day),
      lastSeenAt: new Date(Date.now() - seenMinutesAgo * 60_000),
    });
  }

  // One database for the file (a fresh one costs seconds): each test starts from the same rows.
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    setDatabase(database);
    await addUser("ann", "admin");
    await addUser("bob", "user");
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.delete(sessions);
    await database.db.delete(webSettings);
    await database.db.update(users).set({ twoFactorEnabled: false });
    await addSession("ann-here", "ann", CHROME_LINUX, 10);
    await addSession("ann-phone", "ann", FIREFOX_WINDOWS, 1);
    await addSession("ann-old", "ann", FIREFOX_WINDOWS, 60);
    await addSession("bob-1", "bob", CHROME_LINUX, 1);
  });

  it("lists a user's own sessions, this browser first, then the most recently seen", async () => {
    const list = await listSessions(database.db, "ann", "ann-here");
    expect(list.map((s) => [s.id, s.device, s.current])).toEqual([
      ["ann-here", "Chrome on Linux", true],
      ["ann-phone", "Firefox on Windows", false],
      ["ann-old", "Firefox on Windows", false],
    ]);
    expect(list[0]?.ipAddress).toBe("203.0.113.7");
  });

  it("ends another session of the user's, never this one nor someone else's", async () => {
    expect(await endSession(database.db, "ann", "ann-here", "ann-here")).toBe(false);
    expect(await endSession(database.db, "ann", "bob-1", "ann-here")).toBe(false);
    expect(await endSession(database.db, "ann", "ann-phone", "ann-here")).toBe(true);
    const left = await database.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id).sort()).toEqual(["ann-here", "ann-old", "bob-1"]);
  });

  it("ends all the user's other sessions and keeps this one", async () => {
    expect(await endOtherSessions(database.db, "ann", "ann-here")).toBe(2);
    const left = await database.db.select({ id: sessions.id }).from(sessions);
    expect(left.map((s) => s.id).sort()).toEqual(["ann-here", "bob-1"]);
  });

  it("marks a session seen, but not again within five minutes", async () => {
    const seen = async (id: string) =>
      (
        await database.db
          .select({ at: sessions.lastSeenAt })
          .from(sessions)
          .where(eq(sessions.id, id))
      )[0]?.at?.getTime() ?? 0;
    // Sessions of this backend's own: the process remembers what it wrote (per session id).
    const here = `ann-here-${backend}`;
    const phone = `ann-phone-${backend}`;
    await addSession(here, "ann", CHROME_LINUX, 10);
    await addSession(phone, "ann", FIREFOX_WINDOWS, 1);
    const before = await seen(here);
    touchSessionLastSeen(here);
    await expect.poll(() => seen(here)).toBeGreaterThan(before + 9 * 60_000);
    const phoneSeen = await seen(phone);
    touchSessionLastSeen(phone); // seen a minute ago (maybe by another process): left as it is
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await seen(phone)).toBe(phoneSeen);
  });

  it("asks an admin without two-factor sign-in to set it up only while the setting is on", async () => {
    const ann = { id: "ann", isAdmin: true };
    expect(await twoFactorSetupRequired(ann)).toBe(false);
    await database.db.insert(webSettings).values({ key: "admin_two_factor_required", value: "on" });
    expect(await twoFactorSetupRequired(ann)).toBe(true);
    expect(await twoFactorSetupRequired({ id: "bob", isAdmin: false })).toBe(false);
    await database.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, "ann"));
    expect(await twoFactorSetupRequired(ann)).toBe(false);
  });
});
