import type { AdminCall } from "./types";

/**
 * Every read and write of the Pages tab and its editor. The ids are small numbers that exist once
 * a page does; a refused call must change none of them.
 */
const page = {
  title: "Refused page",
  path: "/refused-page",
  kind: "landing",
  status: "published",
  noindex: false,
  blocks: [
    {
      id: "brefused",
      type: "cta",
      v: 3,
      anchor: "",
      title: "Refused",
      text: "",
      primary: { label: "Go", href: "/contact" },
    },
  ],
};

export const calls: AdminCall[] = [
  { name: "list the pages", method: "GET", path: "/admin/pages" },
  { name: "load the pages", method: "GET", path: "/admin/pages.data" },
  { name: "open a page's editor", method: "GET", path: "/admin/pages/1" },
  { name: "load a page's editor", method: "GET", path: "/admin/pages/1.data" },
  { name: "list a page's revisions", method: "GET", path: "/admin/pages/1/revisions" },
  {
    name: "compare a page's revision",
    method: "GET",
    path: "/admin/pages/1/revisions?revision=1",
  },
  {
    name: "create a page",
    method: "POST",
    path: "/admin/pages",
    json: { intent: "create", title: "Refused page", path: "/refused-page", template: "landing" },
  },
  {
    name: "delete a page",
    method: "POST",
    path: "/admin/pages",
    form: { intent: "delete", id: "1", redirectTo: "/about" },
  },
  {
    name: "save a page",
    method: "POST",
    path: "/admin/pages/1",
    json: { intent: "save", ...page },
  },
  {
    name: "preview a page",
    method: "POST",
    path: "/admin/pages/1",
    json: { intent: "preview", ...page },
  },
  {
    name: "restore a page's revision",
    method: "POST",
    path: "/admin/pages/1",
    form: { intent: "restore-revision", revisionId: "1", version: "1" },
  },
];
