import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { apiKeys, auditLog, profiles, sessions, staffInvitations, users } from "~/db/schema.server";
import type { StaffRoleName } from "~/schemas/admin/team";

/**
 * The team: accounts with a staff role (admin or editor), and the invitations that make new ones.
 *
 * An invitation is a single-use link valid for seven days. Its token is 32 random bytes; only its
 * SHA-256 is stored, so the database alone cannot open one. Inviting an address that has a
 * pending invitation replaces it (the old link stops working, a new one is mailed): that is how an
 * admin resends an invitation. Every change is written to the audit log in the same transaction.
 *
 * There is always an admin: the last one can be neither demoted nor removed. The check locks the
 * admins' profile rows (SELECT … FOR UPDATE), so two admins demoting each other at the same time
 * cannot both pass on PostgreSQL.
 */

export const INVITATION_DAYS = 7;
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** A refusal with a message for the admin (or the invitee), and the HTTP status to answer with. */
export class TeamError extends Error {
  constructor(
    message: string,
    readonly status: number = 409,
  ) {
    super(message);
    this.name = "TeamError";
  }
}

export const LAST_ADMIN = "The site needs at least one admin: make someone else an admin first.";

export interface Actor {
  id: string | null;
  email: string;
}

export interface TeamMember {
  id: string;
  email: string;
  name: string;
  role: StaffRoleName;
  createdAt: string;
  twoFactorEnabled: boolean;
  /** When their newest session began, if any is left. */
  lastSignInAt: string | null;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: StaffRoleName;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
  invitedByEmail: string | null;
}

type Tx = Db;

export function hashInvitationToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

async function audit(
  db: Tx,
  actor: Actor,
  entry: { action: string; entity: string; entityId: string | number; details: object },
) {
  await db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    details: entry.details as Record<string, unknown>,
  });
}

function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}

/** Admins first, then editors; oldest first within a role. */
export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: profiles.role,
      createdAt: users.createdAt,
      twoFactorEnabled: users.twoFactorEnabled,
      lastSignInAt: sql<
        Date | string | null
      >`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(inArray(profiles.role, ["admin", "editor"]))
    .orderBy(asc(profiles.role), asc(users.createdAt), asc(users.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role as StaffRoleName,
    createdAt: row.createdAt.toISOString(),
    twoFactorEnabled: row.twoFactorEnabled,
    lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
  }));
}

/** Invitations neither accepted nor revoked, newest first; an expired one says so. */
export async function listInvitations(db: Db): Promise<PendingInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, invitedByEmail: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  const now = Date.now();
  return rows.map(({ invitation, invitedByEmail }) => ({
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now,
    invitedByEmail,
  }));
}

async function staffRoleOf(db: Tx, email: string) {
  const [row] = await db
    .select({ role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.role === "admin" || row?.role === "editor" ? row.role : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/**
 * A new invitation, and its token (the only time it exists outside the mail). An address that is
 * already on the team is refused; a pending invitation to the address is replaced.
 */
export async function inviteStaff(
  db: Db,
  actor: Actor,
  input: { email: string; role: StaffRoleName },
): Promise<{ token: string; invitation: PendingInvitation; replaced: boolean }> {
  const email = input.email.trim().toLowerCase();
  const token = randomBytes(32).toString("base64url");
  try {
    return await inTransaction(db, async (tx) => {
      const current = await staffRoleOf(tx, email);
      if (current) {
        throw new TeamError(`${email} is already on the team (${current}).`);
      }
      const replaced = await tx
        .update(staffInvitations)
        .set({ revokedAt: new Date() })
        .where(
          and(
            sql`lower(${staffInvitations.email}) = ${email}`,
            isNull(staffInvitations.acceptedAt),
            isNull(staffInvitations.revokedAt),
          ),
        )
        .returning({ id: staffInvitations.id });
      const [row] = await tx
        .insert(staffInvitations)
        .values({
          email,
          role: input.role,
          tokenHash: hashInvitationToken(token),
          invitedBy: actor.id,
          expiresAt: new Date(Date.now() + INVITATION_MS),
        })
        .returning();
      if (!row) throw new Error("The invitation was not stored");
      await audit(tx, actor, {
        action: "invited",
        entity: "team member",
        entityId: email,
        details: {
          email,
          role: input.role,
          expiresAt: row.expiresAt.toISOString(),
          ...(replaced.length ? { replacedInvitations: replaced.map((r) => r.id) } : {}),
        },
      });
      return {
        token,
        replaced: replaced.length > 0,
        invitation: {
          id: row.id,
          email: row.email,
          role: row.role,
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          expired: false,
          invitedByEmail: actor.email,
        },
      };
    });
  } catch (error) {
    // Two admins inviting the same address at once: the pending-address index lets one through.
    if (isUniqueViolation(error)) {
      throw new TeamError(`An invitation to ${email} was sent just now.`);
    }
    throw error;
  }
}

export type Invitation = typeof staffInvitations.$inferSelect;

/** A usable invitation (pending, not expired) by its token, with who sent it; null otherwise. */
export async function findInvitation(
  db: Db,
  token: string,
): Promise<(Invitation & { invitedByEmail: string | null }) | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ invitation: staffInvitations, invitedByEmail: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(
      and(
        eq(staffInvitations.tokenHash, hashInvitationToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ? { ...row.invitation, invitedByEmail: row.invitedByEmail } : null;
}

/**
 * Uses up an invitation: one UPDATE that only a pending, unexpired invitation matches, so a link
 * works once even when two requests race. Null when the link is unknown, used, revoked or expired.
 */
export async function claimInvitation(db: Db, token: string): Promise<Invitation | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(staffInvitations)
    .set({ acceptedAt: sql`now()` })
    .where(
      and(
        eq(staffInvitations.tokenHash, hashInvitationToken(token)),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Gives back a claimed invitation whose account could not be made, so the link works again. */
export async function unclaimInvitation(db: Db, id: number) {
  await db
    .update(staffInvitations)
    .set({ acceptedAt: null })
    .where(and(eq(staffInvitations.id, id), isNull(staffInvitations.acceptedBy)));
}

/**
 * Completes a claimed invitation: the account gets the invited role (an admin stays admin) and the
 * invitation names who accepted it.
 */
export async function acceptInvitation(
  db: Db,
  invitation: Invitation,
  user: { id: string; email: string },
): Promise<StaffRoleName> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .for("update");
    const role: StaffRoleName = current?.role === "admin" ? "admin" : invitation.role;
    await tx
      .insert(profiles)
      .values({ id: user.id, role })
      .onConflictDoUpdate({ target: profiles.id, set: { role, updatedAt: new Date() } });
    await tx
      .update(staffInvitations)
      .set({ acceptedBy: user.id })
      .where(eq(staffInvitations.id, invitation.id));
    await audit(tx, user, {
      action: "accepted",
      entity: "team invitation",
      entityId: user.email,
      details: { email: user.email, role, invitationId: invitation.id },
    });
    return role;
  });
}

export async function revokeInvitation(db: Db, actor: Actor, id: number) {
  return inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.id, id),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
        ),
      )
      .returning();
    if (!row) throw new TeamError("There is no such pending invitation.", 404);
    await audit(tx, actor, {
      action: "revoked",
      entity: "team invitation",
      entityId: row.email,
      details: { email: row.email, role: row.role, invitationId: row.id },
    });
    return { email: row.email, role: row.role };
  });
}

/**
 * Locks every admin's profile row, then reads the member: a demotion or removal that would leave
 * no admin is refused. Concurrent changes wait for the lock, so they see each other.
 */
async function lockedMember(tx: Tx, userId: string) {
  const admins = await tx
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.role, "admin"))
    .for("update");
  const [member] = await tx
    .select({ id: users.id, email: users.email, role: profiles.role })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(and(eq(users.id, userId), inArray(profiles.role, ["admin", "editor"])))
    .limit(1);
  if (!member) throw new TeamError("That person is not on the team.", 404);
  return { member: member as { id: string; email: string; role: StaffRoleName }, admins };
}

export async function changeRole(
  db: Db,
  actor: Actor,
  input: { userId: string; role: StaffRoleName },
): Promise<{ email: string; from: StaffRoleName; to: StaffRoleName; changed: boolean }> {
  return inTransaction(db, async (tx) => {
    const { member, admins } = await lockedMember(tx, input.userId);
    if (member.role === input.role) {
      return { email: member.email, from: member.role, to: input.role, changed: false };
    }
    if (member.role === "admin" && admins.length <= 1) throw new TeamError(LAST_ADMIN);
    await tx
      .update(profiles)
      .set({ role: input.role, updatedAt: new Date() })
      .where(eq(profiles.id, member.id));
    await audit(tx, actor, {
      action: "changed role of",
      entity: "team member",
      entityId: member.email,
      details: { email: member.email, from: member.role, to: input.role },
    });
    return { email: member.email, from: member.role, to: input.role, changed: true };
  });
}

/**
 * Takes someone off the team: their account stays (as a plain user, their posts keep their
 * author), every session of theirs ends at once, and the API keys they made are revoked.
 */
export async function removeMember(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<{ email: string; role: StaffRoleName; sessionsEnded: number; keysRevoked: number }> {
  return inTransaction(db, async (tx) => {
    const { member, admins } = await lockedMember(tx, userId);
    if (member.role === "admin" && admins.length <= 1) throw new TeamError(LAST_ADMIN);
    await tx
      .update(profiles)
      .set({ role: "user", updatedAt: new Date() })
      .where(eq(profiles.id, member.id));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, member.id))
      .returning({ id: sessions.id });
    const revoked = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiKeys.createdBy, member.id), isNull(apiKeys.revokedAt)))
      .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
    await audit(tx, actor, {
      action: "removed",
      entity: "team member",
      entityId: member.email,
      details: {
        email: member.email,
        role: member.role,
        sessionsEnded: ended.length,
        ...(revoked.length
          ? { revokedApiKeys: revoked.map((k) => `${k.name} (${k.prefix}…)`) }
          : {}),
      },
    });
    return {
      email: member.email,
      role: member.role,
      sessionsEnded: ended.length,
      keysRevoked: revoked.length,
    };
  });
}
