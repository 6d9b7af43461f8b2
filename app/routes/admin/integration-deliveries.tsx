import { Link } from "react-router";
import {
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { DeliveryList, type DeliveryView } from "~/components/admin/integrations/delivery-list";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { LoadFailedAlert } from "~/components/admin/load-failed-alert";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { listDeliveries, resendDelivery } from "~/jobs/outbox.server";
import { logger } from "~/lib/logger.server";
import { recordAudit } from "~/models/audit.server";
import { deliveryResendSchema } from "~/schemas/admin/deliveries";
import type { Route } from "./+types/integration-deliveries";

const FAILED = "Could not resend";

/** The newest deliveries shown; older ones stay in the table. */
const SHOWN = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "integrations");
  try {
    const rows = await listDeliveries(getDb(), SHOWN);
    const deliveries: DeliveryView[] = rows.map((row) => ({
      id: row.id,
      event: row.event,
      target: row.target,
      status: row.status,
      attempts: row.attempts,
      lastStatus: row.lastStatus,
      lastAnswer: row.lastAnswer,
      at: (row.lastAttemptAt ?? row.createdAt).toISOString(),
      nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    }));
    return { deliveries, loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the deliveries");
    return { deliveries: [] as DeliveryView[], loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "integrations");
  try {
    const values = await readAdminPayload(request, FAILED);
    const { id } = parseAdminInput(deliveryResendSchema, values, FAILED);
    const outcome = await resendDelivery(getDb(), id);
    if (outcome.status === "missing") {
      return adminFailure(FAILED, "There is no such delivery.", { status: 404 });
    }
    if (outcome.status === "pending") {
      return adminSuccess("Already queued", "It is being sent; no need to resend it.");
    }
    // Nothing a visitor sees changed: an audit entry, no cache to empty.
    await recordAudit(admin, {
      action: "resent",
      entity: "delivery",
      entityId: id,
      details: outcome.id === id ? {} : { newDelivery: outcome.id },
    });
    return adminSuccess("Queued again", "It will be sent within a few seconds.");
  } catch (error) {
    return answerActionError(error, FAILED, { err: error }, "Could not resend a delivery");
  }
}

export default function IntegrationDeliveries({ loaderData, actionData }: Route.ComponentProps) {
  const { deliveries, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load deliveries.");
  return (
    <section>
      <TabHeader
        title="Deliveries"
        description="What the site sent to its integrations, newest first. A failed try is retried with growing waits: mail for half an hour, cache purges for an hour, the rest for a day."
      >
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/integrations">Back to integrations</Link>
        </Button>
      </TabHeader>
      <NoScriptOutcome result={actionData} />
      {loadFailed ? (
        <LoadFailedAlert what="deliveries" href="/admin/integrations/deliveries" />
      ) : (
        <DeliveryList deliveries={deliveries} />
      )}
    </section>
  );
}
