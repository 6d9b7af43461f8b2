import { data } from "react-router";
import { roleAllows, type StaffRole } from "./roles";
import { type CurrentUser, getCurrentUser, signInRedirect } from "./session.server";

export { roleAllows, type StaffRole } from "./roles";

/** The body of a 403 from requireRole; app/routes/admin/layout.tsx's error boundary shows it. */
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
 * The guard of every dashboard loader and action (deny by default: each one names the role it
 * needs). Visitors are sent to /auth and come back after signing in; a signed-in account without
 * the role gets a 403, which the dashboard's error boundary renders.
 */
export async function requireRole(request: Request, role: StaffRole): Promise<CurrentUser> {
  const user = await getCurrentUser(request);
  if (!user) throw signInRedirect(request);
  if (!roleAllows(user.role, role)) throw noAccess(user);
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
  return user;
}
