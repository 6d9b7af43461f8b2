import type { Db } from "~/db/client.server";
import { type EventData, enqueueZapierEvent, type ZapierEvent } from "./zapier.server";

export type SiteEvent = ZapierEvent;

/**
 * Tells the integrations that act on site events (Zapier's webhooks) that `event` happened: each
 * queues its deliveries in the outbox, in the caller's transaction, so the event is sent exactly
 * when the change commits. Nothing is sent from here: the outbox worker does that later. `data`
 * may be a function, for payloads that cost a query: it runs only when someone listens.
 */
export async function recordSiteEvent(tx: Db, event: SiteEvent, data: EventData) {
  await enqueueZapierEvent(tx, event, data);
}
