import { requireSection } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import {
  csvDownload,
  SUBSCRIBER_CSV_COLUMNS,
  subscriberBatches,
  subscriberCsvCells,
} from "~/models/admin-subscribers.server";
import { subscriberListQuerySchema } from "~/schemas/admin/subscribers";
import type { Route } from "./+types/newsletter-export";

/**
 * GET /admin/newsletter/export: the subscribers as CSV (the spec's Email, Status, Subscribed At,
 * Unsubscribed At, then Confirmed At, the newest consent record's source and wording version, and
 * why and when an address was suppressed), with the tab's search and status filter if given;
 * written while it is read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "newsletter");
  const query = subscriberListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return csvDownload({
    filePrefix: "newsletter-subscribers",
    header: SUBSCRIBER_CSV_COLUMNS,
    load: () => subscriberBatches(getDb(), query),
    toCells: subscriberCsvCells,
    logMessage: "could not export subscribers",
    failure: "Failed to export the subscribers. Please try again.",
  });
}
