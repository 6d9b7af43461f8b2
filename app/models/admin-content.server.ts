import { asc, eq, inArray, sql } from "drizzle-orm";
import { defaultSettings } from "~/content/site-defaults";
import type { Db } from "~/db/client.server";
import { webMainPageStats, webNavItems, webServices, webSettings } from "~/db/schema.server";
import { type EditorSave, saveEditor } from "~/models/editor-versions.server";
import { serviceCardColumns } from "~/models/site.server";
import type {
  HeroInput,
  NavItemInput,
  ServiceInput,
  StatCreateInput,
  StatUpdateInput,
} from "~/schemas/admin/content";

/**
 * What the Content tab reads and writes: the hero settings, the main-page statistics, the
 * navigation menu and the services. The public site reads the same rows through site.server.ts;
 * the route clears its cache (adminChanged) after each write.
 */

export const heroKeys = {
  heroTitle: "hero_title",
  heroSubtitle: "hero_subtitle",
  heroCtaText: "hero_cta_text",
} as const satisfies Record<keyof HeroInput, string>;

/** The stored hero texts as they are ("" when unset; the home page then shows the default). */
export async function getHero(db: Db): Promise<HeroInput> {
  const rows = await db
    .select({ key: webSettings.key, value: webSettings.value })
    .from(webSettings)
    .where(inArray(webSettings.key, Object.values(heroKeys)));
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  return {
    heroTitle: stored.get(heroKeys.heroTitle) ?? "",
    heroSubtitle: stored.get(heroKeys.heroSubtitle) ?? "",
    heroCtaText: stored.get(heroKeys.heroCtaText) ?? "",
  };
}

/**
 * Saves the hero unless someone saved it since `expectedVersion` (EditorConflictError; undefined
 * skips the check), and answers the texts it replaced, for the audit log's restore.
 */
export function saveHero(
  db: Db,
  input: HeroInput,
  expectedVersion?: number,
): Promise<EditorSave<HeroInput>> {
  return saveEditor(db, "hero", expectedVersion, async (tx) => {
    const before = await getHero(tx);
    const rows = (Object.keys(heroKeys) as (keyof HeroInput)[]).map((field) => {
      const key = heroKeys[field];
      return {
        key,
        value: input[field],
        description: defaultSettings.find((s) => s.key === key)?.description ?? null,
      };
    });
    await tx
      .insert(webSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: webSettings.key,
        set: { value: sql`excluded.value`, updatedAt: sql`now()` },
      });
    return { before };
  });
}

// Statistics ------------------------------------------------------------------------------------

export interface StatRow {
  id: number;
  statKey: string;
  statValue: string;
  statLabel: string;
  displayOrder: number;
}

export function listStats(db: Db): Promise<StatRow[]> {
  return db
    .select()
    .from(webMainPageStats)
    .orderBy(asc(webMainPageStats.displayOrder), asc(webMainPageStats.id));
}

/** The new row, or null when a statistic with the same key exists (stat_key is unique). */
export async function createStat(db: Db, input: StatCreateInput): Promise<StatRow | null> {
  const [row] = await db
    .insert(webMainPageStats)
    .values(input)
    .onConflictDoNothing({ target: webMainPageStats.statKey })
    .returning();
  return row ?? null;
}

/** Value, label and order only: the key never changes. Null when the row is gone. */
export async function updateStat(db: Db, input: StatUpdateInput): Promise<StatRow | null> {
  const { id, ...fields } = input;
  const [row] = await db
    .update(webMainPageStats)
    .set(fields)
    .where(eq(webMainPageStats.id, id))
    .returning();
  return row ?? null;
}

export async function deleteStat(db: Db, id: number): Promise<StatRow | null> {
  const [row] = await db.delete(webMainPageStats).where(eq(webMainPageStats.id, id)).returning();
  return row ?? null;
}

// Navigation menu -------------------------------------------------------------------------------

export interface NavMenuRow {
  id: number;
  label: string;
  url: string;
}

export function listNavMenu(db: Db): Promise<NavMenuRow[]> {
  return db
    .select({ id: webNavItems.id, label: webNavItems.label, url: webNavItems.url })
    .from(webNavItems)
    .orderBy(asc(webNavItems.displayOrder), asc(webNavItems.id));
}

/**
 * The whole menu in the given order, in one transaction: a reader sees the old or the new menu.
 * Checks the version and answers the menu it replaced, as saveHero does.
 */
export function replaceNavMenu(
  db: Db,
  items: NavItemInput[],
  expectedVersion?: number,
): Promise<EditorSave<{ items: NavItemInput[] }>> {
  return saveEditor(db, "navigation", expectedVersion, async (tx) => {
    const before = (await listNavMenu(tx)).map(({ label, url }) => ({ label, url }));
    await tx.delete(webNavItems);
    if (items.length > 0) {
      await tx
        .insert(webNavItems)
        .values(items.map((item, index) => ({ ...item, displayOrder: index })));
    }
    return { before: { items: before } };
  });
}

// Services --------------------------------------------------------------------------------------

export interface ServiceRow extends ServiceInput {
  id: number;
}

export async function listServiceItems(db: Db): Promise<ServiceRow[]> {
  const rows = await db
    .select({ id: webServices.id, ...serviceCardColumns })
    .from(webServices)
    .orderBy(asc(webServices.displayOrder), asc(webServices.id));
  return rows as ServiceRow[];
}

/** The whole list of services in the given order, in one transaction; as replaceNavMenu. */
export function replaceServices(
  db: Db,
  items: ServiceInput[],
  expectedVersion?: number,
): Promise<EditorSave<{ items: ServiceInput[] }>> {
  return saveEditor(db, "services", expectedVersion, async (tx) => {
    const before = (await listServiceItems(tx)).map(({ id: _id, ...service }) => service);
    await tx.delete(webServices);
    if (items.length > 0) {
      await tx
        .insert(webServices)
        .values(items.map((item, index) => ({ ...item, displayOrder: index })));
    }
    return { before: { items: before } };
  });
}
