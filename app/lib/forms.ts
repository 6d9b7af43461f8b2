import { useCallback, useEffect, useState } from "react";
import type { FieldErrors } from "~/schemas/auth";
import type { FormError } from "~/schemas/forms";

/** The fields of a form as the JSON API takes them: text, and checkboxes as booleans. */
export function formValues(form: HTMLFormElement): Record<string, string | boolean> {
  const values: Record<string, string | boolean> = {};
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") values[key] = value;
  }
  for (const input of form.querySelectorAll<HTMLInputElement>("input[type=checkbox][name]")) {
    values[input.name] = input.checked;
  }
  return values;
}

export type PostResult<T> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; body: FormError | null };

/** Posts JSON and never throws: a network failure is status 0. */
export async function postJson<T>(url: string, values: unknown): Promise<PostResult<T>> {
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(values),
    });
    const body = await response.json().catch(() => null);
    return response.ok
      ? { ok: true, status: response.status, body: body as T }
      : { ok: false, status: response.status, body: body as FormError | null };
  } catch {
    return { ok: false, status: 0, body: null };
  }
}

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors).find((name) => errors[name]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

function randomKey() {
  // getRandomValues works on plain http too, unlike crypto.randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/**
 * A key for one filled-in form: sending it twice stores the submission once. Made in the
 * browser after hydration (a server-made value would be shared by every visitor of a cached
 * page); renewed after each success.
 */
export function useSubmissionKey() {
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => setKey(randomKey()), []);
  const renew = useCallback(() => setKey(randomKey()), []);
  return [key, renew] as const;
}

/**
 * The outcome of a form posted before JavaScript loaded, until a later submission through
 * JavaScript succeeds: then `clear()` drops it, and the new `generation` (use it as the form's
 * key) brings the form back empty instead of refilled with the old refused values.
 */
export function useServerFormResult<T>(result: T | undefined) {
  const [cleared, setCleared] = useState<T | undefined>(undefined);
  const [generation, setGeneration] = useState(0);
  const clear = useCallback(() => {
    setCleared(result);
    setGeneration((value) => value + 1);
  }, [result]);
  return { result: result === cleared ? undefined : result, clear, generation };
}
