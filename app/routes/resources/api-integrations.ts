import { createHash } from "node:crypto";
import { listPublicWidgets } from "~/models/integrations.server";
import type { Route } from "./+types/api-integrations";

// Browsers revalidate on every page load (a 304 when nothing changed), so an admin's change shows
// on the next load. A CDN may keep the answer 5 s (the server's own cache lifetime) and serve it
// stale while it revalidates. That allowance goes in CDN-Cache-Control (RFC 9213) only: in
// Cache-Control a browser would take it too and show a stale list for up to 30 s.
const CACHE_CONTROL = "public, max-age=0, s-maxage=5";
const CDN_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

/** The widgets the public site loads, with only their public fields (see listPublicWidgets). */
export async function loader({ request }: Route.LoaderArgs) {
  const body = JSON.stringify(await listPublicWidgets());
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const headers = {
    ETag: etag,
    "Cache-Control": CACHE_CONTROL,
    "CDN-Cache-Control": CDN_CACHE_CONTROL,
  };
  if (matches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, {
    headers: { ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}
