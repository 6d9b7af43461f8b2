import { createHash, createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { botCheckSpent } from "~/db/schema.server";
import type { BotCheckConfig } from "~/lib/bot-check";
import { logger } from "~/lib/logger.server";

export type BotCheckResult =
  | { ok: true }
  | { ok: false; reason: "missing" | "invalid" | "reused" | "expired" | "unavailable" };

export interface BotCheckSettings {
  sessionSecret: string;
  turnstile?: { siteKey: string; secretKey: string };
}

export const BOT_CHECK_CHALLENGE_PATH = "/api/bot-check";

const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** Tuned so a phone solves it in about a second, and a bulk sender pays for every message. */
const ALTCHA_COST = 100;
const ALTCHA_COUNTER_RANGE = [5_000, 10_000] as const;
const ALTCHA_LIFETIME_SECONDS = 20 * 60;
const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
/** Turnstile tokens live five minutes; the spent marker only needs to outlive that. */
const TURNSTILE_LIFETIME_SECONDS = 10 * 60;

export function publicBotCheckConfig(settings: BotCheckSettings): BotCheckConfig {
  return settings.turnstile
    ? { provider: "turnstile", siteKey: settings.turnstile.siteKey }
    : { provider: "altcha", challengeUrl: BOT_CHECK_CHALLENGE_PATH };
}

/** Separate keys per purpose, so the session secret itself never signs a challenge. */
function altchaSecrets(sessionSecret: string) {
  const derive = (purpose: string) =>
    createHmac("sha256", sessionSecret).update(`altcha:${purpose}`).digest("base64url");
  return { signature: derive("challenge-signature"), key: derive("key-signature") };
}

export async function createAltchaChallenge(sessionSecret: string): Promise<Challenge> {
  const secrets = altchaSecrets(sessionSecret);
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(...ALTCHA_COUNTER_RANGE),
    deriveKey,
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.key,
    expiresAt: Math.floor(Date.now() / 1000) + ALTCHA_LIFETIME_SECONDS,
  });
}

/**
 * Checks the token a form carries: an ALTCHA payload (base64 JSON of challenge and solution), or
 * a Turnstile response when Turnstile is configured. Each accepted token is marked spent, so it
 * cannot be replayed, not even by two requests at once.
 */
export async function verifyBotCheck(
  db: Db,
  settings: BotCheckSettings,
  token: string,
  context: { remoteIp: string; submissionKey?: string },
): Promise<BotCheckResult> {
  if (!token.trim()) return { ok: false, reason: "missing" };
  const spend = (id: string, expiresAt: Date) =>
    markSpent(db, id, expiresAt, context.submissionKey);
  return settings.turnstile
    ? verifyTurnstile(spend, settings.turnstile.secretKey, token, context.remoteIp)
    : verifyAltcha(spend, settings.sessionSecret, token);
}

type Spend = (id: string, expiresAt: Date) => Promise<boolean>;

async function verifyAltcha(spend: Spend, sessionSecret: string, token: string) {
  let payload: { challenge?: Challenge; solution?: unknown };
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return { ok: false, reason: "invalid" } as const;
  }
  const challenge = payload?.challenge;
  if (
    !challenge ||
    typeof challenge !== "object" ||
    challenge.parameters?.algorithm !== ALTCHA_ALGORITHM ||
    !payload.solution ||
    typeof payload.solution !== "object"
  ) {
    return { ok: false, reason: "invalid" } as const;
  }
  const secrets = altchaSecrets(sessionSecret);
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge,
      solution: payload.solution as Parameters<typeof verifySolution>[0]["solution"],
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.key,
    });
  } catch {
    return { ok: false, reason: "invalid" } as const;
  }
  if (result.expired) return { ok: false, reason: "expired" } as const;
  if (!result.verified) return { ok: false, reason: "invalid" } as const;
  const expiresAt = new Date(
    (challenge.parameters.expiresAt ?? Date.now() / 1000 + ALTCHA_LIFETIME_SECONDS) * 1000,
  );
  // The signature covers the nonce and salt, so it names this one challenge.
  const id = `altcha:${challenge.signature ?? challenge.parameters.nonce}`;
  return (await spend(id, expiresAt))
    ? ({ ok: true } as const)
    : ({ ok: false, reason: "reused" } as const);
}

async function verifyTurnstile(spend: Spend, secretKey: string, token: string, remoteIp: string) {
  if (token.length > 2048) return { ok: false, reason: "invalid" } as const;
  const id = `turnstile:${createHash("sha256").update(token).digest("base64url")}`;
  let outcome: { success?: boolean; "error-codes"?: string[] };
  try {
    const response = await fetch(TURNSTILE_VERIFY_URL, {
      method: "POST",
      body: new URLSearchParams({ secret: secretKey, response: token, remoteip: remoteIp }),
      signal: AbortSignal.timeout(10_000),
    });
    outcome = (await response.json()) as typeof outcome;
  } catch (error) {
    logger.warn({ err: (error as Error).message }, "Turnstile verification unavailable");
    return { ok: false, reason: "unavailable" } as const;
  }
  if (!outcome.success) {
    const codes = outcome["error-codes"] ?? [];
    return {
      ok: false,
      reason: codes.includes("timeout-or-duplicate") ? "reused" : "invalid",
    } as const;
  }
  const expiresAt = new Date(Date.now() + TURNSTILE_LIFETIME_SECONDS * 1000);
  return (await spend(id, expiresAt))
    ? ({ ok: true } as const)
    : ({ ok: false, reason: "reused" } as const);
}

/**
 * True when this call recorded the id, or when the same submission spent it before (a resend
 * racing its original); false when anything else spent it.
 */
async function markSpent(db: Db, id: string, expiresAt: Date, submissionKey?: string) {
  const inserted = await db
    .insert(botCheckSpent)
    .values({ id, expiresAt, submissionKey })
    .onConflictDoNothing()
    .returning({ id: botCheckSpent.id });
  if (inserted.length === 1) return true;
  if (!submissionKey) return false;
  const [spent] = await db
    .select({ submissionKey: botCheckSpent.submissionKey })
    .from(botCheckSpent)
    .where(eq(botCheckSpent.id, id));
  return spent?.submissionKey === submissionKey;
}

/** Forgets spent tokens that would be refused as expired anyway. */
export async function pruneSpentBotChecks(db: Db) {
  await db.delete(botCheckSpent).where(lt(botCheckSpent.expiresAt, sql`now()`));
}

export function botCheckSettingsFrom(env: {
  SESSION_SECRET: string;
  TURNSTILE_SITE_KEY?: string;
  TURNSTILE_SECRET_KEY?: string;
}): BotCheckSettings {
  return {
    sessionSecret: env.SESSION_SECRET,
    turnstile:
      env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY
        ? { siteKey: env.TURNSTILE_SITE_KEY, secretKey: env.TURNSTILE_SECRET_KEY }
        : undefined,
  };
}
