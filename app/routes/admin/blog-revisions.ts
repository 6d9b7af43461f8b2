import { data } from "react-router";
import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { listRevisions, revisionWithDiff } from "~/models/post-revisions.server";
import { MAX_RECORD_ID } from "~/schemas/record-id";
import type { Route } from "./+types/blog-revisions";

function idParam(value: string | null) {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= MAX_RECORD_ID ? n : null;
}

/**
 * GET /admin/blog/revisions?post=N: the post's revisions, newest first, for the History panel.
 * GET /admin/blog/revisions?post=N&revision=R: that revision with its diff against the post now.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "blog");
  const params = new URL(request.url).searchParams;
  const postId = idParam(params.get("post"));
  if (postId === null)
    return data({ ok: false as const, error: "Choose a post." }, { status: 400 });
  const revisionId = params.has("revision") ? idParam(params.get("revision")) : null;
  try {
    if (revisionId !== null) {
      const detail = await revisionWithDiff(getDb(), postId, revisionId);
      if (!detail) {
        return data(
          { ok: false as const, error: "That revision is no longer kept." },
          { status: 404 },
        );
      }
      return data({ ok: true as const, detail });
    }
    return data({ ok: true as const, revisions: await listRevisions(getDb(), postId) });
  } catch (error) {
    logger.error({ err: error, postId }, "Could not load a post's revisions");
    return data(
      { ok: false as const, error: "The history could not be loaded. Please try again." },
      { status: 500 },
    );
  }
}
