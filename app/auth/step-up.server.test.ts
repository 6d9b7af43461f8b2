import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type Auth, createAuth, setAuth, TOO_MANY_ATTEMPTS } from "~/auth/auth.server";
import { type Database, setDatabase } from "~/db/client.server";
import { rateLimits, users, verifications } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import type { Mailer } from "~/mail/mailer.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { totpCode } from "../../tests/support/totp";
import {
  CODE_REQUIRED,
  confirmIdentity,
  isRecentlyConfirmed,
  requireRecentConfirmation,
  STEP_UP_WINDOW_MS,
  TOO_MANY_CONFIRM_ATTEMPTS,
  WRONG_CODE,
  WRONG_PASSWORD,
} from "./step-up.server";

const SITE_URL = "http://localhost:3998";
const PASSWORD = "correct-horse-battery";

/** Posts to better-auth's handler as a browser would; answers the body and the session cookie. */
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
  const session = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  return { status: response.status, body: await response.json(), session };
}

/** A request of the dashboard carrying the given cookie. */
const requestWith = (cookie: string) =>
  new Request(`${SITE_URL}/admin/settings`, { headers: { cookie } });

describe.each(backends)("step-up confirmation on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let auth: Auth;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    setDatabase(database);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "step-up-test-"));
    const env = {
      ...parseEnv({ DATA_DIR: tmp, SITE_URL }),
      SESSION_SECRET: "y".repeat(40),
    } as Env;
    const mailer: Mailer = { send: async () => {}, close() {} };
    auth = createAuth({ db: database.db, env, mailer });
    setAuth(auth);
  });
  afterAll(async () => {
    setAuth(undefined);
    setDatabase(undefined);
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });
  beforeEach(() => {
    // better-auth warns about each wrong password.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    return () => vi.mocked(console.warn).mockRestore();
  });

  /** A verified account, signed in: its id and session cookie. */
  async function signedIn() {
    counter += 1;
    const email = `admin${counter}@example.com`;
    await post(auth, "/sign-up/email", { email, password: PASSWORD, name: "Admin" });
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const signIn = await post(auth, "/sign-in/email", { email, password: PASSWORD });
    if (!signIn.session) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
    return { user: { id: signIn.body.user.id as string }, cookie: signIn.session };
  }

  /** The same, with two-factor sign-in turned on: also its TOTP secret and backup codes. */
  async function signedInWithTwoFactor() {
    const account = await signedIn();
    const enabled = await post(auth, "/two-factor/enable", { password: PASSWORD }, account.cookie);
    const secret = new URL(enabled.body.totpURI as string).searchParams.get("secret") as string;
    const usedCode = totpCode(secret);
    const verified = await post(
      auth,
      "/two-factor/verify-totp",
      { code: usedCode },
      account.cookie,
    );
    // Turning it on replaces the session.
    const cookie = verified.session ?? account.cookie;
    return {
      ...account,
      cookie,
      secret,
      usedCode,
      backupCodes: enabled.body.backupCodes as string[],
    };
  }

  it("refuses a wrong password and confirms the session with the right one", async () => {
    const { user, cookie } = await signedIn();
    const request = requestWith(cookie);
    expect(await isRecentlyConfirmed(request, user)).toBe(false);

    const wrong = await confirmIdentity(request, user, { password: "not-the-password" });
    expect(wrong).toMatchObject({ ok: false, status: 400, error: WRONG_PASSWORD });
    expect(await isRecentlyConfirmed(request, user)).toBe(false);

    expect(await confirmIdentity(request, user, { password: PASSWORD })).toMatchObject({
      ok: true,
    });
    expect(await isRecentlyConfirmed(request, user)).toBe(true);
    await expect(requireRecentConfirmation(request, user)).resolves.toBeUndefined();
  });

  it("holds for this session only, and for ten minutes", async () => {
    const { user, cookie } = await signedIn();
    const start = Date.now();
    await confirmIdentity(
      requestWith(cookie),
      user,
      { password: PASSWORD },
      { now: () => new Date(start) },
    );

    const at = (ms: number) => ({ now: () => new Date(start + ms) });
    expect(await isRecentlyConfirmed(requestWith(cookie), user, at(STEP_UP_WINDOW_MS - 1000))).toBe(
      true,
    );
    expect(await isRecentlyConfirmed(requestWith(cookie), user, at(STEP_UP_WINDOW_MS + 1000))).toBe(
      false,
    );

    // The same user's other browser has not confirmed.
    const other = await post(auth, "/sign-in/email", {
      email: `admin${counter}@example.com`,
      password: PASSWORD,
    });
    expect(await isRecentlyConfirmed(requestWith(other.session as string), user)).toBe(false);
  });

  it("answers a guarded fetch with a JSON 403 asking to confirm, a download with a 403 page", async () => {
    const { user, cookie } = await signedIn();
    const fetchRefusal = await requireRecentConfirmation(requestWith(cookie), user).catch(
      (thrown: unknown) => thrown,
    );
    expect(fetchRefusal).toMatchObject({
      type: "DataWithResponseInit",
      data: { ok: false, confirm: true },
      init: { status: 403 },
    });

    const pageRefusal = await requireRecentConfirmation(requestWith(cookie), user, {
      as: "document",
    }).catch((thrown: unknown) => thrown);
    expect(pageRefusal).toBeInstanceOf(Response);
    expect((pageRefusal as Response).status).toBe(403);
    expect(await (pageRefusal as Response).text()).toMatch(/Confirm it's you/);
  });

  it("asks for a code when two-factor sign-in is on: a current one or an unused backup code", async () => {
    const { user, cookie, secret, usedCode, backupCodes } = await signedInWithTwoFactor();
    // A code the account has not used yet: the next step's (accepted in the ±1 step window), or
    // this one if the step turned since two-factor was turned on.
    const now = Date.now();
    const freshCode = [totpCode(secret, now + 30_000), totpCode(secret, now)].find(
      (code) => code !== usedCode,
    ) as string;
    const request = requestWith(cookie);

    expect(await confirmIdentity(request, user, { password: PASSWORD })).toMatchObject({
      ok: false,
      error: CODE_REQUIRED,
      field: "code",
    });
    const wrongCode = totpCode(secret) === "000000" ? "111111" : "000000";
    expect(
      await confirmIdentity(request, user, { password: PASSWORD, code: wrongCode }),
    ).toMatchObject({ ok: false, error: WRONG_CODE });
    // A right code with a wrong password is still refused.
    expect(
      await confirmIdentity(request, user, { password: "wrong", code: totpCode(secret) }),
    ).toMatchObject({ ok: false, error: WRONG_PASSWORD });
    expect(await isRecentlyConfirmed(request, user)).toBe(false);

    // The code that turned two-factor on was just used: the replay guard refuses it here too.
    expect(
      await confirmIdentity(request, user, { password: PASSWORD, code: usedCode }),
    ).toMatchObject({ ok: false });
    expect(await isRecentlyConfirmed(request, user)).toBe(false);

    expect(
      await confirmIdentity(request, user, { password: PASSWORD, code: freshCode }),
    ).toMatchObject({ ok: true });
    expect(await isRecentlyConfirmed(request, user)).toBe(true);

    // A backup code works once; the session stays the same one.
    const backup = backupCodes[0] as string;
    expect(
      await confirmIdentity(request, user, { password: PASSWORD, code: backup }),
    ).toMatchObject({ ok: true });
    expect(
      await confirmIdentity(request, user, { password: PASSWORD, code: backup }),
    ).toMatchObject({ ok: false, error: WRONG_CODE });
    expect(await isRecentlyConfirmed(request, user)).toBe(true);
  });

  it("allows five attempts per session in 15 minutes; a success is not counted", async () => {
    const { user, cookie } = await signedIn();
    const request = requestWith(cookie);
    expect(await confirmIdentity(request, user, { password: PASSWORD })).toMatchObject({
      ok: true,
    });
    for (let i = 0; i < 5; i += 1) {
      expect(await confirmIdentity(request, user, { password: `wrong ${i}` })).toMatchObject({
        ok: false,
        error: WRONG_PASSWORD,
      });
    }
    const limited = await confirmIdentity(request, user, { password: PASSWORD });
    expect(limited).toMatchObject({ ok: false, status: 429, error: TOO_MANY_CONFIRM_ATTEMPTS });
    expect(limited.ok === false && limited.retryAfter).toBeGreaterThan(14 * 60);

    // Another session of someone else is not limited by it.
    const other = await signedIn();
    expect(
      await confirmIdentity(requestWith(other.cookie), other.user, { password: PASSWORD }),
    ).toMatchObject({ ok: true });

    // When the window is over, the session may try again.
    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect(await confirmIdentity(request, user, { password: PASSWORD })).toMatchObject({
      ok: true,
    });
  });

  it("counts a wrong password against the account's sign-in limits; a locked account cannot confirm", async () => {
    const { user, cookie } = await signedIn();
    const email = `admin${counter}@example.com`;
    // Two more sessions of the same account (a thief's stolen cookies), made before any guess.
    const second = await post(auth, "/sign-in/email", { email, password: PASSWORD });
    const third = await post(auth, "/sign-in/email", { email, password: PASSWORD });
    // A right password gives its attempt back: confirming often never locks anyone out.
    for (let i = 0; i < 3; i += 1) {
      expect(
        await confirmIdentity(requestWith(cookie), user, { password: PASSWORD }),
      ).toMatchObject({ ok: true });
    }
    // Ten wrong passwords (five per session, each session's own cap) are ten failed sign-ins.
    for (const session of [cookie, second.session as string]) {
      for (let i = 0; i < 5; i += 1) {
        expect(
          await confirmIdentity(requestWith(session), user, { password: `guess ${i}` }),
        ).toMatchObject({ ok: false, error: WRONG_PASSWORD });
      }
    }
    const signIn = await post(auth, "/sign-in/email", { email, password: PASSWORD });
    expect(signIn.status).toBe(429);
    expect(signIn.body.message).toBe(TOO_MANY_ATTEMPTS);
    // The third session has guessed nothing, and knows the password: refused all the same.
    const locked = await confirmIdentity(requestWith(third.session as string), user, {
      password: PASSWORD,
    });
    expect(locked).toMatchObject({ ok: false, status: 429, error: TOO_MANY_ATTEMPTS });
    expect(await isRecentlyConfirmed(requestWith(third.session as string), user)).toBe(false);
  });

  it("does not confirm for a request whose session is not the user's", async () => {
    const ann = await signedIn();
    const bob = await signedIn();
    const outcome = await confirmIdentity(requestWith(bob.cookie), ann.user, {
      password: PASSWORD,
    });
    expect(outcome).toMatchObject({ ok: false, status: 401 });
    const rows = await database.db
      .select()
      .from(verifications)
      .where(eq(verifications.value, ann.user.id));
    expect(rows.filter((row) => row.identifier.startsWith("step-up:"))).toEqual([]);
  });
});
