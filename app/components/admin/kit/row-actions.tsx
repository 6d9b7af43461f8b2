import { Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/**
 * A row's Delete button. It first calls `remember`, so the dialog it opens can hand focus back to
 * it; the row's name completes the button's name for screen readers.
 */
export function RowDeleteButton({
  name,
  remember,
  onDelete,
}: {
  name: string;
  remember: () => void;
  onDelete: () => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="text-danger"
      onClick={() => {
        remember();
        onDelete();
      }}
    >
      <Trash2 aria-hidden /> Delete<span className="sr-only"> {name}</span>
    </Button>
  );
}

/** A row's Edit, as a link to the row's own editor page, named after the row for screen readers. */
export function RowEditLink({ to, name }: { to: string; name: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>
        <Pencil aria-hidden /> Edit<span className="sr-only"> {name}</span>
      </Link>
    </Button>
  );
}

/**
 * A row's Edit (or Rename) and Delete buttons. Each first calls `remember`, so the dialog it opens
 * can hand focus back to it; the row's name completes the buttons' names for screen readers.
 */
export function RowEditDeleteButtons({
  name,
  editLabel,
  remember,
  onEdit,
  onDelete,
}: {
  name: string;
  editLabel: "Edit" | "Rename";
  remember: () => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          remember();
          onEdit();
        }}
      >
        <Pencil aria-hidden /> {editLabel}
        <span className="sr-only"> {name}</span>
      </Button>
      <RowDeleteButton name={name} remember={remember} onDelete={onDelete} />
    </>
  );
}
