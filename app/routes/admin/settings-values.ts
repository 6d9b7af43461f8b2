import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { readSettingsView } from "~/models/admin-settings.server";
import type { Route } from "./+types/settings-values";

/**
 * The values the branding, footer and contact-info dialogs edit, as JSON: the dialogs open on any
 * tab (the Content tab's quick actions too) and load what is stored when they open.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "settings");
  const view = await readSettingsView(getDb());
  return Response.json(view, { headers: { "Cache-Control": "no-store" } });
}
