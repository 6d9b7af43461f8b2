import { eq } from "drizzle-orm";
import type { Auth } from "~/auth/auth.server";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import { adminAccountSchema, fieldErrors } from "~/schemas/auth";

export class AdminAccountInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminAccountInputError";
  }
}

/**
 * Creates a verified admin, or makes an existing user an admin, verifies them and sets the password.
 * The input is checked with the same rules as sign-up.
 */
export async function createOrPromoteAdmin(
  auth: Auth,
  db: Db,
  input: { email: unknown; password: unknown },
): Promise<{ email: string; created: boolean }> {
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
  if (existing) {
    userId = existing.user.id;
    await ctx.internalAdapter.updateUser(userId, { emailVerified: true });
    const credential = existing.accounts.find((a) => a.providerId === "credential");
    if (credential) {
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
  } else {
    const user = await ctx.internalAdapter.createUser(
      {
        email,
        name: email.split("@")[0] ?? email,
        emailVerified: true,
      },
      { method: "admin" },
    );
    userId = user.id;
    created = true;
    await ctx.internalAdapter.linkAccount({
      userId,
      providerId: "credential",
      accountId: userId,
      password: passwordHash,
    });
  }

  await db
    .insert(profiles)
    .values({ id: userId, role: "admin" })
    .onConflictDoUpdate({ target: profiles.id, set: { role: "admin" } });
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  if (profile?.role !== "admin") throw new Error("The admin role was not stored");
  return { email, created };
}
