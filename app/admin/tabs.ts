import type { StaffRole } from "~/auth/roles";

/**
 * The dashboard's tabs, in the order the tab bar shows them; each one is its own URL. `role` is
 * the least role that may open it (the same one its loader's requireRole names); the tab bar
 * shows a staff member only the tabs their role opens.
 */
export const adminTabs = [
  { label: "Overview", path: "/admin", role: "editor" },
  { label: "Blog", path: "/admin/blog", role: "editor" },
  { label: "Newsletter", path: "/admin/newsletter", role: "editor" },
  { label: "Leads", path: "/admin/leads", role: "editor" },
  { label: "Content", path: "/admin/content", role: "editor" },
  { label: "Integrations", path: "/admin/integrations", role: "admin" },
  { label: "Links", path: "/admin/links", role: "editor" },
  { label: "Redirects", path: "/admin/redirects", role: "editor" },
  { label: "Media", path: "/admin/media", role: "editor" },
  { label: "Settings", path: "/admin/settings", role: "admin" },
  { label: "Analytics", path: "/admin/analytics", role: "editor" },
  { label: "API keys", path: "/admin/api-keys", role: "admin" },
  { label: "Audit log", path: "/admin/audit-log", role: "admin" },
  { label: "Team", path: "/admin/team", role: "admin" },
] as const satisfies readonly { label: string; path: string; role: StaffRole }[];

export type AdminTab = (typeof adminTabs)[number];
