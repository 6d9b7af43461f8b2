import { cn } from "~/lib/utils";
import { CAMPAIGN_STATUS_LABELS } from "~/newsletter/campaign-status";

const tones = {
  active: "border-emerald-200 bg-emerald-50 text-emerald-800",
  pending: "border-amber-200 bg-amber-50 text-amber-900",
  unsubscribed: "border-slate-200 bg-slate-100 text-slate-700",
  suppressed: "border-red-200 bg-red-50 text-red-800",
  new: "border-indigo-200 bg-indigo-50 text-indigo-800",
  contacted: "border-amber-200 bg-amber-50 text-amber-900",
  closed: "border-slate-200 bg-slate-100 text-slate-700",
  // A newsletter campaign's states.
  draft: "border-slate-200 bg-slate-100 text-slate-700",
  scheduled: "border-indigo-200 bg-indigo-50 text-indigo-800",
  sending: "border-amber-200 bg-amber-50 text-amber-900",
  paused: "border-amber-200 bg-white text-amber-900",
  sent: "border-emerald-200 bg-emerald-50 text-emerald-800",
  cancelled: "border-red-200 bg-red-50 text-red-800",
} as const;

const labels: Record<keyof typeof tones, string> = {
  active: "Active",
  pending: "Awaiting confirmation",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed",
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
  ...CAMPAIGN_STATUS_LABELS,
};

/** A subscriber's, a lead's or a campaign's status as a small coloured label. */
export function StatusBadge({ status }: { status: keyof typeof tones }) {
  return (
    <span
      className={cn(
        "inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium",
        tones[status],
      )}
    >
      {labels[status]}
    </span>
  );
}
