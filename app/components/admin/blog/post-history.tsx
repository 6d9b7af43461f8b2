import { History, RotateCcw } from "lucide-react";
import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import type { AdminPost } from "~/models/admin-blog.server";
import type { FieldDiff, RevisionDetail, RevisionSummary } from "~/models/post-revisions.server";

const sourceLabels: Record<string, string> = {
  editor: "Saved in the editor",
  api: "Sent through the API",
  creator: "Published by a creator page",
  restore: "Restored from an earlier revision",
  scheduler: "Published at its scheduled time",
  sample: "Sample content",
  import: "Imported from the old site",
  "before-history": "As it was when history began",
};

type ListAnswer = { ok: true; revisions: RevisionSummary[] } | { ok: false; error: string };
type DetailAnswer = { ok: true; detail: RevisionDetail } | { ok: false; error: string };

/**
 * The editor's History panel: every kept revision with who saved it and when, the difference
 * between a chosen one and the post as it is now, and Restore.
 */
export function PostHistory({
  post,
  version,
  dirty,
  onRestored,
}: {
  post: Pick<AdminPost, "id" | "title">;
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
      void list.load(`/admin/blog/revisions?post=${post.id}`);
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per post (and version)
  useEffect(() => {
    void list.load(`/admin/blog/revisions?post=${post.id}`);
  }, [post.id, version]);

  function choose(revisionId: number) {
    setChosen(revisionId);
    void detail.load(`/admin/blog/revisions?post=${post.id}&revision=${revisionId}`);
  }

  const revisions = list.data?.ok ? list.data.revisions : [];
  const shown =
    detail.data?.ok && detail.data.detail.revision.id === chosen ? detail.data.detail : null;

  return (
    <section aria-labelledby={`history-${post.id}`} className="space-y-4">
      <h3 id={`history-${post.id}`} className="flex items-center gap-2 font-semibold text-ink">
        <History aria-hidden className="size-4" /> History
      </h3>
      {list.data && !list.data.ok ? <Alert>{list.data.error}</Alert> : null}
      {list.state !== "idle" && !list.data ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading the history…
        </p>
      ) : null}
      {list.data?.ok && revisions.length === 0 ? (
        <p className="text-sm text-muted">No revisions are kept for this post yet.</p>
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
              Choose a revision to see how it differs from the post as it is now.
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
              dirty={dirty}
              restoring={restoring}
              onRestore={() =>
                restore.submit(
                  {
                    intent: "restore-revision",
                    id: String(post.id),
                    revisionId: String(shown.revision.id),
                    version: String(version),
                  },
                  { method: "post", action: "/admin/blog" },
                )
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
  dirty,
  restoring,
  onRestore,
}: {
  detail: RevisionDetail;
  dirty: boolean;
  restoring: boolean;
  onRestore: () => void;
}) {
  const same = detail.diff.length === 0;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">
        {same ? (
          "This revision is what the post says now."
        ) : (
          <>
            Changes from this revision to the post now:{" "}
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
            {dirty
              ? "Save or discard your unsaved changes first."
              : "Brings back its text, meta fields, image and category; the address and status stay. The current text stays in the history."}
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
