import { eq } from "drizzle-orm";
import { clearAccountLimits } from "~/auth/account-limit.server";
import type { Auth } from "~/auth/auth.server";
import type { StaffRole } from "~/auth/roles";
import type { Db } from "~/db/client.server";
import { passkeys, profiles, twoFactors, users } from "~/db/schema.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";

export class AdminAccountInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminAccountInputError";
  }
}

/**
 * Creates a verified admin (or, with `role: "editor"`, an editor), or gives an existing user that
 * role, verifies them and sets the password. The input is checked with the same rules as sign-up.
 * An admin is never made an editor here (that could leave the site without an admin).
 *
 * For an existing account this is also the way back in for someone who lost their authenticator
 * and their backup codes (or whose secret no longer decrypts after SESSION_SECRET changed): run on
 * the server by someone who holds it, it turns two-factor sign-in off (`twoFactorTurnedOff`),
 * removes the account's passkeys (one may be an intruder's) and lifts the account's sign-in
 * limits, as a password reset does.
 */
export async function createOrPromoteAdmin(
  auth: Auth,
  db: Db,
  input: { email: unknown; password: unknown; role?: unknown },
): Promise<{
  email: string;
  created: boolean;
  role: StaffRole;
  twoFactorTurnedOff: boolean;
  passkeysRemoved: number;
}> {
  const role = input.role ?? "admin";
  if (role !== "admin" && role !== "editor") {
    throw new AdminAccountInputError("Role: choose admin or editor.");
  }
  const parsed = adminAccountSchema.safeParse(input);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    throw new AdminAccountInputError(
      errors.email ? `Email: ${errors.email}` : `ADMIN_PASSWORD: ${errors.password}`,
    );
  }
  const { email, password } = parsed.data;
  const ctx = await auth.$context;
  const passwordHash = await ctx.password.hash(password);

  const existing = await ctx.internalAdapter.findUserByEmail(email, { includeAccounts: true });
  let userId: string;
  let created = false;
  let twoFactorTurnedOff = false;
  let passkeysRemoved = 0;
  if (existing) {
    userId = existing.user.id;
    if (role === "editor") {
      const [current] = await db
        .select({ role: profiles.role })
        .from(profiles)
        .where(eq(profiles.id, userId));
      if (current?.role === "admin") {
        throw new AdminAccountInputError(
          `${email} is an admin; an admin is not made an editor here.`,
        );
      }
    }
    await giveVerifiedPassword(ctx, existing, email, passwordHash, "admin");
    const removed = await db
      .delete(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .returning({ id: twoFactors.id });
    const [before] = await db
      .select({ on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId));
    twoFactorTurnedOff = removed.length > 0 || Boolean(before?.on);
    if (before?.on) {
      await db.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
    }
    passkeysRemoved = (
      await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })
    ).length;
    await clearAccountLimits(db, email);
  } else {
    userId = await giveVerifiedPassword(ctx, null, email, passwordHash, "admin");
    created = true;
  }

  await db
    .insert(profiles)
    .values({ id: userId, role })
    .onConflictDoUpdate({ target: profiles.id, set: { role } });
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (profile?.role !== role) throw new Error(`The ${role} role was not stored`);
  return { email, created, role, twoFactorTurnedOff, passkeysRemoved };
}

type AuthContext = Awaited<Auth["$context"]>;
type FoundUser = Awaited<ReturnType<AuthContext["internalAdapter"]["findUserByEmail"]>>;

/**
 * A verified account at `email` with this password login (`passwordHash` made by
 * `ctx.password.hash`): an existing account (`existing`, found with its accounts) is verified and
 * gets the password, which ends its sessions; otherwise one is created. Used by the admin command
 * and by staff invitations. Returns the user's id.
 */
export async function giveVerifiedPassword(
  ctx: AuthContext,
  existing: FoundUser,
  email: string,
  passwordHash: string,
  method: string,
): Promise<string> {
  if (existing) {
    const userId = existing.user.id;
    await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
    if (existing.accounts.some((a) => a.providerId === "credential")) {
      await ctx.internalAdapter.updatePassword(userId, passwordHash);
    } else {
      await ctx.internalAdapter.linkAccount({
        userId,
        providerId: "credential",
        accountId: userId,
        password: passwordHash,
      });
    }
    // A new password ends the sessions opened with the old one.
    await ctx.internalAdapter.deleteUserSessions(userId);
    return userId;
  }
  const user = await ctx.internalAdapter.createUser(
    { email, name: email.split("@")[0] ?? email, emailVerified: true },
    { method },
  );
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: passwordHash,
  });
  return user.id;
}
