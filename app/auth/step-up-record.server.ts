import { and, eq, gt } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { verifications } from "~/db/schema.server";

/**
 * The record of a "Confirm it's you" (app/auth/step-up.server.ts): a row of better-auth's
 * verifications table, `step-up:<session id>`, expiring ten minutes after it was made. Apart
 * from step-up.server.ts so that better-auth's own hooks (auth.server.ts, which step-up imports)
 * can ask it too, for the plugin endpoints a browser calls directly.
 */

export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

const identifierOf = (sessionId: string) => `step-up:${sessionId}`;

/** Whether this session of this user confirmed it's them within the last ten minutes. */
export async function hasRecentConfirmation(
  db: Db,
  sessionId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, identifierOf(sessionId)),
        eq(verifications.value, userId),
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Remembers for ten minutes from `now` that this session confirmed; answers when it ends. */
export async function recordConfirmation(db: Db, sessionId: string, userId: string, now: Date) {
  const expiresAt = new Date(now.getTime() + STEP_UP_WINDOW_MS);
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifierOf(sessionId)));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier: identifierOf(sessionId),
      value: userId,
      expiresAt,
    });
  });
  return expiresAt;
}
