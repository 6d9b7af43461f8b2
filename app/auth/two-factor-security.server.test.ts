import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Auth, createAuth } from "~/auth/auth.server";
import { authErrorMessage } from "~/auth/auth-api.server";
import { recordOwnSecurityChange, SECURITY_AUDIT } from "~/auth/security-audit.server";
import { TOTP_CODE_USED_MESSAGE } from "~/auth/totp-replay.server";
import { type Database, setDatabase } from "~/db/client.server";
import { auditLog, profiles, rateLimits, users } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import type { Mailer } from "~/mail/mailer.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { totpCode, wrongCode } from "../../tests/support/totp";

/**
 * Two-factor sign-in beyond what better-auth does itself, through auth.handler as the routes call
 * it: a TOTP code is refused a second time within 90 seconds, and a staff account's sign-in with a
 * backup code goes into the audit log.
 */

const SITE_URL = "http://localhost:3999";
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
}

/** better-auth's two-factor endpoints allow 3 requests per 10 s per address: each call its own. */
let addressCounter = 0;
function nextAddress() {
  addressCounter += 1;
  return `198.51.100.${addressCounter % 250}`;
}

async function post(auth: Auth, endpoint: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: SITE_URL,
    "x-client-address": nextAddress(),
    "user-agent": CHROME_LINUX,
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
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    cookies: response.headers.getSetCookie(),
  } satisfies Answer;
}

/** The named cookie an answer set, as a Cookie header value. */
function cookieOf(result: Answer, name: string) {
  const cookie = result.cookies.find((c) => c.startsWith(`${name}=`));
  if (!cookie) throw new Error(`no ${name} cookie in ${result.cookies.join(" | ")}`);
  return cookie.split(";")[0] as string;
}

describe.each(backends)("two-factor sign-in checks on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let auth: Auth;

  beforeEach(async () => {
    // better-auth warns about every refused code.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    database = await createTestDatabase(backend);
    setDatabase(database);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "two-factor-test-"));
    const env = { ...parseEnv({ DATA_DIR: tmp, SITE_URL }), SESSION_SECRET: "y".repeat(40) } as Env;
    const mailer: Mailer = { send: async () => {}, close() {} };
    auth = createAuth({ db: database.db, env, mailer });
  });
  afterEach(async () => {
    vi.mocked(console.warn).mockRestore();
    setDatabase(undefined);
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /**
   * An account with two-factor sign-in turned on with the current step's code, as the security
   * page does it: answers its secret (as the page shows it) and its backup codes.
   */
  async function accountWithTwoFactor(email: string, role: "admin" | "editor" | "user") {
    const password = "correct-horse";
    expect((await post(auth, "/sign-up/email", { email, password, name: "Someone" })).status).toBe(
      200,
    );
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    await database.db
      .update(profiles)
      .set({ role })
      .where(eq(profiles.id, user?.id as string));
    const signedIn = await post(auth, "/sign-in/email", { email, password });
    const session = cookieOf(signedIn, "better-auth.session_token");
    const enabled = await post(auth, "/two-factor/enable", { password }, session);
    expect(enabled.status).toBe(200);
    const secret = new URL(String(enabled.body.totpURI)).searchParams.get("secret") as string;
    const enablingCode = totpCode(secret);
    const confirmed = await post(auth, "/two-factor/verify-totp", { code: enablingCode }, session);
    expect(confirmed.status).toBe(200);
    return {
      userId: user?.id as string,
      email,
      password,
      secret,
      enablingCode,
      backupCodes: enabled.body.backupCodes as string[],
    };
  }

  /** The password step: answers the challenge cookie for the second step. */
  async function challenge(account: { email: string; password: string }) {
    const result = await post(auth, "/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    expect(result.body.twoFactorRedirect).toBe(true);
    return cookieOf(result, "better-auth.two_factor");
  }

  it("refuses a code used to turn it on or to sign in a second time within 90 s; another code works", async () => {
    const account = await accountWithTwoFactor("ann@example.com", "admin");
    const nextCode = totpCode(account.secret, Date.now() + 30_000);
    expect(nextCode).not.toBe(account.enablingCode);

    // The code that turned it on cannot sign in as well.
    const first = await challenge(account);
    const replayed = await post(
      auth,
      "/two-factor/verify-totp",
      { code: account.enablingCode },
      first,
    );
    expect(replayed.status).toBe(401);
    expect(replayed.body.message).toBe(TOTP_CODE_USED_MESSAGE);
    expect(authErrorMessage({ ok: false, ...replayed })).toBe(
      "That code was just used. Wait for the next one in your authenticator app.",
    );
    // A wrong code is refused as wrong and not kept: only codes that were accepted are.
    const wrong = wrongCode(account.secret);
    const refused = await post(auth, "/two-factor/verify-totp", { code: wrong }, first);
    expect(refused.body.code).toBe("INVALID_CODE");
    const kept = await database.db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, "totp-used:%"));
    expect(kept.map((row) => row.key)).toEqual([
      `totp-used:${account.userId}:${account.enablingCode}`,
    ]);
    // The next step's code (valid now: one step either side is accepted) signs in.
    const signedIn = await post(auth, "/two-factor/verify-totp", { code: nextCode }, first);
    expect(signedIn.status).toBe(200);
    expect(cookieOf(signedIn, "better-auth.session_token")).toBeTruthy();

    // A second sign-in with the same code, within 90 s, is refused; with no session made.
    const second = await challenge(account);
    const again = await post(auth, "/two-factor/verify-totp", { code: nextCode }, second);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe("TOTP_CODE_USED");
    expect(again.cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(false);

    // 90 seconds later (the rows' time moved back) the code is no longer held.
    await database.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    const later = await post(auth, "/two-factor/verify-totp", { code: nextCode }, second);
    expect(later.status).toBe(200);
  });

  it("puts a staff account's sign-in with a backup code into the audit log, without the code", async () => {
    const editor = await accountWithTwoFactor("eve@example.com", "editor");
    const member = await accountWithTwoFactor("max@example.com", "user");

    const code = editor.backupCodes[0] as string;
    const signedIn = await post(
      auth,
      "/two-factor/verify-backup-code",
      { code },
      await challenge(editor),
    );
    expect(signedIn.status).toBe(200);
    const memberCode = member.backupCodes[0] as string;
    const memberIn = await post(
      auth,
      "/two-factor/verify-backup-code",
      { code: memberCode },
      await challenge(member),
    );
    expect(memberIn.status).toBe(200);

    const entries = await database.db.select().from(auditLog);
    expect(
      entries.map((e) => ({
        actor: e.actorEmail,
        action: e.action,
        entity: e.entity,
        details: e.details,
      })),
    ).toEqual([
      {
        actor: "eve@example.com",
        action: "signed in with",
        entity: "backup code",
        details: { device: "Chrome on Linux", address: expect.stringMatching(/^198\.51\.100\./) },
      },
    ]);
    const text = JSON.stringify(entries);
    for (const backup of editor.backupCodes) expect(text).not.toContain(backup);
  });

  it("records own security changes of staff accounts only", async () => {
    const [staff] = await database.db
      .insert(users)
      .values({ id: "staff-1", name: "Staff", email: "staff@example.com" })
      .returning();
    expect(staff).toBeDefined();
    await recordOwnSecurityChange(
      { id: "staff-1", email: "staff@example.com", isStaff: true },
      SECURITY_AUDIT.twoFactorOn,
    );
    await recordOwnSecurityChange(
      { id: "staff-1", email: "member@example.com", isStaff: false },
      SECURITY_AUDIT.passwordChanged,
    );
    const entries = await database.db.select().from(auditLog);
    expect(entries.map((e) => `${e.actorEmail} ${e.action} ${e.entity}`)).toEqual([
      "staff@example.com turned on two-factor sign-in",
    ]);
  });
});
