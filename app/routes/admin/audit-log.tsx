import { ChevronLeft, ChevronRight, History } from "lucide-react";
import { Link } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { RestoreVersionButton } from "~/components/admin/audit/restore-version-button";
import { LocalTime } from "~/components/admin/kit/local-time";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { AUDIT_PAGE_SIZE, listAuditLog } from "~/models/audit.server";
import {
  restorableDetails,
  restorableEditorOf,
  restoreFromAudit,
} from "~/models/editor-restore.server";
import { editorTitles } from "~/models/editor-versions.server";
import { auditRestoreSchema } from "~/schemas/admin/audit";
import type { Route } from "./+types/audit-log";

function pageOf(request: Request) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}

/** "changedFields" → "Changed fields". */
function labelOf(key: string) {
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function shorten(text: string, max = 120) {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string" || typeof value === "number") return shorten(String(value));
  if (Array.isArray(value)) return shorten(value.map((v) => valueText(v)).join(", ")) || "none";
  return shorten(JSON.stringify(value));
}

/**
 * The details of an entry as short "Label: value" pairs a reader can scan. The values an editor
 * had before the change are only named: they are there for "Restore this version".
 */
function summarizeDetails(details: unknown): { label: string; value: string }[] {
  if (typeof details !== "object" || details === null || Array.isArray(details)) return [];
  const restorable = restorableEditorOf(details) !== null;
  return Object.entries(details as Record<string, unknown>)
    .filter(([key]) => !(restorable && key === "editor"))
    .slice(0, 8)
    .map(([key, value]) => ({
      label: labelOf(key),
      value:
        key === "before" && restorable
          ? "saved (restorable)"
          : key === "restoredFrom"
            ? `change #${valueText(value)}`
            : valueText(value),
    }));
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "audit-log");
  const page = pageOf(request);
  try {
    const { rows, total } = await listAuditLog(page);
    return {
      page,
      pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
      total,
      loadFailed: false,
      entries: rows.map((row) => ({
        id: row.id,
        actorEmail: row.actorEmail || "(account removed)",
        action: row.action,
        entity: row.entity,
        entityId: row.entityId,
        details: summarizeDetails(row.details),
        restores: editorTitleOf(row.details),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  } catch (error) {
    logger.error({ err: error }, "Could not load the audit log");
    return { page, pageCount: 1, total: 0, loadFailed: true, entries: [] };
  }
}

function editorTitleOf(details: unknown) {
  const editor = restorableEditorOf(details);
  return editor ? editorTitles[editor] : null;
}

const RESTORE_FAILED = "Could not restore";

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "audit-log");
  let id = 0;
  try {
    const values = await readAdminPayload(request, RESTORE_FAILED);
    id = parseAdminInput(auditRestoreSchema, values, RESTORE_FAILED).id;
    const outcome = await restoreFromAudit(getDb(), id);
    switch (outcome.status) {
      case "missing":
        return adminFailure(RESTORE_FAILED, "This change is no longer in the audit log.", {
          status: 404,
        });
      case "not-restorable":
        return adminFailure(
          RESTORE_FAILED,
          "This change did not keep the values from before it, so there is nothing to restore.",
        );
      case "invalid":
        return adminFailure(
          RESTORE_FAILED,
          `That version no longer passes the editor's checks (${outcome.message}). Nothing was changed.`,
          { status: 422 },
        );
      case "restored":
        await adminChanged(admin, {
          action: "restored",
          entity: outcome.entity,
          details: { restoredFrom: id, ...restorableDetails(outcome.editor, outcome.before) },
        });
        return adminSuccess(
          "Version restored",
          `${editorTitles[outcome.editor]} is back to the version from before change #${id}; the restore is listed above and can be undone the same way.`.replace(
            /^./,
            (first) => first.toUpperCase(),
          ),
        );
    }
  } catch (error) {
    return answerActionError(
      error,
      RESTORE_FAILED,
      { err: error, auditId: id },
      "audit log: the version could not be restored",
    );
  }
}

export default function AuditLogTab({ loaderData }: Route.ComponentProps) {
  const { entries, page, pageCount, total, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load the audit log.");

  return (
    <section>
      <TabHeader
        title="Audit log"
        description="Every change made in the dashboard: who made it, what changed and when, newest first."
      />
      {loadFailed ? (
        <Alert>
          Failed to load the audit log.{" "}
          <a href={`/admin/audit-log?page=${page}`} className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : total === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
          <History aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-semibold text-ink">No changes recorded yet</p>
          <p className="mt-1 text-sm text-muted">
            Changes made in the dashboard will be listed here.
          </p>
        </div>
      ) : (
        <>
          {entries.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
              <p className="font-semibold text-ink">There is no page {page}.</p>
              <Link
                to="/admin/audit-log"
                className="mt-2 inline-block text-sm font-semibold text-primary-strong underline"
              >
                Go to the newest changes
              </Link>
            </div>
          ) : (
            <ol
              aria-label="Changes, newest first"
              className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-white shadow-sm"
            >
              {entries.map((entry) => (
                <li
                  key={entry.id}
                  className="grid gap-2 px-4 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4 sm:px-5"
                >
                  <div className="text-sm text-muted">
                    <LocalTime iso={entry.createdAt} /> <span className="text-xs">#{entry.id}</span>
                  </div>{" "}
                  <div className="min-w-0 space-y-1">
                    <p className="text-sm text-ink">
                      <span className="font-semibold [overflow-wrap:anywhere]">
                        {entry.actorEmail}
                      </span>{" "}
                      {entry.action} {entry.entity}
                      {entry.entityId ? (
                        <>
                          {" "}
                          <code className="break-all rounded bg-surface px-1.5 py-0.5 font-mono text-xs">
                            {entry.entityId}
                          </code>
                        </>
                      ) : null}
                    </p>
                    {entry.details.length > 0 ? (
                      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted">
                        {entry.details.map((d) => (
                          <div key={d.label} className="flex min-w-0 gap-1">
                            <dt className="font-medium">{d.label}:</dt>{" "}
                            <dd className="min-w-0 break-words">{d.value}</dd>{" "}
                          </div>
                        ))}
                      </dl>
                    ) : null}
                    {entry.restores ? (
                      <div className="pt-1">
                        <RestoreVersionButton entryId={entry.id} editor={entry.restores} />
                      </div>
                    ) : null}
                  </div>
                </li>
              ))}
            </ol>
          )}
          <Pagination page={page} pageCount={pageCount} total={total} />
        </>
      )}
    </section>
  );
}

function Pagination({
  page,
  pageCount,
  total,
}: {
  page: number;
  pageCount: number;
  total: number;
}) {
  if (pageCount <= 1 && page <= 1) {
    return (
      <p className="mt-4 text-sm text-muted">{total === 1 ? "1 change" : `${total} changes`}</p>
    );
  }
  return (
    <nav
      aria-label="Audit log pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted">
        Page {Math.min(page, pageCount)} of {pageCount} · {total} changes
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/audit-log?page=${Math.min(page - 1, pageCount)}`} rel="prev">
              <ChevronLeft aria-hidden />
              Newer
            </Link>
          </Button>
        ) : null}
        {page < pageCount ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/audit-log?page=${page + 1}`} rel="next">
              Older
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  );
}
