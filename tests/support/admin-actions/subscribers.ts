import type { AdminCall } from "./types";

/**
 * Every read and write of the Newsletter tab and the leads inbox. The ids are small numbers that
 * exist once a few subscribers and leads do; a refused call must change none of them.
 */
export const calls: AdminCall[] = [
  { name: "load the newsletter tab", method: "GET", path: "/admin/newsletter" },
  {
    name: "load the newsletter tab's data (search, filter, page)",
    method: "GET",
    path: "/admin/newsletter.data?q=example&status=active&page=1",
  },
  {
    name: "unsubscribe a subscriber",
    method: "POST",
    path: "/admin/newsletter",
    form: { intent: "unsubscribe", id: "1" },
  },
  {
    name: "reactivate a subscriber",
    method: "POST",
    path: "/admin/newsletter",
    form: { intent: "reactivate", id: "1" },
  },
  {
    name: "export the subscribers as CSV",
    method: "GET",
    path: "/admin/newsletter/export",
  },
  { name: "load the newsletter settings", method: "GET", path: "/admin/newsletter/settings" },
  {
    name: "switch double opt-in off and the welcome mail on",
    method: "POST",
    path: "/admin/newsletter/settings",
    form: { welcomeEnabled: "on", welcomeSubject: "Hello", welcomeBody: "Welcome." },
  },
  {
    name: "check the From domain's DNS records",
    method: "GET",
    path: "/admin/newsletter/sender-check?fresh=1",
  },
  {
    name: "save the sender check's DKIM selector",
    method: "POST",
    path: "/admin/newsletter/sender-check",
    form: { intent: "save-selector", selector: "mail2024" },
  },
  { name: "load the leads inbox", method: "GET", path: "/admin/leads" },
  {
    name: "load the leads inbox's data with a lead's details",
    method: "GET",
    path: "/admin/leads.data?type=all&status=new&lead=consultation-1",
  },
  {
    name: "mark a consultation request contacted",
    method: "POST",
    path: "/admin/leads",
    form: { intent: "set-status", kind: "consultation", id: "1", status: "contacted" },
  },
  {
    name: "close a contact message",
    method: "POST",
    path: "/admin/leads",
    form: { intent: "set-status", kind: "contact", id: "1", status: "closed" },
  },
  { name: "export the leads as CSV", method: "GET", path: "/admin/leads/export" },
];
