import type { Route } from "./+types/post";

// Placeholder of the blog's first commit: the post-page work replaces it.
export function loader(_: Route.LoaderArgs) {
  throw new Response("Not Found", { status: 404 });
}

export default function BlogPost() {
  return null;
}
