import dns, { type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { getEnv } from "~/env.server";

/**
 * The one way the server calls outside services (webhooks, vendor APIs). An address an admin typed
 * must not turn the server into a way into its own network: calls go to https only, and never to a
 * private, loopback, link-local or otherwise non-public address — checked on the address the
 * connection really uses (so a name that resolves differently at call time than when it was saved
 * is caught too), on every redirect as well. Every call has a deadline. ALLOW_PRIVATE_OUTBOUND=1
 * lifts the address and https rules, for local development and tests with local fakes only.
 */

/** Why a call did not happen or did not finish, in words an admin can act on (never a secret). */
export class OutboundError extends Error {
  constructor(
    message: string,
    readonly code: "refused" | "timeout" | "network" | "redirects",
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export interface OutboundInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The whole call, redirects and body included (default 10 s). */
  timeoutMs?: number;
  /** Redirects followed, each checked like the first address (default 3). */
  maxRedirects?: number;
  /** The most of the answer's body kept (default 1 MB); the rest is cut off. */
  maxBodyBytes?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY = 1024 * 1024;

function allowPrivate() {
  return getEnv().ALLOW_PRIVATE_OUTBOUND;
}

/**
 * IPv6 ranges ipaddr.js counts as unicast (or, in older versions, did) that lead into a local
 * network: IPv4-compatible addresses (`::a.b.c.d`, deprecated by RFC 4291; `::7f00:1` is
 * 127.0.0.1), local-use NAT64 (RFC 8215) and site-local (deprecated by RFC 3879).
 */
const NON_PUBLIC_IPV6 = ["::/96", "64:ff9b:1::/48", "fec0::/10"].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

/** Public unicast addresses only: ipaddr.js names every reserved range, "unicast" is the rest. */
export function isPublicAddress(address: string): boolean {
  const canonical = net.isIPv6(address) ? canonicalIPv6(address) : address;
  if (!canonical || !ipaddr.isValid(canonical)) return false;
  const parsed = ipaddr.parse(canonical);
  if (parsed.kind() === "ipv6" && NON_PUBLIC_IPV6.some((cidr) => parsed.match(cidr))) {
    return false;
  }
  return ipaddr.process(canonical).range() === "unicast";
}

/**
 * An IPv6 address as the URL standard writes it (`::1.2.3.4` is `::102:304`), the address the
 * socket really uses: ipaddr.js reads a dotted tail after `::` as IPv4-mapped (`::ffff:1.2.3.4`).
 */
function canonicalIPv6(address: string): string | null {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
}

/** Without DNS: the scheme, and a host that is itself a non-public address or a local name. */
function urlProblem(value: string, privateAllowed: boolean): { url?: URL; problem?: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "Enter a full web address starting with https://" };
  }
  if (url.username || url.password) {
    return { problem: "Put credentials in the integration's fields, not in the address" };
  }
  if (privateAllowed) {
    return url.protocol === "https:" || url.protocol === "http:"
      ? { url }
      : { problem: "Enter a web address starting with https://" };
  }
  if (url.protocol !== "https:") return { problem: "The address must start with https://" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (net.isIP(host) && !isPublicAddress(host)) {
    return { problem: "The address must not point to a private or local network" };
  }
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local")) {
    return { problem: "The address must not point to a private or local network" };
  }
  return { url };
}

/**
 * Why an address may not be called, or null: for checking an admin's input when it is saved
 * (the same checks run again at every call).
 */
export async function checkOutboundUrl(value: string): Promise<string | null> {
  const privateAllowed = allowPrivate();
  const { url, problem } = urlProblem(value, privateAllowed);
  if (problem || !url) return problem ?? "Enter a full web address starting with https://";
  if (privateAllowed || net.isIP(url.hostname.replace(/^\[|\]$/g, ""))) return null;
  try {
    const addresses = await dns.promises.lookup(url.hostname, { all: true });
    if (addresses.some((a) => !isPublicAddress(a.address))) {
      return "The address must not point to a private or local network";
    }
  } catch {
    return `The name ${url.hostname} could not be found`;
  }
  return null;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** dns.lookup that refuses names resolving to a non-public address, for the socket itself. */
function publicOnlyLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: LookupCallback,
): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((a) => !isPublicAddress(a.address))) {
      return callback(
        new OutboundError(
          `${hostname} points to a private or local network, which the server does not call`,
          "refused",
        ) as NodeJS.ErrnoException,
        [],
      );
    }
    if (options.all) return callback(null, list);
    const [first] = list as [LookupAddress];
    callback(null, first.address, first.family);
  });
}

interface RawAnswer {
  status: number;
  headers: Headers;
  body: Buffer;
}

function requestOnce(
  url: URL,
  init: OutboundInit,
  privateAllowed: boolean,
  deadline: number,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new OutboundError(`${url.host} did not answer in time`, "timeout"));
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const request = client.request(
      url,
      {
        method: init.method ?? "GET",
        headers: {
          "User-Agent": "aisolutions-site",
          ...init.headers,
          ...(body ? { "Content-Length": String(body.length) } : {}),
        },
        lookup: privateAllowed ? undefined : publicOnlyLookup,
        // No connection reuse: each call's socket is checked on its own.
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        const max = init.maxBodyBytes ?? DEFAULT_MAX_BODY;
        response.on("data", (chunk: Buffer) => {
          if (kept >= max) return;
          chunks.push(chunk.subarray(0, max - kept));
          kept += Math.min(chunk.length, max - kept);
        });
        response.once("end", () => {
          clearTimeout(timer);
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers)) {
            if (Array.isArray(value)) for (const v of value) headers.append(name, v);
            else if (value !== undefined) headers.set(name, value);
          }
          resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
        });
        response.once("error", (error) => {
          clearTimeout(timer);
          reject(
            new OutboundError(`${url.host} broke off its answer (${error.message})`, "network"),
          );
        });
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new OutboundError(`${url.host} did not answer in time`, "timeout"));
    }, remaining);
    request.once("error", (error) => {
      clearTimeout(timer);
      if (error instanceof OutboundError) reject(error);
      else
        reject(
          new OutboundError(`Could not reach ${url.host} (${networkReason(error)})`, "network"),
        );
    });
    request.end(body);
  });
}

function networkReason(error: NodeJS.ErrnoException) {
  switch (error.code) {
    case "ENOTFOUND":
      return "the name was not found";
    case "ECONNREFUSED":
      return "the connection was refused";
    case "ECONNRESET":
      return "the connection was reset";
    default:
      return error.code ?? error.message;
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** What HTTP lets a header value hold (Node refuses the rest with an error of its own). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Refuses headers a request cannot carry, before anything is sent: a value comes from a saved
 * setting (a key, an organization ID) that may hold a line break or an emoji. The header's name
 * is said, never its value (it may be a secret).
 */
function headerProblem(headers: Record<string, string> | undefined) {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (!HEADER_VALUE.test(value)) {
      throw new OutboundError(
        `The ${name} header would hold a character no request can carry: check the saved settings`,
        "refused",
      );
    }
  }
}

/** Headers that say nothing about who calls: the only ones a redirect to another origin keeps. */
const CROSS_ORIGIN_HEADERS = new Set(["accept", "accept-language", "cache-control", "user-agent"]);

/** Headers that describe the body: they go with it when a redirect turns the call into a GET. */
const BODY_HEADERS = /^content-/i;

/**
 * The call a redirect from `from` to `to` makes next, as the fetch standard has it, but stricter
 * where it leaks. A 303 (and a 301/302 after a POST or other write) goes on as a GET without the
 * body. To another origin (scheme, host or port), only headers that say nothing about the caller
 * go on: a vendor's key (Authorization, Cookie, x-api-key, a signature) was meant for the address
 * it was saved for; fetch drops Authorization alone.
 * A 307/308 to another origin is refused: it asks for the same body again, which fetch would send
 * (payloads carry leads' data), and a call without it would look delivered while it was not.
 */
function requestForRedirect(init: OutboundInit, status: number, from: URL, to: URL) {
  let request = init;
  const method = (init.method ?? "GET").toUpperCase();
  const sendsBody = method !== "GET" && method !== "HEAD";
  if ((status === 303 && method !== "HEAD") || ((status === 301 || status === 302) && sendsBody)) {
    const headers = Object.entries(init.headers ?? {}).filter(([name]) => !BODY_HEADERS.test(name));
    request = {
      ...init,
      method: "GET",
      headers: Object.fromEntries(headers),
      body: undefined,
    };
  }
  if (from.origin === to.origin) return request;
  if (request.body !== undefined) {
    throw new OutboundError(
      `${from.host} redirected to ${to.host} and asked for the same data again; update the address to the new one`,
      "redirects",
    );
  }
  const kept = Object.entries(request.headers ?? {}).filter(([name]) =>
    CROSS_ORIGIN_HEADERS.has(name.toLowerCase()),
  );
  return { ...request, headers: Object.fromEntries(kept) };
}

/**
 * Calls an outside service and answers its Response. Throws OutboundError when the address is
 * refused, the deadline passes, the network fails or the redirects run out; any HTTP answer
 * (4xx and 5xx included) is answered as it is, for the caller to judge.
 */
export async function outboundFetch(value: string, init: OutboundInit = {}): Promise<Response> {
  headerProblem(init.headers);
  const privateAllowed = allowPrivate();
  const deadline = Date.now() + (init.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let redirectsLeft = init.maxRedirects ?? 3;
  let current = value;
  let request = init;
  for (;;) {
    const { url, problem } = urlProblem(current, privateAllowed);
    if (problem || !url) throw new OutboundError(problem ?? "Not a web address", "refused");
    const answer = await requestOnce(url, request, privateAllowed, deadline);
    const location = answer.headers.get("location");
    if (REDIRECTS.has(answer.status) && location) {
      if (redirectsLeft-- <= 0) {
        throw new OutboundError(`${url.host} redirected too many times`, "redirects");
      }
      const next = new URL(location, url);
      request = requestForRedirect(request, answer.status, url, next);
      current = next.toString();
      continue;
    }
    if (answer.status < 200 || answer.status > 599) {
      throw new OutboundError(`${url.host} answered with an invalid status`, "network");
    }
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : new Uint8Array(answer.body), {
      status: answer.status,
      headers: answer.headers,
    });
  }
}
