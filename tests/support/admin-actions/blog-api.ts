import type { AdminCall } from "./types";

/**
 * The post API (the creator pages call it with the admin's session). A visitor gets 401, a
 * signed-in non-admin 403; the payload is a valid, published post, so a failed guard would store it.
 */
export const calls: AdminCall[] = [
  {
    name: "create a blog post through the API",
    method: "POST",
    path: "/api/create-blog-post",
    json: {
      title: "Posted by a stranger",
      content: "This post must not be stored.",
      excerpt: "Stranger's excerpt",
      slug: "posted-by-a-stranger",
      featured_image: "/images/blog/creators/hiring-hub.svg",
      published: true,
      meta_title: "Stranger",
      meta_description: "Stranger's description",
    },
  },
];
