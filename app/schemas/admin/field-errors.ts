import type { z } from "~/schemas/zod";

/**
 * The first message per field of a zod error, keyed by the field's path ("items.2.url"; "form"
 * for the whole input). The server's refusals and the browser's forms use it alike.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
