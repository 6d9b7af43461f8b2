import type { Db } from "~/db/client.server";
import type { Env } from "~/env.server";
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
 * Twilio: an SMS to the admin's number for each new lead (contact and consultation forms). The
 * SMS is queued in the outbox in the lead's own transaction while Twilio is on and complete, and
 * sent by the outbox worker through Twilio's Messages API:
 *
 *   POST {TWILIO_API_URL}/2010-04-01/Accounts/{AccountSid}/Messages.json
 *   (form-urlencoded To, From, Body; HTTP Basic auth AccountSid:AuthToken)
 */

export const TWILIO = "twilio";

/** A receiver that does not answer within this is tried again later. */
const CALL_TIMEOUT_MS = 15_000;
/** Two SMS segments at most: a lead alert is a nudge, the whole lead is in the dashboard. */
export const SMS_MAX_CHARS = 320;
const MESSAGE_EXCERPT_CHARS = 100;

export interface TwilioSettings {
  enabled: boolean;
  accountSid: string;
  authToken: string;
  /** The Twilio number the SMS comes from. */
  phoneNumber: string;
  /** Who gets the lead alerts. */
  notifyNumber: string;
}

function settingsOf(enabled: boolean, config: Record<string, unknown>): TwilioSettings {
  return {
    enabled,
    accountSid: configText(config, "accountSid"),
    authToken: configText(config, "authToken"),
    phoneNumber: configText(config, "phoneNumber"),
    notifyNumber: configText(config, "notifyNumber"),
  };
}

function readTwilio(db: Db) {
  return readIntegration(db, TWILIO, settingsOf);
}

/** What an SMS needs, in words for an answer; empty when nothing is missing. */
function missing(settings: TwilioSettings) {
  const list: string[] = [];
  if (!settings.accountSid) list.push("an account SID");
  if (!settings.authToken) list.push("an auth token");
  if (!settings.phoneNumber) list.push("a sender number");
  if (!settings.notifyNumber) list.push("a recipient number");
  return list;
}

function str(data: Record<string, unknown>, key: string) {
  const value = Object.hasOwn(data, key) ? data[key] : undefined;
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

function cut(value: string, max: number) {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}

/**
 * The SMS for a lead.created payload (as app/models/leads.server.ts sends it), at most
 * SMS_MAX_CHARS: "New consultation request from Ada Lovelace (ada@example.com): <message>".
 */
export function leadSmsBody(lead: Record<string, unknown>) {
  const consultation = str(lead, "form") === "consultation";
  const name = consultation
    ? str(lead, "name")
    : [str(lead, "first_name"), str(lead, "last_name")].filter(Boolean).join(" ");
  const email = str(lead, "email");
  const phone = str(lead, "phone");
  const message = str(lead, consultation ? "message" : "comments");
  const who = [cut(name || "someone", 60), email ? `(${cut(email, 80)})` : ""]
    .filter(Boolean)
    .join(" ");
  const kind = consultation ? "consultation request" : "contact message";
  let body = `New ${kind} from ${who}`;
  if (phone) body += `, phone ${cut(phone, 30)}`;
  if (message) body += `: ${cut(message, MESSAGE_EXCERPT_CHARS)}`;
  return cut(body, SMS_MAX_CHARS);
}

/**
 * Queues the SMS for a new lead in the caller's transaction, when Twilio is on with all its
 * numbers and keys; otherwise does nothing (leads from while it was off are not sent later).
 */
export async function enqueueLeadSms(tx: Db, lead: Record<string, unknown>) {
  const twilio = await readTwilio(tx);
  if (!twilio?.enabled || missing(twilio).length > 0) return false;
  await enqueue(tx, {
    event: "lead.created",
    target: TWILIO,
    // The recipient is read at delivery time: a number corrected meanwhile is the one used.
    payload: { body: leadSmsBody(lead) },
  });
  return true;
}

function basicAuth(settings: Pick<TwilioSettings, "accountSid" | "authToken">) {
  return `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
}

function accountUrl(base: string, accountSid: string) {
  return `${base}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}`;
}

/** Twilio's own words from an error answer ({"code", "message", "more_info", "status"}). */
function twilioMessage(body: string) {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
    if (typeof parsed.message === "string") {
      return typeof parsed.code === "number"
        ? `${parsed.message} (Twilio error ${parsed.code})`
        : parsed.message;
    }
  } catch {
    // Not JSON: the text as it came.
  }
  return body;
}

/** The deliverer of Twilio's rows, reading the integration as it stands now. */
export function twilioDeliverer(env: Pick<Env, "TWILIO_API_URL">): Deliverer {
  return async (row, db) => {
    const twilio = await readTwilio(db);
    if (!twilio?.enabled) {
      return { kind: "give-up", answer: "Twilio is switched off, so this SMS was not sent." };
    }
    const lacking = missing(twilio);
    if (lacking.length > 0) {
      return {
        kind: "give-up",
        answer: `Twilio lacks ${lacking.join(" and ")}, so this SMS was not sent.`,
      };
    }
    const payload = row.payload as Record<string, unknown>;
    const body = str(payload, "body") || "New lead on the website.";
    const secrets = [twilio.authToken, basicAuth(twilio)];
    const call = await callForDelivery(
      `${accountUrl(env.TWILIO_API_URL, twilio.accountSid)}/Messages.json`,
      {
        method: "POST",
        headers: {
          Authorization: basicAuth(twilio),
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
        },
        body: new URLSearchParams({
          To: twilio.notifyNumber,
          From: twilio.phoneNumber,
          Body: body,
        }).toString(),
        timeoutMs: CALL_TIMEOUT_MS,
      },
      secrets,
    );
    if ("outcome" in call) return call.outcome;
    const { response } = call;
    const raw = (await response.text().catch(() => "")) || response.statusText;
    if (response.ok) {
      let sid = "";
      try {
        const parsed = JSON.parse(raw) as { sid?: unknown; status?: unknown };
        if (typeof parsed.sid === "string") {
          sid = `${parsed.sid}${typeof parsed.status === "string" ? ` ${parsed.status}` : ""}`;
        }
      } catch {
        // An answer without JSON still means Twilio took it.
      }
      return {
        kind: "delivered",
        status: response.status,
        answer: answerExcerpt(`${response.status} ${sid || raw}`, secrets),
      };
    }
    // A refused request (bad number, bad credentials) fails the same way every time.
    return outcomeOfAnswer(
      response.status,
      answerExcerpt(`${response.status} ${twilioMessage(raw)}`, secrets),
    );
  };
}

/**
 * Test connection: reads the account (GET /2010-04-01/Accounts/{sid}.json), which sends nothing
 * and costs nothing, and answers its name and status.
 */
export const testTwilio: ConnectionTest = async (config, env) => {
  const twilio = settingsOf(true, config);
  if (!twilio.accountSid || !twilio.authToken) {
    return { ok: false, message: "Enter the account SID and the auth token first." };
  }
  const secrets = [twilio.authToken, basicAuth(twilio)];
  const call = await callForTest(
    `${accountUrl(env.TWILIO_API_URL, twilio.accountSid)}.json`,
    {
      headers: { Authorization: basicAuth(twilio), Accept: "application/json" },
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
      message: "Twilio refused the account SID and auth token: check both and save again.",
    };
  }
  if (response.status === 404) {
    return { ok: false, message: "Twilio knows no account with that account SID." };
  }
  if (!response.ok) {
    return {
      ok: false,
      message: answerExcerpt(
        `Twilio answered ${response.status}: ${twilioMessage(raw) || response.statusText}`,
        secrets,
      ),
    };
  }
  let name = "";
  let status = "";
  try {
    const parsed = JSON.parse(raw) as { friendly_name?: unknown; status?: unknown };
    if (typeof parsed.friendly_name === "string") name = parsed.friendly_name;
    if (typeof parsed.status === "string") status = parsed.status;
  } catch {
    // Fall through to the plain answer.
  }
  const account = name ? `Twilio account ${name}` : "Twilio account";
  const extra = status ? ` (${status})` : "";
  const numbers = missing(twilio).filter((m) => m.includes("number"));
  const note =
    numbers.length > 0
      ? ` No lead alert is sent until ${numbers.join(" and ")} ${numbers.length > 1 ? "are" : "is"} set.`
      : "";
  return { ok: true, message: answerExcerpt(`Connected to ${account}${extra}.${note}`, secrets) };
};
