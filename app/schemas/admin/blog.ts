import { isZonedInputValue } from "~/lib/zoned-time";
import { MAX_RECORD_ID, recordIdField, recordVersionField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** The Blog tab's forms, shared by the browser and the server. */

export const POST_STATUSES = ["draft", "scheduled", "published", "archived"] as const;
export type BlogPostStatus = (typeof POST_STATUSES)[number];
export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MAX = 60_000;
export const SLUG_MAX = 200;
export const POST_EXCERPT_MAX = 500;
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 500;
export const DUPLICATE_SLUG = "A post with this slug already exists";
export const DUPLICATE_CATEGORY_SLUG = "A category with this slug already exists";

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .optional()
    .transform((v) => (v ? v : null));

/** Empty is allowed (derived from the title); otherwise lower-case letters, digits and hyphens. */
const slugField = z
  .string()
  .trim()
  .max(SLUG_MAX, `The slug is too long (at most ${SLUG_MAX} characters).`)
  .refine(
    (v) => v === "" || /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u.test(v),
    "Use lower-case letters, digits and single hyphens only.",
  )
  .optional()
  .transform((v) => (v ? v : null));

/** The category select: "" or "none" means no category, anything else a category id. */
export const categorySelect = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === "" || v === "none") return null;
    const n = typeof v === "number" ? v : Number(v);
    if (!Number.isInteger(n) || n <= 0 || n > MAX_RECORD_ID) {
      ctx.addIssue({ code: "custom", message: "Choose a category." });
      return z.NEVER;
    }
    return n;
  });

export const SCHEDULE_IN_PAST = "Choose a time in the future, or publish now.";
export const SCHEDULE_MISSING = "Choose the date and time to publish.";

/** The version a form started from; optional for callers that do not check (old clients). */
const versionField = recordVersionField("Reload the post and try again.");

const postFields = z.object({
  title: z
    .string("Enter a title.")
    .trim()
    .min(1, "Enter a title.")
    .max(POST_TITLE_MAX, `The title is too long (at most ${POST_TITLE_MAX} characters).`),
  slug: slugField,
  excerpt: optionalText(POST_EXCERPT_MAX, "The excerpt"),
  content: z
    .string("Write some content.")
    .max(POST_CONTENT_MAX, `The content is too long (at most ${POST_CONTENT_MAX} characters).`)
    .refine((v) => v.trim().length > 0, "Write some content."),
  status: z.enum(POST_STATUSES, "Choose a status.").default("draft"),
  categoryId: categorySelect,
  featuredImageUrl: z
    .string()
    .trim()
    .max(2000, "The image URL is too long.")
    .refine(
      (v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v),
      "Use a site path (/media/…) or an http(s) URL.",
    )
    .optional()
    .transform((v) => (v ? v : null)),
  metaTitle: optionalText(META_TITLE_MAX, "The meta title"),
  metaDescription: optionalText(META_DESCRIPTION_MAX, "The meta description"),
  /** For "Scheduled": the date and time in the site's time zone ("YYYY-MM-DDTHH:mm"). */
  publishAt: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isZonedInputValue(v), "Enter a date and time."),
  version: versionField,
});

const scheduleNeedsTime = (value: { status: string; publishAt: string | null }) =>
  value.status !== "scheduled" || value.publishAt !== null;
const scheduleIssue = { message: SCHEDULE_MISSING, path: ["publishAt"] };

export const postFormSchema = postFields.refine(scheduleNeedsTime, scheduleIssue);
export type PostForm = z.infer<typeof postFormSchema>;

const idField = recordIdField("Choose an item.");

export const postIdSchema = z.object({ id: idField });
export const postUpdateSchema = postFields
  .extend({ id: idField })
  .refine(scheduleNeedsTime, scheduleIssue);

/** History panel: bring a revision's text back (the post's version as the editor has it). */
export const restoreRevisionSchema = z.object({
  id: idField,
  revisionId: recordIdField("Choose a revision."),
  version: versionField,
});

/**
 * Preview in a new tab (/preview/<token>): what the post page shows of the post, with the save's
 * own rules and limits.
 */
export const postPreviewSchema = postFields.pick({
  title: true,
  content: true,
  excerpt: true,
  featuredImageUrl: true,
  categoryId: true,
});

export const previewSchema = z.object({
  content: z.string().max(POST_CONTENT_MAX, "The content is too long.").default(""),
});

export const categoryFormSchema = z.object({
  name: z
    .string("Enter a name.")
    .trim()
    .min(1, "Enter a name.")
    .max(100, "The name is too long (at most 100 characters)."),
  slug: slugField,
  description: optionalText(500, "The description"),
});
export const categoryUpdateSchema = categoryFormSchema.extend({ id: idField });
export const categoryIdSchema = z.object({ id: idField });

export const blogIntents = [
  "create-post",
  "update-post",
  "delete-post",
  "restore-revision",
  "preview",
  "open-preview",
  "seed-sample",
  "create-category",
  "update-category",
  "delete-category",
] as const;
export const blogIntentSchema = z.enum(blogIntents, "Unknown action.");

export const blogViews = ["posts", "new", "categories"] as const;
export type BlogView = (typeof blogViews)[number];

/** Create Post is only enabled with a title and content (both trimmed). */
export function canCreatePost(title: string, content: string) {
  return title.trim().length > 0 && content.trim().length > 0;
}

/** The slug the server will derive from a title (one rule for both). */
export { slugify as slugPreview } from "~/lib/slug";
