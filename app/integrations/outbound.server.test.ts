import dns from "node:dns";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadEnv } from "~/env.server";
import { checkOutboundUrl, isPublicAddress, OutboundError, outboundFetch } from "./outbound.server";

interface Received {
  method?: string;
  url?: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A local receiver on its own port (its own origin) that records what reaches it. */
async function receiver(
  log: Received[],
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
) {
  const listener = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      log.push({ method: req.method, url: req.url, body, headers: req.headers });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  return { listener, base: `http://127.0.0.1:${(listener.address() as AddressInfo).port}` };
}

let server: http.Server;
let base: string;
const received: Received[] = [];
/** A second receiver: another origin, where redirects may lead. */
let other: http.Server;
let otherBase: string;
const receivedByOther: Received[] = [];

beforeAll(async () => {
  ({ listener: server, base } = await receiver(received, (req, res) => {
    if (req.url === "/hang") return; // never answers
    if (req.url === "/see-other") {
      res.writeHead(303, { Location: "/landed" }).end();
      return;
    }
    const moved = /^\/moved-(\d{3})$/.exec(req.url ?? "");
    if (moved) {
      // To the other receiver: another origin (another port).
      res.writeHead(Number(moved[1]), { Location: `${otherBase}/landed` }).end();
      return;
    }
    if (req.url === "/moved-here") {
      res.writeHead(307, { Location: "/landed" }).end();
      return;
    }
    if (req.url === "/loop") {
      res.writeHead(302, { Location: "/loop" }).end();
      return;
    }
    res.writeHead(req.url === "/fail" ? 500 : 200, { "Content-Type": "text/plain" });
    res.end(`answer to ${req.method} ${req.url}`);
  }));
  ({ listener: other, base: otherBase } = await receiver(receivedByOther, (req, res) => {
    res.writeHead(200, { "Content-Type": "text/plain" }).end(`other: ${req.method} ${req.url}`);
  }));
});

afterAll(async () => {
  for (const listener of [server, other]) {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
  }
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbound-"));
function allowPrivate(allowed: boolean) {
  loadEnv({ DATA_DIR: dataDir, ALLOW_PRIVATE_OUTBOUND: allowed ? "1" : "0" });
}

afterEach(() => {
  received.length = 0;
  receivedByOther.length = 0;
});

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

describe("outbound calls by default", () => {
  beforeAll(() => allowPrivate(false));

  it("knows public addresses from private, loopback, link-local and reserved ones", () => {
    for (const address of ["93.184.216.34", "2606:4700::6810:84e5"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      // IPv4-compatible (`::7f00:1` is 127.0.0.1), local-use NAT64, site-local.
      "::1.2.3.4",
      "::7f00:1",
      "::10.0.0.1",
      "64:ff9b:1::a00:1",
      "64:ff9b:1:ffff::1",
      "fec0::1",
      "feff::1",
      "not an address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses http, private addresses and local names before anything is sent", async () => {
    for (const url of [
      `${base}/hook`,
      "https://127.0.0.1/hook",
      "https://[::1]/hook",
      "https://[::1.2.3.4]/hook",
      "https://[::7f00:1]/hook",
      "https://[64:ff9b:1::a00:1]/hook",
      "https://[fec0::1]/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://10.0.0.5/hook",
      "https://localhost/hook",
      "https://user:secret@hooks.example.com/",
      "ftp://example.com/",
    ]) {
      const error = await refusal(outboundFetch(url, { method: "POST", body: "{}" }));
      expect(error.code, url).toBe("refused");
      expect(await checkOutboundUrl(url), url).not.toBeNull();
    }
    expect(await checkOutboundUrl(`${base}/hook`)).toBe("The address must start with https://");
    expect(received).toEqual([]);
  });

  it("refuses a public name that resolves to a private address, when saved and when called", async () => {
    const real = dns.lookup;
    const lookup = vi.spyOn(dns, "lookup").mockImplementation(((
      hostname: string,
      options: dns.LookupOptions,
      callback: (...args: unknown[]) => void,
    ) => {
      if (hostname === "hooks.example.test") {
        callback(null, [{ address: "127.0.0.1", family: 4 }]);
        return;
      }
      return (real as (...args: unknown[]) => void)(hostname, options, callback);
    }) as typeof dns.lookup);
    const promisesLookup = vi
      .spyOn(dns.promises, "lookup")
      .mockImplementation((async (hostname: string) =>
        hostname === "hooks.example.test"
          ? [{ address: "10.0.0.7", family: 4 }]
          : []) as unknown as typeof dns.promises.lookup);

    try {
      expect(await checkOutboundUrl("https://hooks.example.test/zap")).toBe(
        "The address must not point to a private or local network",
      );
      const error = await refusal(outboundFetch("https://hooks.example.test/zap"));
      expect(error.code).toBe("refused");
      expect(error.message).toBe(
        "hooks.example.test points to a private or local network, which the server does not call",
      );
    } finally {
      lookup.mockRestore();
      promisesLookup.mockRestore();
    }
  });
});

describe("outbound calls with ALLOW_PRIVATE_OUTBOUND=1 (local fakes)", () => {
  beforeAll(() => allowPrivate(true));
  afterAll(() => allowPrivate(false));

  it("sends the method, headers and body, and answers the receiver's status and body", async () => {
    const response = await outboundFetch(`${base}/hook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Test": "yes" },
      body: '{"event":"lead.created"}',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("answer to POST /hook");
    expect(received[0]).toMatchObject({ method: "POST", body: '{"event":"lead.created"}' });
    expect(received[0]?.headers["x-test"]).toBe("yes");
    expect(received[0]?.headers["content-length"]).toBe("24");
    expect(await checkOutboundUrl(`${base}/hook`)).toBeNull();

    const failed = await outboundFetch(`${base}/fail`);
    expect(failed.status).toBe(500);
  });

  it("follows a redirect (a 303 goes on as a GET) and stops after too many", async () => {
    const response = await outboundFetch(`${base}/see-other`, { method: "POST", body: "x" });
    expect(await response.text()).toBe("answer to GET /landed");
    const error = await refusal(outboundFetch(`${base}/loop`, { maxRedirects: 2 }));
    expect(error.code).toBe("redirects");
    expect(received.filter((r) => r.url === "/loop")).toHaveLength(3);
  });

  it("keeps credentials and the body on a redirect within the same origin", async () => {
    const response = await outboundFetch(`${base}/moved-here`, {
      method: "POST",
      headers: { Authorization: "Bearer sk-same", "Content-Type": "application/json" },
      body: '{"lead":1}',
    });
    expect(await response.text()).toBe("answer to POST /landed");
    const landed = received.find((r) => r.url === "/landed");
    expect(landed?.body).toBe('{"lead":1}');
    expect(landed?.headers.authorization).toBe("Bearer sk-same");
  });

  it("drops credentials and vendor headers when a redirect leads to another origin", async () => {
    const secrets = {
      Authorization: "Bearer sk-live-secret",
      Cookie: "session=secret",
      "Proxy-Authorization": "Basic c2VjcmV0",
      "X-Api-Key": "secret-key",
      "OpenAI-Organization": "org-secret",
      "X-Signature-SHA256": "signed",
      Accept: "application/json",
    };
    for (const status of [301, 302, 303, 307, 308]) {
      const response = await outboundFetch(`${base}/moved-${status}`, { headers: secrets });
      expect(await response.text(), String(status)).toBe("other: GET /landed");
    }
    expect(received.map((r) => r.headers.authorization)).toEqual(
      Array(5).fill("Bearer sk-live-secret"),
    );
    expect(receivedByOther).toHaveLength(5);
    for (const { headers } of receivedByOther) {
      expect(headers.accept).toBe("application/json");
      for (const name of Object.keys(secrets).filter((n) => n !== "Accept")) {
        expect(headers[name.toLowerCase()], name).toBeUndefined();
      }
    }
  });

  it("never sends a body to another origin: a 303 goes on as a GET, a 307 or 308 is refused", async () => {
    const post = {
      method: "POST",
      headers: { Authorization: "Bearer sk-live-secret", "Content-Type": "application/json" },
      body: '{"email":"lead@example.com"}',
    };
    const seeOther = await outboundFetch(`${base}/moved-303`, post);
    expect(await seeOther.text()).toBe("other: GET /landed");
    for (const status of [307, 308]) {
      const error = await refusal(outboundFetch(`${base}/moved-${status}`, post));
      expect(error.code).toBe("redirects");
      expect(error.message).toBe(
        `127.0.0.1:${new URL(base).port} redirected to 127.0.0.1:${new URL(otherBase).port} and asked for the same data again; update the address to the new one`,
      );
    }
    expect(receivedByOther).toHaveLength(1);
    expect(receivedByOther[0]).toMatchObject({ method: "GET", body: "" });
    expect(receivedByOther[0]?.headers["content-type"]).toBeUndefined();
    expect(receivedByOther[0]?.headers.authorization).toBeUndefined();
  });

  it("gives up at the deadline with a clear error", async () => {
    const started = Date.now();
    const error = await refusal(outboundFetch(`${base}/hang`, { timeoutMs: 300 }));
    expect(error.code).toBe("timeout");
    expect(error.message).toBe(`127.0.0.1:${new URL(base).port} did not answer in time`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("says when nothing listens", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await refusal(outboundFetch(`http://127.0.0.1:${port}/`));
    expect(error.code).toBe("network");
    expect(error.message).toBe(`Could not reach 127.0.0.1:${port} (the connection was refused)`);
  });

  it("refuses a header a saved setting made unsendable, naming the header but not its value", async () => {
    const before = received.length;
    for (const value of ["org-1\r\nX-Injected: yes", "org-👩‍👩‍👧"]) {
      const error = await refusal(
        outboundFetch(`${base}/hook`, { headers: { "OpenAI-Organization": value } }),
      );
      expect(error.code).toBe("refused");
      expect(error.message).toBe(
        "The OpenAI-Organization header would hold a character no request can carry: check the saved settings",
      );
    }
    expect(received.length).toBe(before);
  });
});
