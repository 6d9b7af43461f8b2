import { LoaderCircle, RotateCcw, UserMinus } from "lucide-react";
import { useRef, useState } from "react";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { formatDateTime } from "~/components/admin/kit/format";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { type SubscriberStatus, suppressedReasonLabel } from "~/schemas/admin/subscribers";
import { ConsentDialog, type ConsentItem } from "./consent-dialog";
import { StatusBadge } from "./status-badge";
import { SubscriberTags } from "./subscriber-tags";
import { useHydrated } from "./use-hydrated";

export interface SubscriberItem {
  id: number;
  email: string;
  status: SubscriberStatus;
  subscribedAt: string;
  unsubscribedAt: string | null;
  confirmedAt: string | null;
  suppressedReason: string | null;
  suppressedAt: string | null;
  tags: string[];
  consents: ConsentItem[];
}

/**
 * The status, for a suppressed address why and when (the mail service's webhook says), and the
 * way to the consent records.
 */
function StatusCell({ subscriber }: { subscriber: SubscriberItem }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={subscriber.status} />
      {subscriber.status === "suppressed" ? (
        <p className="max-w-48 text-xs text-muted">
          Suppressed: {suppressedReasonLabel(subscriber.suppressedReason)}
          {subscriber.suppressedAt ? (
            <>
              , <LocalTime iso={subscriber.suppressedAt} />
            </>
          ) : null}
        </p>
      ) : null}
      <ConsentDialog subscriber={subscriber} />
    </div>
  );
}

function DateCell({ iso }: { iso: string | null }) {
  if (!iso) return <span className="text-muted">—</span>;
  return <time dateTime={iso}>{formatDateTime(iso)}</time>;
}

/**
 * Unsubscribe (asked first) or Reactivate one subscriber. A plain form post before JavaScript
 * loads; afterwards a fetcher, whose answer shows as a toast.
 */
function SubscriberAction({ subscriber }: { subscriber: SubscriberItem }) {
  if (subscriber.status === "suppressed") {
    return <span className="whitespace-nowrap text-xs text-muted">Never mailed again</span>;
  }
  return <StatusAction subscriber={subscriber} />;
}

function StatusAction({ subscriber }: { subscriber: SubscriberItem }) {
  const { fetcher, busy } = useAdminFetcher();
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const unsubscribe = subscriber.status === "active" || subscriber.status === "pending";
  const intent = unsubscribe ? "unsubscribe" : "reactivate";

  return (
    <fetcher.Form method="post" ref={formRef}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={subscriber.id} />
      <Button
        ref={buttonRef}
        type="submit"
        size="sm"
        variant="outline"
        disabled={busy}
        aria-label={`${unsubscribe ? "Unsubscribe" : "Reactivate"} ${subscriber.email}`}
        onClick={(event) => {
          if (unsubscribe && hydrated) {
            event.preventDefault();
            setConfirming(true);
          }
        }}
      >
        {busy ? (
          <LoaderCircle aria-hidden className="animate-spin" />
        ) : unsubscribe ? (
          <UserMinus aria-hidden />
        ) : (
          <RotateCcw aria-hidden />
        )}
        {busy
          ? unsubscribe
            ? "Unsubscribing…"
            : "Reactivating…"
          : unsubscribe
            ? "Unsubscribe"
            : "Reactivate"}
      </Button>
      {unsubscribe ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Unsubscribe this address?"
          description={
            <>
              <strong className="break-all text-ink">{subscriber.email}</strong>{" "}
              {subscriber.status === "pending"
                ? "will not be subscribed, and its confirmation link stops working."
                : "will get no more newsletters."}{" "}
              You can reactivate the subscription later.
            </>
          }
          confirmLabel="Unsubscribe"
          onConfirm={() => {
            if (formRef.current) void fetcher.submit(formRef.current);
          }}
          onCloseAutoFocus={(event) => {
            // Opened from code, not from a trigger radix knows: back to the row's button.
            event.preventDefault();
            buttonRef.current?.focus();
          }}
        />
      ) : null}
    </fetcher.Form>
  );
}

/** A table from 768 px up; on a phone one card per subscriber, so nothing scrolls sideways. */
export function SubscriberList({ subscribers }: { subscribers: SubscriberItem[] }) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-white shadow-sm md:block">
        <table className="w-full text-left text-sm">
          <TableHead
            caption="Newsletter subscribers, newest first"
            columns={[
              "Email",
              "Status",
              "Subscribed at",
              "Unsubscribed at",
              "Tags",
              { ...ACTIONS_COLUMN, className: "text-right" },
            ]}
            className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted"
            cellClassName="px-4 py-3 font-medium"
          />
          <tbody className="divide-y divide-line">
            {subscribers.map((subscriber) => (
              <tr key={subscriber.id} className="hover:bg-surface/60">
                <td className="max-w-80 break-all px-4 py-3 font-medium text-ink">
                  {subscriber.email}
                </td>
                <td className="px-4 py-3">
                  <StatusCell subscriber={subscriber} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted">
                  <DateCell iso={subscriber.subscribedAt} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 text-muted">
                  <DateCell iso={subscriber.unsubscribedAt} />
                </td>
                <td className="max-w-56 px-4 py-3">
                  <SubscriberTags subscriber={subscriber} />
                </td>
                <td className="px-4 py-2 text-right">
                  <SubscriberAction subscriber={subscriber} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden" aria-label="Newsletter subscribers, newest first">
        {subscribers.map((subscriber) => (
          <li key={subscriber.id} className="rounded-xl border border-line bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 break-all font-medium text-ink">{subscriber.email}</p>
              <StatusCell subscriber={subscriber} />
            </div>
            <div className="mt-2">
              <SubscriberTags subscriber={subscriber} />
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted">
              <dt>Subscribed</dt>
              <dd>
                <DateCell iso={subscriber.subscribedAt} />
              </dd>
              <dt>Unsubscribed</dt>
              <dd>
                <DateCell iso={subscriber.unsubscribedAt} />
              </dd>
            </dl>
            <div className="mt-3">
              <SubscriberAction subscriber={subscriber} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
