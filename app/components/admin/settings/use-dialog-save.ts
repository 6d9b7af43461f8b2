import { useEffect, useRef, useState } from "react";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import type { SettingsIntent } from "~/schemas/admin/settings";
import type { z } from "~/schemas/zod";

/**
 * Saving a dialog: the browser checks with the server's schema first, then posts JSON to the
 * Settings tab's action; the answer's toast shows, and on success the dialog closes. The field
 * messages (the browser's or the server's) come back keyed by path, and the first invalid
 * control gets the focus.
 */
export function useDialogSave(
  intent: SettingsIntent,
  schema: z.ZodType,
  onSaved: () => void,
  /** The version the dialog loaded: a save over a newer one is refused (409), the dialog stays. */
  version: number,
) {
  const { fetcher, busy, fieldErrors } = useAdminFetcher({ onSuccess: onSaved });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = clientErrors ?? fieldErrors;
  const errorKey = Object.entries(errors).join("|");

  // Runs when a new set of messages arrives, not on every render.
  useEffect(() => {
    if (!errorKey) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errorKey]);

  function save(values: Record<string, unknown>) {
    const found = validate(schema, values);
    setClientErrors(found);
    if (found) return;
    fetcher.submit({ intent, version, ...values } as never, {
      method: "post",
      action: "/admin/settings",
      encType: "application/json",
    });
  }

  return { save, busy, errors, formRef };
}
