import type { AdminCall } from "./types";

/**
 * Every read and write of the newsletter campaign editor. Campaign 1 exists once the tests have
 * made one; a refused call must change nothing.
 */
const draft = {
  subject: "Refused campaign",
  previewText: "",
  fromName: "",
  replyTo: "",
  audienceTags: [],
  body: [{ id: "b1", type: "heading", v: 1, text: "Hello", level: "1" }],
};

export const calls: AdminCall[] = [
  {
    name: "open a new campaign's editor",
    method: "GET",
    path: "/admin/newsletter/campaigns/new",
  },
  {
    name: "load a campaign's editor",
    method: "GET",
    path: "/admin/newsletter/campaigns/1.data",
  },
  {
    name: "save a new campaign",
    method: "POST",
    path: "/admin/newsletter/campaigns/new",
    json: { intent: "save", ...draft },
  },
  {
    name: "save a campaign",
    method: "POST",
    path: "/admin/newsletter/campaigns/1",
    json: { intent: "save", version: 1, ...draft },
  },
  {
    name: "preview a campaign",
    method: "POST",
    path: "/admin/newsletter/campaigns/1/preview",
    json: draft,
  },
];
