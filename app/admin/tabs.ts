/** The dashboard's tabs, in the order the tab bar shows them; each one is its own URL. */
export const adminTabs = [
  { label: "Overview", path: "/admin" },
  { label: "Blog", path: "/admin/blog" },
  { label: "Newsletter", path: "/admin/newsletter" },
  { label: "Leads", path: "/admin/leads" },
  { label: "Content", path: "/admin/content" },
  { label: "Integrations", path: "/admin/integrations" },
  { label: "Links", path: "/admin/links" },
  { label: "Redirects", path: "/admin/redirects" },
  { label: "Media", path: "/admin/media" },
  { label: "Settings", path: "/admin/settings" },
  { label: "Analytics", path: "/admin/analytics" },
  { label: "API keys", path: "/admin/api-keys" },
  { label: "Audit log", path: "/admin/audit-log" },
  { label: "Team", path: "/admin/team" },
] as const;

export type AdminTab = (typeof adminTabs)[number];
