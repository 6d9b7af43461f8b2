import { fieldErrors } from "~/schemas/auth";
import { contactSchema } from "~/schemas/forms";

/** The contact form's fields checked as the server will: their messages, none when all is well. */
export function contactErrors(entered: Record<string, string | boolean>) {
  const parsed = contactSchema.safeParse(entered);
  return parsed.success ? {} : fieldErrors(parsed.error);
}
