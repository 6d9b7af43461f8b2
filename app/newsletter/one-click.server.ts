import type { Db } from "~/db/client.server";
import { rateLimitSubject } from "~/lib/client-address.server";
import { consumeRateLimit, peekRateLimit } from "~/lib/rate-limit.server";
import { CROSS_SITE_REFUSAL, claimsAnotherSite } from "~/lib/same-origin.server";
import { unsubscribeByToken } from "~/models/newsletter.server";

/**
 * RFC 8058's one-click unsubscribe: a mail client (Gmail's servers, or a webmail page in the
 * reader's browser) POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe link
 * (`/newsletter/unsubscribe?token=…`, app/newsletter/list-unsubscribe.ts), with no cookies and
 * often with another site's Origin or none. The token in the address is the only key, so the
 * request needs nothing else; the answer is a short text, never a redirect (the RFC forbids one).
 */

/** The body of a one-click request is one short field; anything past this is not one. */
export const ONE_CLICK_MAX_BYTES = 16 * 1024;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Wrong tokens a client may send in a window before it is refused: a person has one link and
 * a mail provider sends valid ones, so only guessing runs into it. Valid tokens are never
 * counted, so a provider unsubscribing thousands of readers from a few addresses is not slowed.
 */
export const ONE_CLICK_MISS_LIMIT = { windowSeconds: 10 * 60, max: 20 };

/**
 * Whether the request's body is exactly RFC 8058's `List-Unsubscribe=One-Click`, form-encoded
 * or multipart (the RFC allows both): one field, that name, that value.
 */
export async function isOneClickBody(request: Request): Promise<boolean> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) return false;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return false;
  }
  const entries = [...form.entries()];
  const [name, value] = entries[0] ?? [];
  return (
    entries.length === 1 &&
    name === "List-Unsubscribe" &&
    typeof value === "string" &&
    value.trim() === "One-Click"
  );
}

function text(status: number, body: string, headers: Record<string, string> = {}) {
  return new Response(`${body}\n`, {
    status,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

/**
 * Answers a POST to the unsubscribe link that carries a token in its address. Only the one-click
 * body is taken, from anywhere: the token is the credential, and a cross-site request carries no
 * session of ours to abuse, so refusing other origins would only break webmail clients. Any other
 * body gets what the server gives any write: 403 when it says it comes from another site, else
 * 400 (the page's own button posts the token in its body to the address without it).
 */
export async function answerOneClickUnsubscribe(
  request: Request,
  options: { db: Db; siteOrigin: string; clientAddress: string },
): Promise<Response> {
  if (!(await isOneClickBody(request))) {
    if (claimsAnotherSite((name) => request.headers.get(name), options.siteOrigin)) {
      return Response.json({ error: CROSS_SITE_REFUSAL }, { status: 403 });
    }
    return text(400, "An unsubscribe request takes the body List-Unsubscribe=One-Click.");
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await unsubscribeCountingMisses(options.db, token, options.clientAddress);
  if (outcome.kind === "limited") {
    return text(429, "Too many unsubscribe links that do not work. Please try again later.", {
      "Retry-After": String(outcome.retryAfter),
    });
  }
  if (outcome.kind === "unknown") {
    return text(404, "This unsubscribe link is incomplete or no longer valid.");
  }
  return text(200, "You are unsubscribed and will get no more newsletters from us.");
}

export type UnsubscribeOutcome =
  | { kind: "unsubscribed"; email: string }
  | { kind: "unknown" }
  | { kind: "limited"; retryAfter: number };

/**
 * Unsubscribes the holder of `token` (subscriber.unsubscribed by "subscriber" the first time; a
 * repeat keeps the first time), counting wrong tokens against the client's address: the page's
 * button and the one-click POST share the limit.
 */
export async function unsubscribeCountingMisses(
  db: Db,
  token: string,
  clientAddress: string,
): Promise<UnsubscribeOutcome> {
  const missKey = `newsletter-unsubscribe-miss:${rateLimitSubject(clientAddress)}`;
  const limit = await peekRateLimit(db, missKey, ONE_CLICK_MISS_LIMIT);
  if (!limit.allowed) {
    return { kind: "limited", retryAfter: limit.retryAfter ?? ONE_CLICK_MISS_LIMIT.windowSeconds };
  }
  const unsubscribed = await unsubscribeByToken(db, token);
  if (!unsubscribed) {
    await consumeRateLimit(db, missKey, ONE_CLICK_MISS_LIMIT);
    return { kind: "unknown" };
  }
  return { kind: "unsubscribed", email: unsubscribed.email };
}
