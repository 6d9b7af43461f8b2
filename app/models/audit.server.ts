import { count, desc } from "drizzle-orm";
import type { CurrentUser } from "~/auth/roles";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema.server";

export interface AuditEntry {
  /** A verb in the past tense: "updated", "created", "deleted", "enabled", … */
  action: string;
  /** What was changed: "hero", "nav item", "integration", "api key", … */
  entity: string;
  entityId?: string | number | null;
  /** What a reader needs to follow the change. Never secrets: integration keys, API keys, passwords. */
  details?: Record<string, unknown>;
}

/**
 * Records who changed what; called by every admin write after it succeeded. A background job
 * records itself with a null id and its name in place of the e-mail.
 */
export async function recordAudit(
  actor: { id: CurrentUser["id"] | null; email: string },
  entry: AuditEntry,
) {
  await getDb()
    .insert(auditLog)
    .values({
      actorId: actor.id,
      actorEmail: actor.email,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      details: entry.details ?? {},
    });
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, a page at a time. */
export async function listAuditLog(page = 1) {
  const db = getDb();
  const offset = (Math.max(1, page) - 1) * AUDIT_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset(offset),
    db.select({ value: count() }).from(auditLog),
  ]);
  return { rows, total: Number(total?.value ?? 0) };
}
