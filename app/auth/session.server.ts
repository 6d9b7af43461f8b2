import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import {
  TWO_FACTOR_SETUP_MESSAGE,
  TWO_FACTOR_SETUP_PATH,
  touchSessionLastSeen,
  twoFactorSetupRequired,
} from "./account-security.server";
import { getAuth } from "./auth.server";

export interface CurrentUser {
  id: string;
  email: string;
  isAdmin: boolean;
}

/** The signed-in user of this request, with the admin flag read from profiles.role. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers });
  if (!session) return null;
  touchSessionLastSeen(session.session.id);
  const [profile] = await getDb()
    .select({ role: profiles.role })
    .from(profiles)
    .where(eq(profiles.id, session.user.id))
    .limit(1);
  return { id: session.user.id, email: session.user.email, isAdmin: profile?.role === "admin" };
}

function signInRedirect(request: Request) {
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

/** Visitors are sent to /auth, signed-in non-admins to /. Call in every admin loader and action. */
export async function requireAdmin(request: Request): Promise<CurrentUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw redirect("/");
  if (await twoFactorSetupRequired(user)) throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}

/** The same check for JSON endpoints: 401 or 403 with an error body instead of a redirect. */
export async function requireAdminApi(request: Request): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw Response.json({ error: "Sign in as an admin to do this." }, { status: 401 });
  if (!user.isAdmin) throw Response.json({ error: "Only admins can do this." }, { status: 403 });
  if (await twoFactorSetupRequired(user)) {
    throw Response.json({ error: TWO_FACTOR_SETUP_MESSAGE }, { status: 403 });
  }
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
