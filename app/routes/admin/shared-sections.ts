import { data } from "react-router";
import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { SharedSectionOption } from "~/pages/shared-section-schema";
import { listSharedSections } from "~/pages/shared-sections.server";
import type { Route } from "./+types/shared-sections";

/** GET /admin/pages/shared-sections: the sections a page's Shared section block can place. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "pages");
  try {
    const sections: SharedSectionOption[] = (await listSharedSections(getDb())).map(
      ({ id, name, type }) => ({ id, name, type }),
    );
    return data({ ok: true as const, sections });
  } catch (error) {
    logger.error({ err: error }, "Could not load the shared sections");
    return data(
      { ok: false as const, error: "The shared sections could not be loaded. Please try again." },
      { status: 500 },
    );
  }
}
