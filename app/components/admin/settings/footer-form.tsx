import { EditorDialogActions } from "~/components/admin/kit/editor-dialog";
import { FieldGroup, TextAreaField, TextField } from "~/components/admin/kit/fields";
import { AddRow, type FieldConfig, ListRows, linkFields } from "~/components/admin/kit/list-editor";
import { useFieldValues } from "~/components/admin/kit/use-field-values";
import { type ListDraft, useListDraft } from "~/components/admin/kit/use-list-draft";
import { footerSections } from "~/content/footer";
import {
  type FooterLinkValue,
  footerLinkSchema,
  footerSchema,
  footerSectionLabels,
  MAX_FOOTER_LINKS,
  type SettingsView,
} from "~/schemas/admin/settings";
import { useDialogSave } from "./use-dialog-save";

type FooterView = SettingsView["footer"];

const fields: FieldConfig<FooterLinkValue>[] = [
  ...linkFields<FooterLinkValue>({
    label: { maxLength: 60 },
    url: { placeholder: "/about or https://…" },
  }),
  {
    name: "section",
    label: "Section",
    kind: "select",
    options: footerSections.map((section) => ({
      value: section,
      label: footerSectionLabels[section],
    })),
    rowLabel: ({ name }) => `Section of ${name}`,
  },
];

/** The links by section (each keeping its own order), and the form that adds one. */
function LinkEditor({ list }: { list: ListDraft<FooterLinkValue> }) {
  const { label, url } = list.newRow;
  const canAdd = label.trim() !== "" && url.trim() !== "" && list.rows.length < MAX_FOOTER_LINKS;
  const columns = "sm:grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)_8.5rem]";
  return (
    <fieldset className="mt-8">
      <legend className="text-base font-semibold text-ink">Footer links</legend>
      <p className="mt-1 text-sm text-muted">
        Products, Company and Support links are columns; Legal links sit in the bottom bar. The
        Services column lists the services.
      </p>
      {footerSections.map((section) => {
        const rows = list.rows.filter((row) => row.values.section === section);
        const sectionLabel = footerSectionLabels[section];
        return (
          <section key={section} aria-label={`${sectionLabel} links`} className="mt-5">
            <h3 className="text-sm font-semibold text-ink">
              {sectionLabel} <span className="font-normal text-muted">({rows.length})</span>
            </h3>
            {rows.length === 0 ? (
              <p className="mt-2 rounded-lg border border-dashed border-line px-4 py-3 text-sm text-muted">
                No {sectionLabel} links; this part of the footer is hidden.
              </p>
            ) : (
              <ListRows
                list={list}
                fields={fields}
                rows={rows}
                className="mt-2 space-y-2"
                rowClassName="rounded-xl border border-line bg-surface p-3"
                fieldsClassName={`grid min-w-0 flex-1 gap-2 ${columns}`}
                hiddenLabels
                rowName={(link, position) => link.label || `link ${position + 1}`}
                describe={(position) => `${sectionLabel} link ${position + 1}`}
              />
            )}
          </section>
        );
      })}
      <AddRow
        list={list}
        fields={fields}
        nested
        title="Add a link"
        addLabel="Add Link"
        canAdd={canAdd}
        note="A link needs a label and a URL."
        className="mt-4 space-y-3 rounded-xl border border-line p-4"
        gridClassName={`grid gap-3 ${columns}`}
      />
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
  const { save, busy, errors, formRef } = useDialogSave("footer", footerSchema, close, version);
  const { values: texts, bind } = useFieldValues("footer", initialTexts, errors);
  const list = useListDraft<FooterLinkValue>({
    initial: initialLinks,
    idPrefix: "footer",
    fields,
    empty: { label: "", url: "", section: "company" },
    rowSchema: footerLinkSchema,
    errorPath: "links",
    errors,
    groupOf: (link) => link.section,
    groups: footerSections,
    // The next link goes to the same section.
    nextNewRow: (added) => ({ label: "", url: "", section: added.section }),
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save({ ...texts, links: list.values() });
      }}
    >
      <div className="space-y-4">
        <TextAreaField {...bind("description")} label="Description" required rows={3} />
        <TextField
          {...bind("copyright")}
          label="Copyright"
          required
          maxLength={160}
          hint="The current year is shown in front of it."
        />
      </div>
      <FieldGroup
        title="Contact"
        description="The same contact details as the Settings tab and the contact page."
        className="mt-8"
      >
        <TextField {...bind("email")} label="Email" type="email" required />
        <TextField {...bind("phone")} label="Phone" type="tel" required />
        <div className="sm:col-span-2">
          <TextField {...bind("address")} label="Address" required />
        </div>
      </FieldGroup>
      <LinkEditor list={list} />
      {errors.links ? <p className="mt-2 text-sm text-danger">{errors.links}</p> : null}
      <EditorDialogActions busy={busy} onCancel={close} saveLabel="Save Footer" />
    </form>
  );
}
