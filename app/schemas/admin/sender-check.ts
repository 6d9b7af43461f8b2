import { z } from "~/schemas/zod";

/** GET /admin/newsletter/sender-check's query: `fresh=1` looks up again instead of the cache. */
export const senderCheckQuerySchema = z.object({ fresh: z.enum(["1"]).optional() }).strict();

export const SENDER_CHECK_URL = "/admin/newsletter/sender-check";

/** A DKIM selector: DNS labels (letters, digits, hyphens), the part before `._domainkey`. */
export const DKIM_SELECTOR_PATTERN =
  /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The sender check's selector form (SMTP): empty means the default selector. */
export const dkimSelectorSchema = z.object({
  intent: z.literal("save-selector"),
  selector: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, "Keep the selector under 200 characters.")
    .refine((value) => value === "" || DKIM_SELECTOR_PATTERN.test(value), {
      message: "Enter the selector as your provider gives it: letters, digits, hyphens and dots.",
    }),
});
