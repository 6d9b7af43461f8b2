import { Plus, Signpost, Trash2 } from "lucide-react";
import { useState } from "react";
import { PostConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import { RowEditDeleteButtons } from "~/components/admin/kit/row-actions";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import type { RedirectSummary } from "~/models/redirects.server";
import { RedirectForm } from "./redirect-form";

const originLabel: Record<RedirectSummary["origin"], { text: string; help: string }> = {
  post: { text: "Automatic", help: "Added when a published post's slug changed" },
  category: { text: "Automatic", help: "Added when a category's slug changed" },
  page: {
    text: "Automatic",
    help: "Added when a published page's address changed or it was deleted",
  },
  admin: { text: "Manual", help: "Added by an admin" },
};

function OriginBadge({ origin }: { origin: RedirectSummary["origin"] }) {
  const label = originLabel[origin];
  return (
    <span
      title={label.help}
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        origin === "admin"
          ? "bg-surface text-muted ring-line"
          : "bg-sky-50 text-sky-900 ring-sky-200",
      )}
    >
      {label.text}
      <span className="sr-only">: {label.help.toLowerCase()}</span>
    </span>
  );
}

function Address({ value }: { value: string }) {
  return (
    <code className="break-all rounded bg-surface px-1.5 py-0.5 font-mono text-xs">{value}</code>
  );
}

const columns: {
  label: string;
  width: string;
  className?: string;
  cell: (redirect: RedirectSummary) => React.ReactNode;
}[] = [
  {
    label: "From",
    width: "w-[24%]",
    cell: (r) => (
      <div className="space-y-1">
        <Address value={r.fromPath} />
        {r.switchedOff ? (
          <p
            data-testid="redirect-switched-off"
            className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900 ring-1 ring-inset ring-amber-200"
          >
            {r.switchedOff}
          </p>
        ) : null}
      </div>
    ),
  },
  { label: "To", width: "w-[24%]", cell: (r) => <Address value={r.target} /> },
  { label: "Added", width: "w-[10%]", cell: (r) => <OriginBadge origin={r.origin} /> },
  {
    label: "Hits",
    width: "w-[7%]",
    className: "tabular-nums md:text-right",
    cell: (r) => <span data-testid="redirect-hits">{r.hits.toLocaleString("en-US")}</span>,
  },
  {
    label: "Last hit",
    width: "w-[14%]",
    cell: (r) => (r.lastHitAt ? <LocalTime iso={r.lastHitAt} /> : "Never"),
  },
];

/** Every redirect (a table on wide screens, stacked rows on a phone), with add, edit and delete. */
export function RedirectList({ redirects }: { redirects: RedirectSummary[] }) {
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<RedirectSummary | null>(null);
  const [deleting, setDeleting] = useState<RedirectSummary | null>(null);
  const focus = useReturnFocus(() => document.getElementById("add-redirect"));
  const admin = useAdminFetcher({ onSuccess: () => setDeleting(null) });
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold">
          {redirects.length === 1 ? "1 redirect" : `${redirects.length} redirects`}
        </h3>
        <Button
          id="add-redirect"
          aria-haspopup="dialog"
          onClick={() => {
            focus.remember();
            setAdding(true);
          }}
        >
          <Plus aria-hidden /> Add redirect
        </Button>
      </div>

      {redirects.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
          <Signpost aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-semibold text-ink">No redirects yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">
            Add one when a page moves, so links to its old address keep working. Renaming a
            published post or a category adds one by itself.
          </p>
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
          <table className="w-full text-left text-sm md:table-fixed">
            <TableHead
              caption="Redirects"
              columns={[
                ...columns.map(({ label, width, className }) => ({
                  label,
                  className: cn(width, className),
                })),
                { ...ACTIONS_COLUMN, className: "w-[20%]" },
              ]}
            />
            <tbody className="divide-y divide-line">
              {redirects.map((redirect) => (
                <tr key={redirect.id} className="block py-3 md:table-row md:py-0">
                  {columns.map((column) => (
                    // On a phone each cell is a line of its own, its column's name before it.
                    <td
                      key={column.label}
                      data-label={column.label}
                      className={cn(
                        "flex gap-3 break-words px-4 py-1 before:w-20 before:shrink-0 before:text-xs before:font-medium before:uppercase before:text-muted before:content-[attr(data-label)] md:table-cell md:py-3 md:align-middle md:before:hidden",
                        column.className,
                      )}
                    >
                      {column.cell(redirect)}
                    </td>
                  ))}
                  <td className="flex gap-2 px-4 pt-2 md:table-cell md:space-x-2 md:py-3 md:text-right">
                    <RowEditDeleteButtons
                      name={`the redirect from ${redirect.fromPath}`}
                      editLabel="Edit"
                      remember={focus.remember}
                      onEdit={() => setEditing(redirect)}
                      onDelete={() => setDeleting(redirect)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Dialog
        open={adding || editing !== null}
        onOpenChange={(open) => {
          if (open) return;
          setAdding(false);
          setEditing(null);
        }}
      >
        <DialogContent onCloseAutoFocus={focus.onCloseAutoFocus}>
          <DialogHeader>
            <DialogTitle>{editing ? "Edit redirect" : "Add redirect"}</DialogTitle>
            <DialogDescription>
              Visitors asking for the old address are sent on to the new one, permanently (301).
            </DialogDescription>
          </DialogHeader>
          <RedirectForm
            key={editing?.id ?? "new"}
            draft={editing ?? undefined}
            submitLabel={editing ? "Save redirect" : "Add redirect"}
            onDone={() => {
              setAdding(false);
              setEditing(null);
            }}
            onCancel={() => {
              setAdding(false);
              setEditing(null);
            }}
          />
        </DialogContent>
      </Dialog>
      <PostConfirmDialog
        open={deleting !== null}
        title="Delete this redirect?"
        description={
          <>
            Visitors asking for {deleting?.fromPath} will get that page again, or “page not found”
            if there is none.
          </>
        }
        action="/admin/redirects"
        fields={{ intent: "delete", id: deleting?.id }}
        confirmLabel="Delete redirect"
        icon={<Trash2 aria-hidden />}
        admin={admin}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}
