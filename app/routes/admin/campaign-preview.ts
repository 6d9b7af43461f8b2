import { data } from "react-router";
import { isAdminRefusal, parseAdminInput, readAdminPayload } from "~/admin/mutation.server";
import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { campaignDraftSchema } from "~/newsletter/campaign";
import { campaignSite, renderCampaign } from "~/newsletter/render/render.server";
import type { Route } from "./+types/campaign-preview";

const NOT_SHOWN = "Failed to open the preview";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "newsletter");
  throw data(
    { error: "Send the campaign's draft with POST" },
    { status: 405, headers: { Allow: "POST" } },
  );
}

/**
 * POST /admin/newsletter/campaigns/:id/preview: the campaign editor's unsaved draft (JSON, checked
 * with the editor's schema) built as its mail, answered as { ok, html, text, missingPosts } for
 * the Preview dialog. Nothing is stored; `:id` is the editor's address ("new" before a save).
 */
export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  await requireSectionApi(request, "newsletter");
  try {
    const values = await readAdminPayload(request, NOT_SHOWN, { maxBytes: 512 * 1024 });
    const draft = parseAdminInput(campaignDraftSchema, values, NOT_SHOWN);
    const db = getDb();
    const mail = await renderCampaign(db, draft, await campaignSite(db, getEnv()));
    return Response.json({ ok: true, ...mail }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    logger.error({ err: error }, "could not build a campaign's preview");
    return Response.json(
      {
        ok: false,
        toast: { type: "error", title: NOT_SHOWN, description: "Please try again." },
      },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}
