import { EventWebhook, EventWebhookHeader } from "@sendgrid/eventwebhook";
import type { Db } from "~/db/client.server";
import type { DeliveryEvent } from "~/newsletter/suppression.server";
import { z } from "~/schemas/zod";
import { SENDGRID } from "./sendgrid.server";
import { configText, readIntegration } from "./stored-config.server";

/**
 * SendGrid's signed Event Webhook: what SendGrid reports about the mail it sent (bounces, spam
 * reports, unsubscribes), verified with `@sendgrid/eventwebhook` and read into the few changes a
 * newsletter cares about. SendGrid signs the timestamp header followed by the raw body with ECDSA
 * (P-256, SHA-256) and the site checks it with the verification key SendGrid shows; nothing else
 * (no cookie, no address) says who sent a request.
 */

export const SIGNATURE_HEADER = EventWebhookHeader.SIGNATURE();
export const TIMESTAMP_HEADER = EventWebhookHeader.TIMESTAMP();
/** A signature older or newer than this is a replay (or a clock far off): refused. */
export const MAX_TIMESTAMP_SKEW_SECONDS = 10 * 60;
/** SendGrid posts a batch every 30 seconds or at 768 KB, whichever comes first. */
export const MAX_EVENT_BODY_BYTES = 1024 * 1024;

/** The verification key stored on the SendGrid card; "" while it is not set. */
export async function readSendgridVerificationKey(db: Db): Promise<string> {
  const key = await readIntegration(db, SENDGRID, (_enabled, config) =>
    configText(config, "verificationKey"),
  );
  return key ?? "";
}

const webhook = new EventWebhook();

/**
 * Whether `signature` (base64 DER, SendGrid's header) signs `timestamp` followed by exactly these
 * body bytes under `verificationKey` (base64 DER SubjectPublicKeyInfo, as SendGrid shows it). A
 * key or signature that does not even decode is simply not a valid signature.
 */
export function verifySendgridSignature(
  verificationKey: string,
  body: Buffer,
  signature: string,
  timestamp: string,
): boolean {
  try {
    const publicKey = webhook.convertPublicKeyToECDSA(verificationKey);
    return webhook.verifySignature(publicKey, body, signature, timestamp);
  } catch {
    return false;
  }
}

/** Whether the timestamp header (Unix seconds) is within ten minutes of `now`, either way. */
export function isFreshTimestamp(timestamp: string, now = Date.now()): boolean {
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  return Math.abs(now / 1000 - Number(timestamp)) <= MAX_TIMESTAMP_SKEW_SECONDS;
}

/**
 * One event of SendGrid's batch: only the fields read here are checked, the rest (sg_message_id,
 * categories, custom arguments, …) are left alone.
 */
const sendgridEventSchema = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  event: z.string().max(64),
  /** For a bounce: "bounce" (the address does not exist) or "blocked" (a refusal that may pass). */
  type: z.string().max(64).optional(),
  /** For a drop: why SendGrid did not send, e.g. "Bounced Address". */
  reason: z.string().max(2000).optional(),
  /** Unix seconds. */
  timestamp: z.number().int().nonnegative().max(1e11).optional(),
  sg_event_id: z.string().max(200).optional(),
});

export const sendgridBatchSchema = z.array(z.unknown()).max(100_000);

/**
 * The drops that say something about the address itself: SendGrid keeps it on a bounce list, an
 * invalid-address list or a spam-report list. Other drops (an unsubscribed address, a bad
 * SMTPAPI header, spam content) are about the mail or already reported otherwise.
 */
const ADDRESS_DROP = /^(?:bounced address|invalid(?: address)?|spam reporting address)$/i;

function eventTime(timestamp: number | undefined, now: Date) {
  if (timestamp === undefined) return now;
  // A clock ahead of ours must not date a change in the future.
  return new Date(Math.min(timestamp * 1000, now.getTime()));
}

/** What a single entry of a batch asks, or null for events, and malformed entries, it ignores. */
export function deliveryEventOf(entry: unknown, now = new Date()): DeliveryEvent | null {
  const parsed = sendgridEventSchema.safeParse(entry);
  if (!parsed.success) return null;
  const event = parsed.data;
  const email = event.email.toLowerCase();
  const at = eventTime(event.timestamp, now);
  switch (event.event) {
    case "bounce":
      // "blocked" is a soft bounce (a full mailbox, a throttling server): the address is good.
      return event.type === "bounce" ? { kind: "suppress", email, reason: "bounce", at } : null;
    case "dropped":
      return event.reason && ADDRESS_DROP.test(event.reason.trim())
        ? { kind: "suppress", email, reason: "dropped", at }
        : null;
    case "spamreport":
      return { kind: "suppress", email, reason: "spam-report", at };
    case "unsubscribe":
    case "group_unsubscribe":
      return { kind: "unsubscribe", email, at };
    default:
      return null;
  }
}
