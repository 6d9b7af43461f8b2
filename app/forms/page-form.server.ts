import { data } from "react-router";
import type { FieldErrors } from "~/schemas/auth";
import type { FormError } from "~/schemas/forms";
import { readFormPayload } from "./payload.server";
import type { SubmissionResult } from "./submissions.server";

/** What a page shows after a form was posted to it without JavaScript. */
export interface PageFormState {
  ok: boolean;
  error?: string;
  code?: FormError["code"];
  fieldErrors?: FieldErrors;
  /** What the visitor typed, to fill the form in again after a refusal. */
  values: Record<string, string>;
  /** The endpoint's answer on success (for example a booking link). */
  result?: Record<string, unknown>;
}

/** Fields never sent back into the page. */
const NOT_ECHOED = new Set(["botCheck", "submissionKey"]);

/**
 * The page action behind a visitor form: the same submission as the JSON API, answered with
 * what the page needs to show the outcome and keep the values.
 */
export async function pageFormAction(
  request: Request,
  submit: (request: Request, values: unknown) => Promise<SubmissionResult>,
) {
  const payload = await readFormPayload(request);
  if (!payload.ok) {
    return data<PageFormState>(
      { ok: false, ...payload.body, values: {} },
      { status: payload.status },
    );
  }
  const result = await submit(request, payload.values);
  if (result.ok) return data<PageFormState>({ ok: true, values: {}, result: result.body });
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload.values)) {
    if (typeof value === "string" && !NOT_ECHOED.has(key)) values[key] = value;
  }
  return data<PageFormState>({ ok: false, ...result.body, values }, { status: result.status });
}
