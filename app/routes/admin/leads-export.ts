import { requireAdmin } from "~/auth/session.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  csvFileName,
  csvStream,
  LEAD_CSV_COLUMNS,
  type LeadDetail,
  leadBatches,
  leadCsvCells,
  primeBatches,
} from "~/models/admin-subscribers.server";
import { leadListQuerySchema } from "~/schemas/admin/subscribers";
import type { Route } from "./+types/leads-export";

/**
 * GET /admin/leads/export: consultation requests and contact messages as CSV, newest first,
 * with the inbox's type, status and search if given; written while it is read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = leadListQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  let batches: AsyncGenerator<LeadDetail[]>;
  try {
    batches = await primeBatches(leadBatches(getDb(), query));
  } catch (error) {
    logger.error({ err: error }, "could not export leads");
    throw new Response("Failed to export the leads. Please try again.", { status: 500 });
  }
  const body = csvStream(LEAD_CSV_COLUMNS, batches, leadCsvCells);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${csvFileName("leads")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
