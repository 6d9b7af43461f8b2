import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link, useLocation } from "react-router";

function pageHref(search: string, page: number) {
  const params = new URLSearchParams(search);
  params.delete("lead");
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "?";
}

const linkClass =
  "inline-flex h-9 items-center gap-1 rounded-lg border border-line bg-white px-3 text-sm font-medium text-ink hover:bg-surface focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";
const disabledClass =
  "inline-flex h-9 items-center gap-1 rounded-lg border border-line bg-surface px-3 text-sm font-medium text-slate-400";

/** Previous / next links that keep the search and filters; "Page 2 of 5 · 51–100 of 230". */
export function Pagination({
  label,
  page,
  pageCount,
  pageSize,
  total,
}: {
  label: string;
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
}) {
  const { search } = useLocation();
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-muted"
    >
      <p>
        Showing <span className="font-medium text-ink">{from.toLocaleString("en-US")}</span>–
        <span className="font-medium text-ink">{to.toLocaleString("en-US")}</span> of{" "}
        <span className="font-medium text-ink">{total.toLocaleString("en-US")}</span>
      </p>
      {pageCount > 1 ? (
        <div className="flex items-center gap-2">
          {page > 1 ? (
            <Link to={pageHref(search, page - 1)} className={linkClass} rel="prev">
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              <ChevronLeft aria-hidden className="size-4" />
              Previous
            </span>
          )}
          <span className="px-1 tabular-nums">
            Page {page} of {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(search, page + 1)} className={linkClass} rel="next">
              Next
              <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledClass}>
              Next
              <ChevronRight aria-hidden className="size-4" />
            </span>
          )}
        </div>
      ) : null}
    </nav>
  );
}
