import { ArrowRight } from "lucide-react";
import { useId, useState } from "react";
import { TextField } from "~/components/admin/kit/fields";
import { useFieldValues } from "~/components/admin/kit/use-field-values";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import {
  REDIRECT_FROM_MAX,
  REDIRECT_TARGET_MAX,
  redirectCreateSchema,
} from "~/schemas/admin/redirects";

export interface RedirectDraft {
  id?: number;
  fromPath: string;
  target: string;
}

/**
 * Adds a redirect, or changes one (`draft.id`). Checked with the server's schema before it is
 * sent; the server's refusals (a loop, a path that already redirects) show on their field too.
 * `fixedFrom` keeps the old address as given (the link audit's broken link).
 */
export function RedirectForm({
  draft,
  fixedFrom,
  submitLabel,
  onDone,
  onCancel,
}: {
  draft?: RedirectDraft;
  fixedFrom?: boolean;
  submitLabel: string;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const id = useId();
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const { fetcher, busy, fieldErrors } = useAdminFetcher({
    onSuccess: () => {
      if (!draft) setValues({ fromPath: "", target: "" });
      onDone?.();
    },
  });
  const errors = { ...fieldErrors, ...clientErrors };
  const { values, setValues, bind } = useFieldValues(
    id,
    { fromPath: draft?.fromPath ?? "", target: draft?.target ?? "" },
    errors,
    (key) => setClientErrors(({ [key]: _, ...rest }) => rest),
  );
  const { fromPath, target } = values;
  const f = (name: string) => `${id}-${name}`;
  /** An address field: typed exactly, never completed by the browser. */
  const address = (key: "fromPath" | "target") => ({
    ...bind(key),
    name: key,
    autoComplete: "off",
    spellCheck: false,
  });
  return (
    <fetcher.Form
      method="post"
      action="/admin/redirects"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        const parsed = redirectCreateSchema.safeParse({ fromPath, target });
        if (parsed.success) {
          setClientErrors({});
          return;
        }
        event.preventDefault();
        const found = fieldErrorsOf(parsed.error);
        setClientErrors(found);
        const first = found.fromPath && !fixedFrom ? "fromPath" : "target";
        document.getElementById(f(first))?.focus();
      }}
    >
      <input type="hidden" name="intent" value={draft?.id ? "update" : "create"} />
      {draft?.id ? <input type="hidden" name="id" value={draft.id} /> : null}
      <TextField
        {...address("fromPath")}
        label="Old address"
        required
        hint="A path on this site, exactly as visitors ask for it: /old-page."
        readOnly={fixedFrom}
        placeholder="/old-page"
        maxLength={REDIRECT_FROM_MAX}
      />
      <TextField
        {...address("target")}
        label="New address"
        required
        hint="A path on this site (/new-page) or an address on another site starting with https://."
        placeholder="/new-page"
        maxLength={REDIRECT_TARGET_MAX}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <ArrowRight aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
