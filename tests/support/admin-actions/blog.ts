import type { AdminCall } from "./types";

/**
 * Every read and write of the Blog tab: its views, each action intent and the image picker's
 * media list. The ids are small numbers that exist once a few posts and categories do; a refused
 * call must change none of them.
 */
const post = {
  title: "Refused post",
  content: "Body",
  status: "published",
  categoryId: "1",
  slug: "refused-post",
};

export const calls: AdminCall[] = [
  {
    name: "load the blog tab's categories view",
    method: "GET",
    path: "/admin/blog?view=categories",
  },
  {
    name: "load the blog tab's data (filter, search, page)",
    method: "GET",
    path: "/admin/blog.data?status=published&q=welcome&page=1",
  },
  {
    name: "list the media library's images for the picker",
    method: "GET",
    path: "/admin/blog/media?offset=0",
  },
  {
    name: "look up library files' alt texts for the editor's warning",
    method: "GET",
    path: "/admin/blog/media?names=1763700000000-0123456789abcdef.jpg",
  },
  {
    name: "list a post's revisions for its History panel",
    method: "GET",
    path: "/admin/blog/revisions?post=1",
  },
  {
    name: "ask for a writing suggestion for a post's excerpt",
    method: "POST",
    path: "/admin/blog/assist",
    json: { field: "excerpt", title: "Refused post", content: "Body" },
  },
  {
    name: "restore a revision of a post",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "restore-revision", id: "1", revisionId: "1" },
  },
  {
    name: "seed the sample content",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "seed-sample" },
  },
  {
    name: "create a post",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "create-post", ...post },
  },
  {
    name: "update a post",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "update-post", id: "1", ...post },
  },
  {
    name: "delete a post",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "delete-post", id: "1" },
  },
  {
    name: "preview a post's content",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "preview", content: "Hello" },
  },
  {
    name: "open a post's preview in a new tab",
    method: "POST",
    path: "/admin/blog",
    json: { intent: "open-preview", title: "Refused post", content: "Body" },
  },
  {
    name: "create a category",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "create-category", name: "Refused", slug: "refused" },
  },
  {
    name: "rename a category",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "update-category", id: "1", name: "Renamed" },
  },
  {
    name: "delete a category",
    method: "POST",
    path: "/admin/blog",
    form: { intent: "delete-category", id: "1" },
  },
];
