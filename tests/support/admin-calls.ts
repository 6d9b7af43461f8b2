import fs from "node:fs";
import path from "node:path";
import type { StaffRole } from "~/auth/roles";
import type { AdminCall } from "./admin-actions/types";
import { routeAccess, staffRoleOf } from "./route-access";

const actionsDir = path.join(import.meta.dirname, "admin-actions");

/** Every admin read and write that tests/support/admin-actions/<area>.ts lists, named by area. */
export async function loadAdminCalls(): Promise<AdminCall[]> {
  const calls: AdminCall[] = [];
  for (const file of fs.readdirSync(actionsDir).sort()) {
    if (file === "types.ts" || !file.endsWith(".ts")) continue;
    const module = (await import(path.join(actionsDir, file))) as { calls?: AdminCall[] };
    for (const call of module.calls ?? []) calls.push({ ...call, name: `${file}: ${call.name}` });
  }
  return calls;
}

/**
 * Whether an answer refuses the caller the way the admin guard does: 401/403, or a redirect to
 * /auth (signed out) or / (signed in without the admin role).
 */
export function isRefusal(status: number, location: string | null, body: string) {
  if (status === 401 || status === 403) return true;
  const target = (url: string) => {
    const pathname = new URL(url, "http://x").pathname;
    return pathname === "/auth" || pathname === "/";
  };
  if (status >= 300 && status < 400 && location) return target(location);
  // A `.data` request (client-side navigation) gets its redirect in the body.
  const redirect = body.match(/^\[\["SingleFetchRedirect",\d+\].*?"redirect","([^"]+)"/);
  if (status === 202 && redirect?.[1]) return target(redirect[1]);
  return false;
}

/**
 * The route `call` goes to, as tests/support/route-access.ts keys it (a loader's `.data` address
 * and a query string belong to the page's route).
 */
export function routeOf(call: Pick<AdminCall, "path">): string {
  const pathname = new URL(call.path, "http://x").pathname.replace(/\.data$/, "") || "/";
  for (const pattern of Object.keys(routeAccess)) {
    const source = pattern
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/");
    if (!pattern.includes("*") && new RegExp(`^${source}$`).test(pathname)) return pattern;
  }
  throw new Error(`${call.path}: no rule in tests/support/route-access.ts`);
}

/** The staff role `call` needs: the role of its route's section in app/admin/tabs.ts. */
export function roleOf(call: Pick<AdminCall, "path">): StaffRole | undefined {
  return staffRoleOf(routeOf(call));
}
