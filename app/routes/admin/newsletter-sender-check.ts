import {
  adminChanged,
  adminFailure,
  adminSuccess,
  isAdminRefusal,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { writeSettings } from "~/models/admin-settings.server";
import { getSettingsMap } from "~/models/site.server";
import {
  checkSiteSender,
  DEFAULT_DKIM_SELECTOR,
  DKIM_SELECTOR_SETTING,
} from "~/newsletter/sender-check.server";
import { dkimSelectorSchema, senderCheckQuerySchema } from "~/schemas/admin/sender-check";
import type { Route } from "./+types/newsletter-sender-check";

/**
 * GET /admin/newsletter/sender-check: whether the From domain publishes SPF, DKIM and DMARC
 * (app/newsletter/sender-check.server.ts), as JSON for the newsletter settings' SenderCheck;
 * from a ten-minute cache unless `?fresh=1` ("Check again"). POST: the DKIM selector staff's
 * SMTP provider signs with (intent "save-selector"; empty for the default).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "newsletter");
  const query = senderCheckQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) {
    return Response.json({ error: "Unknown query: only fresh=1 is taken." }, { status: 400 });
  }
  try {
    const result = await checkSiteSender(getDb(), getEnv(), await getSettingsMap(), {
      fresh: query.data.fresh === "1",
    });
    return Response.json(result, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "could not check the newsletter sender's DNS records");
    return Response.json(
      { error: "Could not check the sender's DNS records. Please try again." },
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}

const NOT_SAVED = "Selector Not Saved";

export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  const staff = await requireSectionApi(request, "newsletter");
  let selector: string;
  try {
    const values = await readAdminPayload(request, NOT_SAVED);
    selector = parseAdminInput(dkimSelectorSchema, values, NOT_SAVED).selector;
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  let changed: string[];
  try {
    changed = await writeSettings(getDb(), { [DKIM_SELECTOR_SETTING]: selector });
  } catch (error) {
    logger.error({ err: error }, "could not save the DKIM selector");
    return adminFailure(NOT_SAVED, "Could not save the selector. Please try again.", {
      status: 500,
    });
  }
  // No public page shows it: nothing to purge, but the settings the check reads are reloaded.
  await adminChanged(
    staff,
    { action: "updated", entity: "newsletter settings", details: { keys: changed, selector } },
    [],
  );
  return adminSuccess(
    "Selector Saved",
    `The sender check now looks for the DKIM key at ${selector || DEFAULT_DKIM_SELECTOR}._domainkey.`,
  );
}
