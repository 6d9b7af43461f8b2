import type { AdminCall } from "./types";

/** Every read and write of the Redirects tab (the link audit's one-click redirect posts here too). */
export const calls: AdminCall[] = [
  { name: "list the redirects", method: "GET", path: "/admin/redirects" },
  { name: "load the redirects", method: "GET", path: "/admin/redirects.data" },
  {
    name: "add a redirect",
    method: "POST",
    path: "/admin/redirects",
    form: { intent: "create", fromPath: "/forged-old", target: "/about" },
  },
  {
    name: "change a redirect",
    method: "POST",
    path: "/admin/redirects",
    form: { intent: "update", id: "1", fromPath: "/forged-old", target: "/contact" },
  },
  {
    name: "delete a redirect",
    method: "POST",
    path: "/admin/redirects",
    form: { intent: "delete", id: "1" },
  },
];
