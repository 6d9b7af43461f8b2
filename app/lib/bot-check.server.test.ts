import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { botCheckSpent } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import {
  type BotCheckSettings,
  botCheckSettingsFrom,
  createAltchaChallenge,
  pruneSpentBotChecks,
  publicBotCheckConfig,
  verifyBotCheck,
} from "./bot-check.server";

const settings: BotCheckSettings = { sessionSecret: "s".repeat(48) };

async function solvedToken(sessionSecret = settings.sessionSecret) {
  const challenge = await createAltchaChallenge(sessionSecret);
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

function decode(token: string) {
  return JSON.parse(Buffer.from(token, "base64").toString("utf8"));
}

function encode(payload: unknown) {
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

describe("bot-check settings", () => {
  it("uses ALTCHA unless both Turnstile keys are set, and never hands out the secret", () => {
    expect(publicBotCheckConfig(botCheckSettingsFrom({ SESSION_SECRET: "x" }))).toEqual({
      provider: "altcha",
      challengeUrl: "/api/bot-check",
    });
    const turnstile = botCheckSettingsFrom({
      SESSION_SECRET: "x",
      TURNSTILE_SITE_KEY: "site-key",
      TURNSTILE_SECRET_KEY: "secret-key",
    });
    expect(JSON.stringify(publicBotCheckConfig(turnstile))).not.toContain("secret-key");
    expect(publicBotCheckConfig(turnstile)).toEqual({ provider: "turnstile", siteKey: "site-key" });
  });
});

describe.each(backends)("ALTCHA verification on %s", (backend) => {
  let database: Database;
  let token: string;
  beforeAll(async () => {
    token = await solvedToken();
  });
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    await database.close();
  });

  it("accepts a solved challenge once and refuses it when replayed", async () => {
    expect(await verifyBotCheck(database.db, settings, token, { remoteIp: "1.2.3.4" })).toEqual({
      ok: true,
    });
    expect(await verifyBotCheck(database.db, settings, token, { remoteIp: "1.2.3.4" })).toEqual({
      ok: false,
      reason: "reused",
    });
  });

  it("lets exactly one of many simultaneous replays through", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        verifyBotCheck(database.db, settings, token, { remoteIp: "1.2.3.4" }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("lets a resend of the same submission present its token again, and nothing else", async () => {
    const first = { remoteIp: "1.2.3.4", submissionKey: "contact:k1" };
    const results = await Promise.all([
      verifyBotCheck(database.db, settings, token, first),
      verifyBotCheck(database.db, settings, token, first),
    ]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(
      await verifyBotCheck(database.db, settings, token, {
        remoteIp: "1.2.3.4",
        submissionKey: "contact:k2",
      }),
    ).toEqual({ ok: false, reason: "reused" });
  });

  it("refuses a missing token", async () => {
    expect(await verifyBotCheck(database.db, settings, "  ", { remoteIp: "1.2.3.4" })).toEqual({
      ok: false,
      reason: "missing",
    });
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["JSON of the wrong shape", encode({ hello: "world" })],
    ["an array", encode([1, 2])],
  ])("refuses %s as invalid", async (_what, forged) => {
    expect(await verifyBotCheck(database.db, settings, forged, { remoteIp: "1.2.3.4" })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("refuses a wrong solution, a tampered challenge and another site's challenge", async () => {
    const payload = decode(token);
    const wrongSolution = encode({
      ...payload,
      solution: { ...payload.solution, derivedKey: "00".repeat(32) },
    });
    const tampered = encode({
      ...payload,
      challenge: {
        ...payload.challenge,
        parameters: { ...payload.challenge.parameters, expiresAt: 4_102_444_800 },
      },
    });
    const otherSite = await solvedToken("another site's secret, also long enough");
    for (const forged of [wrongSolution, tampered, otherSite]) {
      expect(await verifyBotCheck(database.db, settings, forged, { remoteIp: "1.2.3.4" })).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    // None of the refusals used up the genuine token.
    expect(await verifyBotCheck(database.db, settings, token, { remoteIp: "1.2.3.4" })).toEqual({
      ok: true,
    });
  });

  it("refuses an expired challenge", async () => {
    vi.useFakeTimers({ now: Date.now() - 60 * 60 * 1000, toFake: ["Date"] });
    const old = await solvedToken();
    vi.useRealTimers();
    expect(await verifyBotCheck(database.db, settings, old, { remoteIp: "1.2.3.4" })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("forgets spent tokens only once they have expired", async () => {
    await verifyBotCheck(database.db, settings, token, { remoteIp: "1.2.3.4" });
    await database.db
      .insert(botCheckSpent)
      .values({ id: "altcha:old", expiresAt: new Date(Date.now() - 1000) });
    await pruneSpentBotChecks(database.db);
    const left = await database.db.select().from(botCheckSpent);
    expect(left.map((row) => row.id)).toHaveLength(1);
    expect(left[0]?.id).not.toBe("altcha:old");
  });
});

describe.each(backends)("Turnstile verification on %s", (backend) => {
  const turnstile: BotCheckSettings = {
    sessionSecret: settings.sessionSecret,
    turnstile: { siteKey: "site", secretKey: "turnstile-secret" },
  };
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.close();
  });

  function answer(body: unknown) {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => Response.json(body));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  }

  it("asks Cloudflare with the secret, the token and the visitor's address", async () => {
    const fetch = answer({ success: true });
    expect(
      await verifyBotCheck(database.db, turnstile, "token-1", { remoteIp: "9.8.7.6" }),
    ).toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("https://challenges.cloudflare.com/turnstile/v0/siteverify");
    expect(Object.fromEntries(init?.body as URLSearchParams)).toEqual({
      secret: "turnstile-secret",
      response: "token-1",
      remoteip: "9.8.7.6",
    });
  });

  it("refuses a token Cloudflare rejects or has seen, and one it accepted before", async () => {
    answer({ success: false, "error-codes": ["invalid-input-response"] });
    expect(await verifyBotCheck(database.db, turnstile, "forged", { remoteIp: "9.8.7.6" })).toEqual(
      {
        ok: false,
        reason: "invalid",
      },
    );
    answer({ success: false, "error-codes": ["timeout-or-duplicate"] });
    expect(await verifyBotCheck(database.db, turnstile, "old", { remoteIp: "9.8.7.6" })).toEqual({
      ok: false,
      reason: "reused",
    });
    answer({ success: true });
    await verifyBotCheck(database.db, turnstile, "token-2", { remoteIp: "9.8.7.6" });
    expect(
      await verifyBotCheck(database.db, turnstile, "token-2", { remoteIp: "9.8.7.6" }),
    ).toEqual({
      ok: false,
      reason: "reused",
    });
  });

  it("reports Cloudflare being unreachable as unavailable, not as a bot", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    expect(
      await verifyBotCheck(database.db, turnstile, "token-3", { remoteIp: "9.8.7.6" }),
    ).toEqual({
      ok: false,
      reason: "unavailable",
    });
  });
});
