import { type AdminSection, adminSection } from "~/admin/tabs";
import { getDb } from "~/db/client.server";
import { type ApiKeyHolder, findLiveApiKey } from "~/models/api-keys.server";
import { TWO_FACTOR_SETUP_MESSAGE, twoFactorSetupRequired } from "./account-security.server";
import { roleAllows, type StaffRole } from "./roles";
import { type CurrentUser, getCurrentUser } from "./session.server";

/**
 * Who is calling an automation endpoint: a signed-in staff member (browser session) or an API key
 * made in the dashboard (`Authorization: Bearer <key>`). Either way `admin` is the account to
 * record in the audit log: the signed-in admin or editor, or for a key, the admin who made it.
 */
export type StaffOrApiKey =
  | { kind: "session"; admin: CurrentUser }
  | { kind: "api-key"; admin: CurrentUser; key: ApiKeyHolder["key"] };

/** The bearer token of the request, or null when it sends none. */
function bearerToken(request: Request): string | null {
  const header = request.headers.get("authorization");
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

/**
 * The live API key the request carries (`Authorization: Bearer <key>`), or null when it carries
 * none or one that is unknown, malformed or revoked. Records the key's last use.
 */
export async function authenticateApiKey(request: Request): Promise<ApiKeyHolder | null> {
  const token = bearerToken(request);
  if (!token) return null;
  return findLiveApiKey(getDb(), token);
}

function unauthorized(error: string, status = 401) {
  return Response.json(
    { error },
    { status, headers: status === 401 ? { "WWW-Authenticate": 'Bearer realm="api"' } : {} },
  );
}

/**
 * For JSON endpoints that staff and automation both use. A request with an Authorization header
 * is judged by its key alone (a bad key is refused even when a session cookie comes along; a key
 * acts for the admin who made it); otherwise the session's account must have `role`. Throws a
 * JSON 401 (403 for a signed-in account without the role).
 */
export async function requireRoleOrApiKey(
  request: Request,
  role: StaffRole,
): Promise<StaffOrApiKey> {
  if (request.headers.has("authorization")) {
    const holder = await authenticateApiKey(request);
    if (!holder) throw unauthorized("The API key is missing, invalid or revoked.");
    return { kind: "api-key", admin: holder.admin, key: holder.key };
  }
  const user = await getCurrentUser(request);
  if (!user) {
    throw unauthorized(
      role === "admin"
        ? "Sign in as an admin or send an API key."
        : "Sign in as an admin or editor, or send an API key.",
    );
  }
  if (!roleAllows(user.role, role)) {
    throw unauthorized(
      role === "admin" ? "Only admins can do this." : "Only admins and editors can do this.",
      403,
    );
  }
  if (await twoFactorSetupRequired(user)) throw unauthorized(TWO_FACTOR_SETUP_MESSAGE, 403);
  return { kind: "session", admin: user };
}

/** requireRoleOrApiKey with the role app/admin/tabs.ts gives `section` (the post API: "blog"). */
export function requireSectionOrApiKey(
  request: Request,
  section: AdminSection,
): Promise<StaffOrApiKey> {
  return requireRoleOrApiKey(request, adminSection(section).role);
}
