import { createHmac } from "node:crypto";
import type { Db } from "~/db/client.server";
import {
  answerExcerpt,
  callForDelivery,
  type Deliverer,
  enqueue,
  type OutboxRow,
  outcomeOfAnswer,
} from "~/jobs/outbox.server";
import type { ConnectionTest } from "./connection-test.server";
import { configText, readIntegration } from "./stored-config.server";

/**
 * Zapier's outgoing webhooks ("Catch Hook" zaps): each site event is queued in the outbox while
 * the integration is on, and POSTed as JSON to its webhook URL by the outbox worker:
 *
 *   { "event": "lead.created", "id": 42, "created_at": "2026-…Z", "data": { … } }
 *
 * `id` is the delivery's id (a retry carries the same one, for the receiver to drop duplicates).
 * With an API key set, `X-Signature-SHA256: sha256=<hex>` is the HMAC-SHA256 of the exact body
 * bytes keyed with it; the body holds `id` and `created_at`, so the signature covers them too.
 */

export const ZAPIER = "zapier";

export const zapierEvents = [
  "lead.created",
  "subscriber.created",
  "subscriber.unsubscribed",
  "post.published",
] as const;
export type ZapierEvent = (typeof zapierEvents)[number];

export const SIGNATURE_HEADER = "X-Signature-SHA256";
/** A receiver that does not answer within this is tried again later. */
const CALL_TIMEOUT_MS = 15_000;

interface ZapierSettings {
  enabled: boolean;
  webhookUrl: string;
  apiKey: string;
}

function zapierSettings(enabled: boolean, config: Record<string, unknown>): ZapierSettings {
  return {
    enabled,
    webhookUrl: configText(config, "webhookUrl"),
    apiKey: configText(config, "apiKey"),
  };
}

function readZapier(db: Db) {
  return readIntegration(db, ZAPIER, zapierSettings);
}

type Payload = Record<string, unknown>;
/** An event's data: one payload per delivery, or a function making them (run only when needed). */
export type EventData = Payload | Payload[] | (() => Promise<Payload | Payload[]>);

/**
 * Queues `event` for Zapier in the caller's transaction, when Zapier is on with a webhook URL;
 * otherwise does nothing (events from while it was off are not sent later).
 */
export async function enqueueZapierEvent(tx: Db, event: ZapierEvent, data: EventData) {
  const zapier = await readZapier(tx);
  if (!zapier?.enabled || !zapier.webhookUrl) return;
  const resolved = typeof data === "function" ? await data() : data;
  const list = Array.isArray(resolved) ? resolved : [resolved];
  if (list.length === 0) return;
  await enqueue(
    tx,
    list.map((payload) => ({ event, target: ZAPIER, payload })),
  );
}

/** The exact bytes POSTed for a delivery: the same on every retry. */
export function zapierBody(row: Pick<OutboxRow, "id" | "event" | "createdAt" | "payload">) {
  return JSON.stringify({
    event: row.event,
    id: row.id,
    created_at: row.createdAt.toISOString(),
    data: row.payload,
  });
}

/** The X-Signature-SHA256 value for `body` signed with `apiKey`. */
export function zapierSignature(body: string, apiKey: string) {
  return `sha256=${createHmac("sha256", apiKey).update(body, "utf8").digest("hex")}`;
}

/** Delivers one outbox row to Zapier, reading the integration as it stands now. */
export const deliverToZapier: Deliverer = async (row, db) => {
  const zapier = await readZapier(db);
  if (!zapier?.enabled) {
    return { kind: "give-up", answer: "Zapier is switched off, so this was not sent." };
  }
  if (!zapier.webhookUrl) {
    return { kind: "give-up", answer: "Zapier has no webhook URL, so this was not sent." };
  }
  return post(zapier, zapierBody(row));
};

/**
 * Test connection: POSTs a `test` event (id 0, signed like any other) to the webhook URL. A zap
 * sees it as one sample request; nothing on the site changes.
 */
export const testZapier: ConnectionTest = async (config) => {
  const zapier = zapierSettings(true, config);
  if (!zapier.webhookUrl)
    return { ok: false, message: "Add the webhook URL first, then test again." };
  const body = JSON.stringify({
    event: "test",
    id: 0,
    created_at: new Date().toISOString(),
    data: { message: "A test from the site's Integrations tab." },
  });
  const outcome = await post(zapier, body);
  return outcome.kind === "delivered"
    ? { ok: true, message: `The webhook took the test event: ${outcome.answer}` }
    : { ok: false, message: `The webhook did not take the test event: ${outcome.answer}` };
};

async function post(zapier: ZapierSettings, body: string): ReturnType<Deliverer> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (zapier.apiKey) headers[SIGNATURE_HEADER] = zapierSignature(body, zapier.apiKey);
  // The hook URL is itself a secret (anyone holding it can trigger the zap): never in an answer.
  const secrets = [zapier.webhookUrl, zapier.apiKey];
  const call = await callForDelivery(
    zapier.webhookUrl,
    { method: "POST", headers, body, timeoutMs: CALL_TIMEOUT_MS },
    secrets,
  );
  if ("outcome" in call) return call.outcome;
  const { response } = call;
  const answer = answerExcerpt(
    `${response.status} ${(await response.text().catch(() => "")) || response.statusText}`,
    secrets,
  );
  return outcomeOfAnswer(response.status, answer);
}
