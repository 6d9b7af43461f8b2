import {
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  POST_CONTENT_MAX,
  POST_EXCERPT_MAX,
  POST_TITLE_MAX,
  SLUG_MAX,
} from "~/schemas/admin/blog";
import { ALT_TEXT_MAX } from "~/schemas/admin/media";
import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/**
 * The writing assist: which field a suggestion is asked for and what it goes on. For the post
 * editor's fields, the post as the editor holds it (unsaved typing included); for an image's alt
 * text in the media library, the file's id (the server reads the image itself). Shared by the
 * browser and POST /admin/blog/assist.
 */

/** The post editor's fields. */
export const assistFields = ["excerpt", "metaTitle", "metaDescription", "slug"] as const;
export type AssistField = (typeof assistFields)[number];
/** Every field a suggestion can be asked for: the post's, and a media file's alt text. */
export type SuggestionField = AssistField | "altText";

/** A suggestion never exceeds what the field it is for accepts. */
export const assistFieldMax: Record<SuggestionField, number> = {
  excerpt: POST_EXCERPT_MAX,
  metaTitle: META_TITLE_MAX,
  metaDescription: META_DESCRIPTION_MAX,
  slug: SLUG_MAX,
  altText: ALT_TEXT_MAX,
};

export const assistFieldLabels: Record<SuggestionField, string> = {
  excerpt: "excerpt",
  metaTitle: "meta title",
  metaDescription: "meta description",
  slug: "slug",
  altText: "alt text",
};

export const NEEDS_TEXT = "Add a title or some content first, so there is something to go on.";

const CHOOSE_FIELD = "Choose a field to suggest for.";

/** A suggestion for one of the post editor's fields. */
export const postAssistSchema = z
  .object({
    field: z.enum(assistFields, CHOOSE_FIELD),
    title: z.string().max(POST_TITLE_MAX, "The title is too long.").default(""),
    excerpt: z.string().max(POST_EXCERPT_MAX, "The excerpt is too long.").default(""),
    content: z.string().max(POST_CONTENT_MAX, "The content is too long.").default(""),
  })
  .refine((v) => v.title.trim() !== "" || v.content.trim() !== "", {
    message: NEEDS_TEXT,
    path: ["title"],
  });
export type AssistRequest = z.infer<typeof postAssistSchema>;

/** A suggestion for the alt text of an image in the media library. */
export const altTextAssistSchema = z.object({
  field: z.literal("altText", CHOOSE_FIELD),
  mediaId: recordIdField("Choose an image of the media library."),
});
export type AltTextAssistRequest = z.infer<typeof altTextAssistSchema>;

export const assistRequestSchema = z.discriminatedUnion(
  "field",
  [postAssistSchema, altTextAssistSchema],
  CHOOSE_FIELD,
);
export type SuggestionRequest = z.infer<typeof assistRequestSchema>;
