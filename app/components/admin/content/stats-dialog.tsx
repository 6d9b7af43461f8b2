import { BarChart3, LoaderCircle, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { EditorDialog } from "~/components/admin/kit/editor-dialog";
import { EmptyListNote } from "~/components/admin/kit/list-controls";
import { type FieldConfig, FieldGrid } from "~/components/admin/kit/list-editor";
import { firstInvalid } from "~/components/admin/kit/use-list-draft";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { StatRow } from "~/models/admin-content.server";
import { statCreateSchema, statUpdateSchema } from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";

type Draft = { statKey: string; statValue: string; statLabel: string; displayOrder: string };
const emptyDraft: Draft = { statKey: "", statValue: "", statLabel: "", displayOrder: "" };
const fieldIds: Record<keyof Draft, string> = {
  statKey: "stat-key",
  statValue: "stat-value",
  statLabel: "stat-label",
  displayOrder: "stat-order",
};

/** The form's fields; the key is fixed once the statistic exists. */
function statFields(editing: boolean): FieldConfig<Draft>[] {
  return [
    {
      name: "statKey",
      label: "Key",
      required: !editing,
      readOnly: editing,
      placeholder: "clients_served",
      hint: editing ? "The key cannot change." : "a–z, 0–9 and _",
      className: "read-only:bg-surface read-only:text-muted",
    },
    { name: "statValue", label: "Value", required: true, placeholder: "500+" },
    { name: "statLabel", label: "Label", required: true, placeholder: "Businesses Transformed" },
    { name: "displayOrder", label: "Display order", kind: "number", placeholder: "0" },
  ];
}

/** The main-page statistics (the home hero's figures): each add, edit and delete saves at once. */
export function StatsQuickAction({ stats }: { stats: StatRow[] | null }) {
  return (
    <EditorDialog
      wide="sm:max-w-2xl"
      title="Main-page statistics"
      summary="The figures in the home page's hero."
      icon={BarChart3}
      description="Shown in the home page's hero, lowest display order first."
    >
      {() => <StatsEditor stats={stats} />}
    </EditorDialog>
  );
}

function StatsEditor({ stats }: { stats: StatRow[] | null }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<StatRow | null>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const save = useAdminFetcher({
    onSuccess: () => {
      setEditing(null);
      setDraft(emptyDraft);
      setErrors({});
    },
    onFailure: setErrors,
  });
  const remove = useAdminFetcher();

  const loadFailed = stats === null;
  useLoadFailureToast(loadFailed, "Failed to load statistics");

  function startEdit(stat: StatRow) {
    setEditing(stat);
    setErrors({});
    setDraft({
      statKey: stat.statKey,
      statValue: stat.statValue,
      statLabel: stat.statLabel,
      displayOrder: String(stat.displayOrder),
    });
    // The form is below the list; bring it into view and start with the value.
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: "nearest" });
      document.getElementById("stat-value")?.focus();
    });
  }

  function cancelEdit() {
    const id = editing?.id;
    setEditing(null);
    setDraft(emptyDraft);
    setErrors({});
    if (id) requestAnimationFrame(() => document.getElementById(`stat-edit-${id}`)?.focus());
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = editing
      ? statUpdateSchema.safeParse({ ...draft, id: editing.id })
      : statCreateSchema.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      const first = firstInvalid(Object.keys(fieldIds), found) as keyof Draft | undefined;
      if (first) document.getElementById(fieldIds[first])?.focus();
      return;
    }
    save.fetcher.submit(
      { intent: editing ? "updateStat" : "createStat", ...draft, id: editing?.id ?? "" },
      { method: "post", encType: "application/json" },
    );
  }

  if (loadFailed) {
    return (
      <div className="space-y-4">
        <Alert>Failed to load statistics</Alert>
        <Button
          variant="outline"
          onClick={() => revalidator.revalidate()}
          disabled={revalidator.state !== "idle"}
        >
          {revalidator.state !== "idle" ? (
            <LoaderCircle aria-hidden className="animate-spin" />
          ) : null}
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {stats.length === 0 ? (
        <EmptyListNote>
          No statistics yet: the home page shows the built-in ones until you add one.
        </EmptyListNote>
      ) : (
        <ul aria-label="Statistics" className="divide-y divide-line rounded-xl border border-line">
          {stats.map((stat) => (
            <li
              key={stat.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 sm:flex-nowrap"
              data-testid="admin-stat"
            >
              <span className="w-20 shrink-0 text-xl font-bold text-primary-strong">
                {stat.statValue}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-ink">{stat.statLabel}</span>
                <span className="block text-xs text-muted [overflow-wrap:anywhere]">
                  {stat.statKey} · order {stat.displayOrder}
                </span>
              </span>
              <span className="flex shrink-0 gap-1">
                <Button
                  id={`stat-edit-${stat.id}`}
                  variant="ghost"
                  size="sm"
                  onClick={() => startEdit(stat)}
                  aria-label={`Edit ${stat.statLabel}`}
                >
                  <Pencil aria-hidden />
                  <span aria-hidden>Edit</span>
                </Button>
                <ConfirmDialog
                  title="Delete this statistic?"
                  description={`“${stat.statValue} ${stat.statLabel}” disappears from the home page.`}
                  confirmLabel="Delete"
                  onConfirm={() => {
                    if (editing?.id === stat.id) cancelEdit();
                    remove.fetcher.submit(
                      { intent: "deleteStat", id: stat.id },
                      { method: "post", encType: "application/json" },
                    );
                  }}
                >
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-danger"
                    aria-label={`Delete ${stat.statLabel}`}
                    disabled={remove.busy}
                  >
                    <Trash2 aria-hidden />
                    <span aria-hidden>Delete</span>
                  </Button>
                </ConfirmDialog>
              </span>
            </li>
          ))}
        </ul>
      )}

      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        aria-labelledby="stat-form-title"
        className="space-y-4 rounded-xl bg-surface p-4"
      >
        <h3 id="stat-form-title" className="font-semibold text-ink">
          {editing ? `Edit “${editing.statLabel}”` : "Add a statistic"}
        </h3>
        <FieldGrid
          fields={statFields(Boolean(editing))}
          values={draft}
          errors={errors}
          idOf={(name) => fieldIds[name as keyof Draft]}
          onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {editing ? (
            <Button type="button" variant="outline" onClick={cancelEdit}>
              Cancel edit
            </Button>
          ) : null}
          <Button type="submit" disabled={save.busy}>
            {save.busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
            {editing ? "Save statistic" : "Add statistic"}
          </Button>
        </div>
      </form>
    </div>
  );
}
