/** A row of figures: the value large, its label beneath (label first for screen readers). */
export function StatCards({
  stats,
  className,
}: {
  stats: { value: string; label: string }[];
  className: string;
}) {
  return (
    <dl data-testid="product-stats" className={className}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          data-testid="product-stat"
          className="flex flex-col-reverse rounded-2xl border border-line bg-white px-4 py-5 shadow-sm"
        >
          <dt className="mt-1 text-sm font-medium text-muted">{stat.label}</dt>
          <dd className="text-3xl font-extrabold tracking-tight text-primary-strong">
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
