import type { AdminCall } from "./types";

/** Every read of the Analytics tab (it has no writes). */
export const calls: AdminCall[] = [
  { name: "open the Analytics tab", method: "GET", path: "/admin/analytics" },
  { name: "open the Analytics tab for 90 days", method: "GET", path: "/admin/analytics?days=90" },
  { name: "load the Analytics tab's data", method: "GET", path: "/admin/analytics.data" },
  {
    name: "load the Analytics tab's data for 7 days",
    method: "GET",
    path: "/admin/analytics.data?days=7",
  },
];
