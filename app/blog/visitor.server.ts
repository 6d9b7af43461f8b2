import { createHmac } from "node:crypto";
import { isBotAgent } from "~/analytics/classify.server";
import { CLIENT_ADDRESS_HEADER } from "~/auth/auth.server";
import { getEnv } from "~/env.server";
import { rateLimitSubject } from "~/lib/client-address.server";

/**
 * Set by the post page when rendered for the page cache, naming the post, so the cache counts
 * the readers it serves; the cache keeps it to itself (it is never sent).
 */
export const POST_VIEW_HEADER = "x-page-cache-post-view";

/** The headers postVisitorKey reads: a Fetch Request's, or an Express request's through get(). */
export interface VisitorHeaders {
  get(name: string): string | null | undefined;
}

/** A request the browser made ahead of time (link prefetch, prerender), not a reader. */
function isPrefetch(headers: VisitorHeaders) {
  const purpose = [
    headers.get("sec-purpose"),
    headers.get("purpose"),
    headers.get("x-purpose"),
    headers.get("x-moz"),
  ]
    .filter(Boolean)
    .join(" ")
    .toLowerCase();
  return /prefetch|prerender|preview/.test(purpose);
}

/**
 * Who is reading, for counting each reader of a post once: a keyed hash of the client address
 * (an IPv6 reader by /64) and browser, so the table holds no address. Null for requests that are
 * no reader: bots, requests without a user agent, prefetches.
 */
export function postVisitorKey(
  request: { headers: VisitorHeaders },
  secret = getEnv().SESSION_SECRET,
): string | null {
  const userAgent = request.headers.get("user-agent")?.trim();
  if (!userAgent || isBotAgent(userAgent) || isPrefetch(request.headers)) return null;
  const address = rateLimitSubject(request.headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown");
  const reader = `${address}\n${userAgent}`;
  // A reader served from the page cache comes back with every page: their key is remembered.
  const known = readerKeys.get(reader);
  if (known?.secret === secret) return known.key;
  const key = createHmac("sha256", secret).update(reader).digest("base64url");
  if (readerKeys.size >= MAX_REMEMBERED_READERS) readerKeys.clear();
  readerKeys.set(reader, { secret, key });
  return key;
}

const readerKeys = new Map<string, { secret: string; key: string }>();
const MAX_REMEMBERED_READERS = 10_000;
