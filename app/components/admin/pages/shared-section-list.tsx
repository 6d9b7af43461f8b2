import { Layers, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { PostConfirmDialog, useShownWhileClosing } from "~/components/admin/kit/confirm-dialog";
import { SelectField, TextField } from "~/components/admin/kit/fields";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import {
  newSharedSectionSchema,
  SHARED_SECTION_TYPES,
  type SharedSectionType,
  sectionTypeLabel,
} from "~/pages/shared-section-schema";
import type { SharedSectionSummary } from "~/pages/shared-sections.server";

const pagesCount = (n: number) => (n === 1 ? "1 page" : `${n} pages`);

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
                  <td className="flex flex-wrap gap-2 px-4 pt-2 md:table-cell md:space-x-1 md:py-3 md:text-right">
                    <Button asChild variant="outline" size="sm">
                      <Link to={`/admin/pages/shared/${section.id}`}>
                        <Pencil aria-hidden /> Edit<span className="sr-only"> {section.name}</span>
                      </Link>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="text-danger"
                      onClick={() => {
                        focus.remember();
                        setDeleting(section);
                      }}
                    >
                      <Trash2 aria-hidden /> Delete<span className="sr-only"> {section.name}</span>
                    </Button>
                  </td>
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

function NewSharedSectionDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>New shared section</DialogTitle>
          <DialogDescription>
            Name it and choose its kind of block; you fill in its content next.
          </DialogDescription>
        </DialogHeader>
        {open ? <NewSharedSectionForm onCancel={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NewSharedSectionForm({ onCancel }: { onCancel: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [name, setName] = useState("");
  const [type, setType] = useState<SharedSectionType>("cta");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    fieldErrors?: Record<string, string>;
    result?: { id: number };
  }>({
    onSuccess: (answer) => {
      if (answer.result) void navigate(`/admin/pages/shared/${answer.result.id}`);
    },
  });
  const shown = { ...errors, ...fieldErrors };

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const values = { intent: "create-shared", name, type };
    const problems = validate(newSharedSectionSchema, values);
    setErrors(problems ?? {});
    if (problems) {
      document.getElementById(`${id}-${Object.keys(problems)[0]}`)?.focus();
      return;
    }
    void fetcher.submit(values, {
      method: "post",
      action: "/admin/pages",
      encType: "application/json",
    });
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? "Creating…" : "Create shared section"}
        </Button>
      </div>
    </form>
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
