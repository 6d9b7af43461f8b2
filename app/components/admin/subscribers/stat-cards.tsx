/** A row of small numbers above a list: totals and what needs attention. */
export function StatCards({
  label,
  items,
}: {
  label: string;
  items: { label: string; value: number; emphasis?: boolean }[];
}) {
  return (
    <dl aria-label={label} className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-line bg-white px-4 py-3 shadow-sm"
        >
          <dt className="text-xs font-medium uppercase tracking-wide text-muted">{item.label}</dt>
          <dd
            className={
              item.emphasis
                ? "mt-1 text-2xl font-semibold tabular-nums text-primary-strong"
                : "mt-1 text-2xl font-semibold tabular-nums text-ink"
            }
          >
            {item.value.toLocaleString("en-US")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
