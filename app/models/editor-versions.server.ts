import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webEditorVersions } from "~/db/schema.server";

/**
 * Edit conflicts of the one-record editors (hero, menu, services and the settings editors): each
 * has a version in web_editor_versions that its loader sends with the values and its form sends
 * back; a save based on an older version is refused instead of overwriting what someone else
 * saved since. A missing row is version 0.
 */

export const editorNames = [
  "hero",
  "navigation",
  "services",
  "settings",
  "branding",
  "footer",
  "contact-info",
  "backups",
] as const;
export type EditorName = (typeof editorNames)[number];

export function isEditorName(value: unknown): value is EditorName {
  return typeof value === "string" && (editorNames as readonly string[]).includes(value);
}

/** What the messages call each editor. */
export const editorTitles: Record<EditorName, string> = {
  hero: "the hero",
  navigation: "the navigation menu",
  services: "the services",
  settings: "the site settings",
  branding: "the branding",
  footer: "the footer",
  "contact-info": "the contact information",
  backups: "the backup settings",
};

/** Thrown inside the save's transaction, so that nothing of the save is kept. */
export class EditorConflictError extends Error {
  constructor(readonly editor: EditorName) {
    super(`${editorTitles[editor]} was saved by someone else since this version`);
    this.name = "EditorConflictError";
  }
}

export function isEditorConflict(error: unknown): error is EditorConflictError {
  return error instanceof EditorConflictError;
}

/** The toast of a refused save: nothing was lost, and what to do. */
export function editorConflictMessage(editor: EditorName) {
  return {
    title: `Someone else saved ${editorTitles[editor]} after you opened it`,
    description:
      "Nothing was overwritten, and your changes are still in the form. Reload to see theirs, then make your changes again.",
  };
}

/** An editor's version as the form sent it: undefined when absent (old clients, the API). */
export function expectedVersionOf(values: Record<string, unknown>): number | undefined {
  const raw = values.version;
  if (raw === undefined || raw === null || raw === "") return undefined;
  const version = typeof raw === "number" ? raw : Number(String(raw).trim());
  // A value that is not a version cannot match one: the save is refused as a conflict.
  return Number.isSafeInteger(version) && version >= 0 ? version : -1;
}

/** Read before the values they go with: a later save then shows as a conflict, never the reverse. */
export async function readEditorVersions<E extends EditorName>(
  db: Db,
  editors: readonly E[],
): Promise<Record<E, number>> {
  const rows = await db
    .select({ editor: webEditorVersions.editor, version: webEditorVersions.version })
    .from(webEditorVersions)
    .where(inArray(webEditorVersions.editor, [...editors]));
  const stored = new Map(rows.map((row) => [row.editor, row.version]));
  return Object.fromEntries(editors.map((editor) => [editor, stored.get(editor) ?? 0])) as Record<
    E,
    number
  >;
}

/**
 * The first statement of a save's transaction: raises `editor`'s version if it still is
 * `expected` (any version when undefined) and the versions of `alsoChanged` (editors showing keys
 * this save writes, so their open forms see the conflict too), and answers the new version.
 * One statement checks and raises, so two saves of one version cannot both pass; the rows are
 * locked in name order, so saves of overlapping editors cannot deadlock. Throws
 * EditorConflictError when the version moved on; the caller's transaction then rolls back.
 */
export async function claimEditorVersion(
  tx: Db,
  editor: EditorName,
  expected: number | undefined,
  alsoChanged: readonly EditorName[] = [],
): Promise<number> {
  const names = [...new Set([editor, ...alsoChanged])].sort();
  const check = expected ?? null;
  const result = (await tx.execute(sql`
    insert into web_editor_versions as current (editor, version)
    select name, 1 from (values ${sql.join(
      names.map((name) => sql`(${name}::text)`),
      sql`, `,
    )}) as wanted(name)
    where name <> ${editor} or ${check}::integer is null or ${check}::integer = 0
      or exists (select 1 from web_editor_versions stored where stored.editor = name)
    order by name
    on conflict (editor) do update
      set version = current.version + 1, updated_at = now()
      where current.editor <> ${editor} or ${check}::integer is null
        or current.version = ${check}::integer
    returning editor, version`)) as unknown as { rows: { editor: string; version: number }[] };
  const own = result.rows.find((row) => row.editor === editor);
  if (!own) throw new EditorConflictError(editor);
  return Number(own.version);
}

/** The state an editor had before a save, and the version the save gave it. */
export interface EditorSave<T> {
  before: T;
  version: number;
}

/**
 * An editor's save in one transaction: claimEditorVersion first, then `work` (which reads the
 * state it replaces and writes); answers what `work` answered with the new version.
 */
export function saveEditor<T extends { before: unknown }>(
  db: Db,
  editor: EditorName,
  expectedVersion: number | undefined,
  work: (tx: Db) => Promise<T>,
  alsoChanged: readonly EditorName[] = [],
): Promise<T & { version: number }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const version = await claimEditorVersion(tx, editor, expectedVersion, alsoChanged);
    return { ...(await work(tx)), version };
  });
}
