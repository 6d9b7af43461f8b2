import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { FieldShell, fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { type FooterSection, footerSections } from "~/content/footer";
import {
  type FooterLinkValue,
  footerLinkSchema,
  footerSchema,
  footerSectionLabels,
  MAX_FOOTER_LINKS,
  type SettingsView,
} from "~/schemas/admin/settings";
import { FieldGroup, TextField, validate } from "./form-bits";
import { DialogActions } from "./quick-action-dialog";
import { useDialogSave } from "./use-dialog-save";

type FooterView = SettingsView["footer"];
type Row = FooterLinkValue & { id: number };

/** Links in the order the footer stores them: section by section, each keeping its own order. */
function inSectionOrder(rows: Row[]) {
  return footerSections.flatMap((section) => rows.filter((row) => row.section === section));
}

function SectionSelect({
  id,
  value,
  onChange,
  label,
}: {
  id: string;
  value: FooterSection;
  onChange: (value: FooterSection) => void;
  label: string;
}) {
  return (
    <Select
      id={id}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as FooterSection)}
    >
      {footerSections.map((section) => (
        <option key={section} value={section}>
          {footerSectionLabels[section]}
        </option>
      ))}
    </Select>
  );
}

function LinkEditor({
  rows,
  setRows,
  errors,
}: {
  rows: Row[];
  setRows: (update: (rows: Row[]) => Row[]) => void;
  errors: Record<string, string>;
}) {
  const nextId = useRef(rows.length + 1);
  const [draft, setDraft] = useState<FooterLinkValue>({ label: "", url: "", section: "company" });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const labelInput = useRef<HTMLInputElement>(null);

  function add() {
    const found = validate(footerLinkSchema, draft);
    setDraftErrors(found ?? {});
    if (found) return;
    const parsed = footerLinkSchema.parse(draft);
    setRows((current) => inSectionOrder([...current, { ...parsed, id: nextId.current++ }]));
    setDraft((current) => ({ label: "", url: "", section: current.section }));
    labelInput.current?.focus();
  }

  /** Swaps a link with its neighbour in the same section (rows are kept in section order). */
  function move(id: number, by: -1 | 1) {
    setRows((current) => {
      const index = current.findIndex((row) => row.id === id);
      const other = current[index + by];
      const row = current[index];
      if (!row || !other || other.section !== row.section) return current;
      const next = [...current];
      next[index] = other;
      next[index + by] = row;
      return next;
    });
  }

  const update = (id: number, patch: Partial<FooterLinkValue>) =>
    setRows((current) =>
      inSectionOrder(current.map((row) => (row.id === id ? { ...row, ...patch } : row))),
    );

  const canAdd =
    draft.label.trim() !== "" && draft.url.trim() !== "" && rows.length < MAX_FOOTER_LINKS;

  return (
    <fieldset className="mt-8">
      <legend className="text-base font-semibold text-ink">Footer links</legend>
      <p className="mt-1 text-sm text-muted">
        Products, Company and Support links are columns; Legal links sit in the bottom bar. The
        Services column lists the services.
      </p>
      {footerSections.map((section) => {
        const sectionRows = rows.filter((row) => row.section === section);
        return (
          <section
            key={section}
            aria-label={`${footerSectionLabels[section]} links`}
            className="mt-5"
          >
            <h3 className="text-sm font-semibold text-ink">
              {footerSectionLabels[section]}{" "}
              <span className="font-normal text-muted">({sectionRows.length})</span>
            </h3>
            {sectionRows.length === 0 ? (
              <p className="mt-2 rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">
                No {footerSectionLabels[section]} links; this part of the footer is hidden.
              </p>
            ) : (
              <ol className="mt-2 space-y-2">
                {sectionRows.map((row, position) => {
                  const index = rows.indexOf(row);
                  const labelError = errors[`links.${index}.label`];
                  const urlError = errors[`links.${index}.url`];
                  const name = row.label || `link ${position + 1}`;
                  return (
                    <li key={row.id} className="rounded-xl border border-line bg-surface p-3">
                      <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_8.5rem_auto] sm:items-start">
                        <div>
                          <Input
                            {...fieldAria(`footer-link-${row.id}-label`, labelError)}
                            aria-label={`Label of ${footerSectionLabels[section]} link ${position + 1}`}
                            value={row.label}
                            maxLength={60}
                            onChange={(e) => update(row.id, { label: e.target.value })}
                          />
                          {labelError ? (
                            <p
                              id={`footer-link-${row.id}-label-error`}
                              className="mt-1 text-sm text-danger"
                            >
                              {labelError}
                            </p>
                          ) : null}
                        </div>
                        <div>
                          <Input
                            {...fieldAria(`footer-link-${row.id}-url`, urlError)}
                            aria-label={`URL of ${footerSectionLabels[section]} link ${position + 1}`}
                            value={row.url}
                            onChange={(e) => update(row.id, { url: e.target.value })}
                          />
                          {urlError ? (
                            <p
                              id={`footer-link-${row.id}-url-error`}
                              className="mt-1 text-sm text-danger"
                            >
                              {urlError}
                            </p>
                          ) : null}
                        </div>
                        <SectionSelect
                          id={`footer-link-${row.id}-section`}
                          label={`Section of ${name}`}
                          value={row.section}
                          onChange={(next) => update(row.id, { section: next })}
                        />
                        <div className="flex justify-end gap-1">
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${name} up`}
                            disabled={position === 0}
                            onClick={() => move(row.id, -1)}
                          >
                            <ArrowUp aria-hidden />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Move ${name} down`}
                            disabled={position === sectionRows.length - 1}
                            onClick={() => move(row.id, 1)}
                          >
                            <ArrowDown aria-hidden />
                          </Button>
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            aria-label={`Remove ${name}`}
                            className="text-danger"
                            onClick={() =>
                              setRows((current) => current.filter((r) => r.id !== row.id))
                            }
                          >
                            <Trash2 aria-hidden />
                          </Button>
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ol>
            )}
          </section>
        );
      })}

      <div className="mt-4 rounded-xl border border-line p-4">
        <p className="text-sm font-semibold text-ink">Add a link</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_8.5rem]">
          <FieldShell id="footer-new-label" label="Label" error={draftErrors.label}>
            <Input
              ref={labelInput}
              {...fieldAria("footer-new-label", draftErrors.label)}
              value={draft.label}
              maxLength={60}
              onChange={(e) => setDraft({ ...draft, label: e.target.value })}
            />
          </FieldShell>
          <FieldShell id="footer-new-url" label="URL" error={draftErrors.url}>
            <Input
              {...fieldAria("footer-new-url", draftErrors.url)}
              value={draft.url}
              placeholder="/about or https://…"
              onChange={(e) => setDraft({ ...draft, url: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  if (canAdd) add();
                }
              }}
            />
          </FieldShell>
          <FieldShell id="footer-new-section" label="Section">
            <SectionSelect
              id="footer-new-section"
              label="Section"
              value={draft.section}
              onChange={(section) => setDraft({ ...draft, section })}
            />
          </FieldShell>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs text-muted">A link needs a label and a URL.</p>
          <Button type="button" variant="outline" disabled={!canAdd} onClick={add}>
            <Plus aria-hidden />
            Add Link
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

export function FooterForm({
  initial,
  version,
  close,
}: {
  initial: FooterView;
  version: number;
  close: () => void;
}) {
  const { links: initialLinks, ...initialTexts } = initial;
  const [texts, setTexts] = useState(initialTexts);
  const [rows, setRows] = useState<Row[]>(() =>
    inSectionOrder(initialLinks.map((link, index) => ({ ...link, id: index + 1 }))),
  );
  const { save, busy, errors, formRef } = useDialogSave("footer", footerSchema, close, version);
  const set = (field: keyof typeof texts) => (value: string) =>
    setTexts((current) => ({ ...current, [field]: value }));

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save({ ...texts, links: rows.map(({ id: _id, ...link }) => link) });
      }}
    >
      <div className="space-y-4">
        <TextField
          id="footer-description"
          label="Description"
          required
          multiline
          value={texts.description}
          onChange={set("description")}
          error={errors.description}
        />
        <TextField
          id="footer-copyright"
          label="Copyright"
          required
          maxLength={160}
          value={texts.copyright}
          onChange={set("copyright")}
          error={errors.copyright}
          hint="The current year is shown in front of it."
        />
      </div>
      <FieldGroup
        title="Contact"
        description="The same contact details as the Settings tab and the contact page."
        className="mt-8"
      >
        <TextField
          id="footer-email"
          label="Email"
          type="email"
          required
          value={texts.email}
          onChange={set("email")}
          error={errors.email}
        />
        <TextField
          id="footer-phone"
          label="Phone"
          type="tel"
          required
          value={texts.phone}
          onChange={set("phone")}
          error={errors.phone}
        />
        <div className="sm:col-span-2">
          <TextField
            id="footer-address"
            label="Address"
            required
            value={texts.address}
            onChange={set("address")}
            error={errors.address}
          />
        </div>
      </FieldGroup>
      <LinkEditor rows={rows} setRows={setRows} errors={errors} />
      {errors.links ? <p className="mt-2 text-sm text-danger">{errors.links}</p> : null}
      <DialogActions busy={busy} onCancel={close} saveLabel="Save Footer" />
    </form>
  );
}
