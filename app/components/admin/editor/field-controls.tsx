import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  CheckboxField,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/admin/kit/fields";
import { ImageUrlField } from "~/components/admin/kit/image-url-field";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { Button } from "~/components/ui/button";
import { fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import {
  type FieldConfig,
  type GroupFieldConfig,
  ICON_OPTIONS,
  type ImageFieldConfig,
  LINK_ICON_OPTIONS,
  LINK_STYLE_OPTIONS,
  type LinkFieldConfig,
  type ListFieldConfig,
  type SharedSectionFieldConfig,
  type StringListFieldConfig,
} from "~/pages/block-fields";
import type { BlockLink } from "~/pages/blocks";
import { type SharedSectionOption, sectionTypeLabel } from "~/pages/shared-section-schema";
import { blockFieldId } from "./editor-values";
import { InsertValueMenu, ValuesRow, ValuesShown } from "./insert-value";

/**
 * The controls of a block's fields, generated from its config in app/pages/block-fields.ts: every
 * block's card is this one component over a different list of fields.
 */

type Values = Record<string, unknown>;

interface Scope {
  blockId: string;
  /** Where these fields sit in the block: "" for its own, "cards.2" for an item of a list. */
  base: string;
  /** The block's errors by path ("cards.2.title"). */
  errors: Record<string, string> | undefined;
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

/**
 * Moves focus to a field once it has rendered: "Add check" or "Add card" puts the cursor in the new
 * item, its sample words selected, so typing goes there (and a space does not press the add
 * button again).
 */
function useFocusAfterRender() {
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!target) return;
    const field = document.getElementById(target);
    field?.focus();
    // A new item's sample words ("A new question?") are selected: typing replaces them.
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) field.select();
    setTarget(null);
  }, [target]);
  return setTarget;
}

/** Text fields that name something rather than show words (a category's slug): no values there. */
const WITHOUT_VALUES = new Set(["category"]);

export function FieldControls({
  fields,
  values,
  onPatch,
  scope,
}: {
  fields: readonly FieldConfig[];
  values: Values;
  onPatch: (patch: Values) => void;
  scope: Scope;
}) {
  return (
    <div className="grid gap-4">
      {fields.map((field) => (
        <FieldControl
          key={field.name}
          field={field}
          values={values}
          onPatch={onPatch}
          scope={scope}
        />
      ))}
    </div>
  );
}

function FieldControl({
  field,
  values,
  onPatch,
  scope,
}: {
  field: FieldConfig;
  values: Values;
  onPatch: (patch: Values) => void;
  scope: Scope;
}) {
  const path = join(scope.base, field.name);
  const id = blockFieldId(scope.blockId, path);
  const error = scope.errors?.[path];
  const value = values[field.name];
  if (field.showIf && !field.showIf(values)) {
    // A field that does not apply: where its content comes from instead, if it comes from anywhere.
    const instead = field.instead;
    return instead ? (
      <p className="text-sm text-muted">
        {instead.before}
        <Link
          to={instead.href}
          className="font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          {instead.linkLabel}
        </Link>
        {instead.after}
      </p>
    ) : null;
  }
  const set = (next: unknown) => onPatch({ [field.name]: next });
  const text = typeof value === "string" ? value : value == null ? "" : String(value);
  // Settings values ({company_name}): what the field shows with them, and a menu to insert one.
  const valuesRow = (mode: "text" | "link" = "text") =>
    WITHOUT_VALUES.has(field.name) ? undefined : (
      <ValuesRow targetId={id} fieldLabel={field.label} value={text} onValue={set} mode={mode} />
    );
  switch (field.kind) {
    case "text":
      return (
        <TextField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          required={field.required}
          value={text}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          onValue={set}
          after={valuesRow(field.name === "href" ? "link" : "text")}
        />
      );
    case "textarea":
      return (
        <TextAreaField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          required={field.required}
          rows={field.rows ?? 3}
          value={text}
          onValue={set}
          after={valuesRow()}
        />
      );
    case "markdown":
      return (
        <RichTextField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          required={field.required}
          rows={field.rows ?? 3}
          value={text}
          onValue={set}
          actions={
            <InsertValueMenu targetId={id} fieldLabel={field.label} value={text} onValue={set} />
          }
        >
          <ValuesShown text={text} mode="markdown" />
        </RichTextField>
      );
    case "select":
      return (
        <SelectField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          required={field.required}
          value={text}
          onValue={(v) => {
            const option = field.options.find((o) => String(o.value) === v);
            set(option ? option.value : v);
          }}
        >
          {field.options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    case "icon":
      return (
        <SelectField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          value={text}
          onValue={set}
        >
          {ICON_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      );
    case "number":
      return (
        <TextField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          required={field.required}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          value={text}
          onValue={(v) => set(v === "" ? "" : Number(v))}
        />
      );
    case "checkbox":
      return (
        <CheckboxField
          id={id}
          label={field.label}
          hint={field.hint}
          error={error}
          checked={value === true}
          onChange={(event) => set(event.currentTarget.checked)}
        />
      );
    case "link":
      return <LinkControl field={field} value={value} set={set} scope={scope} path={path} />;
    case "image":
      return (
        <ImageControl field={field} values={values} onPatch={onPatch} scope={scope} path={path} />
      );
    case "strings":
      return <StringsControl field={field} value={value} set={set} scope={scope} path={path} />;
    case "list":
      return <ListControl field={field} value={value} set={set} scope={scope} path={path} />;
    case "group":
      return <GroupControl field={field} value={value} set={set} scope={scope} path={path} />;
    case "sharedSection":
      return <SharedSectionControl field={field} id={id} error={error} value={value} set={set} />;
  }
}

/** Where the shared section select gets its choices (app/routes/admin/shared-sections.ts). */
export const SHARED_SECTIONS_URL = "/admin/pages/shared-sections";

type SharedSectionsAnswer =
  | { ok: true; sections: SharedSectionOption[] }
  | { ok: false; error: string };

/**
 * A shared block's section: a select of the sections by name, and a link to edit the chosen one.
 * Every such control on the page shares one fetcher (by key), so the list is loaded once.
 */
function SharedSectionControl({
  field,
  id,
  error,
  value,
  set,
}: {
  field: SharedSectionFieldConfig;
  id: string;
  error: string | undefined;
  value: unknown;
  set: (next: unknown) => void;
}) {
  const fetcher = useFetcher<SharedSectionsAnswer>({ key: "shared-sections" });
  const { load, state, data } = fetcher;
  useEffect(() => {
    if (state === "idle" && !data) void load(SHARED_SECTIONS_URL);
  }, [load, state, data]);
  const sections = data?.ok ? data.sections : [];
  const chosen = Number(value);
  const known = sections.some((section) => section.id === chosen);
  const placeholder = !data
    ? "Loading the shared sections…"
    : !data.ok
      ? "The shared sections could not be loaded"
      : sections.length === 0
        ? "No shared sections yet"
        : "Choose a shared section";
  return (
    <SelectField
      id={id}
      label={field.label}
      hint={field.hint}
      error={error ?? (data && !data.ok ? data.error : undefined)}
      required={field.required}
      value={known ? String(chosen) : ""}
      onValue={(v) => {
        if (v) set(Number(v));
      }}
      after={
        <p className="mt-2 text-sm">
          {known ? (
            <Link
              to={`/admin/pages/shared/${chosen}`}
              className="inline-flex items-center gap-1 font-medium text-primary-strong underline-offset-4 hover:underline"
            >
              <Pencil aria-hidden className="size-3.5" /> Edit shared section
              <span className="sr-only">
                {" "}
                {sections.find((section) => section.id === chosen)?.name}
              </span>
            </Link>
          ) : (
            <Link
              to="/admin/pages#shared-sections"
              className="font-medium text-primary-strong underline-offset-4 hover:underline"
            >
              Make or find shared sections in the Pages tab
            </Link>
          )}
        </p>
      }
    >
      {known ? null : <option value="">{placeholder}</option>}
      {sections.map((section) => (
        <option key={section.id} value={String(section.id)}>
          {section.name} ({sectionTypeLabel(section.type)})
        </option>
      ))}
    </SelectField>
  );
}

function LinkControl({
  field,
  value,
  set,
  scope,
  path,
}: {
  field: LinkFieldConfig;
  value: unknown;
  set: (next: unknown) => void;
  scope: Scope;
  path: string;
}) {
  const link = (value ?? { label: "", href: "", icon: "", style: "" }) as BlockLink;
  const update = (patch: Partial<typeof link>) => {
    const next = { ...link, ...patch };
    // An optional button with neither text nor link is no button: left out of the block.
    set(field.optional && !next.label && !next.href ? undefined : next);
  };
  const error = scope.errors?.[path];
  const labelId = blockFieldId(scope.blockId, `${path}.label`);
  const hrefId = blockFieldId(scope.blockId, `${path}.href`);
  const iconId = blockFieldId(scope.blockId, `${path}.icon`);
  const styleId = blockFieldId(scope.blockId, `${path}.style`);
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium text-ink">
        {field.label}
        {field.optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </legend>
      {error ? <p className="mb-2 text-sm text-danger">{error}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={labelId}
          label="Button text"
          error={scope.errors?.[`${path}.label`]}
          value={link.label}
          maxLength={80}
          onValue={(label) => update({ label })}
          after={
            <ValuesRow
              targetId={labelId}
              fieldLabel={`${field.label} text`}
              value={link.label}
              onValue={(label) => update({ label })}
            />
          }
        />
        <TextField
          id={hrefId}
          label="Link"
          error={scope.errors?.[`${path}.href`]}
          value={link.href}
          placeholder="/contact, #faq, https://… or {booking_url}"
          onValue={(href) => update({ href })}
          after={
            <ValuesRow
              targetId={hrefId}
              fieldLabel={`${field.label} link`}
              value={link.href}
              onValue={(href) => update({ href })}
              mode="link"
            />
          }
        />
        <SelectField
          id={iconId}
          label="Button icon"
          error={scope.errors?.[`${path}.icon`]}
          value={link.icon ?? ""}
          onValue={(icon) => update({ icon: icon as BlockLink["icon"] })}
        >
          {LINK_ICON_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={styleId}
          label="Button style"
          error={scope.errors?.[`${path}.style`]}
          value={link.style ?? ""}
          onValue={(style) => update({ style: style as BlockLink["style"] })}
        >
          {LINK_STYLE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}

/** Fields kept in one object of the block (a hero's highlights), edited together in a box. */
function GroupControl({
  field,
  value,
  set,
  scope,
  path,
}: {
  field: GroupFieldConfig;
  value: unknown;
  set: (next: unknown) => void;
  scope: Scope;
  path: string;
}) {
  const group = value && typeof value === "object" ? (value as Values) : {};
  const error = scope.errors?.[path];
  return (
    <fieldset className="rounded-lg border border-line p-3">
      <legend className="px-1 text-sm font-medium text-ink">{field.label}</legend>
      {field.hint ? <p className="mb-3 text-sm text-muted">{field.hint}</p> : null}
      {error ? <p className="mb-2 text-sm text-danger">{error}</p> : null}
      <FieldControls
        fields={field.fields}
        values={group}
        onPatch={(patch) => set({ ...group, ...patch })}
        scope={{ ...scope, base: path }}
      />
    </fieldset>
  );
}

function ImageControl({
  field,
  values,
  onPatch,
  scope,
  path,
}: {
  field: ImageFieldConfig;
  values: Values;
  onPatch: (patch: Values) => void;
  scope: Scope;
  path: string;
}) {
  const id = blockFieldId(scope.blockId, path);
  const error = scope.errors?.[path];
  const url = typeof values[field.name] === "string" ? (values[field.name] as string) : "";
  const altName = field.altName;
  const altPath = altName ? join(scope.base, altName) : "";
  const alt = altName && typeof values[altName] === "string" ? (values[altName] as string) : "";
  return (
    <div className="grid gap-3">
      <ImageUrlField
        id={id}
        label={field.label}
        required={field.required}
        error={error}
        hint="Choose one from the media library, or give a /media/… or https:// address."
        value={url}
        onValue={(next) => onPatch({ [field.name]: next })}
        onRemove={() => onPatch({ [field.name]: "", ...(altName ? { [altName]: "" } : {}) })}
        onPick={(picked, pickedAlt) =>
          onPatch({
            [field.name]: picked,
            ...(altName && !alt && pickedAlt ? { [altName]: pickedAlt } : {}),
          })
        }
        pickerTitle="Choose an image"
        chooseFor={field.label.toLowerCase()}
        removable={!field.required}
      />
      {altName ? (
        <TextField
          id={blockFieldId(scope.blockId, altPath)}
          label="Alt text"
          hint="What the image shows, for people who cannot see it. Leave empty if it is decoration."
          error={scope.errors?.[altPath]}
          value={alt}
          maxLength={300}
          onValue={(v) => onPatch({ [altName]: v })}
        />
      ) : null}
    </div>
  );
}

function StringsControl({
  field,
  value,
  set,
  scope,
  path,
}: {
  field: StringListFieldConfig;
  value: unknown;
  set: (next: unknown) => void;
  scope: Scope;
  path: string;
}) {
  const list = Array.isArray(value) ? (value as string[]) : [];
  const error = scope.errors?.[path];
  const focusLater = useFocusAfterRender();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-ink">{field.label}</legend>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <ul className="space-y-2">
        {list.map((item, index) => {
          const itemPath = `${path}.${index}`;
          const itemId = blockFieldId(scope.blockId, itemPath);
          const itemError = scope.errors?.[itemPath];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: plain texts have no id; the position is the item
            <li key={index} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <label htmlFor={itemId} className="sr-only">
                  {field.itemLabel} {index + 1}
                </label>
                <Input
                  {...fieldAria(itemId, itemError)}
                  value={item}
                  maxLength={field.maxLength ?? 300}
                  onChange={(e) =>
                    set(list.map((v, i) => (i === index ? e.currentTarget.value : v)))
                  }
                />
                {itemError ? (
                  <p id={`${itemId}-error`} className="mt-1 text-sm text-danger">
                    {itemError}
                  </p>
                ) : null}
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                disabled={list.length <= field.min}
                onClick={() => set(list.filter((_, i) => i !== index))}
              >
                <Trash2 aria-hidden />
                <span className="sr-only">
                  Remove {field.itemLabel.toLowerCase()} {index + 1}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={list.length >= (field.max ?? 50)}
        onClick={() => {
          set([...list, ""]);
          focusLater(blockFieldId(scope.blockId, `${path}.${list.length}`));
        }}
      >
        <Plus aria-hidden /> Add {field.itemLabel.toLowerCase()}
      </Button>
    </fieldset>
  );
}

function ListControl({
  field,
  value,
  set,
  scope,
  path,
}: {
  field: ListFieldConfig;
  value: unknown;
  set: (next: unknown) => void;
  scope: Scope;
  path: string;
}) {
  const list = Array.isArray(value) ? (value as Values[]) : [];
  const error = scope.errors?.[path];
  const move = (from: number, to: number) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    set(next);
  };
  const noun = field.itemLabel.toLowerCase();
  const focusLater = useFocusAfterRender();
  const first = field.fields[0];
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-ink">{field.label}</legend>
      {error ? <p className="text-sm text-danger">{error}</p> : null}
      <ol className="space-y-3">
        {list.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; the position is the item
          <li key={index} className="rounded-lg border border-line bg-surface/50 p-3">
            <fieldset>
              <legend className="sr-only">
                {field.itemLabel} {index + 1}
              </legend>
              <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
                <p aria-hidden className="text-sm font-semibold text-ink">
                  {field.itemLabel} {index + 1}
                </p>
                <div className="flex gap-1">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    <ArrowUp aria-hidden />
                    <span className="sr-only">
                      Move {noun} {index + 1} up
                    </span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    disabled={index === list.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    <ArrowDown aria-hidden />
                    <span className="sr-only">
                      Move {noun} {index + 1} down
                    </span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    className="text-danger"
                    disabled={list.length <= field.min}
                    onClick={() => set(list.filter((_, i) => i !== index))}
                  >
                    <Trash2 aria-hidden />
                    <span className="sr-only">
                      Remove {noun} {index + 1}
                    </span>
                  </Button>
                </div>
              </div>
              <FieldControls
                fields={field.fields}
                values={item}
                onPatch={(patch) => set(list.map((v, i) => (i === index ? { ...v, ...patch } : v)))}
                scope={{ ...scope, base: `${path}.${index}` }}
              />
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={list.length >= (field.max ?? 50)}
        onClick={() => {
          set([...list, field.newItem()]);
          if (first)
            focusLater(blockFieldId(scope.blockId, `${path}.${list.length}.${first.name}`));
        }}
      >
        <Plus aria-hidden /> Add {noun}
      </Button>
    </fieldset>
  );
}
