import { methodNotAllowed } from "~/lib/http.server";

// Placeholder of the blog's first commit: the post-API work replaces it.
export function loader() {
  return methodNotAllowed();
}

export function action() {
  return Response.json({ error: "Not available yet" }, { status: 404 });
}
