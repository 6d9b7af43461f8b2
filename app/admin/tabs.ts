import type { StaffRole } from "~/auth/roles";

/**
 * The groups of the dashboard's sidebar, by what staff do there, in the order it shows them. The
 * first one (the overview) stands above the others without a visible heading.
 */
export const adminGroups = [
  { key: "home", label: "Dashboard" },
  { key: "content", label: "Content" },
  { key: "audience", label: "Audience" },
  { key: "site", label: "Site" },
] as const;

export type AdminGroup = (typeof adminGroups)[number]["key"];

/**
 * The dashboard's sections, one tab each, in the order the sidebar shows them (under their
 * `group`); each one is its own URL. This is the one place a section's role is written: `role` is
 * the least role that may open it. Its loaders and actions, and the resource routes under its path
 * (Settings' include "/admin/settings/backups"), ask `requireSection(request, section)` in
 * app/auth/permissions.server.ts, which looks the role up here; the sidebar shows a staff member
 * only the tabs their role opens, and the access tests (tests/support/route-access.ts) read their
 * expectations from here too.
 */
export const adminTabs = [
  { section: "overview", label: "Overview", path: "/admin", role: "editor", group: "home" },
  { section: "pages", label: "Pages", path: "/admin/pages", role: "editor", group: "content" },
  { section: "blog", label: "Blog", path: "/admin/blog", role: "editor", group: "content" },
  {
    section: "content",
    label: "Content",
    path: "/admin/content",
    role: "editor",
    group: "content",
  },
  { section: "media", label: "Media", path: "/admin/media", role: "editor", group: "content" },
  { section: "links", label: "Links", path: "/admin/links", role: "editor", group: "content" },
  {
    section: "redirects",
    label: "Redirects",
    path: "/admin/redirects",
    role: "editor",
    group: "content",
  },
  {
    section: "newsletter",
    label: "Newsletter",
    path: "/admin/newsletter",
    role: "editor",
    group: "audience",
  },
  { section: "leads", label: "Leads", path: "/admin/leads", role: "editor", group: "audience" },
  {
    section: "analytics",
    label: "Analytics",
    path: "/admin/analytics",
    role: "editor",
    group: "audience",
  },
  {
    section: "integrations",
    label: "Integrations",
    path: "/admin/integrations",
    role: "admin",
    group: "site",
  },
  { section: "settings", label: "Settings", path: "/admin/settings", role: "admin", group: "site" },
  { section: "api-keys", label: "API keys", path: "/admin/api-keys", role: "admin", group: "site" },
  {
    section: "audit-log",
    label: "Audit log",
    path: "/admin/audit-log",
    role: "admin",
    group: "site",
  },
  { section: "team", label: "Team", path: "/admin/team", role: "admin", group: "site" },
] as const satisfies readonly {
  section: string;
  label: string;
  path: string;
  role: StaffRole;
  group: AdminGroup;
}[];

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
