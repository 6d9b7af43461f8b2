import { History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import type { RevisionSummary } from "~/models/post-revisions.server";
import type { FieldDiff } from "~/models/revision-history.server";

const sourceLabels: Record<string, string> = {
  editor: "Saved in the editor",
  api: "Sent through the API",
  creator: "Published by a creator page",
  restore: "Restored from an earlier revision",
  scheduler: "Published at its scheduled time",
  sample: "Sample content",
  import: "Imported from the old site",
  seed: "Came with the site",
  "before-history": "As it was when history began",
};

/** A revision with how it differs from the record now (empty when it is what the record says). */
export interface RevisionDetail {
  revision: RevisionSummary;
  diff: FieldDiff[];
}

type ListAnswer = { ok: true; revisions: RevisionSummary[] } | { ok: false; error: string };
type DetailAnswer = { ok: true; detail: RevisionDetail } | { ok: false; error: string };

/** Where a History panel reads its revisions and posts a restore. */
export interface RevisionSource {
  /** Unique on the page: the panel's heading id. */
  key: string;
  /** What the record is called: "post", "page". */
  noun: string;
  /** GET: `{ ok, revisions }`. */
  listUrl: string;
  /** GET: `{ ok, detail }`. */
  detailUrl: (revisionId: number) => string;
  /** POST with `restoreFields`: an admin action answering `{ ok, result: { version } }`. */
  restoreAction: string;
  restoreFields: (revisionId: number, version: number) => Record<string, string>;
  /** What a restore brings back, and what stays. */
  restoreNote: string;
}

/**
 * An editor's History panel: every kept revision with who saved it and when, the difference
 * between a chosen one and the record as it is now, and Restore. Posts and pages share it.
 */
export function RevisionHistory({
  source,
  version,
  dirty,
  onRestored,
}: {
  source: RevisionSource;
  /** The version the editor has open; a restore over a newer one is refused. */
  version: number;
  /** Unsaved typing would be replaced by the restore: save or discard it first. */
  dirty: boolean;
  onRestored: (result: { version: number }) => void;
}) {
  const list = useFetcher<ListAnswer>();
  const detail = useFetcher<DetailAnswer>();
  const [chosen, setChosen] = useState<number | null>(null);
  const { fetcher: restore, busy: restoring } = useAdminFetcher<{
    ok: boolean;
    result?: { version: number };
  }>({
    onSuccess: (answer) => {
      if (answer.result) onRestored(answer.result);
      setChosen(null);
      void list.load(source.listUrl);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per record (and version)
  useEffect(() => {
    void list.load(source.listUrl);
  }, [source.listUrl, version]);

  function choose(revisionId: number) {
    setChosen(revisionId);
    void detail.load(source.detailUrl(revisionId));
  }

  const revisions = list.data?.ok ? list.data.revisions : [];
  const shown =
    detail.data?.ok && detail.data.detail.revision.id === chosen ? detail.data.detail : null;

  return (
    <section aria-labelledby={`history-${source.key}`} className="space-y-4">
      <h3 id={`history-${source.key}`} className="flex items-center gap-2 font-semibold text-ink">
        <History aria-hidden className="size-4" /> History
      </h3>
      {list.data && !list.data.ok ? <Alert>{list.data.error}</Alert> : null}
      {list.state !== "idle" && !list.data ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading the history…
        </p>
      ) : null}
      {list.data?.ok && revisions.length === 0 ? (
        <p className="text-sm text-muted">No revisions are kept for this {source.noun} yet.</p>
      ) : null}
      <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
        {revisions.length > 0 ? (
          <ol aria-label="Revisions" className="max-h-96 space-y-1 overflow-y-auto pr-1">
            {revisions.map((r, index) => (
              <li key={r.id}>
                <button
                  type="button"
                  onClick={() => choose(r.id)}
                  aria-pressed={chosen === r.id}
                  className={cn(
                    "w-full rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-primary",
                    chosen === r.id
                      ? "border-primary bg-primary/5"
                      : "border-line bg-white hover:bg-surface",
                  )}
                >
                  <span className="block font-medium text-ink">
                    <LocalTime iso={r.createdAt} />
                    {index === 0 ? <span className="text-muted"> · current</span> : null}
                  </span>
                  <span className="block break-words text-muted">
                    {r.savedByName || "Someone"} · {sourceLabels[r.source] ?? r.source}
                  </span>
                  <span className="block text-xs text-muted">Status: {r.status}</span>
                </button>
              </li>
            ))}
          </ol>
        ) : null}
        <div className="min-w-0">
          {chosen === null && revisions.length > 0 ? (
            <p className="text-sm text-muted">
              Choose a revision to see how it differs from the {source.noun} as it is now.
            </p>
          ) : null}
          {chosen !== null && detail.state !== "idle" ? (
            <p className="flex items-center gap-2 text-sm text-muted">
              <Spinner /> Comparing…
            </p>
          ) : null}
          {chosen !== null && detail.state === "idle" && detail.data && !detail.data.ok ? (
            <Alert>{detail.data.error}</Alert>
          ) : null}
          {shown && detail.state === "idle" ? (
            <RevisionDiff
              detail={shown}
              noun={source.noun}
              note={source.restoreNote}
              dirty={dirty}
              restoring={restoring}
              onRestore={() =>
                restore.submit(source.restoreFields(shown.revision.id, version), {
                  method: "post",
                  action: source.restoreAction,
                })
              }
            />
          ) : null}
        </div>
      </div>
    </section>
  );
}

function RevisionDiff({
  detail,
  noun,
  note,
  dirty,
  restoring,
  onRestore,
}: {
  detail: RevisionDetail;
  noun: string;
  note: string;
  dirty: boolean;
  restoring: boolean;
  onRestore: () => void;
}) {
  const same = detail.diff.length === 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {same ? (
          `This revision is what the ${noun} says now.`
        ) : (
          <>
            Changes from this revision to the {noun} now:{" "}
            <del className="bg-red-50 text-red-900">removed</del>,{" "}
            <ins className="bg-emerald-50 text-emerald-900 no-underline">added</ins>.
          </>
        )}
      </p>
      {detail.diff.map((field) => (
        <FieldChanges key={field.field} diff={field} />
      ))}
      {same ? null : (
        <div className="flex flex-col gap-2 border-t border-line pt-3 sm:flex-row sm:items-center">
          <Button type="button" onClick={onRestore} disabled={restoring || dirty}>
            {restoring ? <Spinner /> : <RotateCcw aria-hidden />} Restore this revision
          </Button>
          <p className="text-sm text-muted">
            {dirty ? "Save or discard your unsaved changes first." : note}
          </p>
        </div>
      )}
    </div>
  );
}

function FieldChanges({ diff }: { diff: FieldDiff }) {
  return (
    <div>
      <h4 className="mb-1 text-sm font-semibold text-ink">{diff.label}</h4>
      <div className="max-h-72 overflow-y-auto whitespace-pre-wrap break-words rounded-md border border-line bg-surface p-3 font-mono text-sm leading-relaxed text-ink">
        {diff.parts.map((part, i) =>
          part.removed ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one diff
            <del key={i} className="bg-red-100 text-red-900">
              {part.value}
            </del>
          ) : part.added ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one diff
            <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
              {part.value}
            </ins>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: parts are fixed for one diff
            <span key={i}>{part.value}</span>
          ),
        )}
      </div>
    </div>
  );
}
