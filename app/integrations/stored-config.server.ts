import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";

/** An integration's stored config as an object (anything else stored reads as empty). */
export function asConfig(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A field of a stored config, trimmed; "" when it is missing or not text. */
export function configText(config: Record<string, unknown>, key: string): string {
  const value = Object.hasOwn(config, key) ? config[key] : undefined;
  return typeof value === "string" ? value.trim() : "";
}

/**
 * An integration's settings as stored now (in `db`, which may be the caller's transaction), made
 * by `settingsOf` from its switch and config; null when the site has no row for it.
 */
export async function readIntegration<T>(
  db: Db,
  name: string,
  settingsOf: (enabled: boolean, config: Record<string, unknown>) => T,
): Promise<T | null> {
  const [row] = await db
    .select({ enabled: webIntegrations.enabled, config: webIntegrations.config })
    .from(webIntegrations)
    .where(eq(webIntegrations.name, name));
  return row ? settingsOf(row.enabled, asConfig(row.config)) : null;
}
