import type { Route } from "./+types/create-hiring-hub-post";

// Placeholder of the blog's first commit: the creator-pages work replaces it.
export function loader(_: Route.LoaderArgs) {
  throw new Response("Not Found", { status: 404 });
}

export default function Creator() {
  return null;
}
