import { Pencil, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";

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
    </>
  );
}
