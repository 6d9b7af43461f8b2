import { LayoutGrid, Pencil, Star, Trash2 } from "lucide-react";
import { useState } from "react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { ServiceIconView } from "~/components/service-icon";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { serviceIcons } from "~/content/site-defaults";
import type { ServiceRow } from "~/models/admin-content.server";
import {
  SERVICES_MAX,
  type ServiceInput,
  serviceSchema,
  servicesSchema,
} from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { ConfirmDialog } from "./confirm-dialog";
import { AddRowForm, EmptyListNote, ListSaveBar, MoveButtons } from "./list-controls";
import { focusAfterMove, moveItem, rowErrors, rowKey, useFocusAfterRender } from "./list-editing";
import { QuickActionEditorDialog } from "./quick-action";
import { TextAreaField, TextField } from "./text-field";

type ServiceValues = Omit<ServiceInput, "icon"> & { icon: string };

interface Row extends ServiceValues {
  key: string;
  /** The values before editing began; Cancel brings them back. Null in view mode. */
  saved: ServiceValues | null;
}

const emptyService: ServiceValues = {
  title: "",
  description: "",
  icon: "Star",
  link: "",
  featured: false,
};

function valuesOf(row: Row): ServiceValues {
  const { title, description, icon, link, featured } = row;
  return { title, description, icon, link, featured };
}

/** The services on the home page: edited here as a list, saved as a whole. */
export function ServicesQuickAction({
  services,
  version,
}: {
  services: ServiceRow[] | null;
  /** The version of `services`: a save over a newer one is refused (see editor-versions). */
  version?: number;
}) {
  return (
    <QuickActionEditorDialog
      title="Services"
      summary="The service cards on the home page."
      icon={LayoutGrid}
      description="The service cards of the home page, in this order. Changes show after you save."
    >
      {(close) => <ServicesEditor services={services} version={version} onSaved={close} />}
    </QuickActionEditorDialog>
  );
}

function ServicesEditor({
  services,
  version,
  onSaved,
}: {
  services: ServiceRow[] | null;
  version?: number;
  onSaved: () => void;
}) {
  // The version the rows below start from, kept while the dialog is open.
  const [openedVersion] = useState(version);
  const [rows, setRows] = useState<Row[]>(() =>
    (services ?? []).map((service) => ({
      key: rowKey(),
      title: service.title,
      description: service.description,
      icon: service.icon,
      link: service.link,
      featured: service.featured,
      saved: null,
    })),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState<ServiceValues>(emptyService);
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const focusLater = useFocusAfterRender();
  const save = useAdminFetcher({
    onSuccess: onSaved,
    onFailure: (found) => {
      setErrors(found);
      // A refused row opens in edit mode, so its message is next to its field.
      setRows((current) =>
        current.map((row, index) =>
          Object.keys(rowErrors(found, index)).length > 0 && !row.saved
            ? { ...row, saved: valuesOf(row) }
            : row,
        ),
      );
    },
  });

  if (services === null) {
    return <Alert>The services could not be loaded. Reload the page to try again.</Alert>;
  }

  function change(next: Row[]) {
    setRows(next);
    setDirty(true);
  }

  function updateRow(index: number, values: Partial<ServiceValues>) {
    change(rows.map((row, i) => (i === index ? { ...row, ...values } : row)));
  }

  function edit(index: number) {
    const row = rows[index];
    if (!row) return;
    setRows(rows.map((r, i) => (i === index ? { ...r, saved: valuesOf(r) } : r)));
    focusLater(`service-${row.key}-title`);
  }

  function finishEdit(index: number) {
    const row = rows[index];
    if (!row) return;
    const parsed = serviceSchema.safeParse(valuesOf(row));
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors((current) => {
        const next = { ...current };
        for (const [field, message] of Object.entries(found))
          next[`items.${index}.${field}`] = message;
        return next;
      });
      const first = ["title", "description", "icon", "link"].find((f) => found[f]);
      if (first) focusLater(`service-${row.key}-${first}`);
      return;
    }
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => !path.startsWith(`items.${index}.`)),
      ),
    );
    change(rows.map((r, i) => (i === index ? { ...r, ...parsed.data, saved: null } : r)));
    focusLater(`service-edit-${row.key}`);
  }

  function cancelEdit(index: number) {
    const row = rows[index];
    if (!row?.saved) return;
    setRows(rows.map((r, i) => (i === index && r.saved ? { ...r, ...r.saved, saved: null } : r)));
    setErrors((current) =>
      Object.fromEntries(
        Object.entries(current).filter(([path]) => !path.startsWith(`items.${index}.`)),
      ),
    );
    focusLater(`service-edit-${row.key}`);
  }

  function move(index: number, to: number, key: string, direction: "up" | "down") {
    change(moveItem(rows, index, to));
    setErrors({});
    focusLater(...focusAfterMove("service", direction, key));
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    change(next);
    setErrors({});
    const neighbour = next[index] ?? next[index - 1];
    focusLater(neighbour ? `service-edit-${neighbour.key}` : "service-new-title");
  }

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = serviceSchema.safeParse(draft);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setDraftErrors(found);
      const first = ["title", "description", "icon", "link"].find((f) => found[f]);
      if (first) focusLater(`service-new-${first}`);
      return;
    }
    if (rows.length >= SERVICES_MAX) {
      setDraftErrors({ title: `At most ${SERVICES_MAX} services` });
      return;
    }
    change([...rows, { key: rowKey(), ...parsed.data, saved: null }]);
    setDraft(emptyService);
    setDraftErrors({});
    focusLater("service-new-title");
  }

  function submit() {
    const items = rows.map(valuesOf);
    const parsed = servicesSchema.safeParse({ items });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      const match = Object.keys(found)
        .map((path) => /^items\.(\d+)\.(\w+)$/.exec(path))
        .find(Boolean);
      if (match) {
        const index = Number(match[1]);
        const row = rows[index];
        if (row) {
          setRows(rows.map((r, i) => (i === index && !r.saved ? { ...r, saved: valuesOf(r) } : r)));
          focusLater(`service-${row.key}-${match[2]}`);
        }
      }
      return;
    }
    save.fetcher.submit(
      { intent: "saveServices", items: parsed.data.items, version: openedVersion ?? null },
      {
        method: "post",
        encType: "application/json",
      },
    );
  }

  return (
    <div className="space-y-6">
      {rows.length === 0 ? (
        <EmptyListNote>No services. Add at least one below.</EmptyListNote>
      ) : (
        <ol aria-label="Services" className="space-y-3">
          {rows.map((row, index) => {
            const name = row.title.trim() || `service ${index + 1}`;
            return (
              <li
                key={row.key}
                data-testid="admin-service"
                className="rounded-xl border border-line p-4"
              >
                {row.saved ? (
                  <fieldset className="space-y-4">
                    <legend className="mb-3 font-semibold text-ink">
                      Edit “{row.saved.title || name}”
                    </legend>
                    <ServiceFields
                      idPrefix={`service-${row.key}`}
                      values={row}
                      errors={rowErrors(errors, index)}
                      onChange={(values) => updateRow(index, values)}
                    />
                    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                      <Button variant="outline" onClick={() => cancelEdit(index)}>
                        Cancel
                      </Button>
                      <Button onClick={() => finishEdit(index)}>Done</Button>
                    </div>
                  </fieldset>
                ) : (
                  <>
                    <div className="flex gap-3">
                      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
                        <ServiceIconView name={row.icon} className="size-5" />
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
                          <span>{row.title}</span>
                          {row.featured ? (
                            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
                              <Star aria-hidden className="size-3" />
                              Featured
                            </span>
                          ) : null}
                        </p>
                        <p className="mt-1 line-clamp-2 text-sm text-muted">{row.description}</p>
                        <p className="mt-1 break-all text-xs text-muted">
                          Link: {row.link || "its own service page"}
                        </p>
                      </div>
                    </div>
                    <div className="mt-3 flex flex-wrap justify-end gap-1">
                      <MoveButtons
                        idPrefix="service"
                        rowKey={row.key}
                        name={name}
                        index={index}
                        count={rows.length}
                        size="sm"
                        onMove={(to, direction) => move(index, to, row.key, direction)}
                      />
                      <Button
                        id={`service-edit-${row.key}`}
                        variant="ghost"
                        size="sm"
                        onClick={() => edit(index)}
                        aria-label={`Edit ${name}`}
                      >
                        <Pencil aria-hidden />
                        <span aria-hidden className="hidden sm:inline">
                          Edit
                        </span>
                      </Button>
                      <ConfirmDialog
                        title="Remove this service?"
                        description={`“${name}” is removed from the list. The home page changes when you save.`}
                        confirmLabel="Remove"
                        onConfirm={() => remove(index)}
                      >
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-danger"
                          aria-label={`Remove ${name}`}
                        >
                          <Trash2 aria-hidden />
                          <span aria-hidden className="hidden sm:inline">
                            Remove
                          </span>
                        </Button>
                      </ConfirmDialog>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ol>
      )}

      <AddRowForm idPrefix="service" title="Add a service" addLabel="Add service" onSubmit={add}>
        <ServiceFields
          idPrefix="service-new"
          labelPrefix="New service "
          values={draft}
          errors={draftErrors}
          onChange={(values) => setDraft((d) => ({ ...d, ...values }))}
        />
      </AddRowForm>

      <ListSaveBar
        errors={errors}
        dirty={dirty}
        busy={save.busy}
        onSave={submit}
        saveLabel="Save services"
      />
    </div>
  );
}

function ServiceFields({
  idPrefix,
  labelPrefix = "",
  values,
  errors,
  onChange,
}: {
  idPrefix: string;
  labelPrefix?: string;
  values: ServiceValues;
  errors: Record<string, string>;
  onChange: (values: Partial<ServiceValues>) => void;
}) {
  const label = (text: string) => (labelPrefix ? `${labelPrefix}${text.toLowerCase()}` : text);
  const iconId = `${idPrefix}-icon`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id={`${idPrefix}-title`}
        label={label("Title")}
        required
        value={values.title}
        onChange={(event) => onChange({ title: event.target.value })}
        autoComplete="off"
        error={errors.title}
      />
      <FieldShell id={iconId} label={label("Icon")} error={errors.icon}>
        <div className="flex items-center gap-2">
          <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-primary-strong">
            <ServiceIconView name={values.icon} className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <Select
              {...fieldAria(iconId, errors.icon)}
              value={values.icon}
              onChange={(event) => onChange({ icon: event.target.value })}
            >
              {serviceIcons.map((icon) => (
                <option key={icon} value={icon}>
                  {icon}
                </option>
              ))}
            </Select>
          </div>
        </div>
      </FieldShell>
      <div className="sm:col-span-2">
        <TextAreaField
          id={`${idPrefix}-description`}
          label={label("Description")}
          required
          rows={3}
          value={values.description}
          onChange={(event) => onChange({ description: event.target.value })}
          error={errors.description}
        />
      </div>
      <TextField
        id={`${idPrefix}-link`}
        label={label("Link")}
        value={values.link}
        onChange={(event) => onChange({ link: event.target.value })}
        placeholder="/process-automation"
        autoComplete="off"
        hint="Optional: empty links to the service's own page."
        error={errors.link}
      />
      <div className="flex items-start gap-2 sm:pt-8">
        <Checkbox
          id={`${idPrefix}-featured`}
          checked={values.featured}
          onChange={(event) => onChange({ featured: event.target.checked })}
          aria-describedby={`${idPrefix}-featured-hint`}
        />
        <div className="text-sm">
          <label htmlFor={`${idPrefix}-featured`} className="font-medium text-ink">
            {label("Featured")}
          </label>
          <p id={`${idPrefix}-featured-hint`} className="text-muted">
            Badged “Featured” on the home page.
          </p>
        </div>
      </div>
    </div>
  );
}
