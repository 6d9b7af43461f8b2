import { Plus } from "lucide-react";
import type * as React from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { CheckboxShell } from "./fields";
import { EmptyListNote, ListSaveBar, RowActions } from "./list-controls";
import type { DraftRow, Errors, ListDraft } from "./use-list-draft";

export type FieldKind = "text" | "url" | "number" | "textarea" | "select" | "checkbox";

/** One field of a row, rendered in the list's rows, the add form and edit forms alike. */
export interface FieldConfig<T> {
  name: keyof T & string;
  label: string;
  kind?: FieldKind;
  /** The label in the add form ("New item label"); the label itself by default. */
  newLabel?: string;
  /** Shown under the control in forms (rows are kept compact and show none). */
  hint?: React.ReactNode;
  required?: boolean;
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
  rows?: number;
  options?: readonly { value: string; label: string }[];
  /** Classes of the field's cell ("sm:col-span-2"), and of the control itself. */
  cellClassName?: string;
  className?: string;
  /** Shown before the control (the services' icon preview). */
  adornment?: (values: T) => React.ReactNode;
  /** A row's accessible name for this field when it is not "<label> of <the row>". */
  rowLabel?: (row: { name: string; description: string }) => string;
}

/**
 * A link's label and URL, the same two fields wherever a list holds links (nav menu, footer); each
 * list adds its own texts and rules, as Payload's `link` field takes overrides.
 */
export function linkFields<T extends { label: string; url: string }>(overrides: {
  label?: Partial<FieldConfig<T>>;
  url?: Partial<FieldConfig<T>>;
}): FieldConfig<T>[] {
  return [
    { name: "label", label: "Label", ...overrides.label },
    { name: "url", label: "URL", kind: "url", ...overrides.url },
  ];
}

type Patch<T> = (patch: Partial<T>) => void;

/** The control of a field: the one place that turns a field config into an input. */
function Control<T>(props: {
  field: FieldConfig<T>;
  id: string;
  values: T;
  error?: string;
  hint?: boolean;
  /** In a list row: no placeholder (it would read as a value among filled rows). */
  inRow?: boolean;
  onChange: Patch<T>;
}) {
  const { field, id, values, error, onChange } = props;
  const value = values[field.name];
  const aria = fieldAria(id, error, props.hint);
  const set = (next: unknown) => onChange({ [field.name]: next } as Partial<T>);
  if (field.kind === "checkbox") {
    return <Checkbox {...aria} checked={Boolean(value)} onChange={(e) => set(e.target.checked)} />;
  }
  if (field.kind === "select") {
    return (
      <Select {...aria} value={String(value)} onChange={(e) => set(e.target.value)}>
        {field.options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    );
  }
  const common = {
    ...aria,
    "aria-required": field.required || undefined,
    value: String(value ?? ""),
    placeholder: props.inRow ? undefined : field.placeholder,
    maxLength: field.maxLength,
    readOnly: field.readOnly,
    className: field.className,
  };
  if (field.kind === "textarea") {
    return <Textarea {...common} rows={field.rows ?? 3} onChange={(e) => set(e.target.value)} />;
  }
  const number = field.kind === "number";
  return (
    <Input
      {...common}
      type={number ? "number" : "text"}
      inputMode={number ? "numeric" : field.kind === "url" ? "url" : undefined}
      step={number ? 1 : undefined}
      autoComplete={number ? undefined : "off"}
      onChange={(e) => set(e.target.value)}
    />
  );
}

/** A field in a form: label above (or beside a checkbox), control, hint and message. */
function FormField<T>(props: {
  field: FieldConfig<T>;
  id: string;
  label: string;
  values: T;
  error?: string;
  onChange: Patch<T>;
}) {
  const { field, id, label, values, error } = props;
  let control = <Control {...props} hint={Boolean(field.hint)} />;
  if (field.adornment) {
    control = (
      <div className="flex items-center gap-2">
        {field.adornment(values)}
        <div className="min-w-0 flex-1">{control}</div>
      </div>
    );
  }
  const body =
    field.kind === "checkbox" ? (
      <CheckboxShell id={id} label={label} error={error} hint={field.hint}>
        {control}
      </CheckboxShell>
    ) : (
      <FieldShell id={id} label={label} required={field.required} error={error} hint={field.hint}>
        {control}
      </FieldShell>
    );
  return field.cellClassName ? <div className={field.cellClassName}>{body}</div> : body;
}

/**
 * A field in a list row: a short label above it ("Label", the row for screen readers: "Label of
 * item 2"), or one for screen readers only; no hint, to keep rows compact.
 */
function RowField<T>({
  label,
  suffix,
  hiddenLabel,
  ...props
}: {
  field: FieldConfig<T>;
  id: string;
  /** The whole accessible name, in place of the field's label and the suffix. */
  label?: string;
  suffix: string;
  hiddenLabel?: boolean;
  values: T;
  error?: string;
  onChange: Patch<T>;
}) {
  const { id, error } = props;
  return (
    <div className="min-w-0">
      <label
        htmlFor={id}
        className={hiddenLabel ? "sr-only" : "mb-1.5 block text-xs font-medium text-muted"}
      >
        {label ?? props.field.label}
        {label ? null : <span className="sr-only">{suffix}</span>}
      </label>
      <Control {...props} inRow />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The fields of one set of values as a form grid (the add form, an edit form). */
export function FieldGrid<T>({
  fields,
  values,
  errors,
  idOf,
  labelOf = (field) => field.label,
  onChange,
  className = "grid gap-4 sm:grid-cols-2",
}: {
  fields: readonly FieldConfig<T>[];
  values: T;
  errors: Errors;
  idOf: (name: string) => string;
  labelOf?: (field: FieldConfig<T>) => string;
  onChange: Patch<T>;
  className?: string;
}) {
  return (
    <div className={className}>
      {fields.map((field) => (
        <FormField
          key={field.name}
          field={field}
          id={idOf(field.name)}
          label={labelOf(field)}
          values={values}
          error={errors[field.name]}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

interface RowsProps<T> {
  list: ListDraft<T>;
  fields: readonly FieldConfig<T>[];
  /** The rows to show (one group of them); all by default. */
  rows?: DraftRow<T>[];
  label?: string;
  className?: string;
  rowClassName?: string;
  testId?: string;
  /** The row's name in its actions ("Move Pricing up"). */
  rowName: (values: T, position: number) => string;
  /** The row in its fields' names: "Label of item 2" by default. */
  describe?: (position: number) => string;
  /** Labels for screen readers only (the footer), or short ones above the fields. */
  hiddenLabels?: boolean;
  numbered?: boolean;
  fieldsClassName?: string;
  /** Renders a row's body instead of its fields and actions. */
  renderRow?: (row: DraftRow<T>, position: number) => React.ReactNode;
}

/** The rows of a list, each with its fields in a line and its actions beside them. */
export function ListRows<T>(props: RowsProps<T>) {
  const { list, fields, rows = list.rows, rowName, hiddenLabels } = props;
  const describe = props.describe ?? ((position: number) => `item ${position + 1}`);
  return (
    <ol aria-label={props.label} className={props.className ?? "space-y-3"}>
      {rows.map((row, position) => {
        const name = rowName(row.values, position);
        const description = describe(position);
        return (
          <li
            key={row.key}
            data-testid={props.testId}
            className={props.rowClassName ?? "rounded-xl border border-line p-3"}
          >
            {props.renderRow ? (
              props.renderRow(row, position)
            ) : (
              <div
                className={cn(
                  "flex flex-col gap-3 sm:flex-row",
                  hiddenLabels ? "sm:items-start" : "sm:items-end",
                )}
              >
                <div className="flex min-w-0 flex-1 items-end gap-3">
                  {props.numbered ? (
                    <span
                      aria-hidden
                      className="mb-1.5 hidden size-7 shrink-0 place-items-center rounded-full bg-surface text-xs font-semibold text-muted sm:grid"
                    >
                      {position + 1}
                    </span>
                  ) : null}
                  <div
                    className={props.fieldsClassName ?? "grid min-w-0 flex-1 gap-3 sm:grid-cols-2"}
                  >
                    {fields.map((field) => (
                      <RowField
                        key={field.name}
                        field={field}
                        id={list.ids.field(row.key, field.name)}
                        label={field.rowLabel?.({ name, description })}
                        suffix={` of ${description}`}
                        hiddenLabel={hiddenLabels}
                        values={row.values}
                        error={row.errors[field.name]}
                        onChange={(patch) => list.update(row.key, patch)}
                      />
                    ))}
                  </div>
                </div>
                <div className="flex justify-end gap-1">
                  <RowActions list={list} rowKey={row.key} name={name} />
                </div>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The part under a list that adds a row: its title, the new row's fields and the add button. A
 * form of its own, or (`nested`, inside another form) a group whose Enter adds the row.
 */
export function AddRow<T>({
  list,
  fields,
  title,
  addLabel,
  nested,
  canAdd = true,
  note,
  className = "space-y-4 rounded-xl bg-surface p-4",
  gridClassName,
}: {
  list: ListDraft<T>;
  fields: readonly FieldConfig<T>[];
  title: string;
  addLabel: string;
  nested?: boolean;
  canAdd?: boolean;
  note?: string;
  className?: string;
  gridClassName?: string;
}) {
  const body = (
    <>
      <h3
        id={list.ids.add}
        className={nested ? "text-sm font-semibold text-ink" : "font-semibold text-ink"}
      >
        {title}
      </h3>
      <FieldGrid
        fields={fields}
        values={list.newRow}
        errors={list.newErrors}
        idOf={list.ids.newField}
        labelOf={(field) => field.newLabel ?? field.label}
        onChange={list.setNewRow}
        className={gridClassName}
      />
      <div
        className={cn(
          "flex flex-wrap items-center gap-2",
          note ? "justify-between" : "justify-end",
        )}
      >
        {note ? <p className="text-xs text-muted">{note}</p> : null}
        <Button
          type={nested ? "button" : "submit"}
          variant="outline"
          disabled={!canAdd}
          onClick={nested ? () => list.addNew() : undefined}
        >
          <Plus aria-hidden />
          {addLabel}
        </Button>
      </div>
    </>
  );
  if (!nested) {
    return (
      <form
        noValidate
        aria-labelledby={list.ids.add}
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          list.addNew();
        }}
      >
        {body}
      </form>
    );
  }
  return (
    <fieldset
      aria-labelledby={list.ids.add}
      className={className}
      onKeyDown={(event) => {
        if (event.key !== "Enter" || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        if (canAdd) list.addNew();
      }}
    >
      {body}
    </fieldset>
  );
}

/** A list saved as a whole: its rows (or a note when it has none), the add form, the save bar. */
export function ListEditor<T>({
  empty,
  add,
  save,
  ...rows
}: RowsProps<T> & {
  empty: string;
  add: { title: string; label: string };
  save: { label: string; busy: boolean; onSave: () => void };
}) {
  return (
    <div className="space-y-6">
      {rows.list.rows.length === 0 ? (
        <EmptyListNote>{empty}</EmptyListNote>
      ) : (
        <ListRows {...rows} />
      )}
      <AddRow list={rows.list} fields={rows.fields} title={add.title} addLabel={add.label} />
      <ListSaveBar list={rows.list} busy={save.busy} onSave={save.onSave} saveLabel={save.label} />
    </div>
  );
}
