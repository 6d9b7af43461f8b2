import { KeyRound } from "lucide-react";
import { useState } from "react";
import { PostConfirmDialog, useShownWhileClosing } from "~/components/admin/kit/confirm-dialog";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ACTIONS_COLUMN, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import type { ApiKeySummary } from "~/models/api-keys.server";

/** Every key: a table on wide screens, one stacked row per key on a phone. */
export function ApiKeyList({ keys }: { keys: ApiKeySummary[] }) {
  // One confirmation dialog and one fetcher for the list: the row of a revoked key loses its
  // button, and the answer's toast must still show.
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  if (keys.length === 0) {
    return (
      <div className="mt-6 rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
        <KeyRound aria-hidden className="mx-auto size-8 text-muted" />
        <p className="mt-3 font-semibold text-ink">No API keys yet</p>
        <p className="mt-1 text-sm text-muted">
          Create one above when a script or an automation needs to use the site's API.
        </p>
      </div>
    );
  }
  return (
    <div className="mt-6 overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <TableHead
          caption="API keys"
          columns={["Name", "Key", "Created", "Last used", "Status", ACTIONS_COLUMN]}
        />
        <tbody className="divide-y divide-line">
          {keys.map((key) => (
            <ApiKeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
          ))}
        </tbody>
      </table>
      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function ApiKeyRow({ apiKey, onRevoke }: { apiKey: ApiKeySummary; onRevoke: () => void }) {
  const revoked = Boolean(apiKey.revokedAt);
  return (
    <tr className={cn("block py-3 md:table-row md:py-0", revoked && "bg-surface/60 text-muted")}>
      <LabelledCell align="middle" label="Name" className="font-semibold text-ink">
        {apiKey.name}
        {apiKey.createdByEmail ? (
          <span className="block text-xs font-normal text-muted">by {apiKey.createdByEmail}</span>
        ) : null}
      </LabelledCell>
      <LabelledCell align="middle" label="Key">
        <code className="rounded bg-surface px-1.5 py-0.5 font-mono text-xs">{apiKey.prefix}…</code>
      </LabelledCell>
      <LabelledCell align="middle" label="Created">
        <LocalTime iso={apiKey.createdAt} />
      </LabelledCell>
      <LabelledCell align="middle" label="Last used">
        {apiKey.lastUsedAt ? <LocalTime iso={apiKey.lastUsedAt} /> : "Never"}
      </LabelledCell>
      <LabelledCell align="middle" label="Status">
        {revoked ? (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-danger">
            Revoked
          </span>
        ) : (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">
            Active
          </span>
        )}
      </LabelledCell>
      <td className="block px-4 pt-2 md:table-cell md:py-3 md:text-right">
        {revoked && apiKey.revokedAt ? (
          <span className="text-xs text-muted">
            Revoked <LocalTime iso={apiKey.revokedAt} />
          </span>
        ) : (
          <Button
            id={`revoke-api-key-${apiKey.id}`}
            variant="outline"
            size="sm"
            aria-haspopup="dialog"
            onClick={onRevoke}
          >
            Revoke<span className="sr-only"> {apiKey.name}</span>
          </Button>
        )}
      </td>
    </tr>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKeySummary | null; onClose: () => void }) {
  const admin = useAdminFetcher({ key: "api-key-revoke", onSuccess: onClose });
  const shown = useShownWhileClosing(apiKey);
  return (
    <PostConfirmDialog
      open={apiKey !== null}
      onClose={onClose}
      title="Revoke API key?"
      description={
        <>
          Anything using “{shown?.name}” ({shown?.prefix}…) will be refused from now on. This cannot
          be undone.
        </>
      }
      confirmLabel="Revoke key"
      busyLabel="Revoking…"
      action="/admin/api-keys"
      fields={{ intent: "revoke", id: shown?.id }}
      admin={admin}
      onCloseAutoFocus={(event) => {
        // Back to the row's button; once the key is revoked that button is gone, so to the form.
        event.preventDefault();
        const target =
          (shown && document.getElementById(`revoke-api-key-${shown.id}`)) ??
          document.getElementById("api-key-name");
        target?.focus();
      }}
    />
  );
}
