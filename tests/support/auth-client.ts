import { uniqueClientAddress } from "./browser";
import { waitForMail } from "./mail";

/** One answer of the server, with the body parsed when it is JSON. */
export interface AuthAnswer {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
  /** The better-auth session cookie it set, as a Cookie header value, if any. */
  sessionCookie: string | null;
  /** How long the answer took, in milliseconds. */
  ms: number;
}

/**
 * Talks to a running server like a browser on its own client address (X-Forwarded-For, which
 * a server started with TRUST_PROXY=loopback believes): JSON to better-auth's endpoints, forms
 * to the site's pages. Every call may come from a fresh address, so per-address limits do not
 * get in the way of a test about something else.
 */
export function authClient(baseURL: string) {
  async function send(
    path: string,
    init: { method?: string; body?: BodyInit; type?: string; cookie?: string; address?: string },
  ): Promise<AuthAnswer> {
    const headers: Record<string, string> = {
      origin: baseURL,
      "x-forwarded-for": init.address ?? uniqueClientAddress(),
    };
    if (init.type) headers["content-type"] = init.type;
    if (init.cookie) headers.cookie = init.cookie;
    const started = performance.now();
    const response = await fetch(`${baseURL}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.body,
      redirect: "manual",
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // A page or an empty answer: the text is there.
    }
    const cookie = response.headers
      .getSetCookie()
      .find((c) => /^better-auth\.session_token=[^;]+/.test(c));
    return {
      status: response.status,
      body,
      text,
      headers: response.headers,
      sessionCookie: cookie ? (cookie.split(";")[0] as string) : null,
      ms,
    };
  }

  const client = {
    /** POSTs JSON to /api/auth`endpoint`. */
    api(endpoint: string, body: unknown, options: { cookie?: string; address?: string } = {}) {
      return send(`/api/auth${endpoint}`, {
        method: "POST",
        body: JSON.stringify(body),
        type: "application/json",
        ...options,
      });
    },
    /** POSTs a form to one of the site's pages, as a browser without JavaScript does. */
    form(path: string, fields: Record<string, string>, options: { address?: string } = {}) {
      return send(path, {
        method: "POST",
        body: new URLSearchParams(fields),
        type: "application/x-www-form-urlencoded",
        ...options,
      });
    },
    get(path: string, options: { cookie?: string; address?: string } = {}) {
      return send(path, options);
    },
    signIn(email: string, password: string, options: { address?: string } = {}) {
      return client.api("/sign-in/email", { email, password }, options);
    },
    /** The user the cookie's session belongs to, or null when it has none (any more). */
    async sessionUser(cookie: string): Promise<string | null> {
      const answer = await send("/api/auth/get-session", { cookie });
      const session = answer.body as { user?: { email?: string } } | null;
      return session?.user?.email ?? null;
    },
    /** Whether the cookie opens the dashboard (an admin's session) instead of being sent away. */
    async opensAdmin(cookie: string) {
      const answer = await send("/admin", { cookie });
      return answer.status === 200;
    },
    /** Signs up through the API and, unless told not to, follows the mailed verification link. */
    async signUp(dataDir: string, email: string, password: string, verify = true) {
      const answer = await client.api("/sign-up/email", {
        email,
        password,
        name: email.split("@")[0],
        callbackURL: "/auth?verified=1",
      });
      if (answer.status !== 200) throw new Error(`sign-up of ${email}: ${answer.status}`);
      if (!verify) return;
      const mail = await waitForMail(dataDir, email, /verify/i);
      const link = mail.links[0];
      if (!link) throw new Error(`no link in the verification mail to ${email}`);
      const opened = await send(new URL(link).pathname + new URL(link).search, {});
      if (opened.headers.get("location") !== "/auth?verified=1") {
        throw new Error(`verification of ${email} led to ${opened.headers.get("location")}`);
      }
    },
  };
  return client;
}

/** A random address in its own /64 of the documentation range 2001:db8::/32. */
export function uniqueIPv6Address() {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return `2001:db8:${group()}:${group()}:${group()}:${group()}:${group()}:${group()}`;
}

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
