import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema.server";
import { replaceNavMenu, replaceServices, saveHero } from "~/models/admin-content.server";
import { saveSettingsEditor, settingsEditors } from "~/models/admin-settings.server";
import { type EditorName, type EditorSave, isEditorName } from "~/models/editor-versions.server";
import { heroSchema, navMenuSchema, servicesSchema } from "~/schemas/admin/content";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { SettingsIntent } from "~/schemas/admin/settings";
import type { z } from "~/schemas/zod";

/**
 * "Restore this version" on the audit log: an entry of a one-record editor (hero, menu, services,
 * the settings editors) keeps what the editor showed before that save, and writing it back goes
 * through the editor's own schema and save, so a restore is checked, versioned and audited (with
 * its own before-values) like any save.
 */

/** The part of an audit entry's details that makes it restorable. */
export function restorableDetails(editor: EditorName, before: unknown) {
  return { editor, before };
}

interface Restorer {
  schema: z.ZodType;
  // biome-ignore lint/suspicious/noExplicitAny: each editor's save takes its schema's output
  save: (db: Db, input: any) => Promise<EditorSave<unknown>>;
}

function settingsRestorer(intent: SettingsIntent): Restorer {
  return {
    schema: settingsEditors[intent].schema,
    save: (db, input) => saveSettingsEditor(db, intent, input),
  };
}

const restorers: Record<EditorName, Restorer> = {
  hero: { schema: heroSchema, save: (db, input) => saveHero(db, input) },
  navigation: { schema: navMenuSchema, save: (db, input) => replaceNavMenu(db, input.items) },
  services: { schema: servicesSchema, save: (db, input) => replaceServices(db, input.items) },
  settings: settingsRestorer("settings"),
  branding: settingsRestorer("branding"),
  footer: settingsRestorer("footer"),
  "contact-info": settingsRestorer("contact-info"),
  backups: settingsRestorer("backups"),
};

/** The editor whose earlier state an entry's details hold, or null (older entries, other changes). */
export function restorableEditorOf(details: unknown): EditorName | null {
  if (typeof details !== "object" || details === null) return null;
  const { editor, before } = details as { editor?: unknown; before?: unknown };
  return isEditorName(editor) && typeof before === "object" && before !== null ? editor : null;
}

export type RestoreOutcome =
  | { status: "missing" }
  | { status: "not-restorable" }
  | { status: "invalid"; message: string }
  | { status: "restored"; editor: EditorName; entity: string; before: unknown; version: number };

/** Writes back the values an audit entry stored from before its save. */
export async function restoreFromAudit(db: Db, auditId: number): Promise<RestoreOutcome> {
  const [row] = await db
    .select({ entity: auditLog.entity, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.id, auditId));
  if (!row) return { status: "missing" };
  const editor = restorableEditorOf(row.details);
  if (!editor) return { status: "not-restorable" };
  const { schema, save } = restorers[editor];
  const parsed = schema.safeParse(row.details.before);
  if (!parsed.success) {
    const [first] = Object.values(fieldErrorsOf(parsed.error));
    return { status: "invalid", message: first ?? "The stored values are not valid." };
  }
  const saved = await save(db, parsed.data);
  return {
    status: "restored",
    editor,
    entity: row.entity,
    before: saved.before,
    version: saved.version,
  };
}
