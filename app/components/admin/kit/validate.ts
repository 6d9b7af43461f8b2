import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { z } from "~/schemas/zod";

/** The browser-side check with the server's schema: the field messages, or null when valid. */
export function validate(schema: z.ZodType, values: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}
