import { isbot } from "isbot";

/**
 * Which requests are page views. Pure and synchronous, so it can run on every response; the
 * admin-session check, which needs the database, is left to the caller (see `sessionCookie`).
 */

/** Sections that are not public pages, matched per path segment (`/auth` but not `/authors`). */
export const EXCLUDED_PREFIXES = [
  "/admin",
  "/api",
  "/assets",
  "/media",
  "/healthz",
  "/readyz",
  "/auth",
  "/sign-out",
  "/forgot-password",
  "/reset-password",
  "/internal",
  "/__manifest",
] as const;

/** The user agent of the link audit, which fetches our pages from the server itself. */
export const LINK_AUDIT_AGENT = "AISolutions-LinkAudit";

export const MAX_PATH_LENGTH = 200;
export const MAX_REFERRER_HOST_LENGTH = 100;

/** better-auth's session cookie; `__Secure-` prefixed when the site runs on https. */
const SESSION_COOKIE_NAMES = ["better-auth.session_token", "__Secure-better-auth.session_token"];

type HeaderValue = string | string[] | undefined;

export interface ResponseFacts {
  method: string;
  /** Path and query as received (Express `originalUrl`). */
  url: string;
  headers: Record<string, HeaderValue>;
  status: number;
  contentType: string | undefined;
  /** Hosts (host[:port]) of this site: the request's Host and SITE_URL's. Referrers from them are internal. */
  siteHosts: readonly string[];
}

export type SkipReason =
  | "method"
  | "status"
  | "not-a-page"
  | "excluded-path"
  | "prefetch"
  | "no-user-agent"
  | "bot"
  | "fetcher"
  | "revalidation";

export type Classification =
  | { count: false; reason: SkipReason }
  | {
      count: true;
      path: string;
      /** Host of an external referrer, or "" for direct and internal visits. */
      referrerHost: string;
      /** `name=value` of the session cookie, when one was sent: only non-admins count. */
      sessionCookie?: string;
    };

/** A request header's value, the first of a repeated one. */
export function header(headers: Record<string, HeaderValue>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The page a request is for: no query, no trailing slash, `.data` requests mapped to their page. */
function pagePath(pathname: string): { path: string; data: boolean } | null {
  let path = pathname;
  let data = false;
  if (path.endsWith(".data")) {
    data = true;
    path = path.slice(0, -".data".length);
    if (path === "/_root") path = "/";
    else if (path.endsWith("/_")) path = path.slice(0, -1);
  }
  if (path.length > 1) path = path.replace(/\/+$/, "") || "/";
  if (!path.startsWith("/") || path.length > MAX_PATH_LENGTH) return null;
  // Files (robots.txt, sitemap.xml, images) are not pages; no page of the site has a dot in its path.
  const last = path.slice(path.lastIndexOf("/") + 1);
  if (last.includes(".")) return null;
  return { path, data };
}

const EXCLUDED_SECTIONS = EXCLUDED_PREFIXES.map((prefix) => `${prefix}/`);

function isExcluded(path: string) {
  return EXCLUDED_SECTIONS.some((section) => `${path}/`.startsWith(section));
}

function parseUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

const HOSTNAME = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/;

/** The host of an outside referrer; "" for none, our own site, or anything that is not a plain host. */
export function referrerHostOf(referer: string | undefined, siteHosts: readonly string[]): string {
  const url = parseUrl(referer);
  if (!url || siteHosts.includes(url.host.toLowerCase())) return "";
  const host = url.hostname.toLowerCase();
  if (host.length > MAX_REFERRER_HOST_LENGTH || !HOSTNAME.test(host)) return "";
  return host;
}

// The same few user agents come again and again; the bot pattern is a large regular expression
// (tens of microseconds for a browser's agent, which it must read to the end).
const botVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_AGENTS = 1_000;

/** isbot's verdict (or our own link audit), remembered for the last thousand user agents. */
export function isBotAgent(userAgent: string) {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = userAgent.includes(LINK_AUDIT_AGENT) || isbot(userAgent);
    if (botVerdicts.size >= MAX_REMEMBERED_AGENTS) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

function isPrefetch(headers: Record<string, HeaderValue>) {
  // Chromium: Sec-Purpose: prefetch (also "prefetch;prerender"); older browsers Purpose or X-Purpose.
  for (const name of ["sec-purpose", "purpose", "x-purpose", "x-moz"]) {
    const value = header(headers, name)?.toLowerCase();
    if (value && (value.includes("prefetch") || value.includes("preview"))) return true;
  }
  return false;
}

function sessionCookieOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (value && SESSION_COOKIE_NAMES.includes(name)) return `${name}=${value}`;
  }
  return undefined;
}

/**
 * Whether a finished response was a page view:
 * - a successful (200) GET of a public page: a document load (Accept: text/html, HTML answer) or a
 *   client-side navigation (`/<page>.data`, requested from another page of this site);
 * - not a prefetch, a revalidation after a form post (`.data` of the page the browser is on), a
 *   fetcher load (`_routes` without the root route), a bot or a request without a user agent.
 */
export function classifyPageView(facts: ResponseFacts): Classification {
  if (facts.method !== "GET") return { count: false, reason: "method" };
  if (facts.status !== 200) return { count: false, reason: "status" };

  const queryStart = facts.url.indexOf("?");
  const pathname = queryStart < 0 ? facts.url : facts.url.slice(0, queryStart);
  const page = pagePath(pathname);
  if (!page) return { count: false, reason: "not-a-page" };
  if (isExcluded(page.path)) return { count: false, reason: "excluded-path" };

  const headers = facts.headers;
  const contentType = facts.contentType?.toLowerCase() ?? "";
  if (page.data) {
    if (!contentType.startsWith("text/x-script")) return { count: false, reason: "not-a-page" };
  } else {
    const accept = header(headers, "accept") ?? "";
    const dest = header(headers, "sec-fetch-dest");
    if (!accept.includes("text/html") || !contentType.startsWith("text/html")) {
      return { count: false, reason: "not-a-page" };
    }
    if (dest && dest !== "document") return { count: false, reason: "not-a-page" };
  }
  if (isPrefetch(headers)) return { count: false, reason: "prefetch" };

  const userAgent = header(headers, "user-agent")?.trim();
  if (!userAgent) return { count: false, reason: "no-user-agent" };
  if (isBotAgent(userAgent)) return { count: false, reason: "bot" };

  const referer = header(headers, "referer");
  let referrerHost: string;
  if (page.data) {
    if (queryStart >= 0) {
      const routes = new URLSearchParams(facts.url.slice(queryStart + 1)).get("_routes");
      if (routes !== null && !routes.split(",").includes("root")) {
        return { count: false, reason: "fetcher" };
      }
    }
    // A client-side navigation is fetched from the page being left; the same page asking for its
    // own data again is a revalidation (after a form post) or a click on a link to itself.
    const from = parseUrl(referer);
    if (!from || !facts.siteHosts.includes(from.host.toLowerCase())) {
      return { count: false, reason: "revalidation" };
    }
    const fromPage = pagePath(from.pathname);
    if (fromPage?.path === page.path) return { count: false, reason: "revalidation" };
    referrerHost = "";
  } else {
    referrerHost = referrerHostOf(referer, facts.siteHosts);
  }

  const sessionCookie = sessionCookieOf(header(headers, "cookie"));
  return sessionCookie
    ? { count: true, path: page.path, referrerHost, sessionCookie }
    : { count: true, path: page.path, referrerHost };
}
