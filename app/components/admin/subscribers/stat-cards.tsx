/** A row of small numbers above a list: totals and what needs attention. */
export function StatCards({
  label,
  items,
}: {
  label: string;
  items: { label: string; value: number; emphasis?: boolean }[];
}) {
  return (
    <dl
      aria-label={label}
      className={
        items.length > 3
          ? "mb-6 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3 lg:grid-cols-5"
          : "mb-6 grid grid-cols-3 gap-2 sm:gap-3"
      }
    >
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-line bg-white px-3 py-2.5 shadow-sm sm:px-4 sm:py-3"
        >
          <dt className="text-xs font-medium text-muted sm:uppercase sm:tracking-wide">
            {item.label}
          </dt>
          <dd
            className={
              item.emphasis
                ? "mt-1 text-xl font-semibold tabular-nums text-primary-strong sm:text-2xl"
                : "mt-1 text-xl font-semibold tabular-nums text-ink sm:text-2xl"
            }
          >
            {item.value.toLocaleString("en-US")}
          </dd>
        </div>
      ))}
    </dl>
  );
}
