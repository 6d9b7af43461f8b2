import { History } from "lucide-react";
import { ConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/**
 * "Restore this version" on an audit log entry that kept its editor's values from before the
 * change: asks first, then writes them back (the audit log gets a "restored" entry, itself
 * restorable, and the list reloads).
 */
export function RestoreVersionButton({ entryId, editor }: { entryId: number; editor: string }) {
  const { fetcher, busy } = useAdminFetcher({ key: `restore-${entryId}` });
  return (
    <ConfirmDialog
      title="Restore this version?"
      description={
        <>
          {capitalized(editor)} goes back to what it was before this change, on the public site too.
          What it holds now is kept in the audit log, so you can restore it again.
        </>
      }
      confirmLabel="Restore"
      onConfirm={() => fetcher.submit({ intent: "restore", id: entryId }, { method: "post" })}
    >
      <Button type="button" variant="outline" size="sm" disabled={busy}>
        {busy ? <Spinner className="size-4" label="Restoring" /> : <History aria-hidden />}
        Restore this version
      </Button>
    </ConfirmDialog>
  );
}

function capitalized(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
