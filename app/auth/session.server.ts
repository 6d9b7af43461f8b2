import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import { touchSessionLastSeen } from "./account-security.server";
import { getAuth } from "./auth.server";
import type { UserRole } from "./roles";

export type { UserRole } from "./roles";

export interface CurrentUser {
  id: string;
  email: string;
  role: UserRole;
  /** role is "admin". */
  isAdmin: boolean;
  /** role is "admin" or "editor": may open the dashboard. */
  isStaff: boolean;
}

/** The signed-in user of this request, with the role read from profiles.role. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  touchSessionLastSeen(session.session.id);
  const [profile] = await getDb()
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  const role: UserRole =
    profile?.role === "admin" || profile?.role === "editor" ? profile.role : "user";
  return {
    id: session.user.id,
    email: session.user.email,
    role,
    isAdmin: role === "admin",
    isStaff: role !== "user",
  };
}

/** To /auth, coming back to this request's address after signing in. */
export function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
  return redirect(`/auth?${params}`);
}

/** Visitors are sent to /auth. */
export async function requireUser(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw signInRedirect(request);
  return user;
}

/** A same-site redirect target from a query parameter, never an outside address. */
export function safeRedirectTarget(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
) {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  return value;
}
