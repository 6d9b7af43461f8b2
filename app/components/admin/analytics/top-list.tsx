import type * as React from "react";
import { useId } from "react";
import { formatViews } from "./format";

export interface TopListItem {
  key: string;
  label: React.ReactNode;
  /** A second, quieter line (a post's address under its title). */
  detail?: string;
  views: number;
}

/** A ranked list with a bar behind each row showing its share of the first row. */
export function TopList({
  title,
  items,
  empty,
}: {
  title: string;
  items: TopListItem[];
  empty: string;
}) {
  const headingId = useId();
  const max = Math.max(1, ...items.map((item) => item.views));
  return (
    <section
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold">
          {title}
        </h3>
        <span aria-hidden className="text-xs font-medium text-muted">
          Views
        </span>
      </div>
      {items.length === 0 ? (
        <p className="mt-4 rounded-lg bg-surface px-3 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <ol aria-labelledby={headingId} className="mt-3 space-y-1">
          {items.map((item) => (
            <li key={item.key} className="relative rounded-md px-2 py-1.5 text-sm">
              <span
                aria-hidden
                className="absolute inset-y-0 left-0 rounded-md bg-primary/10"
                style={{ width: `${(item.views / max) * 100}%` }}
              />
              <span className="relative flex items-start justify-between gap-3">
                <span className="min-w-0 break-words">
                  {item.label}
                  {item.detail ? (
                    <span className="block break-all text-xs text-muted">{item.detail}</span>
                  ) : null}
                </span>
                <span className="shrink-0 font-medium tabular-nums">
                  {formatViews(item.views)}
                  <span className="sr-only">{item.views === 1 ? " view" : " views"}</span>
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
