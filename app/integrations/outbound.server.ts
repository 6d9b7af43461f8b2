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

/** Public unicast addresses only: ipaddr.js names every reserved range, "unicast" is the rest. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
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
      current = new URL(location, url).toString();
      // As browsers do: a 303 (and a 301/302 after a POST) goes on as a GET without the body.
      if (
        answer.status === 303 ||
        ((answer.status === 301 || answer.status === 302) &&
          request.method &&
          request.method !== "GET" &&
          request.method !== "HEAD")
      ) {
        request = { ...request, method: "GET", body: undefined };
      }
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
