import { eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";

/** The most of an answer a card shows. */
const MESSAGE_CHARS = 200;

function oneLine(text: string) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MESSAGE_CHARS ? `${line.slice(0, MESSAGE_CHARS - 1)}…` : line;
}

/**
 * Notes on an integration's row that a call of it worked or failed, for its card ("Last worked
 * …", "Last error …"). `message` must hold no secret. Never throws: a status that could not be
 * written is logged, and the delivery or test it describes is not failed for it. The row's
 * updated_at (the admin's last change of its settings) stays as it is.
 */
export async function noteIntegrationResult(
  db: Db,
  name: string,
  result: { ok: boolean; message: string },
  at: Date = new Date(),
) {
  const message = oneLine(result.message);
  try {
    await db
      .update(webIntegrations)
      .set(
        result.ok
          ? {
              lastSuccessAt: at,
              lastSuccess: message,
              updatedAt: sql`${webIntegrations.updatedAt}`,
            }
          : { lastErrorAt: at, lastError: message, updatedAt: sql`${webIntegrations.updatedAt}` },
      )
      .where(eq(webIntegrations.name, name));
  } catch (error) {
    logger.warn({ err: error, integration: name }, "could not note an integration's status");
  }
}
