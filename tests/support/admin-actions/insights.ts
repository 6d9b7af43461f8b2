import type { AdminCall } from "./types";

/** Every read and write of the Overview and Links tabs. */
export const calls: AdminCall[] = [
  { name: "read the overview", method: "GET", path: "/admin" },
  { name: "read the overview's data", method: "GET", path: "/admin.data" },
  { name: "read the link audit", method: "GET", path: "/admin/links" },
  {
    name: "read the link audit's filtered results",
    method: "GET",
    path: "/admin/links?type=internal&status=missing&page=1",
  },
  { name: "read the link audit's data", method: "GET", path: "/admin/links.data" },
  {
    name: "start a link audit",
    method: "POST",
    path: "/admin/links",
    form: { intent: "start-link-audit" },
  },
];
