import type { Db } from "~/db/client.server";
import { enqueueLeadSms } from "./twilio.server";
import { type EventData, enqueueZapierEvent, type ZapierEvent } from "./zapier.server";

export type SiteEvent = ZapierEvent;

/**
 * Tells the integrations that act on site events (Zapier's webhooks, Twilio's lead alerts) that
 * `event` happened: each queues its deliveries in the outbox, in the caller's transaction, so the
 * event is sent exactly when the change commits. Nothing is sent from here: the outbox worker does
 * that later. `data` may be a function, for payloads that cost a query: it runs only when someone
 * listens, and once however many listen.
 */
export async function recordSiteEvent(tx: Db, event: SiteEvent, data: EventData) {
  let resolved: ReturnType<Extract<EventData, () => unknown>> | undefined;
  const once: EventData =
    typeof data === "function"
      ? () => {
          resolved ??= data();
          return resolved;
        }
      : data;
  await enqueueZapierEvent(tx, event, once);
  if (event === "lead.created") {
    const list = typeof once === "function" ? await once() : once;
    for (const lead of Array.isArray(list) ? list : [list]) await enqueueLeadSms(tx, lead);
  }
}
