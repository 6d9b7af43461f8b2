import type { Db } from "~/db/client.server";
import { type Env, getEnv } from "~/env.server";
import {
  answerExcerpt,
  callForDelivery,
  type Deliverer,
  enqueue,
  outcomeOfAnswer,
} from "~/jobs/outbox.server";
import { type ConnectionTest, callForTest } from "./connection-test.server";
import { configText, readIntegration } from "./stored-config.server";

/**
 * Cloudflare: when the site's content changes, the pages it affects are purged from Cloudflare's
 * cache, so visitors behind it see the change as soon as the app's own page cache does. Purges go
 * through the outbox (an admin's save never waits for Cloudflare) and are sent as
 *
 *   POST {CLOUDFLARE_API_URL}/zones/{zoneId}/purge_cache   (Authorization: Bearer <apiToken>)
 *   {"files": ["https://www.example.com/blog/a-post", …]}  or  {"purge_everything": true}
 */

export const CLOUDFLARE = "cloudflare";
export const PURGE_EVENT = "cache.purge";
/** Cloudflare takes at most 30 URLs per purge call (on every plan below Enterprise). */
export const MAX_FILES_PER_PURGE = 30;
/** A purge is worth little after an hour: by then the pages have long been refetched or not. */
const PURGE_GIVE_UP_AFTER_MS = 60 * 60_000;
const CALL_TIMEOUT_MS = 15_000;

export interface CloudflareSettings {
  enabled: boolean;
  zoneId: string;
  apiToken: string;
}

function settingsOf(enabled: boolean, config: Record<string, unknown>): CloudflareSettings {
  return {
    enabled,
    zoneId: configText(config, "zoneId"),
    apiToken: configText(config, "apiToken"),
  };
}

function readCloudflare(db: Db) {
  return readIntegration(db, CLOUDFLARE, settingsOf);
}

/** What must be purged: the whole zone, or the pages at these paths of the site ("/blog/a"). */
export type PurgeRequest = { everything: true } | { paths: string[] };

/** The absolute URLs of `paths` on SITE_URL, each once, in the order given. */
export function purgeUrls(paths: readonly string[], siteUrl = getEnv().SITE_URL) {
  const site = siteUrl.replace(/\/+$/, "");
  const urls = paths
    .filter((p) => p.startsWith("/") && !p.startsWith("//"))
    .map((p) => `${site}${encodeURI(decodeURIComponentSafe(p))}`);
  return [...new Set(urls)];
}

function decodeURIComponentSafe(path: string) {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/**
 * Queues a purge when Cloudflare is on with a zone ID and an API token: answers true when
 * queued, false when Cloudflare is off or incomplete (or there is nothing to purge). URLs are
 * split into rows of MAX_FILES_PER_PURGE, Cloudflare's limit per call.
 */
export async function queueCloudflarePurge(db: Db, what: PurgeRequest): Promise<boolean> {
  const cloudflare = await readCloudflare(db);
  if (!cloudflare?.enabled || !cloudflare.zoneId || !cloudflare.apiToken) return false;
  if ("everything" in what) {
    await enqueue(db, {
      event: PURGE_EVENT,
      target: CLOUDFLARE,
      payload: { purge_everything: true },
      giveUpAfterMs: PURGE_GIVE_UP_AFTER_MS,
    });
    return true;
  }
  const urls = purgeUrls(what.paths);
  if (urls.length === 0) return false;
  const rows = [];
  for (let i = 0; i < urls.length; i += MAX_FILES_PER_PURGE) {
    rows.push({
      event: PURGE_EVENT,
      target: CLOUDFLARE,
      payload: { files: urls.slice(i, i + MAX_FILES_PER_PURGE) },
      giveUpAfterMs: PURGE_GIVE_UP_AFTER_MS,
    });
  }
  await enqueue(db, rows);
  return true;
}

/** Cloudflare's own words from an answer ({"success", "errors": [{"code", "message"}]}). */
function cloudflareErrors(body: string) {
  try {
    const parsed = JSON.parse(body) as { errors?: unknown };
    if (Array.isArray(parsed.errors) && parsed.errors.length > 0) {
      return parsed.errors
        .map((e: { code?: unknown; message?: unknown }) =>
          typeof e?.message === "string"
            ? `${e.message}${typeof e.code === "number" ? ` (${e.code})` : ""}`
            : "",
        )
        .filter(Boolean)
        .join("; ");
    }
  } catch {
    // Not JSON: the text as it came.
  }
  return body;
}

function successOf(body: string): boolean | null {
  try {
    const parsed = JSON.parse(body) as { success?: unknown };
    return typeof parsed.success === "boolean" ? parsed.success : null;
  } catch {
    return null;
  }
}

function zoneUrl(base: string, zoneId: string) {
  return `${base}/zones/${encodeURIComponent(zoneId)}`;
}

/** The deliverer of Cloudflare's rows, reading the integration as it stands now. */
export function cloudflareDeliverer(env: Pick<Env, "CLOUDFLARE_API_URL">): Deliverer {
  return async (row, db) => {
    const cloudflare = await readCloudflare(db);
    if (!cloudflare?.enabled) {
      return { kind: "give-up", answer: "Cloudflare is switched off, so nothing was purged." };
    }
    if (!cloudflare.zoneId || !cloudflare.apiToken) {
      return {
        kind: "give-up",
        answer: "Cloudflare lacks its zone ID or API token, so nothing was purged.",
      };
    }
    const payload = row.payload as Record<string, unknown>;
    const body =
      payload.purge_everything === true
        ? { purge_everything: true }
        : { files: Array.isArray(payload.files) ? payload.files : [] };
    const secrets = [cloudflare.apiToken];
    const call = await callForDelivery(
      `${zoneUrl(env.CLOUDFLARE_API_URL, cloudflare.zoneId)}/purge_cache`,
      {
        method: "POST",
        headers: {
          Authorization: `Bearer ${cloudflare.apiToken}`,
          "Content-Type": "application/json",
          Accept: "application/json",
        },
        body: JSON.stringify(body),
        timeoutMs: CALL_TIMEOUT_MS,
      },
      secrets,
    );
    if ("outcome" in call) return call.outcome;
    const { response } = call;
    const raw = (await response.text().catch(() => "")) || response.statusText;
    const success = successOf(raw);
    if (response.ok && success !== false) {
      const what =
        "purge_everything" in body
          ? "purged everything"
          : `purged ${body.files.length} URL${body.files.length === 1 ? "" : "s"}`;
      return { kind: "delivered", status: response.status, answer: `${response.status} ${what}` };
    }
    const answer = answerExcerpt(`${response.status} ${cloudflareErrors(raw)}`, secrets);
    // A 2xx with "success": false did not purge, and may on a later try.
    if (response.ok) return { kind: "retry", status: response.status, answer };
    return outcomeOfAnswer(response.status, answer);
  };
}

/**
 * Test connection: reads the zone (GET /zones/{zoneId}), which changes nothing, and answers its
 * name and status.
 */
export const testCloudflare: ConnectionTest = async (config, env) => {
  const cloudflare = settingsOf(true, config);
  if (!cloudflare.zoneId || !cloudflare.apiToken) {
    return { ok: false, message: "Enter the zone ID and the API token first." };
  }
  const secrets = [cloudflare.apiToken];
  const call = await callForTest(
    zoneUrl(env.CLOUDFLARE_API_URL, cloudflare.zoneId),
    {
      headers: { Authorization: `Bearer ${cloudflare.apiToken}`, Accept: "application/json" },
      timeoutMs: 10_000,
    },
    secrets,
  );
  if ("result" in call) return call.result;
  const { response } = call;
  const raw = await response.text().catch(() => "");
  if (response.status === 401 || response.status === 403) {
    return {
      ok: false,
      message: answerExcerpt(
        `Cloudflare refused the API token (${cloudflareErrors(raw) || response.status}): check that it may read this zone and purge its cache.`,
        secrets,
      ),
    };
  }
  if (response.status === 404) {
    return { ok: false, message: "Cloudflare knows no zone with that zone ID." };
  }
  if (!response.ok || successOf(raw) === false) {
    return {
      ok: false,
      message: answerExcerpt(
        `Cloudflare answered ${response.status}: ${cloudflareErrors(raw) || response.statusText}`,
        secrets,
      ),
    };
  }
  let name = "";
  let status = "";
  try {
    const parsed = JSON.parse(raw) as { result?: { name?: unknown; status?: unknown } };
    if (typeof parsed.result?.name === "string") name = parsed.result.name;
    if (typeof parsed.result?.status === "string") status = parsed.result.status;
  } catch {
    // Fall through to the plain answer.
  }
  const zone = name ? `Cloudflare zone ${name}` : "Cloudflare zone";
  return {
    ok: true,
    message: answerExcerpt(`Connected to ${zone}${status ? ` (${status})` : ""}.`, secrets),
  };
};
