import { ArrowLeft, Save } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { blockFieldId } from "~/components/admin/editor/editor-values";
import { FieldControls } from "~/components/admin/editor/field-controls";
import { TextField } from "~/components/admin/kit/fields";
import { TabHeader } from "~/components/admin/tab-header";
import { useUnsavedChangesGuard } from "~/components/admin/unsaved-changes";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { blockEditorConfig } from "~/pages/block-fields";
import type { Block } from "~/pages/blocks";
import { sectionTypeLabel, sharedSectionFormSchema } from "~/pages/shared-section-schema";
import type { PageUsingSection, SharedSectionRecord } from "~/pages/shared-sections.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";

type SaveAnswer = {
  ok: boolean;
  fieldErrors?: Record<string, string>;
  result?: { version: number; section?: SharedSectionRecord | null };
  conflict?: boolean;
};

interface Draft {
  name: string;
  block: Block;
}

const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);
const NAME_ID = "shared-section-name";

/** The save's field errors split into the name's and the block's (paths inside the block). */
function splitErrors(fieldErrors: Record<string, string>) {
  const block: Record<string, string> = {};
  let name: string | undefined;
  for (const [key, message] of Object.entries(fieldErrors)) {
    if (key === "name") name ??= message;
    else if (key === "block" || key.startsWith("block.")) block[key.slice(6)] ??= message;
  }
  return { name, block };
}

/**
 * One shared section: its name and its block's fields (the page editor's own controls, from the
 * same config), the pages that place it, and Save. A save shows on every one of those pages.
 */
export function SharedSectionEditor({
  section,
  block: opened,
  pages,
}: {
  section: Omit<SharedSectionRecord, "block">;
  block: Block;
  pages: PageUsingSection[];
}) {
  const action = `/admin/pages/shared/${section.id}`;
  const [saved, setSaved] = useState<Draft>({ name: section.name, block: opened });
  const [values, setValues] = useState<Draft>(saved);
  const [version, setVersion] = useState(section.version);
  const [errors, setErrors] = useState<{ name?: string; block: Record<string, string> }>({
    block: {},
  });
  const [conflict, setConflict] = useState(false);
  const [focusFirst, setFocusFirst] = useState(0);
  const dirty = !same(values, saved);

  const showErrors = useCallback((fieldErrors: Record<string, string>) => {
    setErrors(splitErrors(fieldErrors));
    setFocusFirst((n) => n + 1);
  }, []);

  const { fetcher, busy } = useAdminFetcher<SaveAnswer>({
    onSuccess: (answer) => {
      const stored = answer.result?.section;
      if (answer.result) setVersion(answer.result.version);
      const next = stored?.block ? { name: stored.name, block: stored.block } : values;
      setSaved(next);
      setValues(next);
      setErrors({ block: {} });
    },
    onFailure: (fieldErrors) => {
      if (fetcher.data?.conflict) setConflict(true);
      else if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    },
  });
  const guard = useUnsavedChangesGuard(dirty && !busy);

  useEffect(() => {
    if (focusFirst === 0) return;
    const path = Object.keys(errors.block)[0];
    const id = errors.name
      ? NAME_ID
      : path !== undefined
        ? blockFieldId(values.block.id, path)
        : null;
    if (id) document.getElementById(id)?.focus();
  }, [focusFirst, errors, values.block.id]);

  const onPatch = useCallback(
    (patch: Record<string, unknown>) =>
      setValues((current) => ({ ...current, block: { ...current.block, ...patch } as Block })),
    [],
  );

  function save(event: React.FormEvent) {
    event.preventDefault();
    const payload = { name: values.name, block: values.block, version };
    const parsed = sharedSectionFormSchema.safeParse(payload);
    if (!parsed.success) {
      const fieldErrors = fieldErrorsOf(parsed.error);
      showErrors(fieldErrors);
      void showToast({
        type: "error",
        title: "Failed to save the shared section",
        description: Object.values(fieldErrors)[0],
      });
      return;
    }
    setErrors({ block: {} });
    void fetcher.submit(payload, { method: "post", action, encType: "application/json" });
  }

  const config = blockEditorConfig(values.block.type);
  const label = sectionTypeLabel(values.block.type);
  return (
    <section className="space-y-6">
      {guard}
      <Button asChild variant="ghost" size="sm">
        <Link to="/admin/pages">
          <ArrowLeft aria-hidden /> Back to pages
        </Link>
      </Button>
      <TabHeader
        title={`Shared section: ${saved.name}`}
        description={`A ${label.toLowerCase()} block edited once: a change shows on every page that places it.`}
      />
      {conflict ? (
        <Alert>
          Someone else saved this shared section after you opened it; nothing was overwritten.{" "}
          <a href={action} className="font-semibold underline">
            Reload to see their version
          </a>{" "}
          (your changes here are lost unless you copy them first).
        </Alert>
      ) : null}
      <div className="rounded-xl border border-line bg-white p-4 shadow-sm">
        <h3 className="text-base font-semibold text-ink">Placed on</h3>
        {pages.length === 0 ? (
          <p className="mt-1 text-sm text-muted">
            No page places it yet. Add a Shared section block to a page and choose “{saved.name}”.
          </p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {pages.map((page) => (
              <li key={page.id} className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/pages/${page.id}`}
                  className="font-medium text-ink underline-offset-4 hover:underline"
                >
                  {page.title}
                </Link>
                <code className="rounded bg-surface px-1.5 py-0.5 font-mono text-xs">
                  {page.path}
                </code>
              </li>
            ))}
          </ul>
        )}
      </div>
      <form onSubmit={save} noValidate className="space-y-4">
        <div className="rounded-xl border border-line bg-white p-4 shadow-sm">
          <TextField
            id={NAME_ID}
            label="Name"
            hint="What staff choose it by in a page's Shared section block; visitors never see it."
            required
            error={errors.name}
            value={values.name}
            maxLength={120}
            onValue={(name) => setValues((current) => ({ ...current, name }))}
          />
        </div>
        <fieldset className="rounded-xl border border-line bg-white p-4 shadow-sm">
          <legend className="px-1 text-base font-semibold text-ink">{label}</legend>
          {errors.block[""] ? <p className="mb-3 text-sm text-danger">{errors.block[""]}</p> : null}
          <FieldControls
            fields={config.fields}
            values={values.block as unknown as Record<string, unknown>}
            onPatch={onPatch}
            scope={{ blockId: values.block.id, base: "", errors: errors.block }}
          />
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <span className="text-sm text-muted" aria-live="polite">
            {dirty ? "Unsaved changes" : ""}
          </span>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : <Save aria-hidden />}
            {busy ? "Saving…" : "Save"}
          </Button>
        </div>
      </form>
    </section>
  );
}
