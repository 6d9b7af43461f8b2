// Placeholder of the blog's first commit: the post-page work replaces it with the RSS feed.
export function loader() {
  throw new Response("Not Found", { status: 404 });
}
