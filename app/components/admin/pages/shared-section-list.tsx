import { Layers, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PostConfirmDialog, useShownWhileClosing } from "~/components/admin/kit/confirm-dialog";
import {
  CreateDialog,
  type CreateDialogState,
  CreateForm,
  useCreateForm,
} from "~/components/admin/kit/create-dialog";
import { SelectField, TextField } from "~/components/admin/kit/fields";
import { plural } from "~/components/admin/kit/format";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import { RowDeleteButton, RowEditLink } from "~/components/admin/kit/row-actions";
import { ACTIONS_COLUMN, RowActionsCell, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  newSharedSectionSchema,
  SHARED_SECTION_TYPES,
  type SharedSectionType,
  sectionTypeLabel,
} from "~/pages/shared-section-schema";
import type { SharedSectionSummary } from "~/pages/shared-sections.server";

const pagesCount = (n: number) => plural(n, "page");

/**
 * The Pages tab's second list: blocks edited once and placed on many pages (name, kind of block,
 * how many pages place it), with New, Edit and Delete.
 */
export function SharedSectionList({ sections }: { sections: SharedSectionSummary[] }) {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SharedSectionSummary | null>(null);
  const focus = useReturnFocus(() => document.getElementById("new-shared-section"));
  return (
    <div id="shared-sections" className="mt-10 scroll-mt-4">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 className="text-lg font-semibold">Shared sections</h3>
          <p className="text-sm text-muted">
            A block edited once and shown on every page that places it (with a Shared section
            block): an offer, a call to action, a row of logos.
          </p>
        </div>
        <Button
          id="new-shared-section"
          variant="outline"
          aria-haspopup="dialog"
          onClick={() => {
            focus.remember();
            setCreating(true);
          }}
        >
          <Plus aria-hidden /> New shared section
        </Button>
      </div>
      {sections.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-8 text-center">
          <Layers aria-hidden className="mx-auto size-7 text-muted" />
          <p className="mt-3 font-semibold text-ink">No shared sections yet</p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
          <table className="w-full text-left text-sm md:table-fixed">
            <TableHead
              caption="Shared sections"
              columns={[
                { label: "Name", className: "w-[30%]" },
                { label: "Block", className: "w-[20%]" },
                { label: "Used on", className: "w-[14%]" },
                { label: "Updated", className: "w-[16%]" },
                { ...ACTIONS_COLUMN, className: "w-[20%]" },
              ]}
            />
            <tbody className="divide-y divide-line">
              {sections.map((section) => (
                <tr key={section.id} className="block py-3 md:table-row md:py-0">
                  <LabelledCell label="Name" align="middle">
                    <Link
                      to={`/admin/pages/shared/${section.id}`}
                      className="font-semibold text-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {section.name}
                    </Link>
                  </LabelledCell>
                  <LabelledCell label="Block" align="middle">
                    {sectionTypeLabel(section.type)}
                  </LabelledCell>
                  <LabelledCell label="Used on" align="middle">
                    {pagesCount(section.usedOn)}
                  </LabelledCell>
                  <LabelledCell label="Updated" align="middle">
                    <LocalTime iso={section.updatedAt} />
                  </LabelledCell>
                  <RowActionsCell>
                    <RowEditLink to={`/admin/pages/shared/${section.id}`} name={section.name} />
                    <RowDeleteButton
                      name={section.name}
                      remember={focus.remember}
                      onDelete={() => setDeleting(section)}
                    />
                  </RowActionsCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NewSharedSectionDialog
        open={creating}
        onOpenChange={setCreating}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
      <DeleteSharedSectionDialog
        section={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}

function NewSharedSectionDialog(props: CreateDialogState) {
  return (
    <CreateDialog
      {...props}
      title="New shared section"
      description="Name it and choose its kind of block; you fill in its content next."
    >
      {(cancel) => <NewSharedSectionForm onCancel={cancel} />}
    </CreateDialog>
  );
}

function NewSharedSectionForm({ onCancel }: { onCancel: () => void }) {
  const [name, setName] = useState("");
  const [type, setType] = useState<SharedSectionType>("cta");
  const form = useCreateForm({
    schema: newSharedSectionSchema,
    action: "/admin/pages",
    editorOf: (sectionId) => `/admin/pages/shared/${sectionId}`,
  });
  const { id, errors: shown } = form;

  return (
    <CreateForm
      form={form}
      values={{ intent: "create-shared", name, type }}
      onCancel={onCancel}
      createLabel="Create shared section"
    >
      <TextField
        id={`${id}-name`}
        label="Name"
        hint="What staff choose it by; visitors never see it."
        required
        error={shown.name}
        value={name}
        maxLength={120}
        autoFocus
        onValue={setName}
      />
      <SelectField
        id={`${id}-type`}
        label="Kind of block"
        required
        error={shown.type}
        value={type}
        onValue={(value) => setType(value as SharedSectionType)}
      >
        {SHARED_SECTION_TYPES.map((option) => (
          <option key={option} value={option}>
            {sectionTypeLabel(option)}
          </option>
        ))}
      </SelectField>
    </CreateForm>
  );
}

/** "Delete this shared section?"; the server refuses while pages place it, and says which. */
function DeleteSharedSectionDialog({
  section,
  onClose,
  onCloseAutoFocus,
}: {
  section: SharedSectionSummary | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const shown = useShownWhileClosing(section);
  const [refusal, setRefusal] = useState<string | null>(null);
  const admin = useAdminFetcher<{ ok: boolean; toast?: { description?: string } }>({
    onSuccess: () => {
      setRefusal(null);
      onClose();
    },
    onFailure: () => setRefusal(admin.fetcher.data?.toast?.description ?? null),
  });
  const close = () => {
    setRefusal(null);
    onClose();
  };
  return (
    <PostConfirmDialog
      open={section !== null}
      onClose={close}
      title="Delete this shared section?"
      description={
        shown
          ? shown.usedOn > 0
            ? `“${shown.name}” is placed on ${pagesCount(shown.usedOn)}: remove it from them first.`
            : `“${shown.name}” is on no page; it is deleted for good.`
          : ""
      }
      confirmLabel="Delete shared section"
      busyLabel="Deleting…"
      icon={<Trash2 aria-hidden />}
      action="/admin/pages"
      fields={{ intent: "delete-shared", id: shown?.id }}
      admin={admin}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {refusal ? (
        <p role="alert" className="text-sm text-danger">
          {refusal}
        </p>
      ) : null}
    </PostConfirmDialog>
  );
}
