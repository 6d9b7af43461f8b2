import { data } from "react-router";
import { requireSection, requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { readFormPayload } from "~/forms/payload.server";
import { imageToDescribe } from "~/integrations/alt-text-image.server";
import { noteIntegrationResult } from "~/integrations/integration-status.server";
import {
  ASSIST_OFF,
  loadOpenAiSettings,
  suggestAltText,
  suggestForField,
  WritingAssistError,
} from "~/integrations/openai.server";
import { logger } from "~/lib/logger.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { assistFieldLabels, assistRequestSchema } from "~/schemas/admin/blog-assist";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { Route } from "./+types/blog-assist";

// Each suggestion is a paid call to the AI service: generous for one person writing, not a loop.
const ASSIST_LIMIT = { windowSeconds: 60, max: 20 };

function refuse(status: number, error: string, headers?: HeadersInit) {
  return data({ ok: false as const, error }, { status, headers });
}

/**
 * POST /admin/blog/assist (JSON or form: `field`, `title`, `excerpt`, `content`; or `field:
 * "altText"` and `mediaId` for an image of the media library): one writing suggestion for a field
 * of the post editor or for an image's alt text, `{ ok: true, suggestion }`, or `{ ok: false,
 * error }` with a message for the admin. Nothing is stored: the form shows the suggestion and the
 * admin decides.
 */
export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  const admin = await requireSectionApi(request, "blog");
  const payload = await readFormPayload(request);
  if (!payload.ok) return refuse(payload.status, payload.body.error);
  const parsed = assistRequestSchema.safeParse(payload.values);
  if (!parsed.success) {
    return refuse(400, Object.values(fieldErrorsOf(parsed.error))[0] ?? "Check the request.");
  }
  const db = getDb();
  try {
    const settings = await loadOpenAiSettings(db);
    // Refused before the counter: a disabled integration sends nothing and counts nothing.
    if (!settings) return refuse(409, ASSIST_OFF);
    const limit = await consumeRateLimit(db, `writing-assist:${admin.id}`, ASSIST_LIMIT);
    if (!limit.allowed) {
      return refuse(
        429,
        `That is a lot of suggestions in a short time. Try again in ${limit.retryAfter} seconds.`,
        { "Retry-After": String(limit.retryAfter) },
      );
    }
    const asked = parsed.data;
    const suggestion =
      asked.field === "altText"
        ? await suggestAltText(settings, await imageToDescribe(db, asked.mediaId))
        : await suggestForField(settings, asked);
    await noteIntegrationResult(db, "openai", {
      ok: true,
      message:
        asked.field === "altText"
          ? "Made a suggestion for an image's alt text."
          : `Made a suggestion for a post's ${assistFieldLabels[asked.field]}.`,
    });
    return data({ ok: true as const, suggestion });
  } catch (error) {
    if (error instanceof WritingAssistError) {
      if (error.status >= 500) {
        logger.warn({ field: parsed.data.field, reason: error.message }, "Writing assist failed");
        // The service failed (not the admin's input): its card shows it.
        await noteIntegrationResult(db, "openai", { ok: false, message: error.message });
      }
      return refuse(error.status, error.message);
    }
    logger.error({ err: error }, "Writing assist failed");
    return refuse(500, "The suggestion could not be made. Please try again.");
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "blog");
  throw data(
    { error: "Ask for a suggestion with POST" },
    { status: 405, headers: { Allow: "POST" } },
  );
}
