import { adminChanged } from "~/admin/mutation.server";
import { requireSectionOrApiKey } from "~/auth/api-key.server";
import { revisionsKeptFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { readFormPayload } from "~/forms/payload.server";
import { methodNotAllowed } from "~/lib/http.server";
import { logger } from "~/lib/logger.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { slugify, upsertPostBySlug } from "~/models/post-writes.server";
import { getSettingsMap } from "~/models/site.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import { BLOG_API_MAX_BODY_BYTES, blogPostPayloadSchema } from "~/schemas/blog-api";
import type { Route } from "./+types/api-create-blog-post";

/** What the post API answers when it stored the post. */
export interface CreatedBlogPost {
  id: number;
  slug: string;
  /** Site-relative address of the post page. */
  url: string;
  /** False when a post with this slug existed and was updated. */
  created: boolean;
  /** draft, scheduled (published_at in the future) or published. */
  status: string;
  /** ISO 8601; when it goes (or went) public. */
  published_at: string | null;
}

export const loader = methodNotAllowed;

function refusal(status: number, error: string, fieldErrors?: Record<string, string>) {
  return Response.json(fieldErrors ? { error, fieldErrors } : { error }, { status });
}

/**
 * POST /api/create-blog-post: creates a post from the spec's payload, or updates the post with the
 * same slug (never a duplicate). For signed-in staff (the creator pages) or an API key.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const caller = await requireSectionOrApiKey(request, "blog");
  if (caller.kind === "session") requireSameOriginWrite(request);

  const payload = await readFormPayload(request, {
    maxBytes: BLOG_API_MAX_BODY_BYTES,
    jsonOnly: true,
  });
  if (!payload.ok) return refusal(payload.status, payload.body.error);

  const parsed = blogPostPayloadSchema.safeParse(payload.values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return refusal(400, Object.values(fieldErrors)[0] ?? "The post is not valid", fieldErrors);
  }
  const input = parsed.data;
  const slug = input.slug || slugify(input.title);
  if (!slug) {
    const message = "The title gives no slug (it has no letters or digits): send a slug";
    return refusal(400, message, { slug: message });
  }

  // Published with a time still to come: scheduled, and the scheduler publishes it then.
  const status = !input.published
    ? "draft"
    : input.published_at && input.published_at.getTime() > Date.now()
      ? "scheduled"
      : "published";
  const via = caller.kind === "api-key" ? `api key ${caller.key.name}` : "session";
  try {
    const row = await upsertPostBySlug(
      getDb(),
      {
        title: input.title,
        content: input.content,
        excerpt: input.excerpt,
        slug,
        status,
        publishedAt: input.published ? input.published_at : null,
        featuredImageUrl: input.featured_image,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
      },
      caller.admin.id,
      {
        saver: {
          id: caller.admin.id,
          name: caller.kind === "api-key" ? `API key ${caller.key.name}` : caller.admin.email,
          source: caller.kind === "api-key" ? "api" : "creator",
        },
        keepRevisions: revisionsKeptFrom(await getSettingsMap()),
      },
    );
    await adminChanged(caller.admin, {
      action: row.created ? "created" : "updated",
      entity: "post",
      entityId: row.id,
      details: {
        title: input.title,
        slug: row.slug,
        status,
        ...(status === "scheduled" ? { publishAt: input.published_at?.toISOString() } : {}),
        via,
      },
    });
    const body: CreatedBlogPost = {
      id: row.id,
      slug: row.slug,
      url: `/blog/${encodeURIComponent(row.slug)}`,
      created: row.created,
      status: row.status,
      published_at: row.publishedAt?.toISOString() ?? null,
    };
    return Response.json(body, { status: row.created ? 201 : 200 });
  } catch (error) {
    logger.error({ err: error, slug }, "could not store a post from the post API");
    return refusal(500, "The post could not be stored. Please try again.");
  }
}
