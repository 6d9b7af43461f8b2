import { getEnv } from "~/env.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSAL = "Cross-site requests are not allowed";

/**
 * Whether a write says it comes from another site: a Sec-Fetch-Site other than same-origin (or
 * none, typed by the user), or an Origin other than ours. A request that says nothing (an API
 * client, a mail provider's server) does not. The server refuses such writes
 * (server/security.ts sameOriginWrites) but for the one-click unsubscribe
 * (app/newsletter/one-click.server.ts).
 */
export function claimsAnotherSite(
  header: (name: string) => string | null | undefined,
  siteOrigin: string,
): boolean {
  const fetchSite = header("sec-fetch-site") ?? undefined;
  const origin = header("origin") ?? undefined;
  const crossSite = fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
  return crossSite || (origin !== undefined && origin !== siteOrigin);
}

/**
 * The explicit origin check of a resource route that writes on a cookie session. The server's
 * own check (server/security.ts sameOriginWrites) refuses what says it comes from elsewhere;
 * a write that rides on the browser's cookies must in addition say where it comes from: an
 * Origin of this site, or Sec-Fetch-Site: same-origin (browsers send both on every POST from
 * our pages). A request without cookies has no session to ride on (an API-key caller) and
 * passes. Throws a 403 JSON answer.
 */
export function requireSameOriginWrite(request: Request, siteOrigin?: string): void {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return;
  if (!request.headers.get("cookie")) return;
  const site = siteOrigin ?? new URL(getEnv().SITE_URL).origin;
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const fetchSiteOk = fetchSite === null || fetchSite === "same-origin";
  const sameOrigin = origin !== null ? origin === site && fetchSiteOk : fetchSite === "same-origin";
  if (!sameOrigin) {
    throw Response.json({ error: CROSS_SITE_REFUSAL }, { status: 403 });
  }
}
