import { ArrowDown, ArrowUp, LoaderCircle, Menu, Plus, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { fieldAria } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import type { NavMenuRow } from "~/models/admin-content.server";
import {
  issuesByPath,
  LINK_RULE,
  NAV_ITEMS_MAX,
  navItemSchema,
  navMenuSchema,
} from "~/schemas/admin/content";
import { moveItem, rowErrors, rowKey, useFocusAfterRender } from "./list-editing";
import { QuickActionButton } from "./quick-action";
import { TextField } from "./text-field";

interface Row {
  key: string;
  label: string;
  url: string;
}

/** The site header's menu: edited here as a list, saved as a whole. */
export function NavMenuQuickAction({ items }: { items: NavMenuRow[] | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <QuickActionButton
          title="Navigation menu"
          description="The links in the site header."
          icon={Menu}
        />
      </DialogTrigger>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Navigation menu</DialogTitle>
          <DialogDescription>
            The links of the site header, in this order. Changes show after you save.
          </DialogDescription>
        </DialogHeader>
        {open ? <NavMenuEditor items={items} onSaved={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NavMenuEditor({ items, onSaved }: { items: NavMenuRow[] | null; onSaved: () => void }) {
  const [rows, setRows] = useState<Row[]>(() =>
    (items ?? []).map((item) => ({ key: rowKey(), label: item.label, url: item.url })),
  );
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [draft, setDraft] = useState({ label: "", url: "" });
  const [draftErrors, setDraftErrors] = useState<Record<string, string>>({});
  const focusLater = useFocusAfterRender();
  const save = useAdminFetcher({ onSuccess: onSaved });
  const answer = save.fetcher.data as
    | { ok: boolean; fieldErrors?: Record<string, string> }
    | undefined;
  useEffect(() => {
    if (answer && !answer.ok) setErrors(answer.fieldErrors ?? {});
  }, [answer]);

  if (items === null) {
    return <Alert>The navigation menu could not be loaded. Reload the page to try again.</Alert>;
  }

  function change(next: Row[]) {
    setRows(next);
    setDirty(true);
    setErrors({});
  }

  function update(index: number, field: "label" | "url", value: string) {
    change(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));
  }

  function move(index: number, to: number, key: string, direction: "up" | "down") {
    change(moveItem(rows, index, to));
    const other = direction === "up" ? "down" : "up";
    focusLater(`nav-${direction}-${key}`, `nav-${other}-${key}`);
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    change(next);
    const neighbour = next[index] ?? next[index - 1];
    focusLater(neighbour ? `nav-label-${neighbour.key}` : "nav-new-label");
  }

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = navItemSchema.safeParse(draft);
    if (!parsed.success) {
      const found = issuesByPath(parsed.error);
      setDraftErrors(found);
      focusLater(found.label ? "nav-new-label" : "nav-new-url");
      return;
    }
    if (rows.length >= NAV_ITEMS_MAX) {
      setDraftErrors({ label: `The menu holds at most ${NAV_ITEMS_MAX} items` });
      return;
    }
    change([...rows, { key: rowKey(), ...parsed.data }]);
    setDraft({ label: "", url: "" });
    setDraftErrors({});
    focusLater("nav-new-label");
  }

  function submit() {
    const items = rows.map(({ label, url }) => ({ label, url }));
    const parsed = navMenuSchema.safeParse({ items });
    if (!parsed.success) {
      const found = issuesByPath(parsed.error);
      setErrors(found);
      const firstRow = Object.keys(found)
        .map((path) => /^items\.(\d+)\.(label|url)$/.exec(path))
        .find(Boolean);
      const row = firstRow ? rows[Number(firstRow[1])] : undefined;
      if (row && firstRow) focusLater(`nav-${firstRow[2]}-${row.key}`);
      return;
    }
    save.fetcher.submit(
      { intent: "saveNav", items: parsed.data.items },
      {
        method: "post",
        encType: "application/json",
      },
    );
  }

  return (
    <div className="space-y-6">
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">
          The menu is empty. Add at least one item below.
        </p>
      ) : (
        <ol aria-label="Menu items" className="space-y-3">
          {rows.map((row, index) => {
            const rowError = rowErrors(errors, index);
            const name = row.label.trim() || `item ${index + 1}`;
            return (
              <li
                key={row.key}
                data-testid="admin-nav-item"
                className="rounded-xl border border-line p-3"
              >
                <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="flex min-w-0 flex-1 items-end gap-3">
                    <span
                      aria-hidden
                      className="mb-1.5 hidden size-7 shrink-0 place-items-center rounded-full bg-surface text-xs font-semibold text-muted sm:grid"
                    >
                      {index + 1}
                    </span>
                    <div className="grid min-w-0 flex-1 gap-3 sm:grid-cols-2">
                      <RowField
                        id={`nav-label-${row.key}`}
                        label="Label"
                        srSuffix={` of item ${index + 1}`}
                        value={row.label}
                        onChange={(value) => update(index, "label", value)}
                        error={rowError.label}
                      />
                      <RowField
                        id={`nav-url-${row.key}`}
                        label="URL"
                        srSuffix={` of item ${index + 1}`}
                        value={row.url}
                        onChange={(value) => update(index, "url", value)}
                        error={rowError.url}
                      />
                    </div>
                  </div>
                  <div className="flex justify-end gap-1">
                    <Button
                      id={`nav-up-${row.key}`}
                      variant="ghost"
                      size="icon"
                      disabled={index === 0}
                      onClick={() => move(index, index - 1, row.key, "up")}
                      aria-label={`Move ${name} up`}
                      title="Move up"
                    >
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      id={`nav-down-${row.key}`}
                      variant="ghost"
                      size="icon"
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, index + 1, row.key, "down")}
                      aria-label={`Move ${name} down`}
                      title="Move down"
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-danger"
                      onClick={() => remove(index)}
                      aria-label={`Remove ${name}`}
                      title="Remove"
                    >
                      <X aria-hidden />
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}

      <form
        noValidate
        onSubmit={add}
        aria-labelledby="nav-add-title"
        className="space-y-4 rounded-xl bg-surface p-4"
      >
        <h3 id="nav-add-title" className="font-semibold text-ink">
          Add a menu item
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="nav-new-label"
            label="New item label"
            required
            value={draft.label}
            onChange={(event) => setDraft((d) => ({ ...d, label: event.target.value }))}
            placeholder="Pricing"
            autoComplete="off"
            error={draftErrors.label}
          />
          <TextField
            id="nav-new-url"
            label="New item URL"
            required
            value={draft.url}
            onChange={(event) => setDraft((d) => ({ ...d, url: event.target.value }))}
            placeholder="/pricing"
            autoComplete="off"
            hint={LINK_RULE}
            error={draftErrors.url}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" variant="outline">
            <Plus aria-hidden />
            Add item
          </Button>
        </div>
      </form>

      {errors.items || errors.form ? <Alert>{errors.items ?? errors.form}</Alert> : null}

      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
        {dirty ? <p className="text-sm text-muted sm:mr-auto">Unsaved changes</p> : null}
        <Button type="button" onClick={submit} disabled={save.busy}>
          {save.busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {save.busy ? "Saving…" : "Save menu"}
        </Button>
      </div>
    </div>
  );
}

/** A field of a list row: short visible label, the item number for screen readers. */
export function RowField({
  id,
  label,
  srSuffix,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  srSuffix: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <div className="min-w-0 space-y-1.5">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        {label}
        <span className="sr-only">{srSuffix}</span>
      </label>
      <Input
        {...fieldAria(id, error)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
