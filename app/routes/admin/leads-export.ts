import { requireSection } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import {
  csvDownload,
  LEAD_CSV_COLUMNS,
  leadBatches,
  leadCsvCells,
} from "~/models/admin-subscribers.server";
import { leadListQuerySchema } from "~/schemas/admin/subscribers";
import type { Route } from "./+types/leads-export";

/**
 * GET /admin/leads/export: consultation requests and contact messages as CSV, newest first,
 * with the inbox's type, status and search if given; written while it is read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "leads");
  const query = leadListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return csvDownload({
    filePrefix: "leads",
    header: LEAD_CSV_COLUMNS,
    load: () => leadBatches(getDb(), query),
    toCells: leadCsvCells,
    logMessage: "could not export leads",
    failure: "Failed to export the leads. Please try again.",
  });
}
