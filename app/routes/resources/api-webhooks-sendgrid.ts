import { getDb } from "~/db/client.server";
import {
  deliveryEventOf,
  isFreshTimestamp,
  MAX_EVENT_BODY_BYTES,
  readSendgridVerificationKey,
  SIGNATURE_HEADER,
  sendgridBatchSchema,
  TIMESTAMP_HEADER,
  verifySendgridSignature,
} from "~/integrations/sendgrid-events.server";
import { methodNotAllowed, readBodyBytes } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { applyDeliveryEvents, type DeliveryEvent } from "~/newsletter/suppression.server";
import type { Route } from "./+types/api-webhooks-sendgrid";

/**
 * POST /api/webhooks/sendgrid: SendGrid's signed Event Webhook. The signature over the timestamp
 * and the exact body bytes is the only key: no session, no cookie is read, and the same-origin
 * check lets this one address through (server/security.ts). Anything unsigned, forged, stale or
 * sent while no verification key is set gets 401 and changes nothing. The page cache never sees
 * it (a POST under /api).
 */
export const loader = methodNotAllowed;

function refuse(status: number, error: string) {
  return Response.json({ error }, { status });
}

const UNSIGNED = "The request is not signed by SendGrid";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const signature = request.headers.get(SIGNATURE_HEADER);
  const timestamp = request.headers.get(TIMESTAMP_HEADER);
  // The timestamp is signed too: a captured request cannot be played again ten minutes later.
  // Both are checked before anything costs a query.
  if (!signature || !timestamp || !isFreshTimestamp(timestamp)) return refuse(401, UNSIGNED);
  const db = getDb();
  const verificationKey = await readSendgridVerificationKey(db);
  if (!verificationKey) return refuse(401, UNSIGNED);

  const body = await readBodyBytes(request, MAX_EVENT_BODY_BYTES);
  if (body === null) return refuse(413, "The request is too large");
  if (!verifySendgridSignature(verificationKey, body, signature, timestamp)) {
    logger.warn("SendGrid event webhook: a request with a wrong signature was refused");
    return refuse(401, UNSIGNED);
  }

  let json: unknown;
  try {
    json = JSON.parse(body.toString("utf8"));
  } catch {
    return refuse(400, "The request body is not valid JSON");
  }
  const batch = sendgridBatchSchema.safeParse(json);
  if (!batch.success) return refuse(400, "The request body must be a list of events");

  const now = new Date();
  const events: DeliveryEvent[] = [];
  for (const entry of batch.data) {
    const event = deliveryEventOf(entry, now);
    if (event) events.push(event);
  }
  const counts = await applyDeliveryEvents(db, events);
  // Counts only: the addresses are the subscribers' own business.
  logger.info(
    { received: batch.data.length, ignored: batch.data.length - events.length, ...counts },
    "SendGrid events applied",
  );
  return new Response(null, { status: 204 });
}
