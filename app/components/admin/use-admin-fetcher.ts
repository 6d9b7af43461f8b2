import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/toaster";
import type { Toast } from "~/lib/toast";

interface ToastingResult {
  ok: boolean;
  toast?: Toast;
  fieldErrors?: Record<string, string>;
}

type FetcherData<T> = NonNullable<ReturnType<typeof useFetcher<T>>["data"]>;

function refusedFieldErrors(data: ToastingResult | undefined): Record<string, string> {
  return data && !data.ok ? (data.fieldErrors ?? {}) : {};
}

/**
 * A fetcher for admin actions that shows the toast of every answer once (success or error), so a
 * tab only has to render its form. `fieldErrors` of the last answer are at hand for the fields.
 */
export function useAdminFetcher<T = ToastingResult>(
  options: {
    key?: string;
    onSuccess?: (data: FetcherData<T>) => void;
    /** Called with the field errors of a refused answer (empty when it named no field). */
    onFailure?: (fieldErrors: Record<string, string>) => void;
    /** A sentence the editor adds to the toast of a success (what the server cannot know). */
    toastNote?: (data: FetcherData<T>) => string | undefined;
  } = {},
) {
  const fetcher = useFetcher<T>({ key: options.key });
  const shown = useRef<unknown>(null);
  const onSuccess = useRef(options.onSuccess);
  onSuccess.current = options.onSuccess;
  const onFailure = useRef(options.onFailure);
  onFailure.current = options.onFailure;
  const toastNote = useRef(options.toastNote);
  toastNote.current = options.toastNote;
  useEffect(() => {
    const data = fetcher.data as (FetcherData<T> & ToastingResult) | undefined;
    if (fetcher.state !== "idle" || !data || shown.current === data) return;
    shown.current = data;
    // An answer asking to confirm it's you opens its dialog instead (confirm-identity.tsx).
    if (data.toast && !(data as { confirm?: unknown }).confirm) {
      const note = data.ok ? toastNote.current?.(data) : undefined;
      const description = [data.toast.description, note].filter(Boolean).join(" ");
      void showToast(note ? { ...data.toast, description } : data.toast);
    }
    if (data.ok) onSuccess.current?.(data);
    else onFailure.current?.(refusedFieldErrors(data));
  }, [fetcher.state, fetcher.data]);
  return {
    fetcher,
    busy: fetcher.state !== "idle",
    fieldErrors: refusedFieldErrors(fetcher.data as ToastingResult | undefined),
  };
}
