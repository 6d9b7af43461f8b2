import type { AdminCall } from "./types";

/**
 * Every read and write of the Team tab. The payloads are valid: each would change the team if the
 * admin check let it through (the member id is any well-formed one: the guard runs first).
 */
export const calls: AdminCall[] = [
  { name: "open the Team tab", method: "GET", path: "/admin/team" },
  { name: "read the Team tab's data", method: "GET", path: "/admin/team.data" },
  {
    name: "invite someone",
    method: "POST",
    path: "/admin/team",
    form: { intent: "invite", email: "intruder@intruder.test", role: "admin" },
  },
  {
    name: "revoke an invitation",
    method: "POST",
    path: "/admin/team",
    form: { intent: "revoke", id: "1" },
  },
  {
    name: "change a member's role",
    method: "POST",
    path: "/admin/team",
    form: { intent: "change-role", userId: "someone", role: "admin" },
  },
  {
    name: "remove a member",
    method: "POST",
    path: "/admin/team",
    form: { intent: "remove", userId: "someone" },
  },
];
