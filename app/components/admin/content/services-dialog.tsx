import { LayoutGrid, Pencil, Star } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { EditorDialog } from "~/components/admin/kit/editor-dialog";
import { RowActions } from "~/components/admin/kit/list-controls";
import { type FieldConfig, FieldGrid, ListEditor } from "~/components/admin/kit/list-editor";
import { type DraftRow, useListDraft } from "~/components/admin/kit/use-list-draft";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { ServiceIconView } from "~/components/service-icon";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { serviceIcons } from "~/content/site-defaults";
import type { ServiceRow } from "~/models/admin-content.server";
import {
  SERVICES_MAX,
  type ServiceInput,
  serviceSchema,
  servicesSchema,
} from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";

type ServiceValues = Omit<ServiceInput, "icon"> & { icon: string };

function IconPreview({ icon }: { icon: string }) {
  return (
    <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-indigo-50 text-primary-strong">
      <ServiceIconView name={icon} className="size-5" />
    </span>
  );
}

const fields: FieldConfig<ServiceValues>[] = (
  [
    { name: "title", label: "Title", required: true },
    {
      name: "icon",
      label: "Icon",
      kind: "select",
      options: serviceIcons.map((icon) => ({ value: icon, label: icon })),
      adornment: (values) => <IconPreview icon={values.icon} />,
    },
    {
      name: "description",
      label: "Description",
      kind: "textarea",
      required: true,
      cellClassName: "sm:col-span-2",
    },
    {
      name: "link",
      label: "Link",
      kind: "url",
      placeholder: "/process-automation",
      hint: "Optional: empty links to the service's own page.",
    },
    {
      name: "featured",
      label: "Featured",
      kind: "checkbox",
      hint: "Badged “Featured” on the home page.",
      cellClassName: "sm:pt-8",
    },
  ] satisfies FieldConfig<ServiceValues>[]
).map((field) => ({ ...field, newLabel: `New service ${field.label.toLowerCase()}` }));

const emptyService: ServiceValues = {
  title: "",
  description: "",
  icon: "Star",
  link: "",
  featured: false,
};

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
    <EditorDialog
      wide="sm:max-w-2xl"
      title="Services"
      summary="The service cards on the home page."
      icon={LayoutGrid}
      description="The service cards of the home page, in this order. Changes show after you save."
    >
      {(close) =>
        services === null ? (
          <Alert>The services could not be loaded. Reload the page to try again.</Alert>
        ) : (
          <ServicesEditor services={services} version={version} onSaved={close} />
        )
      }
    </EditorDialog>
  );
}

function ServicesEditor({
  services,
  version,
  onSaved,
}: {
  services: ServiceRow[];
  version?: number;
  onSaved: () => void;
}) {
  // The version the rows below start from, kept while the dialog is open.
  const [openedVersion] = useState(version);
  const list = useListDraft<ServiceValues>({
    initial: services.map(({ title, description, icon, link, featured }) => ({
      title,
      description,
      icon,
      link,
      featured,
    })),
    idPrefix: "service",
    fields,
    empty: emptyService,
    rowSchema: serviceSchema,
    max: { count: SERVICES_MAX, errors: { title: `At most ${SERVICES_MAX} services` } },
    focusAfterRemove: (neighbour) =>
      neighbour ? `service-edit-${neighbour}` : "service-new-title",
  });
  // Rows in edit mode, with their values from before editing began (Cancel brings them back).
  const [editing, setEditing] = useState<Record<string, ServiceValues>>({});
  const save = useAdminFetcher({
    onSuccess: onSaved,
    // A refused row opens in edit mode, so its message is next to its field.
    onFailure: (found) => openEditing(list.showErrors(found)),
  });

  function openEditing(keys: string[]) {
    setEditing((current) => {
      const next = { ...current };
      for (const row of list.rows) if (keys.includes(row.key)) next[row.key] ??= row.values;
      return next;
    });
  }

  function closeEditing(key: string) {
    setEditing(({ [key]: _closed, ...rest }) => rest);
    list.focusLater(`service-edit-${key}`);
  }

  function edit(key: string) {
    openEditing([key]);
    list.focusLater(list.ids.field(key, "title"));
  }

  function finishEdit(key: string) {
    if (list.checkRow(key)) closeEditing(key);
  }

  function cancelEdit(key: string) {
    const before = editing[key];
    if (before) list.update(key, before);
    closeEditing(key);
  }

  function submit() {
    const parsed = servicesSchema.safeParse({ items: list.values() });
    if (!parsed.success) {
      openEditing(list.showErrors(fieldErrorsOf(parsed.error), { focus: true }));
      return;
    }
    save.fetcher.submit(
      { intent: "saveServices", items: parsed.data.items, version: openedVersion ?? null },
      { method: "post", encType: "application/json" },
    );
  }

  function renderRow(row: DraftRow<ServiceValues>, index: number) {
    const name = row.values.title.trim() || `service ${index + 1}`;
    const before = editing[row.key];
    if (before) {
      return (
        <fieldset className="space-y-4">
          <legend className="mb-3 font-semibold text-ink">Edit “{before.title || name}”</legend>
          <FieldGrid
            fields={fields}
            values={row.values}
            errors={row.errors}
            idOf={(field) => list.ids.field(row.key, field)}
            onChange={(patch) => list.update(row.key, patch)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => cancelEdit(row.key)}>
              Cancel
            </Button>
            <Button onClick={() => finishEdit(row.key)}>Done</Button>
          </div>
        </fieldset>
      );
    }
    const service = row.values;
    return (
      <>
        <div className="flex gap-3">
          <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-50 text-primary-strong">
            <ServiceIconView name={service.icon} className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              <span>{service.title}</span>
              {service.featured ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
                  <Star aria-hidden className="size-3" />
                  Featured
                </span>
              ) : null}
            </p>
            <p className="mt-1 line-clamp-2 text-sm text-muted">{service.description}</p>
            <p className="mt-1 break-all text-xs text-muted">
              Link: {service.link || "its own service page"}
            </p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap justify-end gap-1">
          <RowActions
            list={list}
            rowKey={row.key}
            name={name}
            size="sm"
            confirmRemove={(trigger, remove) => (
              <ConfirmDialog
                title="Remove this service?"
                description={`“${name}” is removed from the list. The home page changes when you save.`}
                confirmLabel="Remove"
                onConfirm={remove}
              >
                {trigger}
              </ConfirmDialog>
            )}
          >
            <Button
              id={`service-edit-${row.key}`}
              variant="ghost"
              size="sm"
              onClick={() => edit(row.key)}
              aria-label={`Edit ${name}`}
            >
              <Pencil aria-hidden />
              <span aria-hidden className="hidden sm:inline">
                Edit
              </span>
            </Button>
          </RowActions>
        </div>
      </>
    );
  }

  return (
    <ListEditor
      list={list}
      fields={fields}
      label="Services"
      testId="admin-service"
      rowClassName="rounded-xl border border-line p-4"
      rowName={(service, index) => service.title.trim() || `service ${index + 1}`}
      renderRow={renderRow}
      empty="No services. Add at least one below."
      add={{ title: "Add a service", label: "Add service" }}
      save={{ label: "Save services", busy: save.busy, onSave: submit }}
    />
  );
}
