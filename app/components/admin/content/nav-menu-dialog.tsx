import { Menu, X } from "lucide-react";
import { useState } from "react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { NavMenuRow } from "~/models/admin-content.server";
import { LINK_RULE, NAV_ITEMS_MAX, navItemSchema, navMenuSchema } from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { AddRowForm, EmptyListNote, ListSaveBar, MoveButtons } from "./list-controls";
import { focusAfterMove, moveItem, rowErrors, rowKey, useFocusAfterRender } from "./list-editing";
import { QuickActionEditorDialog } from "./quick-action";
import { TextField } from "./text-field";

interface Row {
  key: string;
  label: string;
  url: string;
}

/** The site header's menu: edited here as a list, saved as a whole. */
export function NavMenuQuickAction({
  items,
  version,
}: {
  items: NavMenuRow[] | null;
  /** The version of `items`: a save over a newer one is refused (see editor-versions). */
  version?: number;
}) {
  return (
    <QuickActionEditorDialog
      title="Navigation menu"
      summary="The links in the site header."
      icon={Menu}
      description="The links of the site header, in this order. Changes show after you save."
    >
      {(close) => <NavMenuEditor items={items} version={version} onSaved={close} />}
    </QuickActionEditorDialog>
  );
}

function NavMenuEditor({
  items,
  version,
  onSaved,
}: {
  items: NavMenuRow[] | null;
  version?: number;
  onSaved: () => void;
}) {
  // The version the rows below start from, kept while the dialog is open.
  const [openedVersion] = useState(version);
  const [rows, setRows] = useState<Row[]>(() =>
    (items ?? []).map((item) => ({ key: rowKey(), label: item.label, url: item.url })),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState({ label: "", url: "" });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const focusLater = useFocusAfterRender();
  const save = useAdminFetcher({ onSuccess: onSaved, onFailure: setErrors });

  if (items === null) {
    return <Alert>The navigation menu could not be loaded. Reload the page to try again.</Alert>;
  }

  function change(next: Row[]) {
    setRows(next);
    setDirty(true);
    setErrors({});
  }

  function update(index: number, field: "label" | "url", value: string) {
    change(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  }

  function move(index: number, to: number, key: string, direction: "up" | "down") {
    change(moveItem(rows, index, to));
    focusLater(...focusAfterMove("nav", direction, key));
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    change(next);
    const neighbour = next[index] ?? next[index - 1];
    focusLater(neighbour ? `nav-label-${neighbour.key}` : "nav-new-label");
  }

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = navItemSchema.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setDraftErrors(found);
      focusLater(found.label ? "nav-new-label" : "nav-new-url");
      return;
    }
    if (rows.length >= NAV_ITEMS_MAX) {
      setDraftErrors({ label: `The menu holds at most ${NAV_ITEMS_MAX} items` });
      return;
    }
    change([...rows, { key: rowKey(), ...parsed.data }]);
    setDraft({ label: "", url: "" });
    setDraftErrors({});
    focusLater("nav-new-label");
  }

  function submit() {
    const items = rows.map(({ label, url }) => ({ label, url }));
    const parsed = navMenuSchema.safeParse({ items });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      const firstRow = Object.keys(found)
        .map((path) => /^items\.(\d+)\.(label|url)$/.exec(path))
        .find(Boolean);
      const row = firstRow ? rows[Number(firstRow[1])] : undefined;
      if (row && firstRow) focusLater(`nav-${firstRow[2]}-${row.key}`);
      return;
    }
    save.fetcher.submit(
      { intent: "saveNav", items: parsed.data.items, version: openedVersion ?? null },
      {
        method: "post",
        encType: "application/json",
      },
    );
  }

  return (
    <div className="space-y-6">
      {rows.length === 0 ? (
        <EmptyListNote>The menu is empty. Add at least one item below.</EmptyListNote>
      ) : (
        <ol aria-label="Menu items" className="space-y-3">
          {rows.map((row, index) => {
            const rowError = rowErrors(errors, index);
            const name = row.label.trim() || `item ${index + 1}`;
            return (
              <li
                key={row.key}
                data-testid="admin-nav-item"
                className="rounded-xl border border-line p-3"
              >
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="flex min-w-0 flex-1 items-end gap-3">
                    <span
                      aria-hidden
                      className="mb-1.5 hidden size-7 shrink-0 place-items-center rounded-full bg-surface text-xs font-semibold text-muted sm:grid"
                    >
                      {index + 1}
                    </span>
                    <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
                      <RowField
                        id={`nav-label-${row.key}`}
                        label="Label"
                        srSuffix={` of item ${index + 1}`}
                        value={row.label}
                        onChange={(value) => update(index, "label", value)}
                        error={rowError.label}
                      />
                      <RowField
                        id={`nav-url-${row.key}`}
                        label="URL"
                        srSuffix={` of item ${index + 1}`}
                        value={row.url}
                        onChange={(value) => update(index, "url", value)}
                        error={rowError.url}
                      />
                    </div>
                  </div>
                  <div className="flex justify-end gap-1">
                    <MoveButtons
                      idPrefix="nav"
                      rowKey={row.key}
                      name={name}
                      index={index}
                      count={rows.length}
                      size="icon"
                      onMove={(to, direction) => move(index, to, row.key, direction)}
                    />
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-danger"
                      onClick={() => remove(index)}
                      aria-label={`Remove ${name}`}
                      title="Remove"
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <AddRowForm idPrefix="nav" title="Add a menu item" addLabel="Add item" onSubmit={add}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="nav-new-label"
            label="New item label"
            required
            value={draft.label}
            onChange={(event) => setDraft((d) => ({ ...d, label: event.target.value }))}
            placeholder="Pricing"
            autoComplete="off"
            error={draftErrors.label}
          />
          <TextField
            id="nav-new-url"
            label="New item URL"
            required
            value={draft.url}
            onChange={(event) => setDraft((d) => ({ ...d, url: event.target.value }))}
            placeholder="/pricing"
            autoComplete="off"
            hint={LINK_RULE}
            error={draftErrors.url}
          />
        </div>
      </AddRowForm>

      <ListSaveBar
        errors={errors}
        dirty={dirty}
        busy={save.busy}
        onSave={submit}
        saveLabel="Save menu"
      />
    </div>
  );
}

/** A field of a list row: short visible label, the item number for screen readers. */
export function RowField({
  id,
  label,
  srSuffix,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  srSuffix: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
        <span className="sr-only">{srSuffix}</span>
      </label>
      <Input
        {...fieldAria(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
