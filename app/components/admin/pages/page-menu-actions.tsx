import { Menu, PanelBottom } from "lucide-react";
import { useState } from "react";
import { CreateDialog, useCreateForm } from "~/components/admin/kit/create-dialog";
import { EditorDialogActions } from "~/components/admin/kit/editor-dialog";
import { SelectField, TextField } from "~/components/admin/kit/fields";
import { RowMenuItem } from "~/components/admin/kit/row-actions";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { type FooterSection, footerSections } from "~/content/footer";
import type { PageLinkIntent, PageLinkState } from "~/pages/page-links";
import { pageFooterLinkSchema } from "~/pages/page-links";
import type { PageSummary } from "~/pages/pages.server";
import { footerSectionLabels } from "~/schemas/admin/settings";

/** Where a page is linked from, under its status: "In navigation", "In footer: Company". */
export function PageMenuBadges({ state }: { state: PageLinkState }) {
  if (!state.inNavigation && state.footerSections.length === 0) return null;
  const footer = state.footerSections.map((section) => footerSectionLabels[section]).join(", ");
  return (
    <span className="mt-1 flex flex-wrap gap-1 text-xs text-muted">
      {state.inNavigation ? <span>In navigation</span> : null}
      {state.inNavigation && footer ? <span aria-hidden>·</span> : null}
      {footer ? <span>In footer: {footer}</span> : null}
    </span>
  );
}

export type PageLinkSubmitter = {
  submit: (intent: PageLinkIntent, id: number) => void;
  busy: boolean;
};

/**
 * The list's one sender of menu changes. It lives in the list, not in a row's menu, which
 * closes (and would take a request in flight, and its answer's toast, with it) once chosen.
 */
export function usePageLinkSubmitter(): PageLinkSubmitter {
  const { fetcher, busy } = useAdminFetcher();
  return {
    busy,
    submit: (intent, id) =>
      void fetcher.submit(
        { intent, id },
        { method: "post", action: "/admin/pages", encType: "application/json" },
      ),
  };
}

/**
 * A published page's items in its row's More menu for the site's menus: Add to navigation (at
 * once) or Remove from navigation, and, for those who may change the footer, Add to footer (a
 * dialog asks the section) or Remove from footer. A page that is not published offers only the
 * removals.
 */
export function PageMenuActions({
  page,
  state,
  mayEditFooter,
  links,
  onAddToFooter,
}: {
  page: PageSummary;
  state: PageLinkState;
  mayEditFooter: boolean;
  links: PageLinkSubmitter;
  onAddToFooter: () => void;
}) {
  const { busy } = links;
  const published = page.status === "published";
  const submit = (intent: PageLinkIntent) => links.submit(intent, page.id);
  const inFooter = state.footerSections.length > 0;
  return (
    <>
      {state.inNavigation || published ? (
        <RowMenuItem
          icon={<Menu aria-hidden />}
          disabled={busy}
          onSelect={() =>
            submit(state.inNavigation ? "remove-from-navigation" : "add-to-navigation")
          }
        >
          {state.inNavigation ? "Remove from navigation" : "Add to navigation"}
        </RowMenuItem>
      ) : null}
      {mayEditFooter && (inFooter || published) ? (
        <RowMenuItem
          icon={<PanelBottom aria-hidden />}
          disabled={busy}
          opensDialog={!inFooter}
          onSelect={() => (inFooter ? submit("remove-from-footer") : onAddToFooter())}
        >
          {inFooter ? "Remove from footer" : "Add to footer"}
        </RowMenuItem>
      ) : null}
    </>
  );
}

/** "Add to footer": which section (column) the link goes in, and its label (the page's title). */
export function AddToFooterDialog({
  page,
  onClose,
  onCloseAutoFocus,
}: {
  page: PageSummary | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <CreateDialog
      open={page !== null}
      onOpenChange={(open) => (open ? null : onClose())}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Add to footer"
      description={page ? `A link to ${page.path} in the site's footer, on every page.` : ""}
    >
      {(cancel) => (page ? <AddToFooterForm page={page} onCancel={cancel} /> : null)}
    </CreateDialog>
  );
}

function AddToFooterForm({ page, onCancel }: { page: PageSummary; onCancel: () => void }) {
  const [label, setLabel] = useState(page.title);
  const [section, setSection] = useState<FooterSection>("company");
  const form = useCreateForm({
    schema: pageFooterLinkSchema,
    action: "/admin/pages",
    onCreated: onCancel,
  });
  const { id, busy, errors } = form;
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        form.send({ intent: "add-to-footer", id: String(page.id), label, section });
      }}
    >
      <SelectField
        id={`${id}-section`}
        label="Section"
        hint="The footer column the link is listed in."
        error={errors.section}
        value={section}
        onValue={(value) => setSection(value as FooterSection)}
      >
        {footerSections.map((key) => (
          <option key={key} value={key}>
            {footerSectionLabels[key]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-label`}
        label="Label"
        required
        error={errors.label}
        value={label}
        maxLength={200}
        onValue={setLabel}
      />
      <EditorDialogActions busy={busy} onCancel={onCancel} saveLabel="Add to footer" />
    </form>
  );
}
