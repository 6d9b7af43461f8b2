import { Trash2 } from "lucide-react";
import type * as React from "react";
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

/**
 * The blog manager's delete confirmation: posts `intent` and `id` to `action`, closes on success,
 * and cannot be dismissed while the delete is under way.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  action,
  intent,
  id,
  confirmLabel,
  onClose,
  onCloseAutoFocus,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  action: string;
  intent: string;
  id: number | undefined;
  confirmLabel: string;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const { fetcher, busy } = useAdminFetcher({ onSuccess: onClose });
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? null : onClose())}>
      <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={action}
          className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={id ?? ""} />
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={busy}>
            {busy ? <Spinner /> : <Trash2 aria-hidden />} {confirmLabel}
          </Button>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
