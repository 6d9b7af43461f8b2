/**
 * Roles, shared by the server's guards (app/auth/permissions.server.ts) and the dashboard's tab bar.
 * An admin may do everything; an editor the content work (posts, categories, media, content
 * editors, newsletter, leads, redirects, links, analytics) but not what holds secrets or runs the
 * site (integrations, API keys, settings, backups, audit log, team).
 */

/** An account's role (profiles.role): staff are admins and editors; everyone else is a user. */
export type UserRole = "admin" | "editor" | "user";

/** The signed-in account of a request, with its role from profiles.role. */
export interface CurrentUser {
  id: string;
  email: string;
  role: UserRole;
  /** role is "admin". */
  isAdmin: boolean;
  /** role is "admin" or "editor": may open the dashboard. */
  isStaff: boolean;
}

/** The roles that open the dashboard. */
export type StaffRole = "admin" | "editor";

const rank: Record<UserRole, number> = { user: 0, editor: 1, admin: 2 };

/** Whether an account with `userRole` may do what `needed` may (an admin may do all an editor may). */
export function roleAllows(userRole: UserRole | null | undefined, needed: StaffRole): boolean {
  if (!userRole || !Object.hasOwn(rank, userRole)) return false;
  return rank[userRole] >= rank[needed];
}
