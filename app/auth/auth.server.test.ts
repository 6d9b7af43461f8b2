import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SIGN_IN_LIMITS } from "~/auth/account-limit.server";
import {
  type Auth,
  createAuth,
  TOO_MANY_ATTEMPTS,
  TOO_MANY_ATTEMPTS_TODAY,
  TOO_MANY_PASSWORD_CHANGES,
} from "~/auth/auth.server";
import type { Database } from "~/db/client.server";
import { accounts, profiles, rateLimits, sessions, users } from "~/db/schema.server";
import { type Env, parseEnv } from "~/env.server";
import type { Mailer, MailMessage } from "~/mail/mailer.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";

const SITE_URL = "http://localhost:3999";

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string[];
  location: string | null;
  retryAfter: string | null;
  headers: Headers;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = { text };
  }
  return {
    status: response.status,
    body,
    cookies: response.headers.getSetCookie(),
    location: response.headers.get("location"),
    retryAfter: response.headers.get("x-retry-after"),
    headers: response.headers,
  };
}

/** Posts to better-auth the way app/auth/auth-api.server.ts does. */
async function post(
  auth: Auth,
  endpoint: string,
  body: unknown,
  ip = "203.0.113.1",
  cookie?: string,
) {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: SITE_URL,
    "x-client-address": ip,
  };
  if (cookie) headers.cookie = cookie;
  return answer(
    await auth.handler(
      new Request(`${SITE_URL}/api/auth${endpoint}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
      }),
    ),
  );
}

/** The device cookie an answer set, as a Cookie header value, or null. */
function deviceCookieOf(result: Answer) {
  const cookie = result.cookies.find((c) => c.startsWith("device="));
  return cookie ? (cookie.split(";")[0] as string) : null;
}

/** Opens a link from a mail, as the visitor's browser would. */
async function follow(auth: Auth, url: string, ip = "203.0.113.1") {
  return answer(await auth.handler(new Request(url, { headers: { "x-client-address": ip } })));
}

describe.each(backends)("auth on %s", (backend) => {
  let database: Database;
  let tmp: string;
  let env: Env;
  let sent: MailMessage[];
  let mailer: Mailer;
  let auth: Auth;

  beforeEach(async () => {
    // better-auth warns about every failed sign-in ("User not found", "Invalid password").
    vi.spyOn(console, "warn").mockImplementation(() => {});
    database = await createTestDatabase(backend);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "auth-test-"));
    env = {
      ...parseEnv({ DATA_DIR: tmp, SITE_URL }),
      SESSION_SECRET: "x".repeat(40),
    } as Env;
    sent = [];
    mailer = {
      send: async (message) => {
        sent.push(message);
      },
      close() {},
    };
    auth = createAuth({ db: database.db, env, mailer });
  });
  afterEach(async () => {
    vi.mocked(console.warn).mockRestore();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The mails sent to `to` once `count` of them have arrived (they are sent in the background). */
  async function mailsTo(to: string, count = 1) {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mails = sent.filter((m) => m.to === to);
      if (mails.length >= count) return mails;
      if (Date.now() > deadline)
        throw new Error(`expected ${count} mail(s) to ${to}, got ${mails.length}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  function linkIn(message: MailMessage) {
    const link = message.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error(`no link in ${message.text}`);
    return link;
  }

  async function signUp(email: string, password = "correct-horse") {
    return post(auth, "/sign-up/email", {
      email,
      password,
      name: email.split("@")[0],
      callbackURL: "/auth?verified=1",
    });
  }

  function signIn(email: string, password: string, ip?: string, cookie?: string) {
    return post(auth, "/sign-in/email", { email, password }, ip, cookie);
  }

  async function verifyDirectly(email: string) {
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  }

  it("signs up a user with the user role, an argon2id hash and a verification mail", async () => {
    const result = await signUp("jane@example.com");
    expect(result.status).toBe(200);
    // No automatic sign-in before the address is verified.
    expect(result.cookies.filter((c) => c.includes("session_token="))).toEqual([]);

    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "jane@example.com"));
    expect(user?.emailVerified).toBe(false);
    const [profile] = await database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, user?.id ?? ""));
    expect(profile?.role).toBe("user");
    const [account] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account?.providerId).toBe("credential");
    expect(account?.password).toMatch(/^\$argon2id\$/);
    expect(account?.password).not.toContain("correct-horse");

    const [mail] = await mailsTo("jane@example.com");
    expect(mail?.subject).toMatch(/Verify your email/);
    expect(linkIn(mail as MailMessage)).toMatch(
      new RegExp(`^${SITE_URL}/api/auth/verify-email\\?token=`),
    );
  });

  it("refuses sign-in until the email is verified, then opens an HttpOnly, Lax session", async () => {
    await signUp("jane@example.com");
    const [mail] = await mailsTo("jane@example.com");

    const early = await signIn("jane@example.com", "correct-horse");
    expect(early.status).toBe(403);
    expect(early.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(early.cookies.filter((c) => c.includes("session_token="))).toEqual([]);
    // Signing in unverified sends a fresh link.
    await mailsTo("jane@example.com", 2);

    const verified = await follow(auth, linkIn(mail as MailMessage));
    expect(verified.status).toBe(302);
    expect(verified.location).toBe("/auth?verified=1");
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "jane@example.com"));
    expect(user?.emailVerified).toBe(true);

    const wrong = await signIn("jane@example.com", "wrong-password");
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("INVALID_EMAIL_OR_PASSWORD");

    const ok = await signIn("Jane@Example.com", "correct-horse");
    expect(ok.status).toBe(200);
    const cookie = ok.cookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });

  it("refuses a verification link that was tampered with", async () => {
    await signUp("jane@example.com");
    const [mail] = await mailsTo("jane@example.com");
    const link = new URL(linkIn(mail as MailMessage));
    link.searchParams.set("token", `${link.searchParams.get("token")}x`);
    const result = await follow(auth, link.toString());
    expect(result.location).toMatch(/error=/);
    const [user] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, "jane@example.com"));
    expect(user?.emailVerified).toBe(false);
  });

  it("answers a second sign-up for a taken address like a new one, changing nothing", async () => {
    const first = await signUp("jane@example.com");
    await mailsTo("jane@example.com");
    const second = await signUp("Jane@Example.com", "attacker-pass");
    expect(second.status).toBe(first.status);
    expect(Object.keys(second.body).sort()).toEqual(Object.keys(first.body).sort());

    expect(await database.db.select().from(users)).toHaveLength(1);
    await verifyDirectly("jane@example.com");
    expect((await signIn("jane@example.com", "attacker-pass")).status).toBe(401);
    expect((await signIn("jane@example.com", "correct-horse")).status).toBe(200);
  });

  it("refuses a sign-up with a 5-character password and creates nothing", async () => {
    const result = await signUp("short@example.com", "12345");
    expect(result.status).toBe(400);
    expect(result.body.code).toBe("PASSWORD_TOO_SHORT");
    expect(await database.db.select().from(users)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it("limits sign-in per account, whatever the address, and the limit survives a restart", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");

    for (let i = 1; i <= 10; i++) {
      const result = await signIn("jane@example.com", "guess", `198.51.100.${i}`);
      expect(result.status).toBe(401);
    }
    const blocked = await signIn("jane@example.com", "correct-horse", "198.51.100.200");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    expect(blocked.cookies.filter((c) => c.includes("session_token="))).toEqual([]);
    // The limit is per account: the case of the address does not matter.
    expect((await signIn(" JANE@example.com", "correct-horse", "198.51.100.201")).status).toBe(429);

    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, "account:/sign-in/email:jane@example.com"));
    expect(row?.count).toBeGreaterThanOrEqual(11);

    // Another account is not affected.
    expect((await signIn("other@example.com", "guess", "198.51.100.202")).status).toBe(401);

    const restarted = createAuth({ db: database.db, env, mailer });
    const again = await post(
      restarted,
      "/sign-in/email",
      { email: "jane@example.com", password: "correct-horse" },
      "198.51.100.203",
    );
    expect(again.status).toBe(429);
  });

  it("counts only wrong passwords against an account, so signing in often never locks it", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    for (let i = 1; i <= 15; i++) {
      expect((await signIn("jane@example.com", "correct-horse", `198.51.100.${i}`)).status).toBe(
        200,
      );
    }
    for (let i = 1; i <= 10; i++) {
      expect((await signIn("jane@example.com", "guess", `198.51.101.${i}`)).status).toBe(401);
    }
    const blocked = await signIn("jane@example.com", "correct-horse", "198.51.102.1");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many attempts/);
    // Until the window of the first counted attempt ends: 15 minutes at most.
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
  });

  it("counts every IPv6 address of one /64 as one address against the per-address limit", async () => {
    const inOneNetwork = (i: number) =>
      `2001:db8:aa:1:${i.toString(16)}:${(i * 7).toString(16)}::9`;
    for (let i = 1; i <= 30; i++) {
      expect((await signIn(`nobody${i}@example.com`, "guess", inOneNetwork(i))).status).toBe(401);
    }
    const blocked = await signIn("nobody31@example.com", "guess", inOneNetwork(31));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many requests/);
    // The next /64 is someone else.
    expect((await signIn("nobody32@example.com", "guess", "2001:db8:aa:2::9")).status).toBe(401);
  });

  it("limits sign-in per address, whatever the account, and the limit survives a restart", async () => {
    const ip = "192.0.2.7";
    for (let i = 1; i <= 30; i++) {
      const result = await signIn(`nobody${i}@example.com`, "guess", ip);
      expect(result.status).toBe(401);
    }
    const blocked = await signIn("nobody31@example.com", "guess", ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many requests/);
    // The window is 5 minutes from the first attempt.
    expect(Number(blocked.retryAfter)).toBeGreaterThan(0);
    expect(Number(blocked.retryAfter)).toBeLessThanOrEqual(300);

    const [row] = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `ip:${ip}|/sign-in/email`));
    expect(row?.count).toBeGreaterThanOrEqual(31);

    // Another address is not affected.
    expect((await signIn("nobody32@example.com", "guess", "192.0.2.8")).status).toBe(401);

    const restarted = createAuth({ db: database.db, env, mailer });
    const again = await post(
      restarted,
      "/sign-in/email",
      { email: "nobody33@example.com", password: "guess" },
      ip,
    );
    expect(again.status).toBe(429);
  });

  it("gives a browser that signed in a device cookie bound to the account, for a year", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    expect(deviceCookieOf(await signIn("jane@example.com", "guess"))).toBeNull();
    const ok = await signIn("Jane@Example.com", "correct-horse");
    expect(ok.status).toBe(200);
    const set = ok.cookies.find((c) => c.startsWith("device="));
    expect(set).toMatch(/;\s*HttpOnly/i);
    expect(set).toMatch(/;\s*SameSite=Lax/i);
    expect(set).toMatch(/;\s*Path=\//i);
    expect(set).toMatch(/;\s*Max-Age=31536000/i);
    expect(set).not.toContain("jane");
    // Signing in again in that browser keeps its entry.
    const cookie = deviceCookieOf(ok) as string;
    const again = await signIn("jane@example.com", "correct-horse", undefined, cookie);
    expect(deviceCookieOf(again)).toBe(cookie);
  });

  it("lets a browser that signed in before in after 50 wrong passwords from elsewhere; a reset lifts the lock", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const known = deviceCookieOf(await signIn("jane@example.com", "correct-horse", "192.0.2.50"));
    expect(known).not.toBeNull();

    const statuses: number[] = [];
    for (let i = 1; i <= 50; i++) {
      statuses.push((await signIn("jane@example.com", `guess ${i}`, `198.51.100.${i}`)).status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);

    const fromKnown = await signIn("jane@example.com", "correct-horse", "192.0.2.51", known ?? "");
    expect(fromKnown.status).toBe(200);
    expect(fromKnown.cookies.some((c) => c.startsWith("better-auth.session_token="))).toBe(true);

    const fromUnknown = await signIn("jane@example.com", "correct-horse", "192.0.2.52");
    expect(fromUnknown.status).toBe(429);
    expect(fromUnknown.body.message).toBe(TOO_MANY_ATTEMPTS);
    // A device cookie of another account, or a forged one, is an unknown browser.
    await signUp("bob@example.com");
    await verifyDirectly("bob@example.com");
    const bobs = deviceCookieOf(await signIn("bob@example.com", "correct-horse", "192.0.2.53"));
    expect(
      (await signIn("jane@example.com", "correct-horse", "192.0.2.54", bobs ?? "")).status,
    ).toBe(429);
    const forged = `device=${"A".repeat(22)}.${"B".repeat(43)}`;
    expect((await signIn("jane@example.com", "correct-horse", "192.0.2.55", forged)).status).toBe(
      429,
    );

    const requested = await post(auth, "/request-password-reset", {
      email: "jane@example.com",
      redirectTo: "/reset-password",
    });
    expect(requested.status).toBe(200);
    const mails = await mailsTo("jane@example.com", 2);
    const opened = await follow(auth, linkIn(mails[mails.length - 1] as MailMessage));
    const token = new URL(opened.location ?? "", SITE_URL).searchParams.get("token");
    expect(
      (await post(auth, "/reset-password", { newPassword: "new-secret-9", token })).status,
    ).toBe(200);
    expect((await signIn("jane@example.com", "new-secret-9", "192.0.2.56")).status).toBe(200);
  });

  it("limits attempts with a device cookie on their own, without counting them against the account", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const known = deviceCookieOf(await signIn("jane@example.com", "correct-horse")) ?? "";
    for (let i = 1; i <= SIGN_IN_LIMITS.device.max; i++) {
      expect((await signIn("jane@example.com", "guess", `198.51.100.${i}`, known)).status).toBe(
        401,
      );
    }
    const blocked = await signIn("jane@example.com", "correct-horse", "198.51.100.100", known);
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_ATTEMPTS);
    // The account itself was not counted: another browser signs in.
    expect((await signIn("jane@example.com", "correct-horse", "198.51.100.101")).status).toBe(200);
  });

  it("holds unknown browsers to a daily ceiling per account beyond the 15-minute limit", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const known = deviceCookieOf(await signIn("jane@example.com", "correct-horse")) ?? "";
    const { max } = SIGN_IN_LIMITS.unknownBrowserDay;
    let sent = 0;
    while (sent < max) {
      for (let i = 0; i < 10 && sent < max; i++, sent++) {
        expect((await signIn("jane@example.com", "guess", `198.51.100.${sent + 1}`)).status).toBe(
          401,
        );
      }
      // The 15-minute window passes.
      await database.db
        .update(rateLimits)
        .set({ resetAt: new Date(Date.now() - 1000) })
        .where(eq(rateLimits.key, "account:/sign-in/email:jane@example.com"));
    }
    const blocked = await signIn("jane@example.com", "correct-horse", "198.51.100.200");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_ATTEMPTS_TODAY);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(15 * 60);
    // A browser the owner signed in with before still gets in.
    expect(
      (await signIn("jane@example.com", "correct-horse", "198.51.100.201", known)).status,
    ).toBe(200);
  });

  it("gives a known browser behind a busy address its own allowance; a foreign cookie does not escape the address limit", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const known = deviceCookieOf(await signIn("jane@example.com", "correct-horse", "192.0.2.9"));
    const ip = "192.0.2.7";
    for (let i = 1; i <= 30; i++) {
      expect((await signIn(`nobody${i}@example.com`, "guess", ip)).status).toBe(401);
    }
    expect((await signIn("nobody31@example.com", "guess", ip)).status).toBe(429);
    expect((await signIn("jane@example.com", "correct-horse", ip, known ?? "")).status).toBe(200);
    const foreign = await signIn("nobody32@example.com", "guess", ip, known ?? "");
    expect(foreign.status).toBe(429);
    expect(foreign.body.message).toMatch(/Too many requests/);
  });

  /** The session cookie of a fresh sign-in, as a Cookie header. */
  async function sessionCookie(email: string, password: string) {
    const result = await signIn(email, password);
    expect(result.status).toBe(200);
    const cookie = result.cookies.find((c) => c.startsWith("better-auth.session_token="));
    return (cookie ?? "").split(";")[0] as string;
  }

  async function sessionOf(cookie: string) {
    const response = await auth.handler(
      new Request(`${SITE_URL}/api/auth/get-session`, {
        headers: { cookie, "x-client-address": "203.0.113.1" },
      }),
    );
    return (await response.json()) as { user?: { email: string } } | null;
  }

  it("ends every other session on a password change, even when the client does not ask", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const here = await sessionCookie("jane@example.com", "correct-horse");
    const elsewhere = await sessionCookie("jane@example.com", "correct-horse");
    expect((await sessionOf(elsewhere))?.user?.email).toBe("jane@example.com");

    const response = await auth.handler(
      new Request(`${SITE_URL}/api/auth/change-password`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: SITE_URL,
          cookie: here,
          "x-client-address": "203.0.113.1",
        },
        body: JSON.stringify({
          currentPassword: "correct-horse",
          newPassword: "new-secret-9",
          revokeOtherSessions: false,
        }),
      }),
    );
    const changed = await answer(response);
    expect(changed.status).toBe(200);

    expect(await sessionOf(elsewhere)).toBeNull();
    // The session that made the change goes on under a new cookie.
    const renewed = changed.cookies.find((c) => c.startsWith("better-auth.session_token="));
    expect(renewed).toBeDefined();
    expect((await sessionOf((renewed ?? "").split(";")[0] as string))?.user?.email).toBe(
      "jane@example.com",
    );
    expect(await database.db.select().from(sessions)).toHaveLength(1);
    expect((await signIn("jane@example.com", "correct-horse")).status).toBe(401);
  });

  it("limits attempts to change the password per session, with a clear message", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    const here = await sessionCookie("jane@example.com", "correct-horse");
    const elsewhere = await sessionCookie("jane@example.com", "correct-horse");
    const change = (cookie: string, currentPassword: string, ip: string) =>
      post(auth, "/change-password", { currentPassword, newPassword: "new-secret-9" }, ip, cookie);
    for (let i = 1; i <= 5; i++) {
      const wrong = await change(here, "guess", `198.51.100.${i}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe("INVALID_PASSWORD");
    }
    const blocked = await change(here, "correct-horse", "198.51.100.6");
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(TOO_MANY_PASSWORD_CHANGES);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another session is not limited by this one's attempts.
    expect((await change(elsewhere, "correct-horse", "198.51.100.7")).status).toBe(200);
  });

  it("resets a forgotten password through the mailed link", async () => {
    await signUp("jane@example.com");
    await verifyDirectly("jane@example.com");
    expect((await signIn("jane@example.com", "correct-horse")).status).toBe(200);
    const before = sent.length;

    const requested = await post(auth, "/request-password-reset", {
      email: "jane@example.com",
      redirectTo: "/reset-password",
    });
    expect(requested.status).toBe(200);
    const mails = await mailsTo("jane@example.com", before + 1);
    const mail = mails[mails.length - 1] as MailMessage;
    expect(mail.subject).toMatch(/Reset your .* password/);

    // The link leads to our reset page with the token.
    const opened = await follow(auth, linkIn(mail));
    expect(opened.status).toBe(302);
    const target = new URL(opened.location ?? "", SITE_URL);
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await post(auth, "/reset-password", { newPassword: "new-secret-9", token });
    expect(reset.status).toBe(200);
    // The old sessions end with the old password.
    expect(await database.db.select().from(sessions)).toEqual([]);

    expect((await signIn("jane@example.com", "correct-horse")).status).toBe(401);
    expect((await signIn("jane@example.com", "new-secret-9")).status).toBe(200);

    // The link works once.
    const reused = await post(auth, "/reset-password", { newPassword: "another-one", token });
    expect(reused.status).toBe(400);
    expect((await signIn("jane@example.com", "new-secret-9")).status).toBe(200);
  });

  it("answers a reset request for an unknown address the same way and mails nothing", async () => {
    await signUp("jane@example.com");
    await mailsTo("jane@example.com");

    const known = await post(auth, "/request-password-reset", {
      email: "jane@example.com",
      redirectTo: "/reset-password",
    });
    const unknown = await post(auth, "/request-password-reset", {
      email: "nobody@example.com",
      redirectTo: "/reset-password",
    });
    expect(unknown.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);

    await mailsTo("jane@example.com", 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((m) => m.to === "nobody@example.com")).toEqual([]);
    expect(sent).toHaveLength(2);
  });
});
