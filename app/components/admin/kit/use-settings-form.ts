import { useEffect, useRef, useState } from "react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import type { z } from "~/schemas/zod";
import { validate } from "./validate";

/** What a settings form's action answered to a plain form post (before JavaScript loaded). */
export interface PostedAnswer {
  ok: boolean;
  toast?: { title: string; description?: string };
  fieldErrors?: Record<string, string>;
}

/**
 * A settings form that saves through a fetcher: checked in the browser with the server's schema
 * before it is sent (the first wrong field takes the focus), the field errors of the browser's
 * check, the server's answer or a plain post's, and the fields reset to the stored values when
 * those change (this form saved, or a dialog saved a shared key).
 */
export function useSettingsForm({
  key,
  schema,
  values,
  posted,
}: {
  key: string;
  schema: z.ZodType;
  values: unknown;
  posted?: PostedAnswer | null;
}) {
  const { fetcher, busy, fieldErrors } = useAdminFetcher({ key });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? (fetcher.data ? fieldErrors : (posted?.fieldErrors ?? {}));
  const formRef = useRef<HTMLFormElement>(null);
  const valuesKey = JSON.stringify(values);
  const shownKey = useRef(valuesKey);
  useEffect(() => {
    if (shownKey.current === valuesKey) return;
    shownKey.current = valuesKey;
    formRef.current?.reset();
  }, [valuesKey]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = validate(schema, Object.fromEntries(new FormData(form)));
    setClientErrors(found);
    if (found) {
      event.preventDefault();
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  return { fetcher, busy, errors, formRef, onSubmit };
}
