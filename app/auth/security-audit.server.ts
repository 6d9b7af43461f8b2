import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { describeDevice } from "~/lib/user-agent";
import { type AuditEntry, recordAudit } from "~/models/audit.server";
import type { CurrentUser } from "./roles";

/**
 * A staff account's own security changes in the audit log: two-factor sign-in turned on or off,
 * new backup codes, a changed password, sessions signed out, and a sign-in that needed a backup
 * code (its owner may have lost their phone). An admin reading the log can then tell when a staff
 * account's protection changed, and by whom. Only staff accounts (admin, editor): what members
 * do with their own accounts is not the dashboard's business, so it is not audit-log material.
 * Details name what happened, never a code, a secret or a password.
 */

export const SECURITY_AUDIT = {
  twoFactorOn: { action: "turned on", entity: "two-factor sign-in" },
  twoFactorOff: { action: "turned off", entity: "two-factor sign-in" },
  newBackupCodes: { action: "generated new", entity: "backup codes" },
  passwordChanged: { action: "changed", entity: "password" },
  sessionEnded: { action: "signed out", entity: "other session" },
  otherSessionsEnded: { action: "signed out", entity: "all other sessions" },
  backupCodeSignIn: { action: "signed in with", entity: "backup code" },
} as const satisfies Record<string, Pick<AuditEntry, "action" | "entity">>;

/**
 * Records a change the user made to their own account, if they are staff. The change is made by
 * then: a failure to record it is logged, not shown as if the change had failed.
 */
export async function recordOwnSecurityChange(
  user: Pick<CurrentUser, "id" | "email" | "isStaff">,
  entry: AuditEntry,
) {
  if (!user.isStaff) return;
  try {
    await recordAudit(user, entry);
  } catch (error) {
    logger.error({ err: error, entity: entry.entity }, "Could not record a security change");
  }
}

/**
 * A sign-in's second step passed with a backup code: recorded for staff accounts. Never fails the
 * sign-in, which has happened by then.
 */
export async function recordBackupCodeSignIn(
  db: Db,
  signedIn: {
    user: { id: string; email: string };
    session: { ipAddress?: string | null; userAgent?: string | null };
  },
) {
  let isStaff = false;
  try {
    const [profile] = await db
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, signedIn.user.id))
      .limit(1);
    isStaff = profile?.role === "admin" || profile?.role === "editor";
  } catch (error) {
    logger.error({ err: error }, "Could not read the role of an account signing in");
    return;
  }
  await recordOwnSecurityChange(
    { id: signedIn.user.id, email: signedIn.user.email, isStaff },
    {
      ...SECURITY_AUDIT.backupCodeSignIn,
      details: {
        device: describeDevice(signedIn.session.userAgent ?? null),
        address: signedIn.session.ipAddress || null,
      },
    },
  );
}
