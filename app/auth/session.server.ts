import { getSessionCookie } from "better-auth/cookies";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { profiles } from "~/db/schema.server";
import { getEnv } from "~/env.server";
import { hasControlCharacter } from "~/schemas/text";
import { touchSessionLastSeen } from "./account-security.server";
import { getAuth } from "./auth.server";
import type { CurrentUser, UserRole } from "./roles";

export type { CurrentUser, UserRole } from "./roles";

/** The signed-in user of this request, with the role read from profiles.role. */
export async function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  // Most requests are visitors' without a session cookie, for whom better-auth would answer null
  // too, after building a whole endpoint call (a visible share of an uncached page's render).
  if (!getSessionCookie(request.headers)) return null;
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

/** The value with its percent escapes decoded, again and again (`%2509` is a tab twice over). */
function decodedForms(value: string) {
  const forms = [value];
  let current = value;
  for (let round = 0; round < 3; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * Where to send someone next (a `redirectTo` of sign-in, two-factor, an invitation): an address on
 * this site's own origin, as the path, query and fragment; else `fallback`. The value is resolved
 * with the URL parser against SITE_URL, exactly as a browser would resolve the Location, and kept
 * only when that lands on SITE_URL's origin. Control characters (a tab, a newline) and backslashes
 * are refused anywhere, raw or percent-encoded: browsers drop or reinterpret them (`/<TAB>/evil`
 * becomes `//evil`), so what was checked would not be where the browser goes.
 */
export function safeRedirectTarget(
  value: FormDataEntryValue | string | null | undefined,
  fallback = "/",
) {
  if (typeof value !== "string" || value === "" || value.length > 2_000) return fallback;
  // A backslash is a slash to browsers.
  if (decodedForms(value).some((form) => hasControlCharacter(form) || form.includes("\\"))) {
    return fallback;
  }
  const site = new URL(getEnv().SITE_URL);
  let url: URL;
  try {
    url = new URL(value, site);
  } catch {
    return fallback;
  }
  if (url.origin !== site.origin || url.username || url.password) return fallback;
  // `/.//evil` resolves to the path `//evil`, which a browser reads as another host.
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
