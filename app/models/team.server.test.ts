import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { apiKeys, auditLog, profiles, sessions, staffInvitations, users } from "~/db/schema.server";
import { backends, createTestDatabase } from "../../tests/support/test-database";
import { createApiKey } from "./api-keys.server";
import {
  acceptInvitation,
  changeRole,
  claimInvitation,
  findInvitation,
  hashInvitationToken,
  inviteStaff,
  LAST_ADMIN,
  listInvitations,
  listTeam,
  removeMember,
  revokeInvitation,
  TeamError,
  unclaimInvitation,
} from "./team.server";

async function insertAccount(database: Database, id: string, role: "admin" | "editor" | "user") {
  await database.db.insert(users).values({ id, name: id, email: `${id}@example.com` });
  await database.db.insert(profiles).values({ id, role });
}

async function insertSession(database: Database, id: string, userId: string) {
  await database.db.insert(sessions).values({
    id,
    token: `token-${id}`,
    userId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

async function roleOf(database: Database, id: string) {
  const [row] = await database.db.select().from(profiles).where(eq(profiles.id, id));
  return row?.role;
}

const admin = { id: "admin-1", email: "admin-1@example.com" };

describe.each(backends)("the team on %s", (backend) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(backend);
    await insertAccount(database, "admin-1", "admin");
  });
  afterEach(async () => {
    await database.close();
  });

  it("invites with a single-use token stored only as its hash, valid for seven days", async () => {
    const { token, invitation } = await inviteStaff(database.db, admin, {
      email: "New.Editor@Example.com",
      role: "editor",
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(invitation).toMatchObject({ email: "new.editor@example.com", role: "editor" });
    const days = (Date.parse(invitation.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const [row] = await database.db.select().from(staffInvitations);
    expect(row?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await listInvitations(database.db)).toEqual([
      expect.objectContaining({ email: "new.editor@example.com", expired: false }),
    ]);

    expect(await findInvitation(database.db, token)).toMatchObject({
      email: "new.editor@example.com",
      invitedByEmail: "admin-1@example.com",
    });
    const claimed = await claimInvitation(database.db, token);
    expect(claimed?.id).toBe(invitation.id);
    // The second use, and any other token, finds nothing.
    expect(await claimInvitation(database.db, token)).toBeNull();
    expect(await findInvitation(database.db, token)).toBeNull();
    expect(await claimInvitation(database.db, "not-a-token")).toBeNull();
    expect(await listInvitations(database.db)).toEqual([]);
  });

  it("lets only one of two simultaneous claims through", async () => {
    const { token } = await inviteStaff(database.db, admin, {
      email: "race@example.com",
      role: "editor",
    });
    const results = await Promise.all([
      claimInvitation(database.db, token),
      claimInvitation(database.db, token),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("refuses an expired link and lists it as expired; a new invitation replaces it", async () => {
    const { token } = await inviteStaff(database.db, admin, {
      email: "late@example.com",
      role: "editor",
    });
    await database.db.update(staffInvitations).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await findInvitation(database.db, token)).toBeNull();
    expect(await claimInvitation(database.db, token)).toBeNull();
    expect(await listInvitations(database.db)).toEqual([
      expect.objectContaining({ email: "late@example.com", expired: true }),
    ]);

    const again = await inviteStaff(database.db, admin, {
      email: "late@example.com",
      role: "admin",
    });
    expect(again.replaced).toBe(true);
    expect(await listInvitations(database.db)).toEqual([
      expect.objectContaining({ email: "late@example.com", role: "admin", expired: false }),
    ]);
    expect(await claimInvitation(database.db, again.token)).not.toBeNull();
  });

  it("replaces a pending invitation to the same address: the old link stops working", async () => {
    const first = await inviteStaff(database.db, admin, {
      email: "twice@example.com",
      role: "editor",
    });
    const second = await inviteStaff(database.db, admin, {
      email: "TWICE@example.com",
      role: "editor",
    });
    expect(second.replaced).toBe(true);
    expect(await claimInvitation(database.db, first.token)).toBeNull();
    expect(await claimInvitation(database.db, second.token)).not.toBeNull();
  });

  it("refuses to invite someone who is already on the team", async () => {
    await insertAccount(database, "editor-1", "editor");
    await expect(
      inviteStaff(database.db, admin, { email: "Editor-1@example.com", role: "admin" }),
    ).rejects.toThrow("editor-1@example.com is already on the team (editor).");
    expect(await database.db.select().from(staffInvitations)).toEqual([]);
  });

  it("refuses a revoked link", async () => {
    const { token, invitation } = await inviteStaff(database.db, admin, {
      email: "revoked@example.com",
      role: "editor",
    });
    await revokeInvitation(database.db, admin, invitation.id);
    expect(await findInvitation(database.db, token)).toBeNull();
    expect(await claimInvitation(database.db, token)).toBeNull();
    await expect(revokeInvitation(database.db, admin, invitation.id)).rejects.toThrow(
      "There is no such pending invitation.",
    );
  });

  it("accepting gives the invited role and names who accepted; unclaiming reopens the link", async () => {
    await insertAccount(database, "member-1", "user");
    const { token } = await inviteStaff(database.db, admin, {
      email: "member-1@example.com",
      role: "editor",
    });
    const failed = await claimInvitation(database.db, token);
    if (!failed) throw new Error("not claimed");
    await unclaimInvitation(database.db, failed.id);
    const claimed = await claimInvitation(database.db, token);
    if (!claimed) throw new Error("not claimed again");
    const role = await acceptInvitation(database.db, claimed, {
      id: "member-1",
      email: "member-1@example.com",
    });
    expect(role).toBe("editor");
    expect(await roleOf(database, "member-1")).toBe("editor");
    const [row] = await database.db.select().from(staffInvitations);
    expect(row?.acceptedBy).toBe("member-1");
    // Accepted: unclaiming no longer reopens it.
    await unclaimInvitation(database.db, claimed.id);
    expect(await claimInvitation(database.db, token)).toBeNull();
    expect(await listTeam(database.db)).toEqual([
      expect.objectContaining({ id: "admin-1", role: "admin" }),
      expect.objectContaining({ id: "member-1", role: "editor", twoFactorEnabled: false }),
    ]);
  });

  it("never demotes or removes the last admin", async () => {
    await expect(
      changeRole(database.db, admin, { userId: "admin-1", role: "editor" }),
    ).rejects.toThrow(LAST_ADMIN);
    await expect(removeMember(database.db, admin, "admin-1")).rejects.toThrow(LAST_ADMIN);
    expect(await roleOf(database, "admin-1")).toBe("admin");

    // With a second admin, one of them may go, but never both.
    await insertAccount(database, "admin-2", "admin");
    const outcomes = await Promise.allSettled([
      changeRole(database.db, admin, { userId: "admin-1", role: "editor" }),
      changeRole(database.db, admin, { userId: "admin-2", role: "editor" }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected");
    expect((refused as PromiseRejectedResult).reason).toBeInstanceOf(TeamError);
    const roles = [await roleOf(database, "admin-1"), await roleOf(database, "admin-2")];
    expect(roles.sort()).toEqual(["admin", "editor"]);
  });

  it("changes a role and records it", async () => {
    await insertAccount(database, "editor-1", "editor");
    const result = await changeRole(database.db, admin, { userId: "editor-1", role: "admin" });
    expect(result).toEqual({
      email: "editor-1@example.com",
      from: "editor",
      to: "admin",
      changed: true,
    });
    expect(await roleOf(database, "editor-1")).toBe("admin");
    await expect(
      changeRole(database.db, admin, { userId: "nobody", role: "admin" }),
    ).rejects.toThrow("That person is not on the team.");
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "changed role of"));
    expect(entry).toMatchObject({
      actorId: "admin-1",
      entity: "team member",
      entityId: "editor-1@example.com",
      details: { email: "editor-1@example.com", from: "editor", to: "admin" },
    });
  });

  it("removing a member ends their sessions at once and revokes their API keys", async () => {
    await insertAccount(database, "admin-2", "admin");
    await insertAccount(database, "editor-1", "editor");
    await insertSession(database, "s1", "admin-2");
    await insertSession(database, "s2", "admin-2");
    await insertSession(database, "s3", "admin-1");
    await createApiKey(database.db, { name: "CI", createdBy: "admin-2" });
    const result = await removeMember(database.db, admin, "admin-2");
    expect(result).toEqual({
      email: "admin-2@example.com",
      role: "admin",
      sessionsEnded: 2,
      keysRevoked: 1,
    });
    expect(await roleOf(database, "admin-2")).toBe("user");
    const left = await database.db.select({ id: sessions.id }).from(sessions);
    expect(left).toEqual([{ id: "s3" }]);
    const [key] = await database.db.select().from(apiKeys);
    expect(key?.revokedAt).not.toBeNull();
    // Not on the team any more: a second removal finds no one.
    await expect(removeMember(database.db, admin, "admin-2")).rejects.toThrow(
      "That person is not on the team.",
    );
    expect((await listTeam(database.db)).map((m) => m.id)).toEqual(["admin-1", "editor-1"]);
    const actions = (await database.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toContain("removed");
  });
});
