import { Link } from "react-router";
import { type AnalyticsRange, analyticsRanges } from "~/analytics/ranges";
import { cn } from "~/lib/utils";

/** Links, so each range has its own URL and works before JavaScript loads. */
export function RangePicker({ current }: { current: AnalyticsRange }) {
  return (
    <nav aria-label="Date range">
      <ul className="flex gap-1 rounded-lg bg-surface p-1">
        {analyticsRanges.map((days) => {
          const active = days === current;
          return (
            <li key={days}>
              <Link
                to={`?days=${days}`}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary",
                  active ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
                )}
              >
                Last {days} days
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
