import {
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  POST_CONTENT_MAX,
  POST_EXCERPT_MAX,
  POST_TITLE_MAX,
  SLUG_MAX,
} from "~/schemas/admin/blog";
import { z } from "~/schemas/zod";

/**
 * The post editor's writing assist: which field a suggestion is asked for and the post as the
 * editor holds it (unsaved typing included). Shared by the browser and POST /admin/blog/assist.
 */

export const assistFields = ["excerpt", "metaTitle", "metaDescription", "slug"] as const;
export type AssistField = (typeof assistFields)[number];

/** A suggestion never exceeds what the editor's own field accepts. */
export const assistFieldMax: Record<AssistField, number> = {
  excerpt: POST_EXCERPT_MAX,
  metaTitle: META_TITLE_MAX,
  metaDescription: META_DESCRIPTION_MAX,
  slug: SLUG_MAX,
};

export const assistFieldLabels: Record<AssistField, string> = {
  excerpt: "excerpt",
  metaTitle: "meta title",
  metaDescription: "meta description",
  slug: "slug",
};

export const NEEDS_TEXT = "Add a title or some content first, so there is something to go on.";

export const assistRequestSchema = z
  .object({
    field: z.enum(assistFields, "Choose a field to suggest for."),
    title: z.string().max(POST_TITLE_MAX, "The title is too long.").default(""),
    excerpt: z.string().max(POST_EXCERPT_MAX, "The excerpt is too long.").default(""),
    content: z.string().max(POST_CONTENT_MAX, "The content is too long.").default(""),
  })
  .refine((v) => v.title.trim() !== "" || v.content.trim() !== "", {
    message: NEEDS_TEXT,
    path: ["title"],
  });
export type AssistRequest = z.infer<typeof assistRequestSchema>;
