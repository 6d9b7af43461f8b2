import { publicEntries, servedRoutes, serverMounts } from "virtual:served-routes";
import { withoutTrailingSlash } from "./redirect-paths";

/**
 * Which addresses a redirect may start from. Redirects are answered before everything else
 * (server/redirects.ts), so a redirect from an address the app serves would hide that page: from
 * /account/security it would send an admin who must set up two-factor sign-in to any site an
 * editor chose. So a redirect may start only where no route answers (an old page, an old post),
 * and the refused addresses come from the route table itself (through `virtual:served-routes`),
 * so a route added later is covered without a list to keep. Browser-safe: the Redirects tab's
 * schema uses it on both sides.
 */

/**
 * Dynamic routes whose address names content staff publish, rename and delete: an old post's
 * address answers "not found" and may redirect (slug changes leave such redirects by themselves).
 * Every other dynamic route (an invitation's token, a backup's file) is refused like a static one.
 */
const CONTENT_ROUTE_FILES = new Set(["routes/blog/post.tsx"]);

/**
 * Route folders whose paths the app owns as whole areas, everything beneath them included (the
 * routes are grouped by audience): sign-in and invitations, a person's own account pages, the
 * dashboard, and the feeds and API.
 */
const WHOLE_AREA_FILES = /^routes\/(?:auth|account|admin|resources)\//;

/** React Router's own endpoint: the route manifest that client-side navigation asks for. */
const ROUTER_PATHS = ["/__manifest"];

const isDynamic = (segment: string) => segment.startsWith(":") || segment === "*";
const segmentsOf = (path: string) => path.toLowerCase().split("/").filter(Boolean);

/** The route patterns an address may not be: each route but the catch-all and the content ones. */
const exactRoutes = servedRoutes
  .filter((route) => route.path !== "/*" && !CONTENT_ROUTE_FILES.has(route.file))
  .map((route) => segmentsOf(route.path));

/** First segments of whole areas: the private route folders, Express's mounts, public/'s files. */
const areas = new Set([
  ...servedRoutes
    .filter((route) => WHOLE_AREA_FILES.test(route.file))
    .map((route) => segmentsOf(route.path)[0])
    .filter((first): first is string => first !== undefined && !isDynamic(first)),
  ...[...serverMounts, ...ROUTER_PATHS].map((mount) => segmentsOf(mount)[0] ?? ""),
  ...publicEntries.map((name) => name.toLowerCase()),
]);
areas.delete("");

/** Whether a route pattern's segments (`blog`, `:slug`, `*`, `lang?`) match an address's. */
function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  const [first, ...rest] = pattern;
  if (first === undefined) return segments.length === 0;
  if (first === "*") return true;
  if (first.endsWith("?") && matches(rest, segments)) return true;
  const [segment, ...others] = segments;
  if (segment === undefined) return false;
  const name = first.replace(/\?$/, "");
  return (name.startsWith(":") || name === segment) && matches(rest, others);
}

/**
 * The page an address is, as the router sees it: decoded (`%73ecurity` is `security`), in any
 * case (routes match without it), without a trailing slash, and without the `.data` suffix of
 * client-side navigation's data requests.
 */
function routedPath(path: string) {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {}
  const bare = withoutTrailingSlash(decoded.toLowerCase());
  if (bare === "/_root.data") return "/";
  return bare.replace(/\/_\.data$/, "").replace(/\.data$/, "") || "/";
}

/** Whether the app answers this path itself (a route, a file, a health check): never a redirect's source. */
export function isServedAddress(path: string): boolean {
  const segments = segmentsOf(routedPath(path));
  const [first] = segments;
  if (first !== undefined) {
    for (const area of areas) if (first === area || first.startsWith(`${area}.`)) return true;
  }
  return exactRoutes.some((pattern) => matches(pattern, segments));
}

export const SERVED_ADDRESS_MESSAGE =
  "The site answers this address itself (a page, sign-in, the dashboard or its files), so it cannot be redirected. Only an address no page answers, such as an old post's, can.";

/**
 * Why a stored redirect is not followed, or null: its old address became one the site serves
 * (a redirect written before this rule, or a route added since). It stays in the table, switched
 * off, for an admin to delete or change. A from with a query (`/blog?category=old`) only comes
 * from renaming a category, which the site does itself: it is always followed.
 */
export function switchedOffNote(fromPath: string): string | null {
  if (fromPath.includes("?") || !isServedAddress(fromPath)) return null;
  return `Switched off: the site answers ${fromPath} itself, and a redirect would hide it. Delete this redirect or change its old address.`;
}

/** The redirects that are followed: every one but those switched off. */
export function liveRedirects<T extends { fromPath: string }>(rows: readonly T[]): T[] {
  return rows.filter((row) => switchedOffNote(row.fromPath) === null);
}
