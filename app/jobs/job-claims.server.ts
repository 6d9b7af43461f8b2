import { randomBytes } from "node:crypto";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webJobs } from "~/db/schema.server";

/**
 * Jobs that must run once across app processes hold a claim on their web_jobs row: a lease with a
 * random token, taken by one conditional UPDATE (so of two processes asking at once, exactly one
 * gets it) and renewed by the holder while it works. A holder that dies stops renewing, and the
 * job is free again when the lease runs out; so is a claim that came back with a restored backup.
 */

export interface JobClaim {
  name: string;
  token: string;
}

/** How long a claim lasts without renewal; the holder renews it every LEASE_MS / 4. */
export const LEASE_MS = 2 * 60_000;

const unclaimed = or(isNull(webJobs.claimedUntil), lt(webJobs.claimedUntil, sql`now()`));

/** The job's row, made (due at `firstRunAt`) when it is not there yet. */
export async function ensureJob(db: Db, name: string, firstRunAt: Date | null) {
  await db.insert(webJobs).values({ name, nextRunAt: firstRunAt }).onConflictDoNothing();
  const [row] = await db.select().from(webJobs).where(eq(webJobs.name, name));
  return row as typeof webJobs.$inferSelect;
}

export async function readJob(db: Db, name: string) {
  const [row] = await db.select().from(webJobs).where(eq(webJobs.name, name));
  return row;
}

/**
 * Claims the job when no one holds it; with `onlyWhenDue`, only when its next run has come too.
 * Answers the claim, or null when another process holds the job (or it is not due).
 */
export async function claimJob(
  db: Db,
  name: string,
  { onlyWhenDue }: { onlyWhenDue: boolean },
): Promise<JobClaim | null> {
  const token = randomBytes(12).toString("hex");
  const rows = await db
    .update(webJobs)
    .set({
      claimedBy: token,
      claimedUntil: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
    })
    .where(
      and(
        eq(webJobs.name, name),
        unclaimed,
        onlyWhenDue ? lte(webJobs.nextRunAt, sql`now()`) : undefined,
      ),
    )
    .returning({ name: webJobs.name });
  return rows.length ? { name, token } : null;
}

/** Extends the lease; false when the claim was lost (it ran out and someone else took the job). */
export async function renewClaim(db: Db, claim: JobClaim): Promise<boolean> {
  const rows = await db
    .update(webJobs)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${LEASE_MS / 1000})` })
    .where(and(eq(webJobs.name, claim.name), eq(webJobs.claimedBy, claim.token)))
    .returning({ name: webJobs.name });
  return rows.length > 0;
}

/** Gives the job up; with `nextRunAt`, sets when it is next due. */
export async function releaseClaim(db: Db, claim: JobClaim, nextRunAt?: Date) {
  await db
    .update(webJobs)
    .set({
      claimedBy: null,
      claimedUntil: null,
      ...(nextRunAt ? { nextRunAt } : {}),
    })
    .where(and(eq(webJobs.name, claim.name), eq(webJobs.claimedBy, claim.token)));
}

/** Sets when the job is next due, whoever holds it. */
export async function scheduleJob(db: Db, name: string, nextRunAt: Date) {
  await db.update(webJobs).set({ nextRunAt }).where(eq(webJobs.name, name));
}

/**
 * Renews the claim every quarter lease while `work` runs. When a renewal finds the claim lost,
 * `onLost` is told (the work cannot be stopped from outside, but its result must not be trusted
 * to be the only one).
 */
export async function whileClaimed<T>(
  db: Db,
  claim: JobClaim,
  work: () => Promise<T>,
  onLost?: () => void,
): Promise<T> {
  const timer = setInterval(() => {
    renewClaim(db, claim)
      .then((held) => {
        if (!held) onLost?.();
      })
      .catch(() => {});
  }, LEASE_MS / 4);
  timer.unref();
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
