import type { LucideIcon } from "lucide-react";
import { Download } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { Toast } from "~/lib/toast";

/** The export link: the list as CSV, with the filters of `search` but not its page (or `drop`). */
export function ExportCsvButton({
  path,
  search,
  drop,
  filtered,
}: {
  path: string;
  search: string;
  drop: string[];
  filtered: boolean;
}) {
  const params = new URLSearchParams(search);
  for (const key of drop) params.delete(key);
  const query = params.toString();
  return (
    <Button asChild variant="outline">
      <a href={`${path}${query ? `?${query}` : ""}`} download>
        <Download aria-hidden />
        {filtered ? "Export these as CSV" : "Export CSV"}
      </a>
    </Button>
  );
}

/** The answer to a form posted before JavaScript loaded (a fetcher's answer is a toast). */
export function PlainPostAnswer({ answer }: { answer?: { ok: boolean; toast: Toast } }) {
  if (!answer) return null;
  return (
    <p
      role="status"
      className={
        answer.ok
          ? "mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
          : "mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
      }
    >
      {answer.toast.title}
      {answer.toast.description ? `: ${answer.toast.description}` : ""}
    </p>
  );
}

/** The list's load failed: what to do about it. */
export function LoadFailedAlert({ title }: { title: string }) {
  return (
    <Alert>{title} Reload the page to try again; if it keeps failing, check the server log.</Alert>
  );
}

/** In place of a list that has no records at all yet. */
export function NothingYet({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
      <Icon aria-hidden className="mx-auto size-8 text-muted" />
      <p className="mt-3 font-medium text-ink">{title}</p>
      <p className="mt-1 text-sm text-muted">{children}</p>
    </div>
  );
}

/** In place of a list whose search or filters match nothing, with a link to the whole list. */
export function NoMatch({
  title,
  showAllTo,
  showAllLabel,
}: {
  title: string;
  showAllTo: string;
  showAllLabel: string;
}) {
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
      <p className="font-medium text-ink">{title}</p>
      <p className="mt-1 text-sm text-muted">
        <Link
          to={showAllTo}
          className="font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          {showAllLabel}
        </Link>
      </p>
    </div>
  );
}
