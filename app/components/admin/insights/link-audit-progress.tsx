import { formatDateTime } from "~/components/admin/kit/format";
import { Spinner } from "~/components/ui/spinner";

/** The running audit: a progress bar of the addresses checked so far out of those found. */
export function LinkAuditProgress({
  done,
  total,
  startedAt,
}: {
  done: number;
  total: number;
  startedAt: Date | string;
}) {
  const max = Math.max(total, done, 1);
  const percent = Math.round((done / max) * 100);
  const text = `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} pages and links checked`;
  return (
    <section
      aria-labelledby="audit-running-heading"
      className="mb-6 rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="audit-running-heading" className="flex items-center gap-2 font-semibold">
          <Spinner className="size-4 text-primary" label="Audit running" />
          Audit running
        </h3>
        <p className="text-sm text-muted">Started {formatDateTime(startedAt)}</p>
      </div>
      <div
        role="progressbar"
        aria-label="Link audit progress"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={done}
        aria-valuetext={text}
        className="mt-4 h-3 overflow-hidden rounded-full bg-surface ring-1 ring-line ring-inset"
      >
        <div
          className="h-full rounded-full bg-primary transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-muted" aria-live="polite">
        {text} ({percent}%). New pages are added as links to them are found.
      </p>
    </section>
  );
}
