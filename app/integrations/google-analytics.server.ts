import { consentFromCookieHeader, isGranted } from "~/consent/consent";
import { MEASUREMENT_ID } from "~/content/integrations";
import type { Db } from "~/db/client.server";
import type { Env } from "~/env.server";
import {
  answerExcerpt,
  callForDelivery,
  type Deliverer,
  enqueue,
  type OutboxMessage,
  outcomeOfAnswer,
} from "~/jobs/outbox.server";
import { cookieValue } from "~/lib/cookies";
import { logger } from "~/lib/logger.server";
import { type ConnectionTest, callForTest } from "./connection-test.server";
import { configText, readIntegration } from "./stored-config.server";

/**
 * Google Analytics on the server: a `generate_lead` event through the Measurement Protocol for
 * each form a visitor sends (contact, consultation, newsletter), queued in the outbox and sent by
 * its worker:
 *
 *   POST {GOOGLE_ANALYTICS_API_URL}/mp/collect?measurement_id=G-…&api_secret=…
 *   { "client_id": "1234567890.1700000000", "events": [{ "name": "generate_lead", "params": … }] }
 *
 * Only for a visitor who granted analytics (and whose browser sends no Global Privacy Control),
 * and only with the client id gtag.js itself stored in the `_ga` cookie: without it (gtag never
 * ran, or was blocked) nothing is sent, since inventing an identifier would track someone gtag
 * does not know. The API secret stays in the integration's settings, read at delivery time.
 */

export const GOOGLE_ANALYTICS = "google_analytics";
export const LEAD_EVENT = "generate_lead";

export type LeadForm = "contact" | "consultation" | "newsletter";

/** A receiver that does not answer within this is tried again later. */
const CALL_TIMEOUT_MS = 15_000;
/**
 * Google takes events up to 72 hours old (timestamp_micros); the outbox's day of retries stays
 * well inside that.
 */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

interface GoogleAnalyticsSettings {
  enabled: boolean;
  measurementId: string;
  apiSecret: string;
}

function settingsOf(enabled: boolean, config: Record<string, unknown>): GoogleAnalyticsSettings {
  return {
    enabled,
    measurementId: configText(config, "measurementId"),
    apiSecret: configText(config, "apiSecret"),
  };
}

function readGoogleAnalytics(db: Db) {
  return readIntegration(db, GOOGLE_ANALYTICS, settingsOf);
}

/** Whether the Measurement Protocol can be used with these settings. */
function complete(settings: GoogleAnalyticsSettings | null): settings is GoogleAnalyticsSettings {
  return Boolean(
    settings?.enabled && MEASUREMENT_ID.test(settings.measurementId) && settings.apiSecret,
  );
}

/**
 * The GA client id in a `_ga` cookie: `GA1.1.1234567890.1700000000` → `1234567890.1700000000`
 * (the digits after `GA1.` count the cookie domain's parts, so `GA1.2.` and others occur too).
 */
export function clientIdFromGaCookie(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = /^GA\d+\.\d+\.(\d+)\.(\d+)$/.exec(value.trim());
  return match ? `${match[1]}.${match[2]}` : null;
}

/**
 * The session id in a `_ga_<container>` cookie: `GS1.1.1700000000.3.1.…` (the third part) or the
 * newer `GS2.1.s1700000000$o3$g1$t…` (the `s` field).
 */
export function sessionIdFromGaSessionCookie(value: string | null | undefined): string | null {
  if (!value) return null;
  const parts = value.trim().split(".");
  if (parts[0] === "GS1") {
    const id = parts[2];
    return id && /^\d+$/.test(id) ? id : null;
  }
  if (parts[0] === "GS2") {
    const fields = parts.slice(2).join(".").split("$");
    const session = fields.find((field) => field.startsWith("s"))?.slice(1);
    return session && /^\d+$/.test(session) ? session : null;
  }
  return null;
}

/** The name of gtag.js's session cookie for a measurement id: `G-ABC123` → `_ga_ABC123`. */
export function sessionCookieName(measurementId: string) {
  return `_ga_${measurementId.replace(/^G-/i, "")}`;
}

/** What a visitor's request says about them: its cookies and Global Privacy Control. */
export type VisitorHeaders = Pick<Headers, "get">;

/**
 * The generate_lead message for the outbox for a form a visitor sent, or null when none may be
 * sent: Google Analytics off or without a valid measurement id and an API secret, analytics not
 * granted (no choice, rejected, or `Sec-GPC: 1`), or no `_ga` cookie to take the client id from.
 */
export async function leadEventFor(
  db: Db,
  headers: VisitorHeaders,
  form: LeadForm,
): Promise<OutboxMessage | null> {
  const cookies = headers.get("cookie");
  const gpc = headers.get("sec-gpc")?.trim() === "1";
  if (!isGranted({ choice: consentFromCookieHeader(cookies), gpc }, "analytics")) return null;
  const clientId = clientIdFromGaCookie(cookieValue(cookies, "_ga"));
  if (!clientId) return null;
  const settings = await readGoogleAnalytics(db);
  if (!complete(settings)) return null;
  const sessionId = sessionIdFromGaSessionCookie(
    cookieValue(cookies, sessionCookieName(settings.measurementId)),
  );
  const params: Record<string, unknown> = { form_name: form, engagement_time_msec: 1 };
  if (sessionId) params.session_id = sessionId;
  return {
    event: LEAD_EVENT,
    target: GOOGLE_ANALYTICS,
    // No API secret here: the deliverer reads it when it sends, as the settings stand then.
    payload: {
      measurement_id: settings.measurementId,
      client_id: clientId,
      events: [{ name: LEAD_EVENT, params }],
    },
    giveUpAfterMs: GIVE_UP_AFTER_MS,
  };
}

/**
 * Queues the generate_lead event for a form the visitor sent, when `leadEventFor` allows one.
 * Analytics must never cost a lead: any failure here is logged and swallowed. Call it after the
 * submission committed (outside its transaction, whose failure it must not cause).
 */
export async function enqueueLeadEvent(db: Db, headers: VisitorHeaders, form: LeadForm) {
  try {
    const message = await leadEventFor(db, headers, form);
    if (!message) return false;
    await enqueue(db, message);
    return true;
  } catch (error) {
    logger.error({ err: error, form }, "the Google Analytics lead event was not queued");
    return false;
  }
}

function collectUrl(base: string, path: string, settings: GoogleAnalyticsSettings) {
  const query = new URLSearchParams({
    measurement_id: settings.measurementId,
    api_secret: settings.apiSecret,
  });
  return `${base}${path}?${query}`;
}

/** The deliverer of Google Analytics' rows, reading the integration as it stands now. */
export function googleAnalyticsDeliverer(env: Pick<Env, "GOOGLE_ANALYTICS_API_URL">): Deliverer {
  return async (row, db) => {
    const settings = await readGoogleAnalytics(db);
    if (!settings?.enabled) {
      return { kind: "give-up", answer: "Google Analytics is switched off, so this was not sent." };
    }
    if (!MEASUREMENT_ID.test(settings.measurementId) || !settings.apiSecret) {
      return {
        kind: "give-up",
        answer: "Google Analytics lacks a measurement ID or an API secret, so this was not sent.",
      };
    }
    const payload = row.payload as Record<string, unknown>;
    // The client and session ids belong to the stream they were queued for.
    if (payload.measurement_id !== settings.measurementId) {
      return {
        kind: "give-up",
        answer: "The measurement ID changed since this was queued, so it was not sent.",
      };
    }
    const body = JSON.stringify({
      client_id: payload.client_id,
      // When the visitor sent the form, not when a retry got through.
      timestamp_micros: row.createdAt.getTime() * 1000,
      events: payload.events,
    });
    const secrets = [settings.apiSecret, encodeURIComponent(settings.apiSecret)];
    const call = await callForDelivery(
      collectUrl(env.GOOGLE_ANALYTICS_API_URL, "/mp/collect", settings),
      {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
        timeoutMs: CALL_TIMEOUT_MS,
      },
      secrets,
    );
    if ("outcome" in call) return call.outcome;
    const { response } = call;
    // Google answers 2xx with an empty body even for data it drops: a 2xx is all it tells.
    const text = (await response.text().catch(() => "")) || response.statusText;
    const said = text || (response.ok ? "accepted" : "");
    return outcomeOfAnswer(
      response.status,
      answerExcerpt(`${response.status} ${said}`.trim(), secrets),
    );
  };
}

/**
 * Test connection: sends a test event to Google's validation server (/debug/mp/collect), which
 * checks the event's form and records nothing. It does not check the API secret, and says so.
 */
export const testGoogleAnalytics: ConnectionTest = async (config, env) => {
  const settings = settingsOf(true, config);
  if (!settings.measurementId || !settings.apiSecret) {
    return { ok: false, message: "Enter the measurement ID and the API secret first." };
  }
  if (!MEASUREMENT_ID.test(settings.measurementId)) {
    return {
      ok: false,
      message: "The measurement ID must look like G-XXXXXXXXXX (from the web data stream).",
    };
  }
  const secrets = [settings.apiSecret, encodeURIComponent(settings.apiSecret)];
  const call = await callForTest(
    collectUrl(env.GOOGLE_ANALYTICS_API_URL, "/debug/mp/collect", settings),
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        client_id: "test.connection",
        events: [{ name: "connection_test", params: { engagement_time_msec: 1 } }],
      }),
      timeoutMs: 10_000,
    },
    secrets,
  );
  if ("result" in call) return call.result;
  const { response } = call;
  const raw = await response.text().catch(() => "");
  if (!response.ok) {
    return {
      ok: false,
      message: answerExcerpt(
        `Google answered ${response.status}: ${raw || response.statusText}`,
        secrets,
      ),
    };
  }
  let messages: unknown;
  try {
    messages = (JSON.parse(raw) as { validationMessages?: unknown }).validationMessages;
  } catch {
    // Not the validation server's JSON: said below.
  }
  if (!Array.isArray(messages)) {
    return {
      ok: false,
      message: answerExcerpt(`Google's answer was not a validation result: ${raw}`, secrets),
    };
  }
  if (messages.length > 0) {
    const first = messages[0] as { description?: unknown } | null;
    const description =
      typeof first?.description === "string" ? first.description : JSON.stringify(first);
    return {
      ok: false,
      message: answerExcerpt(`Google refused the test event: ${description}`, secrets),
    };
  }
  return {
    ok: true,
    message: "Google accepted the test event's format (it does not check the API secret).",
  };
};
