import type { AdminCall } from "./types";

/** The dashboard's own pages; each tab's area lists its actions. */
export const calls: AdminCall[] = [
  { name: "open the dashboard", method: "GET", path: "/admin" },
  { name: "load the dashboard's data", method: "GET", path: "/admin.data" },
  { name: "list the posts", method: "GET", path: "/admin/blog" },
  { name: "load the posts", method: "GET", path: "/admin/blog.data" },
];
