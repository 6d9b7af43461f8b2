import { requireSectionApi } from "~/auth/permissions.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { getSettingsMap } from "~/models/site.server";
import { checkSiteSender } from "~/newsletter/sender-check.server";
import { senderCheckQuerySchema } from "~/schemas/admin/sender-check";
import type { Route } from "./+types/newsletter-sender-check";

/**
 * GET /admin/newsletter/sender-check: whether the From domain publishes SPF, DKIM and DMARC
 * (app/newsletter/sender-check.server.ts), as JSON for the newsletter settings' SenderCheck;
 * from a ten-minute cache unless `?fresh=1` ("Check again").
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
