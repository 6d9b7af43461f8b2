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
    name: "set a subscriber's tags",
    method: "POST",
    path: "/admin/newsletter",
    form: { intent: "set-tags", id: "1", tags: "webinar, vip" },
  },
  { name: "load the campaigns", method: "GET", path: "/admin/newsletter/campaigns" },
  {
    name: "make a campaign draft from a published post",
    method: "POST",
    path: "/admin/newsletter/campaigns",
    form: { intent: "from-post", postId: "1" },
  },
  {
    name: "poll a campaign's counts",
    method: "GET",
    path: "/admin/newsletter/campaigns/1/send",
  },
  ...(
    [
      ["send a campaign now", { intent: "send-now" }],
      ["schedule a campaign", { intent: "schedule", scheduledAt: "2099-01-01T09:00" }],
      ["cancel a campaign's schedule", { intent: "unschedule" }],
      ["pause a campaign", { intent: "pause" }],
      ["resume a campaign", { intent: "resume" }],
      ["cancel a campaign", { intent: "cancel" }],
      ["send a campaign's test", { intent: "test", to: "admin@example.com" }],
    ] as const
  ).map(
    ([name, form]): AdminCall => ({
      name,
      method: "POST",
      path: "/admin/newsletter/campaigns/1/send",
      form,
    }),
  ),
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
