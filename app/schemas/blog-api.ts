import { isHttpUrl, isSitePath } from "~/schemas/admin/links";
import { optionalText, requiredText } from "~/schemas/text";
import { z } from "~/schemas/zod";

/** Limits of the post API. An article is long; 200,000 characters is a short book. */
export const BLOG_API_LIMITS = {
  title: 200,
  content: 200_000,
  excerpt: 1_000,
  slug: 200,
  featuredImage: 2_000,
  metaTitle: 200,
  metaDescription: 500,
} as const;

/** Largest request body the post API reads (the article and its fields as JSON). */
export const BLOG_API_MAX_BODY_BYTES = 512 * 1024;

/** Letters and digits of any script, single hyphens between them: what slugify makes. */
const SLUG = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/**
 * The spec's "Blog creation payload" (the creator pages and automation send it to
 * POST /api/create-blog-post). Title and content are required; a missing slug is derived from the
 * title; `published` picks the status (published or draft); meta fields default as in the blog
 * manager (title, excerpt). `published_at` (ISO 8601 with a zone) with `published: true` sets the
 * publish time: a future one schedules the post, a past one backdates it.
 */
export const blogPostPayloadSchema = z.object({
  title: requiredText(BLOG_API_LIMITS.title, "Title", "Title is required"),
  content: requiredText(BLOG_API_LIMITS.content, "Content", "Content is required"),
  excerpt: optionalText(BLOG_API_LIMITS.excerpt, "Excerpt"),
  slug: optionalText(BLOG_API_LIMITS.slug, "Slug").refine(
    (value) => value === "" || SLUG.test(value),
    "Slug may hold only lower-case letters, digits and single hyphens",
  ),
  featured_image: optionalText(BLOG_API_LIMITS.featuredImage, "Featured image").refine(
    (value) => value === "" || isHttpUrl(value) || isSitePath(value),
    "Featured image must be an http(s) address or a path on this site",
  ),
  published: z.boolean({ message: "Published must be true or false" }).optional().default(false),
  published_at: z
    .string({ message: "published_at must be a date and time" })
    .optional()
    .refine(
      (value) =>
        value === undefined ||
        (z.iso.datetime({ offset: true }).safeParse(value).success &&
          !Number.isNaN(Date.parse(value))),
      "published_at must be an ISO 8601 date and time with a zone, such as 2026-12-01T09:00:00Z",
    )
    .transform((value) => (value === undefined ? null : new Date(value))),
  meta_title: optionalText(BLOG_API_LIMITS.metaTitle, "Meta title"),
  meta_description: optionalText(BLOG_API_LIMITS.metaDescription, "Meta description"),
});

export type BlogPostPayload = z.input<typeof blogPostPayloadSchema>;
export type ParsedBlogPostPayload = z.output<typeof blogPostPayloadSchema>;
