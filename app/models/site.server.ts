import { asc, eq } from "drizzle-orm";
import { type ExternalLinks, resolveExternalLinks } from "~/content/external-links";
import { buildFooter, type FooterContent } from "~/content/footer";
import {
  defaultHeroStats,
  defaultNavItems,
  defaultServices,
  defaultSetting,
  defaultSiteName,
  settingOrDefault,
} from "~/content/site-defaults";
import { type Db, getDatabase, getDb } from "~/db/client.server";
import {
  webMainPageStats,
  webNavItems,
  webPosts,
  webServices,
  webSettings,
} from "~/db/schema.server";
import { queueCloudflarePurge } from "~/integrations/cloudflare.server";
import { announceContentChange } from "~/lib/content-changes.server";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import type { ResponsiveImage } from "~/media/responsive";
import { resolveImages } from "~/media/responsive.server";

/**
 * Public pages read site content through a short-lived in-process cache. After every admin write,
 * siteContentChanged() clears it here and tells the other app processes (several servers on one
 * PostgreSQL) to clear theirs, so the next page load anywhere shows the change. The lifetime is
 * the safety net for an announcement that does not arrive (a listener reconnecting).
 */
const CACHE_TTL_MS = 5_000;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.value as Promise<T>;
  // Settled once here: a Drizzle query is a lazy thenable that runs again at each await of it,
  // so kept as it is, every request awaiting the entry would query the database anew.
  const entry = { at: Date.now(), value: new Promise<unknown>((resolve) => resolve(load())) };
  cache.set(key, entry);
  // A failure is not remembered: the next request tries the database again. Only this entry goes:
  // a newer one (after an invalidation) stays.
  entry.value.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return entry.value as Promise<T>;
}

/**
 * Like the site's own reads, for content keyed by address (a page built from blocks): kept while
 * found, so that requests for addresses that do not exist (a scan of random paths) keep nothing.
 */
export async function cachedWhileFound<T>(key: string, load: () => Promise<T | null>) {
  const value = await cached(key, load);
  if (value === null) cache.delete(key);
  return value;
}

const clearedListeners = new Set<() => void>();

/** Runs `listener` whenever this process's cache is cleared (the page cache follows it). */
export function onSiteCacheCleared(listener: () => void) {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Clears this process's cache only; see siteContentChanged for a write. */
export function invalidateSiteCache() {
  cache.clear();
  for (const listener of clearedListeners) listener();
}

/**
 * After a committed write to anything public pages show: this process's next read goes to the
 * database, and so does every other app process's once the announcement reaches it. A CDN in front
 * of the site (Cloudflare, when on) is told to purge `affectedPaths` ("/blog/a-post"), or every
 * page when they are not given; an empty list purges nothing (a change no public page shows). A
 * purge that cannot be queued is logged: the change itself is saved and shown by the app anyway.
 */
export async function siteContentChanged(affectedPaths?: readonly string[]) {
  invalidateSiteCache();
  await announceContentChange(getDatabase());
  if (affectedPaths && affectedPaths.length === 0) return;
  try {
    await queueCloudflarePurge(
      getDb(),
      affectedPaths ? { paths: [...affectedPaths] } : { everything: true },
    );
  } catch (error) {
    logger.warn({ err: error }, "could not queue the Cloudflare cache purge");
  }
}

/**
 * The public pages a change of one post shows on: its own address (each of `slugs`, the old one
 * too when it moved), the blog's list and feed, the home page and the sitemap.
 */
export function postPagePaths(...slugs: (string | null | undefined)[]) {
  const own = slugs.filter((s): s is string => Boolean(s)).map((s) => `/blog/${s}`);
  return [...new Set([...own, "/blog", "/blog/rss.xml", "/", "/sitemap.xml"])];
}

/** A post's slug as stored now (before a change that may move it), or null. */
export async function currentPostSlug(db: Db, id: number) {
  const [row] = await db.select({ slug: webPosts.slug }).from(webPosts).where(eq(webPosts.id, id));
  return row?.slug ?? null;
}

/**
 * Cached reads with a fallback: a database failure is logged and the built-in defaults carry on.
 * Other public-content models use it too, so invalidateSiteCache() clears their reads as well.
 */
export async function withFallback<T>(
  what: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await cached(what, load);
  } catch (error) {
    logger.error({ err: error }, `could not load ${what}; showing the defaults`);
    noteDatabaseFallback();
    return fallback;
  }
}

export interface NavItem {
  label: string;
  url: string;
}

export function listNavItems(): Promise<NavItem[]> {
  return withFallback(
    "navigation items",
    () =>
      getDb()
        .select({ label: webNavItems.label, url: webNavItems.url })
        .from(webNavItems)
        .orderBy(asc(webNavItems.displayOrder), asc(webNavItems.id)),
    defaultNavItems,
  );
}

/** All settings as a map; empty when they cannot be read (callers fall back to defaults). */
export function getSettingsMap(): Promise<Map<string, string>> {
  return withFallback(
    "site settings",
    async () => {
      const rows = await getDb()
        .select({ key: webSettings.key, value: webSettings.value })
        .from(webSettings);
      return new Map(rows.map((row) => [row.key, row.value]));
    },
    new Map<string, string>(),
  );
}

export { settingOrDefault } from "~/content/site-defaults";

export function siteNameFrom(settings: Map<string, string>) {
  return settings.get("site_name")?.trim() || defaultSiteName;
}

/** The stored logo when it is an address pages may load (https or this site's own path), else null. */
export function logoUrlFrom(settings: Map<string, string>) {
  const value = settings.get("logo_url")?.trim() ?? "";
  return /^https:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)\S*$/.test(value) ? value : null;
}

/**
 * The logo as the header and footer show it: responsive when it is a library image (the admin
 * may have uploaded a 2,000-pixel file for a 32-pixel mark), the address as it is otherwise.
 */
export async function siteLogo(
  settings: Map<string, string>,
): Promise<{ url: string; image: ResponsiveImage | null } | null> {
  const url = logoUrlFrom(settings);
  if (!url) return null;
  const image = await withFallback(
    `logo ${url}`,
    async () => (await resolveImages([url])).get(url)?.image ?? null,
    null,
  );
  return { url, image };
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Brand colours as CSS custom properties; a malformed stored value falls back to the default. */
export function brandStyle(settings: Map<string, string>) {
  const colour = (key: string) => {
    const value = settingOrDefault(settings, key);
    return HEX_COLOUR.test(value) ? value : defaultSetting(key);
  };
  return {
    "--brand-primary": colour("brand_primary_color"),
    "--brand-accent": colour("brand_accent_color"),
  };
}

export async function getExternalLinks(): Promise<ExternalLinks> {
  return resolveExternalLinks(await getSettingsMap());
}

export async function getFooter(): Promise<FooterContent> {
  const settings = await getSettingsMap();
  const links = resolveExternalLinks(settings);
  return buildFooter(
    settings,
    { hiringHub: links.hiring_hub_app_url, opsHub: links.opshub_app_url },
    (message) => logger.error(message),
  );
}

export interface HeroStat {
  value: string;
  label: string;
}

/** The hero's stats row: stored stats in display order, the defaults when none or on failure. */
export async function listHeroStats(): Promise<HeroStat[]> {
  const defaults = defaultHeroStats.map((s) => ({ value: s.statValue, label: s.statLabel }));
  const stored = await withFallback(
    "hero stats",
    () =>
      getDb()
        .select({ value: webMainPageStats.statValue, label: webMainPageStats.statLabel })
        .from(webMainPageStats)
        .orderBy(asc(webMainPageStats.displayOrder), asc(webMainPageStats.id)),
    defaults,
  );
  return stored.length > 0 ? stored : defaults;
}

export interface ServiceCard {
  title: string;
  description: string;
  icon: string;
  link: string;
  featured: boolean;
}

/** The columns of a service card, for the public list and the dashboard's. */
export const serviceCardColumns = {
  title: webServices.title,
  description: webServices.description,
  icon: webServices.icon,
  link: webServices.link,
  featured: webServices.featured,
};

export function listServices(): Promise<ServiceCard[]> {
  return withFallback(
    "services",
    () =>
      getDb()
        .select(serviceCardColumns)
        .from(webServices)
        .orderBy(asc(webServices.displayOrder), asc(webServices.id)),
    defaultServices,
  );
}
