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
 * The dashboard's tabs, in the order the sidebar shows them; each one is its own URL. `role` is
 * the least role that may open it (the same one its loader's requireRole names); the sidebar
 * shows a staff member only the tabs their role opens, under its `group`.
 */
export const adminTabs = [
  { label: "Overview", path: "/admin", role: "editor", group: "home" },
  { label: "Blog", path: "/admin/blog", role: "editor", group: "content" },
  { label: "Content", path: "/admin/content", role: "editor", group: "content" },
  { label: "Media", path: "/admin/media", role: "editor", group: "content" },
  { label: "Links", path: "/admin/links", role: "editor", group: "content" },
  { label: "Redirects", path: "/admin/redirects", role: "editor", group: "content" },
  { label: "Newsletter", path: "/admin/newsletter", role: "editor", group: "audience" },
  { label: "Leads", path: "/admin/leads", role: "editor", group: "audience" },
  { label: "Analytics", path: "/admin/analytics", role: "editor", group: "audience" },
  { label: "Integrations", path: "/admin/integrations", role: "admin", group: "site" },
  { label: "Settings", path: "/admin/settings", role: "admin", group: "site" },
  { label: "API keys", path: "/admin/api-keys", role: "admin", group: "site" },
  { label: "Audit log", path: "/admin/audit-log", role: "admin", group: "site" },
  { label: "Team", path: "/admin/team", role: "admin", group: "site" },
] as const satisfies readonly {
  label: string;
  path: string;
  role: StaffRole;
  group: AdminGroup;
}[];

export type AdminTab = (typeof adminTabs)[number];

/** The tab an address belongs to: its own, or the one it sits under (/admin/integrations/…). */
export function tabOf(pathname: string): AdminTab | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...adminTabs]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => path === tab.path || path.startsWith(`${tab.path}/`));
}
