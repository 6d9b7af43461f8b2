import { asc } from "drizzle-orm";
import { type ExternalLinks, resolveExternalLinks } from "~/content/external-links";
import { defaultNavItems, defaultSiteName } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { webNavItems, webSettings } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";

export interface NavItem {
  label: string;
  url: string;
}

/** The navigation bar's items; the built-in defaults when the table cannot be read. */
export async function listNavItems(): Promise<NavItem[]> {
  try {
    return await getDb()
      .select({ label: webNavItems.label, url: webNavItems.url })
      .from(webNavItems)
      .orderBy(asc(webNavItems.displayOrder), asc(webNavItems.id));
  } catch (error) {
    logger.error({ err: error }, "could not load navigation items");
    return defaultNavItems;
  }
}

/** All settings as a map; an empty map when they cannot be read (callers fall back to defaults). */
export async function getSettingsMap(): Promise<Map<string, string>> {
  try {
    const rows = await getDb()
      .select({ key: webSettings.key, value: webSettings.value })
      .from(webSettings);
    return new Map(rows.map((row) => [row.key, row.value]));
  } catch (error) {
    logger.error({ err: error }, "could not load site settings");
    return new Map();
  }
}

export function siteNameFrom(settings: Map<string, string>) {
  return settings.get("site_name")?.trim() || defaultSiteName;
}

/** Product apps, demo sites and the booking page, with the built-in defaults for empty settings. */
export async function getExternalLinks(): Promise<ExternalLinks> {
  return resolveExternalLinks(await getSettingsMap());
}
