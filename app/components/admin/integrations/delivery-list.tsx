import { Send } from "lucide-react";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { integrationCatalogue } from "~/content/integrations";
import { cn } from "~/lib/utils";

export interface DeliveryView {
  id: number;
  event: string;
  target: string;
  status: "pending" | "delivered" | "failed" | "skipped";
  attempts: number;
  lastStatus: number | null;
  lastAnswer: string | null;
  /** The last try, or when it was queued if not tried yet. */
  at: string;
  /** For a pending delivery: when it is tried next. */
  nextAttemptAt: string | null;
}

const statusStyles: Record<DeliveryView["status"], string> = {
  pending: "bg-amber-50 text-amber-900",
  delivered: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-danger",
  skipped: "bg-muted text-muted-foreground",
};

const statusLabels: Record<DeliveryView["status"], string> = {
  pending: "Pending",
  delivered: "Delivered",
  failed: "Failed",
  skipped: "Skipped",
};

/** A target is an integration's name; its label is the catalogue's. */
const targetLabels: Record<string, string> = Object.fromEntries(
  integrationCatalogue.map((type) => [type.name, type.label]),
);

/** The newest deliveries to outside services: a table on wide screens, stacked on a phone. */
export function DeliveryList({ deliveries }: { deliveries: DeliveryView[] }) {
  if (deliveries.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
        <Send aria-hidden className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-semibold text-ink">Nothing sent yet</p>
        <p className="mt-1 text-sm text-muted">
          What the site sends to an integration (Zapier's webhooks, SendGrid's mail, Twilio's SMS,
          Cloudflare's purges) is listed here.
        </p>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <TableHead
          caption="Deliveries, newest first"
          columns={[
            "Event",
            "Integration",
            "Status",
            "Attempts",
            "Last answer",
            "Time",
            ACTIONS_COLUMN,
          ]}
        />
        <tbody className="divide-y divide-line">
          {deliveries.map((delivery) => (
            <DeliveryRow key={delivery.id} delivery={delivery} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryRow({ delivery }: { delivery: DeliveryView }) {
  const { fetcher, busy } = useAdminFetcher({ key: `delivery-resend-${delivery.id}` });
  const target = targetLabels[delivery.target] ?? delivery.target;
  return (
    <tr className="block py-3 md:table-row md:py-0" data-delivery={delivery.id}>
      <LabelledCell label="Event" className="font-semibold text-ink">
        <code className="font-mono text-xs">{delivery.event}</code>
        <span className="block text-xs font-normal text-muted">#{delivery.id}</span>
      </LabelledCell>
      <LabelledCell label="Integration">{target}</LabelledCell>
      <LabelledCell label="Status">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 text-xs font-medium",
            statusStyles[delivery.status],
          )}
        >
          {statusLabels[delivery.status]}
        </span>
      </LabelledCell>
      <LabelledCell label="Attempts">{delivery.attempts}</LabelledCell>
      <LabelledCell label="Last answer" className="max-w-xs text-muted">
        {delivery.lastAnswer ?? "Not tried yet"}
      </LabelledCell>
      <LabelledCell label="Time">
        <LocalTime iso={delivery.at} />
        {delivery.status === "pending" && delivery.nextAttemptAt ? (
          <span className="block text-xs text-muted">
            next try <LocalTime iso={delivery.nextAttemptAt} />
          </span>
        ) : null}
      </LabelledCell>
      <td className="block px-4 pt-2 md:table-cell md:py-3 md:text-right">
        {delivery.status === "pending" ? null : (
          <fetcher.Form method="post" action="/admin/integrations/deliveries">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="id" value={delivery.id} />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              {busy ? <Spinner className="size-4" label="Resending" /> : null}
              Resend
              <span className="sr-only">
                {" "}
                {delivery.event} #{delivery.id}
              </span>
            </Button>
          </fetcher.Form>
        )}
      </td>
    </tr>
  );
}
