import { ArrowDown, ArrowUp, LoaderCircle, Trash2 } from "lucide-react";
import type * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { ListDraft } from "./use-list-draft";

/** The note in place of a list that has no rows yet. */
export function EmptyListNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">{children}</p>
  );
}

/** A row's "Move up", "Move down" and "Remove", named after the row ("Move Pricing up"). */
export function RowActions<T>({
  list,
  rowKey,
  name,
  size = "icon",
  confirmRemove,
  children,
}: {
  list: ListDraft<T>;
  rowKey: string;
  name: string;
  size?: "icon" | "sm";
  /** Wraps the remove button in a confirmation, which calls `remove` once confirmed. */
  confirmRemove?: (trigger: React.ReactElement, remove: () => void) => React.ReactNode;
  /** More actions between the moves and the remove (the services' Edit). */
  children?: React.ReactNode;
}) {
  const remove = () => list.remove(rowKey);
  const removeButton = (
    <Button
      type="button"
      variant="ghost"
      size={size}
      className="text-danger"
      title="Remove"
      aria-label={`Remove ${name}`}
      onClick={confirmRemove ? undefined : remove}
    >
      <Trash2 aria-hidden />
      {size === "sm" ? (
        <span aria-hidden className="hidden sm:inline">
          Remove
        </span>
      ) : null}
    </Button>
  );
  return (
    <>
      {(["up", "down"] as const).map((direction) => (
        <Button
          key={direction}
          type="button"
          id={list.ids.move(rowKey, direction)}
          variant="ghost"
          size={size}
          title={direction === "up" ? "Move up" : "Move down"}
          disabled={!list.canMove(rowKey, direction)}
          onClick={() => list.move(rowKey, direction)}
          aria-label={`Move ${name} ${direction}`}
        >
          {direction === "up" ? <ArrowUp aria-hidden /> : <ArrowDown aria-hidden />}
        </Button>
      ))}
      {children}
      {confirmRemove ? confirmRemove(removeButton, remove) : removeButton}
    </>
  );
}

/** The bottom of a list saved as a whole: its list-wide message, "Unsaved changes", the save. */
export function ListSaveBar<T>({
  list,
  busy,
  onSave,
  saveLabel,
}: {
  list: ListDraft<T>;
  busy: boolean;
  onSave: () => void;
  saveLabel: string;
}) {
  const message = list.listErrors.items ?? list.listErrors.form;
  return (
    <>
      {message ? <Alert>{message}</Alert> : null}
      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
        {list.dirty ? <p className="text-sm text-muted sm:mr-auto">Unsaved changes</p> : null}
        <Button type="button" onClick={onSave} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {busy ? "Saving…" : saveLabel}
        </Button>
      </div>
    </>
  );
}
