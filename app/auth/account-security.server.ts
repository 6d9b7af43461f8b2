import { and, desc, eq, ne, sql } from "drizzle-orm";
import { renderSVG } from "uqr";
import { type Db, getDb } from "~/db/client.server";
import { profiles, sessions, users, webSettings } from "~/db/schema.server";
import { cookieValue } from "~/lib/cookies";
import { describeDevice } from "~/lib/user-agent";
import { ADMIN_TWO_FACTOR_KEY } from "~/schemas/admin/settings";

/**
 * The account security page's server side: a user's sessions (listed from our database, with the
 * time each was last seen), ending them, and the "two-factor sign-in required for admins" rule.
 */

const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
/** When this process last wrote each session's last_seen_at: at most one write per 5 minutes. */
const lastSeenWritten = new Map<string, number>();

/** Marks the session as seen now, at most every 5 minutes; never fails the request. */
export function touchSessionLastSeen(sessionId: string): void {
  const now = Date.now();
  const written = lastSeenWritten.get(sessionId);
  if (written !== undefined && now - written < LAST_SEEN_EVERY_MS) return;
  if (lastSeenWritten.size > 10_000) lastSeenWritten.clear();
  lastSeenWritten.set(sessionId, now);
  let db: Db;
  try {
    db = getDb();
  } catch {
    return; // no database set up (a unit test of something else)
  }
  // Another process may have written it lately: the condition keeps it to one write per window.
  db.update(sessions)
    .set({ lastSeenAt: new Date(now) })
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`(${sessions.lastSeenAt} is null or ${sessions.lastSeenAt} < now() - interval '5 minutes')`,
      ),
    )
    .catch(() => lastSeenWritten.delete(sessionId));
}

export interface SessionView {
  id: string;
  device: string;
  ipAddress: string | null;
  lastSeen: string;
  current: boolean;
}

/** The user's unexpired sessions, the current one first, then by last seen. */
export async function listSessions(db: Db, userId: string, currentId: string) {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      lastSeenAt: sessions.lastSeenAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
  const list: SessionView[] = rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    ipAddress: row.ipAddress || null,
    lastSeen: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === currentId,
  }));
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Ends one of the user's other sessions; answers whether there was one to end. */
export async function endSession(db: Db, userId: string, sessionId: string, currentId: string) {
  if (sessionId === currentId) return false;
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user but the current one; answers how many. */
export async function endOtherSessions(db: Db, userId: string, currentId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, currentId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** The admin setting "Require two-factor sign-in for admins". */
export async function twoFactorRequiredForAdmins(db: Db = getDb()): Promise<boolean> {
  const [row] = await db
    .select({ value: webSettings.value })
    .from(webSettings)
    .where(eq(webSettings.key, ADMIN_TWO_FACTOR_KEY))
    .limit(1);
  return row?.value === "on";
}

export async function hasTwoFactor(userId: string, db: Db = getDb()) {
  const [row] = await db
    .select({ enabled: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(row?.enabled);
}

/**
 * Whether this user must set up two-factor sign-in before using the dashboard: an admin without
 * it while the setting is on.
 */
export async function twoFactorSetupRequired(user: { id: string; isAdmin: boolean }) {
  if (!user.isAdmin) return false;
  const db = getDb();
  if (!(await twoFactorRequiredForAdmins(db))) return false;
  return !(await hasTwoFactor(user.id, db));
}

/** The same, for a user known by id only (right after the password was accepted). */
export async function twoFactorSetupRequiredForUser(userId: string) {
  const [profile] = await getDb()
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .limit(1);
  return twoFactorSetupRequired({ id: userId, isAdmin: profile?.role === "admin" });
}

export const TWO_FACTOR_SETUP_PATH = "/account/security?setup=2fa";
export { TWO_FACTOR_SETUP_MESSAGE } from "~/schemas/account-security";

/** Whether the request carries better-auth's sign-in challenge cookie (set after the password). */
export function hasTwoFactorChallenge(request: Request) {
  const header = request.headers.get("cookie");
  return Boolean(
    cookieValue(header, "better-auth.two_factor") ??
      cookieValue(header, "__Secure-better-auth.two_factor"),
  );
}

/** The otpauth:// address as a QR code for authenticator apps (SVG markup, no scripts). */
export function qrCodeSvg(totpURI: string): string {
  return renderSVG(totpURI, { border: 2 });
}
