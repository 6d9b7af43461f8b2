import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Auth, createAuth } from "~/auth/auth.server";
import type { Database } from "~/db/client.server";
import { accounts, passkeys, profiles, sessions, twoFactors, users } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import type { MailMessage } from "~/mail/mailer.server";
import { AdminAccountInputError, createOrPromoteAdmin } from "~/models/admin-account.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";

const SITE_URL = "http://localhost:3999";

async function post(auth: Auth, endpoint: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: SITE_URL,
    "x-client-address": "203.0.113.9",
  };
  if (cookie) headers.cookie = cookie;
  const response = await auth.handler(
    new Request(`${SITE_URL}/api/auth${endpoint}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : null) as Record<string, unknown> | null,
    cookies: response.headers.getSetCookie(),
  };
}

describe.each(backends)("createOrPromoteAdmin on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let sent: MailMessage[];
  let auth: Auth;

  beforeEach(async () => {
    // better-auth warns about every failed sign-in.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    database = await createTestDatabase(backend);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "admin-test-"));
    const env = {
      ...parseEnv({ DATA_DIR: tmp, SITE_URL }),
      SESSION_SECRET: "x".repeat(40),
    } as Env;
    sent = [];
    auth = createAuth({
      db: database.db,
      env,
      mailer: {
        send: async (message) => {
          sent.push(message);
        },
        close() {},
      },
    });
  });
  afterEach(async () => {
    vi.mocked(console.warn).mockRestore();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  function signIn(email: string, password: string) {
    return post(auth, "/sign-in/email", { email, password });
  }

  async function userRow(email: string) {
    const [row] = await database.db
      .select({
        id: users.id,
        email: users.email,
        verified: users.emailVerified,
        role: profiles.role,
      })
      .from(users)
      .leftJoin(profiles, eq(profiles.id, users.id))
      .where(eq(users.email, email));
    return row;
  }

  it("creates a verified admin, stored lower-case, who can sign in at once", async () => {
    const result = await createOrPromoteAdmin(auth, database.db, {
      email: "  Boss@Example.COM ",
      password: "admin-pass-1",
    });
    expect(result).toEqual({
      email: "boss@example.com",
      created: true,
      role: "admin",
      twoFactorTurnedOff: false,
      passkeysRemoved: 0,
    });

    const row = await userRow("boss@example.com");
    expect(row?.verified).toBe(true);
    expect(row?.role).toBe("admin");
    expect(await userRow("Boss@Example.COM")).toBeUndefined();
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, row?.id ?? ""));
    expect(account?.password).toMatch(/^\$argon2id\$/);

    const signedIn = await signIn("boss@example.com", "admin-pass-1");
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    // No verification mail: the admin is verified already.
    expect(sent).toEqual([]);
  });

  it("promotes an unverified user, verifies them and replaces their password", async () => {
    const signUp = await post(auth, "/sign-up/email", {
      email: "jane@example.com",
      password: "old-password",
      name: "jane",
    });
    expect(signUp.status).toBe(200);
    expect((await signIn("jane@example.com", "old-password")).status).toBe(403);
    const before = await userRow("jane@example.com");
    expect(before?.role).toBe("user");

    const result = await createOrPromoteAdmin(auth, database.db, {
      email: "JANE@example.com",
      password: "new-password",
    });
    expect(result).toEqual({
      email: "jane@example.com",
      created: false,
      role: "admin",
      twoFactorTurnedOff: false,
      passkeysRemoved: 0,
    });

    const after = await userRow("jane@example.com");
    expect(after?.id).toBe(before?.id);
    expect(after?.verified).toBe(true);
    expect(after?.role).toBe("admin");
    expect(await database.db.select().from(users)).toHaveLength(1);
    expect(await database.db.select().from(accounts)).toHaveLength(1);

    expect((await signIn("jane@example.com", "old-password")).status).toBe(401);
    expect((await signIn("jane@example.com", "new-password")).status).toBe(200);
  });

  it("ends the sessions a promoted user had open", async () => {
    await post(auth, "/sign-up/email", {
      email: "jane@example.com",
      password: "old-password",
      name: "jane",
    });
    await database.db
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, "jane@example.com"));
    const signedIn = await signIn("jane@example.com", "old-password");
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.cookies
      .map((c) => c.split(";")[0])
      .filter(Boolean)
      .join("; ");
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.email).toBe("jane@example.com");

    await createOrPromoteAdmin(auth, database.db, {
      email: "jane@example.com",
      password: "new-password",
    });

    expect(await database.db.select().from(sessions)).toEqual([]);
    expect(await auth.api.getSession({ headers: new Headers({ cookie }) })).toBeNull();
  });

  it("gives a user who has no password yet a password login", async () => {
    await post(auth, "/sign-up/email", {
      email: "jane@example.com",
      password: "old-password",
      name: "jane",
    });
    await database.db.delete(accounts);

    const result = await createOrPromoteAdmin(auth, database.db, {
      email: "jane@example.com",
      password: "new-password",
    });
    expect(result.created).toBe(false);
    const credentials = await database.db.select().from(accounts);
    expect(credentials.map((a) => a.providerId)).toEqual(["credential"]);
    expect((await signIn("jane@example.com", "new-password")).status).toBe(200);
  });

  it("can be run again for the same admin", async () => {
    await createOrPromoteAdmin(auth, database.db, {
      email: "boss@example.com",
      password: "first-1",
    });
    const again = await createOrPromoteAdmin(auth, database.db, {
      email: "boss@example.com",
      password: "second-2",
    });
    expect(again).toEqual({
      email: "boss@example.com",
      created: false,
      role: "admin",
      twoFactorTurnedOff: false,
      passkeysRemoved: 0,
    });
    expect(await database.db.select().from(users)).toHaveLength(1);
    expect((await userRow("boss@example.com"))?.role).toBe("admin");
    expect((await signIn("boss@example.com", "first-1")).status).toBe(401);
    expect((await signIn("boss@example.com", "second-2")).status).toBe(200);
  });

  it("creates an editor with --role editor, and never makes an admin an editor", async () => {
    const created = await createOrPromoteAdmin(auth, database.db, {
      email: "writer@example.com",
      password: "editor-pass-1",
      role: "editor",
    });
    expect(created).toEqual({
      email: "writer@example.com",
      created: true,
      role: "editor",
      twoFactorTurnedOff: false,
      passkeysRemoved: 0,
    });
    expect(await userRow("writer@example.com")).toMatchObject({ verified: true, role: "editor" });
    expect((await signIn("writer@example.com", "editor-pass-1")).status).toBe(200);

    await createOrPromoteAdmin(auth, database.db, {
      email: "boss@example.com",
      password: "boss-1",
    });
    const demotion = await createOrPromoteAdmin(auth, database.db, {
      email: "boss@example.com",
      password: "other-2",
      role: "editor",
    }).catch((e: unknown) => e);
    expect(demotion).toBeInstanceOf(AdminAccountInputError);
    expect((demotion as Error).message).toBe(
      "boss@example.com is an admin; an admin is not made an editor here.",
    );
    expect((await userRow("boss@example.com"))?.role).toBe("admin");
    expect((await signIn("boss@example.com", "boss-1")).status).toBe(200);

    const badRole = await createOrPromoteAdmin(auth, database.db, {
      email: "writer@example.com",
      password: "editor-pass-1",
      role: "owner",
    }).catch((e: unknown) => e);
    expect((badRole as Error).message).toBe("Role: choose admin or editor.");
    // An editor can be made an admin.
    const promoted = await createOrPromoteAdmin(auth, database.db, {
      email: "writer@example.com",
      password: "editor-pass-2",
    });
    expect(promoted).toEqual({
      email: "writer@example.com",
      created: false,
      role: "admin",
      twoFactorTurnedOff: false,
      passkeysRemoved: 0,
    });
    expect((await userRow("writer@example.com"))?.role).toBe("admin");
  });

  it("refuses a bad email or password with a clear message and changes nothing", async () => {
    await post(auth, "/sign-up/email", {
      email: "jane@example.com",
      password: "old-password",
      name: "jane",
    });
    const [accountBefore] = await database.db.select().from(accounts);

    const cases: [{ email: unknown; password: unknown }, string][] = [
      [{ email: "not-an-email", password: "good-password" }, "Email: Enter a valid email address"],
      [{ email: "", password: "good-password" }, "Email: Email is required"],
      [{ email: undefined, password: "good-password" }, "Email: Email is required"],
      [
        { email: "jane@example.com", password: "12345" },
        "ADMIN_PASSWORD: Password must be at least 6 characters",
      ],
      [{ email: "jane@example.com", password: undefined }, "ADMIN_PASSWORD: Password is required"],
    ];
    for (const [input, message] of cases) {
      const error = await createOrPromoteAdmin(auth, database.db, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdminAccountInputError);
      expect((error as Error).message).toBe(message);
    }

    expect(await database.db.select().from(users)).toHaveLength(1);
    const row = await userRow("jane@example.com");
    expect(row?.role).toBe("user");
    expect(row?.verified).toBe(false);
    const [accountAfter] = await database.db.select().from(accounts);
    expect(accountAfter?.password).toBe(accountBefore?.password);
  });

  it("turns two-factor sign-in off and lifts the sign-in limits: the way back in from the server", async () => {
    await createOrPromoteAdmin(auth, database.db, {
      email: "locked@example.com",
      password: "admin-pass-1",
    });
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, "locked@example.com"));
    await database.db
      .update(users)
      .set({ twoFactorEnabled: true })
      .where(eq(users.id, row?.id ?? ""));
    await database.db.insert(twoFactors).values({
      id: "tf-1",
      userId: row?.id ?? "",
      secret: "encrypted-secret",
      backupCodes: "encrypted-codes",
    });
    await database.db.insert(passkeys).values({
      id: "pk-1",
      userId: row?.id ?? "",
      publicKey: "public-key",
      credentialID: "credential-1",
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
    });
    // Ten wrong passwords from unknown browsers lock the account for a while.
    for (let i = 0; i < 10; i++) await signIn("locked@example.com", "wrong-password");
    expect((await signIn("locked@example.com", "admin-pass-1")).status).toBe(429);

    const result = await createOrPromoteAdmin(auth, database.db, {
      email: "locked@example.com",
      password: "admin-pass-2",
    });
    expect(result.twoFactorTurnedOff).toBe(true);
    expect(result.passkeysRemoved).toBe(1);
    expect(await database.db.select().from(twoFactors)).toEqual([]);
    expect(await database.db.select().from(passkeys)).toEqual([]);
    const signedIn = await signIn("locked@example.com", "admin-pass-2");
    expect(signedIn.status).toBe(200);
    expect(signedIn.cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
  });
});
