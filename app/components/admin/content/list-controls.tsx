import { ArrowDown, ArrowUp, LoaderCircle, Plus } from "lucide-react";
import type * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { moveButtonId } from "./list-editing";

/** The note in place of a list that has no rows yet. */
export function EmptyListNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-line p-4 text-sm text-muted">{children}</p>
  );
}

/** A row's "Move up" and "Move down" buttons (ids from moveButtonId, for keeping the focus). */
export function MoveButtons({
  idPrefix,
  rowKey,
  name,
  index,
  count,
  size,
  onMove,
}: {
  idPrefix: string;
  rowKey: string;
  /** The row's name in the buttons' labels ("Move Pricing up"). */
  name: string;
  index: number;
  count: number;
  size: "icon" | "sm";
  onMove: (to: number, direction: "up" | "down") => void;
}) {
  return (
    <>
      <Button
        id={moveButtonId(idPrefix, "up", rowKey)}
        variant="ghost"
        size={size}
        title="Move up"
        disabled={index === 0}
        onClick={() => onMove(index - 1, "up")}
        aria-label={`Move ${name} up`}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        id={moveButtonId(idPrefix, "down", rowKey)}
        variant="ghost"
        size={size}
        title="Move down"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, "down")}
        aria-label={`Move ${name} down`}
      >
        <ArrowDown aria-hidden />
      </Button>
    </>
  );
}

/** The form under a list that adds a row: its title, the new row's fields and the add button. */
export function AddRowForm({
  idPrefix,
  title,
  addLabel,
  onSubmit,
  children,
}: {
  /** The title's id is `${idPrefix}-add-title`. */
  idPrefix: string;
  title: string;
  addLabel: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  children: React.ReactNode;
}) {
  const titleId = `${idPrefix}-add-title`;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={titleId}
      className="space-y-4 rounded-xl bg-surface p-4"
    >
      <h3 id={titleId} className="font-semibold text-ink">
        {title}
      </h3>
      {children}
      <div className="flex justify-end">
        <Button type="submit" variant="outline">
          <Plus aria-hidden />
          {addLabel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The bottom of a list saved as a whole: the answer's list-wide error, "Unsaved changes" and the
 * save button.
 */
export function ListSaveBar({
  errors,
  dirty,
  busy,
  onSave,
  saveLabel,
}: {
  errors: Record<string, string>;
  dirty: boolean;
  busy: boolean;
  onSave: () => void;
  saveLabel: string;
}) {
  return (
    <>
      {errors.items || errors.form ? <Alert>{errors.items ?? errors.form}</Alert> : null}

      <div className="flex flex-col-reverse items-stretch gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-end">
        {dirty ? <p className="text-sm text-muted sm:mr-auto">Unsaved changes</p> : null}
        <Button type="button" onClick={onSave} disabled={busy}>
          {busy ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {busy ? "Saving…" : saveLabel}
        </Button>
      </div>
    </>
  );
}
