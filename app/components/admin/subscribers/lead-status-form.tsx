import { Check, LoaderCircle } from "lucide-react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/utils";
import {
  type LeadKind,
  type LeadStatus,
  leadStatusLabels,
  leadStatusValues,
} from "~/schemas/admin/subscribers";
import { useHydrated } from "./use-hydrated";

/**
 * A lead's status as a select. With JavaScript a change saves at once (toast on the answer);
 * before it loads, the Save button posts the form.
 */
export function LeadStatusForm({
  kind,
  id,
  name,
  status,
  idPrefix,
  withLabel = false,
  className,
}: {
  kind: LeadKind;
  id: number;
  name: string;
  status: LeadStatus;
  idPrefix: string;
  withLabel?: boolean;
  className?: string;
}) {
  const { fetcher, busy } = useAdminFetcher();
  const hydrated = useHydrated();
  const selectId = `${idPrefix}-status-${kind}-${id}`;
  // While saving, show the status being saved.
  const pending = busy ? (fetcher.formData?.get("status") as LeadStatus | null) : null;

  return (
    <fetcher.Form method="post" className={cn("flex items-center gap-2", className)}>
      <input type="hidden" name="intent" value="set-status" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      {withLabel ? (
        <label htmlFor={selectId} className="text-sm font-medium text-ink">
          Status
        </label>
      ) : null}
      <div className="w-36">
        <Select
          key={`${status}-${pending ?? ""}`}
          id={selectId}
          name="status"
          defaultValue={pending ?? status}
          aria-label={withLabel ? undefined : `Status of the lead from ${name}`}
          disabled={busy}
          className="h-9"
          onChange={(event) => {
            if (hydrated) void fetcher.submit(event.currentTarget.form);
          }}
        >
          {leadStatusValues.map((value) => (
            <option key={value} value={value}>
              {leadStatusLabels[value]}
            </option>
          ))}
        </Select>
      </div>
      {busy ? (
        <LoaderCircle aria-label="Saving" className="size-4 animate-spin text-muted" />
      ) : null}
      {hydrated ? null : (
        <Button type="submit" size="sm" variant="outline">
          <Check aria-hidden />
          Save
        </Button>
      )}
    </fetcher.Form>
  );
}
