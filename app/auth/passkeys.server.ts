import { desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { passkeys } from "~/db/schema.server";

export interface PasskeyView {
  id: string;
  name: string;
  createdAt: string | null;
}

/** The user's passkeys for the account security page, newest first (no key material). */
export async function listUserPasskeys(db: Db, userId: string): Promise<PasskeyView[]> {
  const rows = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name?.trim() || "Passkey",
    createdAt: row.createdAt ? row.createdAt.toISOString() : null,
  }));
}
