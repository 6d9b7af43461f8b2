import type { StaffRole } from "~/auth/roles";

/**
 * The dashboard's sections, one tab each, in the order the tab bar shows them; each one is its
 * own URL. This is the one place a section's role is written: `role` is the least role that may
 * open it. Its loaders and actions, and the resource routes under its path (Settings' include
 * "/admin/settings/backups"), ask `requireSection(request, section)` in
 * app/auth/permissions.server.ts, which looks the role up here; the tab bar shows a staff member
 * only the tabs their role opens, and the access tests (tests/support/route-access.ts) read their
 * expectations from here too.
 */
export const adminTabs = [
  { section: "overview", label: "Overview", path: "/admin", role: "editor" },
  { section: "blog", label: "Blog", path: "/admin/blog", role: "editor" },
  { section: "newsletter", label: "Newsletter", path: "/admin/newsletter", role: "editor" },
  { section: "leads", label: "Leads", path: "/admin/leads", role: "editor" },
  { section: "content", label: "Content", path: "/admin/content", role: "editor" },
  { section: "integrations", label: "Integrations", path: "/admin/integrations", role: "admin" },
  { section: "links", label: "Links", path: "/admin/links", role: "editor" },
  { section: "redirects", label: "Redirects", path: "/admin/redirects", role: "editor" },
  { section: "media", label: "Media", path: "/admin/media", role: "editor" },
  { section: "settings", label: "Settings", path: "/admin/settings", role: "admin" },
  { section: "analytics", label: "Analytics", path: "/admin/analytics", role: "editor" },
  { section: "api-keys", label: "API keys", path: "/admin/api-keys", role: "admin" },
  { section: "audit-log", label: "Audit log", path: "/admin/audit-log", role: "admin" },
  { section: "team", label: "Team", path: "/admin/team", role: "admin" },
] as const satisfies readonly { section: string; label: string; path: string; role: StaffRole }[];

export type AdminTab = (typeof adminTabs)[number];

/** A section's key: "team", "api-keys", … */
export type AdminSection = AdminTab["section"];

/** The tab of `section`. */
export function adminSection(section: AdminSection): AdminTab {
  const tab = adminTabs.find((candidate) => candidate.section === section);
  if (!tab) throw new Error(`No admin section "${section}"`);
  return tab;
}

/**
 * The section a dashboard address belongs to: the tab at its path or the one above it
 * ("/admin/settings/backups/:file" is Settings'). "/admin" itself is the Overview's, and nothing
 * else is: an address under /admin that no tab's path covers belongs to no section (undefined).
 */
export function sectionOfPath(pathname: string): AdminTab | undefined {
  const path = pathname.replace(/\/$/, "") || "/";
  const covering = adminTabs.filter(
    (tab) => path === tab.path || (tab.path !== "/admin" && path.startsWith(`${tab.path}/`)),
  );
  // The nearest tab, should one tab's path ever lie under another's.
  return covering.sort((a, b) => b.path.length - a.path.length)[0];
}
