import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { apiKeys, profiles, users } from "~/db/schema.server";

/**
 * API keys for automation (e.g. POST /api/create-blog-post). A key is 32 random bytes behind a
 * recognisable prefix; only its SHA-256 and its first characters are stored, so the full key is
 * seen once, when it is made. A key acts for the admin who made it, and only while that account
 * still exists and is an admin.
 */

export const API_KEY_PREFIX = "ais_";
/** How much of the key is kept in clear, to tell keys apart in the list: "ais_" and 8 characters. */
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
const KEY_SHAPE = /^ais_[A-Za-z0-9_-]{43}$/;

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
}

export interface ApiKeySummary {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdByEmail: string | null;
}

/** Makes a key; the returned `key` is the only time the full value exists outside its holder. */
export async function createApiKey(
  db: Db,
  input: { name: string; createdBy: string },
): Promise<{ key: string; summary: ApiKeySummary }> {
  const key = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
      keyHash: hashApiKey(key),
      createdBy: input.createdBy,
    })
    .returning();
  if (!row) throw new Error("The API key was not stored");
  const [creator] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, input.createdBy));
  return { key, summary: toSummary(row, creator?.email ?? null) };
}

function toSummary(row: typeof apiKeys.$inferSelect, createdByEmail: string | null): ApiKeySummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdByEmail,
  };
}

/** Every key, live ones first, newest first. */
export async function listApiKeys(db: Db): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({ key: apiKeys, email: users.email })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  const summaries = rows.map((r) => toSummary(r.key, r.email));
  return [...summaries.filter((s) => !s.revokedAt), ...summaries.filter((s) => s.revokedAt)];
}

/** Revokes a live key: null when there is no such key, `revoked: false` when it already was. */
export async function revokeApiKey(
  db: Db,
  id: number,
): Promise<{ summary: Pick<ApiKeySummary, "id" | "name" | "prefix">; revoked: boolean } | null> {
  const [updated] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix });
  if (updated) return { summary: updated, revoked: true };
  const [existing] = await db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
    .from(apiKeys)
    .where(eq(apiKeys.id, id));
  return existing ? { summary: existing, revoked: false } : null;
}

export interface ApiKeyHolder {
  key: { id: number; name: string; prefix: string };
  /** The admin the key acts for (its creator). */
  admin: { id: string; email: string; role: "admin"; isAdmin: true; isStaff: true };
}

/**
 * The live key with this value, and the admin it acts for; null for anything else (malformed,
 * unknown, revoked, or made by an account that is gone or no longer an admin). Looked up by hash,
 * so the stored hash is never compared character by character with what a caller sent; the last
 * use is recorded.
 */
export async function findLiveApiKey(db: Db, key: string): Promise<ApiKeyHolder | null> {
  if (!KEY_SHAPE.test(key)) return null;
  const hash = hashApiKey(key);
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      keyHash: apiKeys.keyHash,
      revokedAt: apiKeys.revokedAt,
      userId: users.id,
      email: users.email,
      role: profiles.role,
    })
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .leftJoin(profiles, eq(profiles.id, apiKeys.createdBy))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);
  if (!row) return null;
  if (!timingSafeEqual(Buffer.from(row.keyHash, "hex"), Buffer.from(hash, "hex"))) return null;
  if (row.revokedAt || !row.userId || !row.email || row.role !== "admin") return null;
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.id));
  return {
    key: { id: row.id, name: row.name, prefix: row.prefix },
    admin: { id: row.userId, email: row.email, role: "admin", isAdmin: true, isStaff: true },
  };
}
