import { data, redirect } from "react-router";
import { type AdminSection, adminSection } from "~/admin/tabs";
import {
  TWO_FACTOR_SETUP_MESSAGE,
  TWO_FACTOR_SETUP_PATH,
  twoFactorSetupRequired,
} from "./account-security.server";
import { roleAllows, type StaffRole } from "./roles";
import { type CurrentUser, getCurrentUser, signInRedirect } from "./session.server";

export { roleAllows, type StaffRole } from "./roles";

/** The body of a 403 from requireRole (requireSection); app/routes/admin/layout.tsx's error boundary shows it. */
export interface NoAccess {
  message: string;
  /** The caller may open the dashboard (an editor on an admin-only page). */
  staff: boolean;
}

export const NO_ACCESS_MESSAGE = "You do not have access to this page.";

function noAccess(user: CurrentUser) {
  return data<NoAccess>({ message: NO_ACCESS_MESSAGE, staff: user.isStaff }, { status: 403 });
}

/**
 * The check behind requireSection, and the dashboard layout's own (any staff: "editor"). Visitors
 * are sent to /auth and come back after signing in; a signed-in account that is not staff is sent
 * to the home page (the spec's rule for /admin); staff without the role get a 403, which the
 * dashboard's error boundary renders. While two-factor sign-in is required for admins, an admin
 * without it is sent to set it up first.
 */
export async function requireRole(request: Request, role: StaffRole): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw signInRedirect(request);
  // The spec's rule for /admin: non-admins go to "/". Staff without the role see the 403 page.
  if (!user.isStaff) throw redirect("/");
  if (!roleAllows(user.role, role)) throw noAccess(user);
  if (await twoFactorSetupRequired(user)) throw redirect(TWO_FACTOR_SETUP_PATH);
  return user;
}

/** The same check for JSON endpoints: 401 or 403 with an error body instead of a redirect. */
export async function requireRoleApi(request: Request, role: StaffRole): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) {
    throw Response.json(
      {
        error:
          role === "admin"
            ? "Sign in as an admin to do this."
            : "Sign in as an admin or editor to do this.",
      },
      { status: 401 },
    );
  }
  if (!roleAllows(user.role, role)) {
    throw Response.json(
      {
        error:
          role === "admin" ? "Only admins can do this." : "Only admins and editors can do this.",
      },
      { status: 403 },
    );
  }
  if (await twoFactorSetupRequired(user)) {
    throw Response.json({ error: TWO_FACTOR_SETUP_MESSAGE }, { status: 403 });
  }
  return user;
}

/**
 * The guard of every dashboard loader and action (deny by default: each one names its section):
 * requireRole with the role app/admin/tabs.ts gives `section`.
 */
export function requireSection(request: Request, section: AdminSection): Promise<CurrentUser> {
  return requireRole(request, adminSection(section).role);
}

/** requireRoleApi with the role of `section`, for the dashboard's JSON endpoints. */
export function requireSectionApi(request: Request, section: AdminSection): Promise<CurrentUser> {
  return requireRoleApi(request, adminSection(section).role);
}
