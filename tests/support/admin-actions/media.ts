import type { AdminCall } from "./types";

/** Text, so it survives being sent as a string: a valid SVG the server would accept. */
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

/**
 * Every read and write of the media library. The ids name the first file a test database would
 * hold; the upload is a valid SVG, so each write would change data if the guard failed.
 */
export const calls: AdminCall[] = [
  { name: "open the media tab", method: "GET", path: "/admin/media" },
  { name: "read the media list", method: "GET", path: "/admin/media.data" },
  {
    name: "read the next page of documents",
    method: "GET",
    path: "/admin/media.data?kind=documents&offset=100",
  },
  {
    name: "edit a file's alt text",
    method: "POST",
    path: "/admin/media",
    form: { intent: "update-alt", id: "1", altText: "Changed by a stranger" },
  },
  {
    name: "delete a media file",
    method: "POST",
    path: "/admin/media",
    form: { intent: "delete", id: "1" },
  },
  {
    name: "upload a media file",
    method: "POST",
    path: "/admin/media/upload",
    multipart: {
      fields: { altText: "Uploaded by a stranger" },
      file: {
        field: "file",
        name: "logo.svg",
        type: "image/svg+xml",
        content: SVG,
      },
    },
  },
  { name: "ask the upload route with GET", method: "GET", path: "/admin/media/upload" },
];
