import { requireAdmin } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  csvFileName,
  csvStream,
  primeBatches,
  SUBSCRIBER_CSV_COLUMNS,
  type SubscriberRow,
  subscriberBatches,
  subscriberCsvCells,
} from "~/models/admin-subscribers.server";
import { subscriberListQuerySchema } from "~/schemas/admin/subscribers";
import type { Route } from "./+types/newsletter-export";

/**
 * GET /admin/newsletter/export: the subscribers as CSV (Email, Status, Subscribed At,
 * Unsubscribed At), with the tab's search and status filter if given; written while it is read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = subscriberListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  let batches: AsyncGenerator<SubscriberRow[]>;
  try {
    batches = await primeBatches(subscriberBatches(getDb(), query));
  } catch (error) {
    logger.error({ err: error }, "could not export subscribers");
    throw new Response("Failed to export the subscribers. Please try again.", { status: 500 });
  }
  const body = csvStream(SUBSCRIBER_CSV_COLUMNS, batches, subscriberCsvCells);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("newsletter-subscribers")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
