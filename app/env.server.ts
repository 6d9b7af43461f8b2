import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { AGE_RECIPIENT_PATTERN } from "~/db/backup-crypto.server";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[], example: string) =>
  optionalString.refine(
    (v) => {
      if (v === undefined) return true;
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL such as ${example}` },
  );

/** A vendor's API address without a trailing slash; unset gives the vendor's own. */
const vendorApi = (official: string) =>
  urlWithProtocols(["http:", "https:"], official).transform((v) =>
    (v ?? official).replace(/\/+$/, ""),
  );

/** "192.0.2.1", "192.0.2.1:53", "2001:db8::1" or "[2001:db8::1]:53", as node:dns takes them. */
function isDnsServer(entry: string) {
  const value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return isIP(bracketed[1] ?? "") === 6 && Number(bracketed[2] ?? 53) <= 65535;
  const withPort = /^([\d.]+):(\d{1,5})$/.exec(value);
  if (withPort) return isIP(withPort[1] ?? "") === 4 && Number(withPort[2]) <= 65535;
  return isIP(value) !== 0;
}

/** A blank value (`PORT=` in an env file) means "not set", for every setting. */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** A whole number from min to max, from its text; unset or blank gives the default. */
function wholeNumber(min: number, max: number, fallback: number) {
  const range = `must be between ${min} and ${max}`;
  return blankAsUnset(
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, range).max(max, range))
      .default(fallback),
  );
}

export const envSchema = z
  .object({
    NODE_ENV: blankAsUnset(z.enum(["development", "production", "test"]).default("production")),
    PORT: blankAsUnset(
      z
        .string()
        .trim()
        .regex(/^\d+$/, "must be a whole number between 1 and 65535")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(1, "must be between 1 and 65535")
            .max(65535, "must be between 1 and 65535"),
        )
        .default(3000),
    ),
    HOST: optionalString,
    DATA_DIR: blankAsUnset(z.string().trim().default("./data")),
    DATABASE_URL: urlWithProtocols(
      ["postgres:", "postgresql:"],
      "postgres://user:password@host:5432/dbname",
    ),
    SITE_URL: urlWithProtocols(["http:", "https:"], "https://www.example.com"),
    SESSION_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, {
      message: "must be at least 32 characters long",
    }),
    SMTP_URL: urlWithProtocols(["smtp:", "smtps:"], "smtp://user:password@mail.example.com:587"),
    MAIL_FROM: optionalString,
    TRUST_PROXY: optionalString,
    LOG_LEVEL: blankAsUnset(
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    S3_ENDPOINT: urlWithProtocols(["http:", "https:"], "https://s3.example.com"),
    S3_REGION: optionalString,
    S3_BUCKET: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: urlWithProtocols(["http:", "https:"], "https://cdn.example.com/media"),
    // Where copies of the backups go: a private bucket of their own, never the media bucket.
    BACKUP_S3_ENDPOINT: urlWithProtocols(["http:", "https:"], "https://s3.example.com"),
    BACKUP_S3_REGION: optionalString,
    BACKUP_S3_BUCKET: optionalString,
    BACKUP_S3_ACCESS_KEY_ID: optionalString,
    BACKUP_S3_SECRET_ACCESS_KEY: optionalString,
    // The age recipient (public key) that copies leaving the machine are encrypted to.
    BACKUP_AGE_RECIPIENT: optionalString.refine(
      (v) => v === undefined || AGE_RECIPIENT_PATTERN.test(v),
      { message: "must be an age X25519 recipient (age1…, as age-keygen prints it)" },
    ),
    PAGE_VIEW_FLUSH_MS: blankAsUnset(
      z
        .string()
        .trim()
        .regex(/^\d+$/, "must be a whole number of milliseconds between 100 and 3600000")
        .transform(Number)
        .pipe(
          z
            .number()
            .min(100, "must be between 100 and 3600000")
            .max(3_600_000, "must be between 100 and 3600000"),
        )
        .default(5000),
    ),
    MEDIA_PROCESSING_CONCURRENCY: wholeNumber(1, 16, 1),
    // How often background jobs (scheduled posts) look for due work, in milliseconds.
    JOBS_INTERVAL_MS: wholeNumber(100, 3_600_000, 5000),
    // Megabytes of rendered pages kept for visitors without a session; 0 turns the cache off.
    PAGE_CACHE_MB: wholeNumber(0, 4096, 64),
    // Pages rendered at once; the others wait their turn in arrival order (server/render-queue.ts).
    RENDER_CONCURRENCY: wholeNumber(1, 256, 2),
    // A directory the page cache also writes its pages to, for nginx or a CDN origin to serve
    // (server/page-cache-mirror.ts); unset: pages are kept in memory only.
    PAGE_CACHE_DIR: optionalString,
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    // For local development and tests with local fakes only: lets calls to outside services
    // (webhooks, vendor APIs) use http and private, loopback or link-local addresses.
    ALLOW_PRIVATE_OUTBOUND: blankAsUnset(
      z.enum(["0", "1"], { message: "must be 1 (allow) or 0" }).default("0"),
    ).transform((value) => value === "1"),
    // The vendors' API addresses. Only tests and local development change them (to local fakes,
    // with ALLOW_PRIVATE_OUTBOUND=1); every call still goes through the outbound checks.
    SENDGRID_API_URL: vendorApi("https://api.sendgrid.com"),
    TWILIO_API_URL: vendorApi("https://api.twilio.com"),
    CLOUDFLARE_API_URL: vendorApi("https://api.cloudflare.com/client/v4"),
    // OpenAI's, for an OpenAI integration whose base URL is empty (an admin's base URL wins).
    OPENAI_API_URL: vendorApi("https://api.openai.com/v1"),
    // Google Analytics' Measurement Protocol (generate_lead events and their validation server).
    GOOGLE_ANALYTICS_API_URL: vendorApi("https://www.google-analytics.com"),
    // The DNS servers the newsletter's sender check asks (IP or IP:port, comma-separated); unset:
    // the system's. Tests point it at a closed port, so they never ask the real DNS.
    DNS_SERVERS: optionalString.refine((v) => v === undefined || v.split(",").every(isDnsServer), {
      message: "must be IP addresses, each with an optional :port ([v6]:port), comma-separated",
    }),
  })
  .superRefine((env, ctx) => {
    const s3Required = [env.S3_BUCKET, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY];
    const s3Optional = [env.S3_ENDPOINT, env.S3_REGION, env.S3_PUBLIC_URL];
    if ([...s3Required, ...s3Optional].some(Boolean) && !s3Required.every(Boolean)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_BUCKET"],
        message:
          "S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (S3_ENDPOINT, S3_REGION and S3_PUBLIC_URL only add to them)",
      });
    }
    const backupRequired = [
      env.BACKUP_S3_BUCKET,
      env.BACKUP_S3_ACCESS_KEY_ID,
      env.BACKUP_S3_SECRET_ACCESS_KEY,
    ];
    if (
      [...backupRequired, env.BACKUP_S3_ENDPOINT, env.BACKUP_S3_REGION].some(Boolean) &&
      !backupRequired.every(Boolean)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_BUCKET"],
        message:
          "BACKUP_S3_BUCKET, BACKUP_S3_ACCESS_KEY_ID and BACKUP_S3_SECRET_ACCESS_KEY must be set together (BACKUP_S3_ENDPOINT and BACKUP_S3_REGION only add to them)",
      });
    }
    if (
      env.BACKUP_S3_BUCKET &&
      env.BACKUP_S3_BUCKET === env.S3_BUCKET &&
      (env.BACKUP_S3_ENDPOINT ?? "").replace(/\/+$/, "") ===
        (env.S3_ENDPOINT ?? "").replace(/\/+$/, "")
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_S3_BUCKET"],
        message:
          "must not be the media bucket (S3_BUCKET), which the public reads: backups need a private bucket of their own",
      });
    }
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["TURNSTILE_SITE_KEY"],
        message: "TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together",
      });
    }
    if (env.PAGE_CACHE_DIR && env.PAGE_CACHE_MB === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["PAGE_CACHE_DIR"],
        message: "needs the page cache (PAGE_CACHE_MB above 0): it holds the pages the cache keeps",
      });
    }
  });

export type Env = z.output<typeof envSchema> & {
  DATA_DIR: string;
  SITE_URL: string;
  SESSION_SECRET: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid settings:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Parses settings; throws an EnvError naming every bad one. Does not touch the disk. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "settings"}: ${issue.message}`),
    );
  }
  const env = result.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    SITE_URL: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

/** The session secret: from the environment, or generated once and kept in DATA_DIR. */
function resolveSessionSecret(dataDir: string, configured: string | undefined) {
  if (configured) return configured;
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const secret = randomBytes(48).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    // Another process wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      return fs.readFileSync(file, "utf8").trim();
    }
    throw error;
  }
}

let current: Env | undefined;

/** Loads and validates the settings once per process, creating DATA_DIR and the session secret. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = parseEnv(source);
  fs.mkdirSync(parsed.DATA_DIR, { recursive: true });
  current = {
    ...parsed,
    SESSION_SECRET: resolveSessionSecret(parsed.DATA_DIR, parsed.SESSION_SECRET),
  };
  return current;
}

export function getEnv(): Env {
  return current ?? loadEnv();
}
