import { STATUS_CODES } from "node:http";
import type { Db } from "~/db/client.server";
import type { Env } from "~/env.server";
import {
  answerExcerpt,
  callForDelivery,
  type Deliverer,
  type DeliveryOutcome,
  enqueue,
  type Fallback,
  outcomeOfAnswer,
} from "~/jobs/outbox.server";
import type { Mailer, MailMessage } from "~/mail/mailer.server";
import { type ConnectionTest, callForTest } from "./connection-test.server";
import { configText, readIntegration } from "./stored-config.server";

/**
 * SendGrid sends the site's mail while it is on with an API key and a from address: each mail
 * (form notifications, account mail, newsletter welcomes) is queued in the outbox as a
 * "mail.send" row and POSTed by the outbox worker to SendGrid's v3 mail-send API. A mail SendGrid
 * does not take for good (a refused key, an invalid request, half an hour of failures) is sent by
 * the site's own mailer instead (SMTP, or the mail folder), and its delivery says so.
 */

export const SENDGRID = "sendgrid";
export const MAIL_EVENT = "mail.send";
/** Account mail (verification, password reset) is of no use hours later: the fallback sends it. */
export const MAIL_GIVE_UP_AFTER_MS = 30 * 60_000;
/** A call SendGrid does not answer within this is tried again later. */
const CALL_TIMEOUT_MS = 15_000;
const TEST_TIMEOUT_MS = 10_000;

export interface SendgridSettings {
  enabled: boolean;
  apiKey: string;
  fromEmail: string;
}

function settingsOf(enabled: boolean, config: Record<string, unknown>): SendgridSettings {
  return {
    enabled,
    apiKey: configText(config, "apiKey"),
    fromEmail: configText(config, "fromEmail"),
  };
}

function readSendgrid(db: Db) {
  return readIntegration(db, SENDGRID, settingsOf);
}

/** SendGrid's settings while it may send (on, with an API key and a from address); else null. */
export async function usableSendgrid(db: Db): Promise<SendgridSettings | null> {
  const sendgrid = await readSendgrid(db);
  if (!sendgrid?.enabled || !sendgrid.apiKey || !sendgrid.fromEmail) return null;
  return sendgrid;
}

/**
 * Queues `message` for SendGrid when it is on with an API key and a from address, as an insert
 * of its own (committed at once); answers false, queuing nothing, otherwise.
 */
export async function enqueueSendgridMail(db: Db, message: MailMessage): Promise<boolean> {
  if (!(await usableSendgrid(db))) return false;
  const payload: Record<string, unknown> = {
    to: message.to,
    subject: message.subject,
    text: message.text,
  };
  if (message.html !== undefined) payload.html = message.html;
  if (message.replyTo !== undefined) payload.replyTo = message.replyTo;
  if (message.headers !== undefined) payload.headers = message.headers;
  if (message.fromName !== undefined) payload.fromName = message.fromName;
  await enqueue(db, {
    event: MAIL_EVENT,
    target: SENDGRID,
    payload,
    giveUpAfterMs: MAIL_GIVE_UP_AFTER_MS,
  });
  return true;
}

/** The mail a row holds, or null when its payload is not one (it is then given up). */
export function mailOf(payload: Record<string, unknown>): MailMessage | null {
  const { to, subject, text: body, html, replyTo, headers, fromName } = payload;
  if (typeof to !== "string" || typeof subject !== "string" || typeof body !== "string") {
    return null;
  }
  const message: MailMessage = { to, subject, text: body };
  if (typeof html === "string") message.html = html;
  if (typeof replyTo === "string") message.replyTo = replyTo;
  if (typeof fromName === "string") message.fromName = fromName;
  if (typeof headers === "object" && headers !== null && !Array.isArray(headers)) {
    message.headers = Object.fromEntries(
      Object.entries(headers).filter((entry): entry is [string, string] => {
        return typeof entry[1] === "string";
      }),
    );
  }
  return message;
}

/** The request body of SendGrid's v3 mail send for `message`, sent from `fromEmail`. */
export function sendgridMailBody(message: MailMessage, fromEmail: string) {
  const recipients = message.to
    .split(",")
    .map((address) => address.trim())
    .filter(Boolean)
    .map((email) => ({ email }));
  const content = [{ type: "text/plain", value: message.text }];
  if (message.html) content.push({ type: "text/html", value: message.html });
  return {
    personalizations: [{ to: recipients }],
    from: message.fromName ? { email: fromEmail, name: message.fromName } : { email: fromEmail },
    ...(message.replyTo ? { reply_to: { email: message.replyTo } } : {}),
    subject: message.subject,
    content,
    ...(message.headers && Object.keys(message.headers).length > 0
      ? { headers: message.headers }
      : {}),
  };
}

/** "202 Accepted", or the status and the start of the answer's body. */
async function statusLine(response: Response, secrets: string[]) {
  const body = await response.text().catch(() => "");
  return answerExcerpt(
    `${response.status} ${body || STATUS_CODES[response.status] || ""}`,
    secrets,
  );
}

/**
 * POSTs one mail to SendGrid's v3 mail send (its address from `env`: SENDGRID_API_URL, a local
 * fake in tests) and says what came of it, with the key blacked out of any answer.
 */
export async function postSendgridMail(
  env: Env,
  sendgrid: SendgridSettings,
  message: MailMessage,
): Promise<DeliveryOutcome> {
  const secrets = [sendgrid.apiKey];
  const call = await callForDelivery(
    `${env.SENDGRID_API_URL}/v3/mail/send`,
    {
      method: "POST",
      headers: {
        Authorization: `Bearer ${sendgrid.apiKey}`,
        "Content-Type": "application/json",
      },
      body: JSON.stringify(sendgridMailBody(message, sendgrid.fromEmail)),
      timeoutMs: CALL_TIMEOUT_MS,
    },
    secrets,
  );
  if ("outcome" in call) return call.outcome;
  // A refused key or a request SendGrid finds invalid fails the same way every time.
  return outcomeOfAnswer(call.response.status, await statusLine(call.response, secrets));
}

/** Delivers "mail.send" rows to SendGrid, reading the integration as it stands now. */
export function createSendgridDeliverer(env: Env): Deliverer {
  return async (row, db): Promise<DeliveryOutcome> => {
    const message = mailOf(row.payload);
    if (!message) return { kind: "give-up", answer: "This delivery holds no mail to send." };
    const sendgrid = await readSendgrid(db);
    if (!sendgrid?.enabled) {
      return { kind: "give-up", answer: "SendGrid is switched off, so it did not send this." };
    }
    if (!sendgrid.apiKey || !sendgrid.fromEmail) {
      return {
        kind: "give-up",
        answer: "SendGrid has no API key or from address, so it did not send this.",
      };
    }
    return postSendgridMail(env, sendgrid, message);
  };
}

/**
 * Sends a mail SendGrid failed to send for good with the site's own mailer (`direct`: never the
 * one that routes through SendGrid again), and says how.
 */
export function createSendgridFallback(direct: () => Mailer): Fallback {
  return async (row) => {
    const message = mailOf(row.payload);
    if (!message) return "It held no mail, so nothing was sent instead.";
    const mailer = direct();
    await mailer.send(message);
    if (mailer.via === "smtp") return "Sent by SMTP instead.";
    if (mailer.via === "folder") return "Written to the mail folder instead.";
    return "Sent by the site's own mailer instead.";
  };
}

/** Test connection: asks SendGrid which permissions the key has (sends no mail). */
export const testSendgrid: ConnectionTest = async (config, env) => {
  const { apiKey } = settingsOf(true, config);
  if (!apiKey) return { ok: false, message: "Enter the API key first." };
  const secrets = [apiKey];
  const call = await callForTest(
    `${env.SENDGRID_API_URL}/v3/scopes`,
    {
      headers: { Authorization: `Bearer ${apiKey}`, Accept: "application/json" },
      timeoutMs: TEST_TIMEOUT_MS,
    },
    secrets,
  );
  if ("result" in call) return call.result;
  const { response } = call;
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, message: `SendGrid refused the API key (${response.status}).` };
  }
  if (!response.ok) {
    return { ok: false, message: `SendGrid answered ${await statusLine(response, secrets)}` };
  }
  const answer = (await response.json().catch(() => null)) as { scopes?: unknown } | null;
  const scopes = Array.isArray(answer?.scopes) ? answer.scopes : null;
  if (!scopes) {
    return { ok: false, message: "SendGrid answered, but not with the key's permissions." };
  }
  if (!scopes.includes("mail.send")) {
    return {
      ok: false,
      message:
        "SendGrid accepted the API key, but it lacks the Mail Send permission; give the key Mail Send access.",
    };
  }
  return { ok: true, message: "SendGrid accepted the API key; it may send mail." };
};
