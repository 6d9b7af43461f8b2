import { type CurrentUser, requireAdmin, requireAdminApi } from "./session.server";

/**
 * TEMPORARY stand-in (Part B of issue 20): Part A's permissions module replaces this file at merge.
 * Same signatures; until then every staff role is checked as "admin".
 */
export type StaffRole = "admin" | "editor";

export async function requireRole(
  request: Request,
  _role: StaffRole,
): Promise<CurrentUser & { role: StaffRole }> {
  const user = await requireAdmin(request);
  return { ...user, role: "admin" };
}

export async function requireRoleApi(
  request: Request,
  _role: StaffRole,
): Promise<CurrentUser & { role: StaffRole }> {
  const user = await requireAdminApi(request);
  return { ...user, role: "admin" };
}
