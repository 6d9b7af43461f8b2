import { Link } from "react-router";
import { formatDateTime, plural } from "~/components/admin/kit/format";
import { TableHead } from "~/components/admin/kit/table";
import { SuggestedRedirect } from "~/components/admin/redirects/suggested-redirect";
import { cn } from "~/lib/utils";
import type { LinkResult, LinkStatus, LinkType } from "~/models/link-audit.server";
import type { RedirectSuggestion } from "~/models/redirects.server";
import { type LinkFilter, linkStatuses, linkTypes } from "~/schemas/admin/insights";

export interface LinkReport {
  audit: { id: number; finishedAt: Date | string | null; startedAt: Date | string };
  total: number;
  counts: Record<LinkStatus, number>;
  types: Record<LinkType, number>;
  matching: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** A broken link to this site comes with its redirect (made, or suggested). */
  rows: (LinkResult & { redirect?: RedirectSuggestion })[];
}

const statusLabel: Record<LinkStatus, string> = {
  working: "Working",
  missing: "Missing",
  orphan: "Orphan",
};
const typeLabel: Record<LinkType, string> = {
  anchor: "Anchor",
  internal: "Internal",
  external: "External",
};
const statusStyle: Record<LinkStatus, string> = {
  working: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  missing: "bg-red-50 text-danger ring-red-200",
  orphan: "bg-amber-50 text-amber-900 ring-amber-200",
};
const statusHelp: Record<LinkStatus, string> = {
  working: "Answer with a page, or the anchor's target exists",
  missing: "Error, no answer, or the anchor's target is gone",
  orphan: "In the sitemap, but no page links to them",
};

function query(filter: LinkFilter) {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.status) params.set("status", filter.status);
  if (filter.page && filter.page > 1) params.set("page", String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

function StatusBadge({ status, className }: { status: string; className?: string }) {
  const known = status in statusLabel ? (status as LinkStatus) : undefined;
  return (
    <span
      className={cn(
        "items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        className ? undefined : "inline-flex",
        known ? statusStyle[known] : "bg-surface text-muted ring-line",
        className,
      )}
    >
      {known ? statusLabel[known] : status}
    </span>
  );
}

function TypeBadge({ type }: { type: string }) {
  return (
    <span className="inline-flex items-center rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted ring-1 ring-line ring-inset">
      {type in typeLabel ? typeLabel[type as LinkType] : type}
    </span>
  );
}

/** Where a reported link leads, as a link an admin can open to look. */
function LinkTarget({ link }: { link: LinkResult }) {
  const external = link.type === "external";
  const href = link.type === "anchor" ? `${link.page}${link.url}` : link.url;
  return (
    <a
      href={href}
      {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
      className="break-all font-medium text-primary-strong underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
    >
      {link.url}
    </a>
  );
}

function FilterGroup<T extends string>({
  label,
  values,
  current,
  names,
  counts,
  hrefFor,
}: {
  label: string;
  values: readonly T[];
  current: T | undefined;
  names: Record<T, string>;
  counts: Record<T, number>;
  hrefFor: (value: T | undefined) => string;
}) {
  const options: (T | undefined)[] = [undefined, ...values];
  return (
    <nav aria-label={`Filter by ${label.toLowerCase()}`} className="min-w-0">
      <p className="mb-1.5 text-xs font-semibold uppercase tracking-wide text-muted">{label}</p>
      <ul className="flex flex-wrap gap-1.5">
        {options.map((value) => {
          const active = value === current;
          return (
            <li key={value ?? "all"}>
              <Link
                to={hrefFor(value)}
                preventScrollReset
                aria-current={active ? "true" : undefined}
                className={cn(
                  "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                  active
                    ? "border-primary-strong bg-primary-strong text-white"
                    : "border-line bg-white text-ink hover:bg-surface",
                )}
              >
                {value ? names[value] : "All"}
                {value ? (
                  <span className={cn("text-xs", active ? "text-white" : "text-muted")}>
                    {counts[value].toLocaleString("en-US")}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The newest finished audit: counts, filters, and its links a page at a time. */
export function LinkResults({ report, filter }: { report: LinkReport; filter: LinkFilter }) {
  const first = report.matching === 0 ? 0 : (report.page - 1) * report.pageSize + 1;
  const last = Math.min(report.matching, report.page * report.pageSize);
  return (
    <section aria-labelledby="link-results-heading">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 id="link-results-heading" className="text-lg font-semibold">
          Results
        </h3>
        <p className="text-sm text-muted">
          Audit of {formatDateTime(report.audit.finishedAt ?? report.audit.startedAt)} ·{" "}
          {plural(report.total, "link")}
        </p>
      </div>

      <ul aria-label="Summary" className="mb-6 grid grid-cols-3 gap-2 sm:gap-3">
        {linkStatuses.map((status) => (
          <li
            key={status}
            className="min-w-0 rounded-xl border border-line bg-white p-3 shadow-sm sm:p-4"
          >
            <p className="flex items-center justify-between gap-2 text-sm font-medium text-muted">
              {statusLabel[status]}
              <StatusBadge status={status} className="hidden sm:inline-flex" />
            </p>
            <p
              className="mt-1 text-xl font-bold tabular-nums sm:text-2xl"
              data-testid={`count-${status}`}
            >
              {report.counts[status].toLocaleString("en-US")}
            </p>
            <p className="mt-1 hidden text-xs text-muted sm:block">{statusHelp[status]}</p>
          </li>
        ))}
      </ul>

      <div className="mb-4 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-8">
        <FilterGroup
          label="Status"
          values={linkStatuses}
          current={filter.status}
          names={statusLabel}
          counts={report.counts}
          hrefFor={(status) => query({ type: filter.type, status })}
        />
        <FilterGroup
          label="Type"
          values={linkTypes}
          current={filter.type}
          names={typeLabel}
          counts={report.types}
          hrefFor={(type) => query({ type, status: filter.status })}
        />
      </div>

      {report.matching === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface px-4 py-8 text-center text-sm text-muted">
          No links match these filters.{" "}
          <Link to="?" className="font-medium text-primary-strong underline underline-offset-2">
            Show all links
          </Link>
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            Showing {first.toLocaleString("en-US")}–{last.toLocaleString("en-US")} of{" "}
            {plural(report.matching, "link")}
          </p>
          {/* A table from md up; stacked rows on a phone, so nothing scrolls sideways. */}
          <div className="hidden overflow-hidden rounded-xl border border-line bg-white md:block">
            <table className="w-full table-fixed text-left text-sm">
              <TableHead
                caption="Links found by the audit"
                columns={[
                  { label: "URL", className: "w-[38%]" },
                  { label: "Page", className: "w-[24%]" },
                  { label: "Type", className: "w-[12%]" },
                  { label: "Status", className: "w-[26%]" },
                ]}
                className="bg-surface text-xs uppercase tracking-wide text-muted"
                cellClassName="px-4 py-2.5 font-semibold"
              />
              <tbody className="divide-y divide-line">
                {report.rows.map((link) => (
                  <tr key={`${link.page} ${link.url} ${link.status}`} className="align-top">
                    <td className="px-4 py-3">
                      <LinkTarget link={link} />
                    </td>
                    <td className="break-all px-4 py-3 text-muted">{link.page}</td>
                    <td className="px-4 py-3">
                      <TypeBadge type={link.type} />
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={link.status} />
                      {link.detail ? (
                        <p className="mt-1 break-words text-xs text-muted">{link.detail}</p>
                      ) : null}
                      {link.redirect ? <SuggestedRedirect suggestion={link.redirect} /> : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul aria-label="Links found by the audit" className="space-y-2 md:hidden">
            {report.rows.map((link) => (
              <li
                key={`${link.page} ${link.url} ${link.status}`}
                className="rounded-xl border border-line bg-white p-3 text-sm"
              >
                <LinkTarget link={link} />
                <p className="mt-1 break-all text-muted">
                  <span className="font-medium text-ink">Page:</span> {link.page}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-1.5">
                  <TypeBadge type={link.type} />
                  <StatusBadge status={link.status} />
                </div>
                {link.detail ? (
                  <p className="mt-1.5 break-words text-xs text-muted">{link.detail}</p>
                ) : null}
                {link.redirect ? <SuggestedRedirect suggestion={link.redirect} /> : null}
              </li>
            ))}
          </ul>
          {report.pageCount > 1 ? (
            <nav
              aria-label="Result pages"
              className="mt-4 flex items-center justify-between gap-3 text-sm"
            >
              {report.page > 1 ? (
                <Link
                  to={query({ ...filter, page: report.page - 1 })}
                  preventScrollReset
                  className="rounded-lg border border-line bg-white px-3 py-1.5 font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
                >
                  Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-muted">
                Page {report.page} of {report.pageCount}
              </span>
              {report.page < report.pageCount ? (
                <Link
                  to={query({ ...filter, page: report.page + 1 })}
                  preventScrollReset
                  className="rounded-lg border border-line bg-white px-3 py-1.5 font-medium hover:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
                >
                  Next
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
