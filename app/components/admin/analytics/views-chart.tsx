import { useId } from "react";
import { TableHead } from "~/components/admin/kit/table";
import type { DayViews } from "~/models/analytics.server";
import { formatLongDay, formatShortDay, formatViews, viewsLabel } from "./format";

/** A round top for the axis: the maximum itself when small, else the next 1, 2 or 5 × 10ⁿ. */
export function axisMax(max: number) {
  if (max <= 5) return Math.max(1, max);
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

const UNIT = 10;
const HEIGHT = 100;

/**
 * Views per day as an SVG bar chart: bars scale with the box (no fixed width), labels are HTML so
 * they keep their size, and the same numbers are one click away as a table for screen readers and
 * anyone who wants the exact figures.
 */
export function ViewsChart({ perDay }: { perDay: DayViews[] }) {
  const headingId = useId();
  const top = axisMax(Math.max(0, ...perDay.map((d) => d.views)));
  const middle = top % 2 === 0 ? top / 2 : null;
  const first = perDay[0];
  const last = perDay[perDay.length - 1];
  const busiest = perDay.reduce<DayViews | undefined>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    undefined,
  );
  const total = perDay.reduce((sum, day) => sum + day.views, 0);
  const summary =
    first && last
      ? `Bar chart of views per day from ${formatLongDay(first.day)} to ${formatLongDay(last.day)}: ${viewsLabel(total)} in all${busiest ? `, most on ${formatLongDay(busiest.day)} with ${viewsLabel(busiest.views)}` : ""}. The table below lists every day.`
      : "No days to show.";
  const width = Math.max(1, perDay.length) * UNIT;
  const y = (views: number) => HEIGHT - (views / top) * HEIGHT;

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="text-base font-semibold">
        Views per day
      </h3>
      <div className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div
          aria-hidden
          className="relative h-48 min-w-6 text-right text-xs tabular-nums text-muted sm:h-56"
        >
          <span className="absolute top-0 right-0 -translate-y-1/2">{formatViews(top)}</span>
          {middle !== null ? (
            <span className="absolute top-1/2 right-0 -translate-y-1/2">{formatViews(middle)}</span>
          ) : null}
          <span className="absolute bottom-0 right-0 translate-y-1/2">0</span>
        </div>
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="block h-48 w-full overflow-visible sm:h-56"
        >
          {[0, middle, top].map((value) =>
            value === null ? null : (
              <line
                key={value}
                x1={0}
                x2={width}
                y1={y(value)}
                y2={y(value)}
                className={value === 0 ? "stroke-slate-400" : "stroke-line"}
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ),
          )}
          {perDay.map((day, i) => {
            const height = day.views === 0 ? 0 : Math.max((day.views / top) * HEIGHT, 1.5);
            return (
              <g key={day.day}>
                <title>{`${formatLongDay(day.day)}: ${viewsLabel(day.views)}`}</title>
                {/* The whole column answers the pointer, not just a short bar. */}
                <rect x={i * UNIT} y={0} width={UNIT} height={HEIGHT} fill="transparent" />
                <rect
                  x={i * UNIT + UNIT * 0.15}
                  y={HEIGHT - height}
                  width={UNIT * 0.7}
                  height={height}
                  className="fill-primary"
                />
              </g>
            );
          })}
        </svg>
        {perDay.length <= 14 ? (
          // Few days: a date under every bar.
          <div
            aria-hidden
            className="col-start-2 mt-2 grid text-center text-xs text-muted"
            style={{ gridTemplateColumns: `repeat(${perDay.length}, minmax(0, 1fr))` }}
          >
            {perDay.map((day) => (
              <span key={day.day}>{formatShortDay(day.day)}</span>
            ))}
          </div>
        ) : (
          <div
            aria-hidden
            className="col-start-2 mt-2 flex justify-between gap-2 text-xs text-muted"
          >
            <span>{first ? formatShortDay(first.day) : ""}</span>
            <span>{formatShortDay((perDay[Math.floor(perDay.length / 2)] as DayViews).day)}</span>
            <span>{last ? `${formatShortDay(last.day)} (today)` : ""}</span>
          </div>
        )}
      </div>
      <details className="group mt-4">
        <summary className="cursor-pointer rounded-md text-sm font-medium text-primary-strong focus-visible:outline-2 focus-visible:outline-primary">
          <span className="group-open:hidden">Show the numbers as a table</span>
          <span className="hidden group-open:inline">Hide the table</span>
        </summary>
        {/* Scrolls on its own when long: focusable, so a keyboard can scroll it too. */}
        <section
          aria-label="Views per day, as a table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus to scroll by keyboard
          tabIndex={0}
          className="mt-3 max-h-80 overflow-auto rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-primary"
        >
          <table className="w-full text-left text-sm">
            <TableHead
              caption="Views per day (UTC)"
              columns={["Day", { label: "Views", className: "text-right" }]}
              className="sticky top-0 bg-surface"
              cellClassName="px-3 py-2 font-semibold"
            />
            <tbody>
              {[...perDay].reverse().map((day) => (
                <tr key={day.day} className="border-t border-line">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {formatLongDay(day.day)}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatViews(day.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </section>
  );
}
