/**
 * How a request's address finds its redirect. Shared by the edge (server/redirects.ts), the model
 * that collapses chains and refuses loops (it follows targets exactly as a browser would be sent),
 * and the admin form's schema. Browser-safe.
 */

export interface RedirectEntry {
  fromPath: string;
  target: string;
}

/** At most this many redirects in a row are followed; more counts as a loop. */
export const MAX_REDIRECT_HOPS = 10;

/**
 * One spelling per address: `/blog/café`, `/blog/caf%C3%A9` and `/blog/caf%c3%a9` are the same
 * page to a browser. Escapes of reserved characters (%2F, %3F, %26) stay as they are.
 */
export function canonicalAddress(address: string): string {
  try {
    return encodeURI(decodeURI(address));
  } catch {
    return address;
  }
}

/** `/old/` is `/old`; the root stays `/`. */
export function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith("/") ? path.replace(/\/+$/, "") || "/" : path;
}

/** The key a redirect is found by: its from path, canonical, without a trailing slash. */
export function redirectKey(fromPath: string): string {
  const at = fromPath.indexOf("?");
  const path = at === -1 ? fromPath : fromPath.slice(0, at);
  const query = at === -1 ? "" : fromPath.slice(at);
  return canonicalAddress(withoutTrailingSlash(path) + query);
}

export function isAbsoluteTarget(target: string): boolean {
  return /^https:\/\//i.test(target);
}

/** What a Location header may carry: ASCII only, so the path is percent-encoded. */
export function locationOf(target: string): string {
  if (!isAbsoluteTarget(target)) return canonicalAddress(target);
  try {
    return new URL(target).href;
  } catch {
    return target;
  }
}

export type RedirectTable = ReadonlyMap<string, RedirectEntry>;

/** The table the edge and the model look addresses up in, keyed by redirectKey. */
export function redirectTable(entries: Iterable<RedirectEntry>): Map<string, RedirectEntry> {
  const table = new Map<string, RedirectEntry>();
  for (const entry of entries) table.set(redirectKey(entry.fromPath), entry);
  return table;
}

export interface RedirectMatch {
  entry: RedirectEntry;
  /** Where to send the request: the target, with the request's query when the from had none. */
  location: string;
}

/**
 * The redirect for a path and query (`""` or `"a=1"`, without the "?"): `path?query` exactly
 * first (categories are addressed as `/blog?category=slug`), then the bare path; a trailing slash
 * does not matter. A redirect from a bare path passes the request's query on to a path target.
 */
export function matchRedirect(
  table: RedirectTable,
  path: string,
  query: string,
): RedirectMatch | null {
  if (table.size === 0) return null;
  const bare = canonicalAddress(withoutTrailingSlash(path));
  if (query) {
    const entry = table.get(`${bare}?${canonicalAddress(query)}`);
    if (entry) return { entry, location: entry.target };
  }
  const entry = table.get(bare);
  if (!entry) return null;
  if (!query || isAbsoluteTarget(entry.target)) return { entry, location: entry.target };
  return { entry, location: `${entry.target}${entry.target.includes("?") ? "&" : "?"}${query}` };
}

function splitAddress(address: string) {
  const at = address.indexOf("?");
  return at === -1
    ? { path: address, query: "" }
    : { path: address.slice(0, at), query: address.slice(at + 1) };
}

/**
 * Where a browser sent to `target` ends up, following the table: the final address, and the
 * from paths passed on the way. `loop` when it comes to an address it passed, or to one that
 * `alsoLoopsAt` would redirect (a redirect being added), or goes on past MAX_REDIRECT_HOPS.
 */
export function followRedirects(
  table: RedirectTable,
  target: string,
  alsoLoopsAt: string[] = [],
): { final: string; via: string[]; loop: boolean } {
  const watched = redirectTable(alsoLoopsAt.map((fromPath) => ({ fromPath, target: "" })));
  const seen = new Set<string>();
  const via: string[] = [];
  let current = target;
  for (let hop = 0; hop <= MAX_REDIRECT_HOPS; hop += 1) {
    if (isAbsoluteTarget(current)) return { final: current, via, loop: false };
    const { path, query } = splitAddress(current);
    if (matchRedirect(watched, path, query)) return { final: current, via, loop: true };
    const match = matchRedirect(table, path, query);
    if (!match) return { final: current, via, loop: false };
    const key = redirectKey(match.entry.fromPath);
    via.push(match.entry.fromPath);
    if (seen.has(key)) return { final: current, via, loop: true };
    seen.add(key);
    current = match.location;
  }
  return { final: current, via, loop: true };
}
