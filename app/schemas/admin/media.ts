import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

export const ALT_TEXT_MAX = 300;

export const altTextField = z
  .string()
  .trim()
  .max(ALT_TEXT_MAX, `Alt text must be at most ${ALT_TEXT_MAX} characters`)
  // PostgreSQL text cannot store a NUL: refused here rather than failing in the database.
  .refine((v) => !v.includes("\0"), "Alt text contains a character that is not allowed");

const mediaId = recordIdField("Unknown file");

/** The alt text form of a file (also sent, optionally, with an upload). */
export const mediaAltTextSchema = z.object({
  intent: z.literal("update-alt"),
  id: mediaId,
  altText: altTextField,
});

export const mediaDeleteSchema = z.object({
  intent: z.literal("delete"),
  id: mediaId,
});

export const mediaActionSchema = z.discriminatedUnion("intent", [
  mediaAltTextSchema,
  mediaDeleteSchema,
]);

/** The fields that travel with an uploaded file. */
export const mediaUploadFieldsSchema = z.object({
  altText: altTextField.optional().default(""),
});

export const mediaFilterSchema = z.enum(["all", "images", "documents"]).catch("all");

/** The list's query string: ?kind=images&offset=100 */
export const mediaListQuerySchema = z.object({
  kind: mediaFilterSchema,
  offset: z.coerce.number().int().min(0).max(1_000_000).catch(0),
});
