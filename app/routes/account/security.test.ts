import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, ne } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAuth, setAuth } from "~/auth/auth.server";
import { type Database, setDatabase } from "~/db/client.server";
import { auditLog, profiles, sessions, users } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import { backends, createTestDatabase } from "../../../tests/support/test-database";
import { totpCode } from "../../../tests/support/totp";
import { action } from "./security";

/**
 * The account security page's actions write a staff account's own security changes into the
 * audit log, and a member's not at all. better-auth runs for real (callAuth → auth.handler).
 */

const SITE_URL = "http://localhost:3998";
const testEnv = vi.hoisted(() => ({ current: undefined as Env | undefined }));
vi.mock("~/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/env.server")>();
  return { ...actual, getEnv: () => testEnv.current as Env };
});

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** better-auth allows 3 two-factor requests per 10 s per address: each call its own. */
let addressCounter = 0;
function headersFor(cookie?: string, type = "application/x-www-form-urlencoded") {
  addressCounter += 1;
  const headers: Record<string, string> = {
    "content-type": type,
    origin: SITE_URL,
    "x-client-address": `192.0.2.${addressCounter % 250}`,
    "user-agent": CHROME_LINUX,
  };
  if (cookie) headers.cookie = cookie;
  return headers;
}

function sessionCookieIn(setCookies: string[]) {
  const cookie = setCookies.find(
    (c) => c.startsWith("better-auth.session_token=") && !/max-age=0/i.test(c),
  );
  return cookie ? (cookie.split(";")[0] as string) : null;
}

describe.each(backends)("account security actions on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let auth: ReturnType<typeof createAuth>;

  beforeEach(async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    database = await createTestDatabase(backend);
    setDatabase(database);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "security-test-"));
    testEnv.current = {
      ...parseEnv({ DATA_DIR: tmp, SITE_URL }),
      SESSION_SECRET: "z".repeat(40),
    } as Env;
    auth = createAuth({
      db: database.db,
      env: testEnv.current,
      mailer: { send: async () => {}, close() {} },
    });
    setAuth(auth);
  });
  afterEach(async () => {
    vi.mocked(console.warn).mockRestore();
    setAuth(undefined);
    setDatabase(undefined);
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function signIn(email: string, password: string) {
    const response = await auth.handler(
      new Request(`${SITE_URL}/api/auth/sign-in/email`, {
        method: "POST",
        headers: headersFor(undefined, "application/json"),
        body: JSON.stringify({ email, password }),
      }),
    );
    expect(response.status).toBe(200);
    return sessionCookieIn(response.headers.getSetCookie()) as string;
  }

  /** An account with three sessions: answers the first one's cookie. */
  async function account(email: string, role: "editor" | "user") {
    const password = "correct-horse";
    const signedUp = await auth.handler(
      new Request(`${SITE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: headersFor(undefined, "application/json"),
        body: JSON.stringify({ email, password, name: "Someone" }),
      }),
    );
    expect(signedUp.status).toBe(200);
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const userId = user?.id as string;
    await database.db.update(profiles).set({ role }).where(eq(profiles.id, userId));
    const cookie = await signIn(email, password);
    await signIn(email, password);
    await signIn(email, password);
    return { userId, password, cookie };
  }

  /** Posts the form to the page's action; keeps the renewed session cookie when there is one. */
  async function submit(state: { cookie: string }, fields: Record<string, string>) {
    const request = new Request(`${SITE_URL}/account/security`, {
      method: "POST",
      headers: headersFor(state.cookie),
      body: new URLSearchParams(fields).toString(),
    });
    const result = (await action({ request, params: {}, context: {} } as never)) as unknown as {
      data: Record<string, unknown>;
      init?: { status?: number; headers?: Headers };
    };
    const renewed = sessionCookieIn(result.init?.headers?.getSetCookie() ?? []);
    if (renewed) state.cookie = renewed;
    expect(result.data.ok, JSON.stringify(result.data)).toBe(true);
    return result.data;
  }

  /** Every change the page offers, in order. */
  async function changeEverything(email: string, role: "editor" | "user") {
    const state = await account(email, role);
    const enabled = await submit(state, {
      intent: "enable-two-factor",
      password: state.password,
    });
    const totpURI = String(enabled.totpURI);
    const secret = new URL(totpURI).searchParams.get("secret") as string;
    await submit(state, { intent: "confirm-two-factor", code: totpCode(secret), totpURI });
    // New backup codes and turning it off ask for a code too ("Confirm it's you"): the next
    // step's code (the current one was just used), then one of the new backup codes.
    const renewed = await submit(state, {
      intent: "new-backup-codes",
      password: state.password,
      code: totpCode(secret, Date.now() + 30_000),
    });
    const backupCode = (renewed.backupCodes as string[])[0] as string;
    const current = await auth.api.getSession({ headers: new Headers({ cookie: state.cookie }) });
    const others = await database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, state.userId), ne(sessions.id, current?.session.id as string)))
      .orderBy(asc(sessions.createdAt));
    expect(others).toHaveLength(2);
    await submit(state, { intent: "end-session", sessionId: others[0]?.id as string });
    await submit(state, { intent: "end-other-sessions" });
    const newPassword = "a new password 2";
    await submit(state, {
      intent: "change-password",
      currentPassword: state.password,
      newPassword,
      confirmPassword: newPassword,
    });
    await submit(state, { intent: "disable-two-factor", password: newPassword, code: backupCode });
  }

  it("records a staff account's own security changes, with no code or password in them", async () => {
    await changeEverything("eve@example.com", "editor");
    const entries = await database.db.select().from(auditLog).orderBy(asc(auditLog.id));
    expect(entries.map((e) => [e.actorEmail, e.action, e.entity, e.details])).toEqual([
      ["eve@example.com", "turned on", "two-factor sign-in", { backupCodes: 10 }],
      [
        "eve@example.com",
        "generated new",
        "backup codes",
        { backupCodes: 10, oldCodesWork: false },
      ],
      [
        "eve@example.com",
        "signed out",
        "other session",
        { device: "Chrome on Linux", address: expect.stringMatching(/^192\.0\.2\./) },
      ],
      ["eve@example.com", "signed out", "all other sessions", { sessionsEnded: 1 }],
      ["eve@example.com", "changed", "password", { otherSessionsEnded: true }],
      ["eve@example.com", "turned off", "two-factor sign-in", {}],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/correct-horse|a new password/);
  });

  it("records nothing for a member's own account", async () => {
    await changeEverything("max@example.com", "user");
    expect(await database.db.select().from(auditLog)).toEqual([]);
  });
});
