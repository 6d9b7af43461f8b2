import { cn } from "~/lib/utils";

/**
 * The home page's figures under its hero (Content → Statistics): translucent cards, each label
 * above its figure. Drawn by the home route and by a hero block whose figures come from there.
 */
export function HeroStats({
  stats,
  className,
}: {
  stats: { value: string; label: string }[];
  className?: string;
}) {
  return (
    <dl
      className={cn("mt-16 grid w-full max-w-3xl grid-cols-1 gap-4 sm:grid-cols-3", className)}
      data-testid="hero-stats"
    >
      {stats.map((stat) => (
        <div
          key={`${stat.value}-${stat.label}`}
          className="rounded-2xl border border-line bg-white/80 px-6 py-5 shadow-sm"
        >
          <dt className="text-sm text-muted">{stat.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-primary-strong">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
