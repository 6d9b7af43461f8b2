import { data } from "react-router";
import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { listPageRevisions, pageRevisionWithDiff } from "~/pages/page-revisions.server";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/page-revisions";

/**
 * GET /admin/pages/:id/revisions: the page's revisions, newest first, for the History panel.
 * GET /admin/pages/:id/revisions?revision=R: that revision with its diff against the page now.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSectionApi(request, "pages");
  const pageId = recordIdParam(params.id);
  if (pageId === null)
    return data({ ok: false as const, error: "Choose a page." }, { status: 400 });
  const search = new URL(request.url).searchParams;
  const revisionId = search.has("revision") ? recordIdParam(search.get("revision")) : null;
  try {
    if (revisionId !== null) {
      const detail = await pageRevisionWithDiff(getDb(), pageId, revisionId);
      if (!detail) {
        return data(
          { ok: false as const, error: "That revision is no longer kept." },
          { status: 404 },
        );
      }
      return data({ ok: true as const, detail });
    }
    return data({ ok: true as const, revisions: await listPageRevisions(getDb(), pageId) });
  } catch (error) {
    logger.error({ err: error, pageId }, "Could not load a page's revisions");
    return data(
      { ok: false as const, error: "The history could not be loaded. Please try again." },
      { status: 500 },
    );
  }
}
