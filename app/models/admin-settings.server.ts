import { inArray, sql } from "drizzle-orm";
import {
  externalLinkDefaults,
  externalLinkLabels,
  resolveExternalLinks,
} from "~/content/external-links";
import { buildFooter, editableFooterLinks, footerLinkGroupsFrom } from "~/content/footer";
import {
  businessDays,
  businessHoursKey,
  defaultSettings,
  settingOrDefault,
  socialNetworks,
} from "~/content/site-defaults";
import type { Db } from "~/db/client.server";
import { webSettings } from "~/db/schema.server";
import { type EditorSave, readEditorVersions, saveEditor } from "~/models/editor-versions.server";
import {
  type BackupSettingsValues,
  type Branding,
  backupSettingsKeys,
  backupSettingsSchema,
  brandingKeys,
  brandingSchema,
  type ContactInfo,
  contactInfoKeys,
  contactInfoSchema,
  type FooterValues,
  footerKeys,
  footerSchema,
  type SettingsIntent,
  type SettingsView,
  type SiteSettings,
  settingsIntents,
  siteSettingsKeys,
  siteSettingsSchema,
} from "~/schemas/admin/settings";
import type { z } from "~/schemas/zod";

/**
 * The Settings tab and the branding, footer and contact-info dialogs: reads of the values they
 * edit (what the public site shows now, defaults included) and one writer for all of them.
 */

export async function readSettings(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ key: webSettings.key, value: webSettings.value })
    .from(webSettings);
  return new Map(rows.map((row) => [row.key, row.value]));
}

function settingDescription(key: string) {
  return (
    defaultSettings.find((s) => s.key === key)?.description ??
    externalLinkLabels[key as keyof typeof externalLinkLabels] ??
    null
  );
}

/**
 * Stores the given keys in one transaction (all or nothing) and answers the keys whose value
 * changed, for the audit log.
 */
export async function writeSettings(db: Db, values: Record<string, string>): Promise<string[]> {
  if (Object.keys(values).length === 0) return [];
  return db.transaction((transaction) => writeSettingsIn(transaction as unknown as Db, values));
}

async function writeSettingsIn(tx: Db, values: Record<string, string>): Promise<string[]> {
  const keys = Object.keys(values);
  if (keys.length === 0) return [];
  const before = new Map(
    (
      await tx
        .select({ key: webSettings.key, value: webSettings.value })
        .from(webSettings)
        .where(inArray(webSettings.key, keys))
    ).map((row) => [row.key, row.value]),
  );
  for (const key of keys) {
    const value = values[key] as string;
    await tx
      .insert(webSettings)
      .values({ key, value, description: settingDescription(key), updatedAt: new Date() })
      .onConflictDoUpdate({
        target: webSettings.key,
        set: { value, updatedAt: sql`now()` },
      });
  }
  return keys.filter((key) => before.get(key) !== values[key]);
}

function entriesFor<T extends Record<string, unknown>>(
  input: T,
  keys: Partial<Record<keyof T, string>>,
): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const [field, key] of Object.entries(keys) as [keyof T, string][]) {
    const value = input[field];
    if (typeof value === "string") entries[key] = value;
  }
  return entries;
}

// --- What each editor stores ------------------------------------------------------------------

export function siteSettingsEntries(input: SiteSettings) {
  return entriesFor(input, siteSettingsKeys);
}

export function brandingEntries(input: Branding) {
  return entriesFor(input, brandingKeys);
}

/** `settings`: the stored ones, so links to a product app or demo follow its setting. */
export function footerEntries(input: FooterValues, settings: Map<string, string>) {
  return {
    ...entriesFor(input, footerKeys),
    [footerKeys.links]: JSON.stringify(
      footerLinkGroupsFrom(input.links, resolveExternalLinks(settings)),
    ),
  };
}

export function backupSettingsEntries(input: BackupSettingsValues) {
  return entriesFor(input, backupSettingsKeys);
}

export function contactInfoEntries(input: ContactInfo) {
  const entries = entriesFor(input, contactInfoKeys);
  for (const day of businessDays) entries[businessHoursKey(day)] = input.businessHours[day];
  for (const network of socialNetworks) entries[network.key] = input.socialMedia[network.id];
  return entries;
}

// --- The editors --------------------------------------------------------------------------------

type EditorView = Omit<SettingsView, "versions">;

/** Per editor: its schema, what it stores and which part of the view it edits. */
export const settingsEditors = {
  settings: { schema: siteSettingsSchema, entries: siteSettingsEntries, view: "settings" },
  branding: { schema: brandingSchema, entries: brandingEntries, view: "branding" },
  footer: { schema: footerSchema, entries: footerEntries, view: "footer" },
  "contact-info": { schema: contactInfoSchema, entries: contactInfoEntries, view: "contactInfo" },
  backups: { schema: backupSettingsSchema, entries: backupSettingsEntries, view: "backups" },
} as const satisfies Record<
  SettingsIntent,
  {
    schema: z.ZodType;
    // biome-ignore lint/suspicious/noExplicitAny: each editor's entries take its schema's output
    entries: (input: any, settings: Map<string, string>) => Record<string, string>;
    view: keyof EditorView;
  }
>;

const keysOfEditor: Record<SettingsIntent, string[]> = {
  settings: Object.values(siteSettingsKeys),
  branding: Object.values(brandingKeys),
  footer: Object.values(footerKeys),
  "contact-info": [
    ...Object.values(contactInfoKeys),
    ...businessDays.map(businessHoursKey),
    ...socialNetworks.map((network) => network.key),
  ],
  backups: Object.values(backupSettingsKeys),
};

/** The other editors showing a key that `editor` writes (site name, contact e-mail, …). */
function editorsSharingKeys(editor: SettingsIntent): SettingsIntent[] {
  const own = new Set(keysOfEditor[editor]);
  return settingsIntents.filter(
    (other) => other !== editor && keysOfEditor[other].some((key) => own.has(key)),
  );
}

/**
 * One editor's save: refused with EditorConflictError when someone saved it since
 * `expectedVersion` (undefined skips the check); raises the versions of the editors sharing its
 * keys too. Answers what the editor showed before (for the audit log's restore), its new version
 * and the keys whose value changed.
 */
export function saveSettingsEditor(
  db: Db,
  editor: SettingsIntent,
  input: unknown,
  expectedVersion?: number,
): Promise<EditorSave<EditorView[keyof EditorView]> & { changed: string[] }> {
  const { entries, view } = settingsEditors[editor];
  const toStore = entries as (
    input: unknown,
    settings: Map<string, string>,
  ) => Record<string, string>;
  return saveEditor(
    db,
    editor,
    expectedVersion,
    async (tx) => {
      const settings = await readSettings(tx);
      const before = settingsViewFrom(settings)[view];
      return { before, changed: await writeSettingsIn(tx, toStore(input, settings)) };
    },
    editorsSharingKeys(editor),
  );
}

// --- What each editor shows -------------------------------------------------------------------

export function settingsViewFrom(settings: Map<string, string>): EditorView {
  const pick = (key: string) => settingOrDefault(settings, key);
  const pickAll = <T extends string>(keys: Record<T, string>) =>
    Object.fromEntries(
      Object.entries(keys).map(([field, key]) => [field, pick(key as string)]),
    ) as Record<T, string>;
  const links = resolveExternalLinks(settings);
  const footer = buildFooter(settings, {
    hiringHub: links.hiring_hub_app_url,
    opsHub: links.opshub_app_url,
  });
  const { links: _links, ...footerTextKeys } = footerKeys;
  return {
    settings: {
      ...pickAll(siteSettingsKeys),
      ...(Object.fromEntries(
        Object.keys(externalLinkDefaults).map((key) => [key, links[key as keyof typeof links]]),
      ) as Record<keyof typeof externalLinkDefaults, string>),
    } as Required<SiteSettings>,
    branding: {
      ...pickAll(brandingKeys),
      logoUrl: settings.get(brandingKeys.logoUrl)?.trim() ?? "",
    },
    footer: { ...pickAll(footerTextKeys), links: editableFooterLinks(footer) },
    contactInfo: {
      ...pickAll(contactInfoKeys),
      businessHours: Object.fromEntries(
        businessDays.map((day) => [day, pick(businessHoursKey(day))]),
      ) as ContactInfo["businessHours"],
      socialMedia: Object.fromEntries(
        socialNetworks.map((network) => [network.id, pick(network.key)]),
      ) as ContactInfo["socialMedia"],
    },
    backups: pickAll(backupSettingsKeys) as BackupSettingsValues,
  };
}

/** The editors' values and versions (read first: see readEditorVersions). */
export async function readSettingsView(db: Db): Promise<SettingsView> {
  const versions = await readEditorVersions(db, settingsIntents);
  return { ...settingsViewFrom(await readSettings(db)), versions };
}
