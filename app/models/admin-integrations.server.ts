import { eq } from "drizzle-orm";
import { type IntegrationType, integrationType } from "~/content/integrations";
import type { IntegrationName } from "~/content/site-defaults";
import type { Db } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { connectionTests } from "~/integrations/connection-tests.server";
import { asConfig, configText } from "~/integrations/stored-config.server";
import {
  clearKey,
  type IntegrationConfigInput,
  missingRequiredFields,
} from "~/schemas/admin/integrations";
import { isWidgetName, toPublicWidget } from "./integrations.server";

/**
 * What the admin sees of one integration: the values of its ordinary fields and, of its secrets,
 * only which ones are set. Secret values never leave this module towards the browser.
 */
export interface AdminIntegration {
  id: number;
  name: IntegrationName;
  label: string;
  description: string;
  enabled: boolean;
  /** Non-secret field values (empty fields are absent). */
  values: Record<string, string>;
  /** Keys of the secret fields that hold a value. */
  secretsSet: string[];
  /** Labels of required fields that are not set: the integration cannot be switched on. */
  missingRequired: string[];
  /** Keys kept for later, used by nothing yet: the card offers no switch and it cannot be enabled. */
  keysOnly: boolean;
  /** For the public widgets: whether an enabled one actually loads on the public site. */
  widget: "live" | "incomplete" | null;
  /** Whether the server can make a harmless real call to it (Test connection). */
  testable: boolean;
  /** The last call of it that worked and the last that failed, with their answers. */
  lastSuccess: { at: string; message: string } | null;
  lastError: { at: string; message: string } | null;
  updatedAt: string;
}

function lastResult(at: Date | null, message: string | null) {
  return at ? { at: at.toISOString(), message: message ?? "" } : null;
}

type Stored = Record<string, unknown>;

function toAdminIntegration(row: typeof webIntegrations.$inferSelect): AdminIntegration | null {
  let type: IntegrationType;
  try {
    type = integrationType(row.name as IntegrationName);
  } catch {
    return null; // a row the catalogue no longer knows is not offered for editing
  }
  const config = asConfig(row.config);
  const values: Record<string, string> = {};
  const secretsSet: string[] = [];
  for (const field of type.fields) {
    const value = configText(config, field.key);
    if (!value) continue;
    if (field.secret) secretsSet.push(field.key);
    else values[field.key] = value;
  }
  const missingRequired = missingRequiredFields(type, (f) => configText(config, f.key) !== "");
  let widget: AdminIntegration["widget"] = null;
  if (isWidgetName(type.name)) {
    const publicWidget = toPublicWidget(type.name, config);
    widget = publicWidget ? "live" : "incomplete";
  }
  return {
    id: row.id,
    name: type.name,
    label: type.label,
    description: type.description,
    enabled: row.enabled,
    values,
    secretsSet,
    missingRequired,
    keysOnly: type.keysOnly === true,
    widget,
    testable: Object.hasOwn(connectionTests, type.name),
    lastSuccess: lastResult(row.lastSuccessAt, row.lastSuccess),
    lastError: lastResult(row.lastErrorAt, row.lastError),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every integration the catalogue knows, by its display name (the spec orders them by name). */
export async function listAdminIntegrations(db: Db): Promise<AdminIntegration[]> {
  const rows = await db.select().from(webIntegrations);
  return rows
    .flatMap((row) => {
      const integration = toAdminIntegration(row);
      return integration ? [integration] : [];
    })
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}

async function findRow(db: Db, name: IntegrationName) {
  const [row] = await db
    .select()
    .from(webIntegrations)
    .where(eq(webIntegrations.name, name))
    .limit(1);
  return row ?? null;
}

/**
 * The stored config, secrets included, for a call the server makes itself (Test connection), and
 * the labels of the required fields it lacks; null when the integration has no row.
 */
export async function storedConfig(
  db: Db,
  name: IntegrationName,
): Promise<{ config: Stored; missingRequired: string[] } | null> {
  const row = await findRow(db, name);
  if (!row) return null;
  const config = asConfig(row.config);
  const missingRequired = missingRequiredFields(
    integrationType(name),
    (f) => configText(config, f.key) !== "",
  );
  return { config, missingRequired };
}

/** The secret fields of the stored config that hold a value (for the form's schema). */
export async function storedSecretKeys(db: Db, name: IntegrationName): Promise<string[] | null> {
  const row = await findRow(db, name);
  if (!row) return null;
  const config = asConfig(row.config);
  return integrationType(name)
    .fields.filter((f) => f.secret && configText(config, f.key) !== "")
    .map((f) => f.key);
}

/**
 * The config to store from a validated form: ordinary fields as typed (empty = removed); a secret
 * replaced when a new value was typed, removed when its clear box was ticked, else kept. Keys the
 * catalogue does not know are dropped.
 */
export function mergeConfig(
  name: IntegrationName,
  stored: Stored,
  input: IntegrationConfigInput,
): { config: Record<string, string>; changedFields: string[] } {
  const config: Record<string, string> = {};
  const changedFields: string[] = [];
  for (const field of integrationType(name).fields) {
    const before = configText(stored, field.key);
    const typed = typeof input[field.key] === "string" ? (input[field.key] as string).trim() : "";
    let after: string;
    if (!field.secret || typed) after = typed;
    else if (input[clearKey(field.key)] === true) after = "";
    else after = before;
    if (after) config[field.key] = after;
    if (after !== before) changedFields.push(field.key);
  }
  return { config, changedFields };
}

type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** An integration's row, locked until the transaction ends (so two saves cannot interleave). */
async function lockIntegrationRow(tx: Transaction, name: IntegrationName) {
  const [row] = await tx
    .select()
    .from(webIntegrations)
    .where(eq(webIntegrations.name, name))
    .for("update");
  return row;
}

export type SaveConfigOutcome =
  | { ok: true; integration: AdminIntegration; changedFields: string[] }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "missing-required"; fieldErrors: Record<string, string> };

/**
 * Stores a validated config. Required fields are checked again against the merged result, so a
 * required secret can be left empty only while one is stored.
 */
export async function saveIntegrationConfig(
  db: Db,
  name: IntegrationName,
  input: IntegrationConfigInput,
): Promise<SaveConfigOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockIntegrationRow(tx, name);
    if (!row) return { ok: false, reason: "not-found" } as const;
    const { config, changedFields } = mergeConfig(name, asConfig(row.config), input);
    const type = integrationType(name);
    const fieldErrors: Record<string, string> = {};
    for (const field of type.fields) {
      if (field.required && !config[field.key])
        fieldErrors[field.key] = `${field.label} is required.`;
    }
    if (Object.keys(fieldErrors).length > 0) {
      return { ok: false, reason: "missing-required", fieldErrors } as const;
    }
    const [updated] = await tx
      .update(webIntegrations)
      .set({ config })
      .where(eq(webIntegrations.id, row.id))
      .returning();
    const integration = updated && toAdminIntegration(updated);
    if (!integration) return { ok: false, reason: "not-found" } as const;
    return { ok: true, integration, changedFields } as const;
  });
}

export type ToggleOutcome =
  | { ok: true; integration: AdminIntegration; changed: boolean }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "missing-required"; missing: string[]; label: string }
  | { ok: false; reason: "keys-only"; label: string };

/** Switches an integration on or off; switching on needs every required field set. */
export async function setIntegrationEnabled(
  db: Db,
  name: IntegrationName,
  enabled: boolean,
): Promise<ToggleOutcome> {
  return db.transaction(async (tx) => {
    const row = await lockIntegrationRow(tx, name);
    const current = row && toAdminIntegration(row);
    if (!row || !current) return { ok: false, reason: "not-found" } as const;
    if (enabled && current.keysOnly) {
      return { ok: false, reason: "keys-only", label: current.label } as const;
    }
    if (enabled && current.missingRequired.length > 0) {
      return {
        ok: false,
        reason: "missing-required",
        missing: current.missingRequired,
        label: current.label,
      } as const;
    }
    if (row.enabled === enabled) return { ok: true, integration: current, changed: false } as const;
    const [updated] = await tx
      .update(webIntegrations)
      .set({ enabled })
      .where(eq(webIntegrations.id, row.id))
      .returning();
    const integration = updated && toAdminIntegration(updated);
    if (!integration) return { ok: false, reason: "not-found" } as const;
    return { ok: true, integration, changed: true } as const;
  });
}
