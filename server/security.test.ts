import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicWidget } from "~/content/widgets";
import { parseCsp } from "../tests/support/csp";
import { hashSource } from "./page-csp";
import {
  cspNonce,
  customCodeText,
  sameOriginWrites,
  securityHeaders,
  widgetCspSources,
  widgetScriptHashes,
  widgetSources,
} from "./security";

const chat: PublicWidget = {
  name: "chatwoot",
  websiteToken: "tok",
  baseUrl: "https://chat.example.com/support",
};
const voice: PublicWidget = { name: "vapi", publicKey: "pk", assistantId: "as" };
const custom: PublicWidget = { name: "custom-code", script: "window.x = 1", category: "marketing" };
const analytics: PublicWidget = { name: "google_analytics", measurementId: "G-TEST1234" };
const googleHosts = [
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
  "https://*.googletagmanager.com",
];

describe("the widgets' CSP sources", () => {
  it("adds the chat server's origin, in its WebSocket form too, and the voice call's hosts", () => {
    expect(widgetCspSources([])).toEqual({ frame: [], connect: [] });
    expect(widgetCspSources([custom])).toEqual({ frame: [], connect: [] });
    expect(widgetCspSources([chat, voice, custom])).toEqual({
      frame: ["https://chat.example.com", "https://*.daily.co"],
      connect: [
        "https://chat.example.com",
        "wss://chat.example.com",
        "https://api.vapi.ai",
        "https://*.daily.co",
        "wss://*.daily.co",
      ],
    });
    expect(widgetCspSources([{ ...chat, baseUrl: "http://127.0.0.1:4000" }]).connect).toEqual([
      "http://127.0.0.1:4000",
      "ws://127.0.0.1:4000",
    ]);
  });

  it("adds Google Analytics' hosts only while it is among the widgets (enabled and complete)", () => {
    const without = widgetCspSources([chat, voice, custom]);
    for (const host of googleHosts) expect(without.connect).not.toContain(host);
    expect(widgetCspSources([analytics])).toEqual({ frame: [], connect: googleHosts });
    const withAll = widgetCspSources([chat, voice, custom, analytics]);
    expect(withAll.connect).toEqual(
      expect.arrayContaining([...googleHosts, "https://api.vapi.ai"]),
    );
    expect(withAll.frame).toEqual(["https://chat.example.com", "https://*.daily.co"]);
  });
});

describe("the custom code's hash, for cached pages without a nonce", () => {
  it("hashes the text the browser runs: a tag's body, or the trimmed text", () => {
    expect(customCodeText("  window.x = 1\n")).toBe("window.x = 1");
    expect(
      customCodeText('<script id="a" data-x="1>2" nonce="n">\r\n  go("</p>");\r\n</script>'),
    ).toBe('\n  go("</p>");\n');
    expect(customCodeText('<script src="https://cdn.example.com/a.js"></script>')).toBeNull();
    expect(widgetScriptHashes([chat, voice, custom])).toEqual([hashSource("window.x = 1")]);
    expect(
      widgetScriptHashes([
        { name: "custom-code", script: '<script src="/a.js"></script>', category: "marketing" },
      ]),
    ).toEqual([]);
  });
});

describe("the CSP with widgets", () => {
  const servers: Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function serve(widgets: () => Promise<PublicWidget[]>, turnstile = false) {
    const app = express();
    app.use(cspNonce);
    app.use(widgetSources(widgets));
    app.use(securityHeaders({ production: true, https: false, turnstile }));
    app.use((_req, res) => {
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return async (path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`);
      await response.text();
      return parseCsp(response.headers.get("content-security-policy"));
    };
  }

  it("opens frame-src and connect-src of pages for the enabled widgets only, never script-src", async () => {
    const policy = await serve(async () => [chat, voice]);
    const page = await policy("/contact");
    expect(page["frame-src"]).toBe("'self' https://chat.example.com https://*.daily.co");
    expect(page["connect-src"]).toBe(
      "'self' https://chat.example.com wss://chat.example.com https://api.vapi.ai https://*.daily.co wss://*.daily.co",
    );
    expect(page["script-src"]).toMatch(/^'nonce-[^']+' 'strict-dynamic'$/);
    expect(page["worker-src"]).toBe("'self'");
    // Assets and APIs are no documents: no lookup, the strict policy.
    expect((await policy("/assets/app.js"))["connect-src"]).toBe("'self'");
    expect((await policy("/api/integrations"))["frame-src"]).toBe("'self'");
  });

  it("lets gtag.js send to Google's hosts only while Google Analytics is enabled", async () => {
    const on = await (await serve(async () => [analytics]))("/");
    expect(on["connect-src"]).toBe(`'self' ${googleHosts.join(" ")}`);
    expect(on["img-src"]).toContain("https:");
    expect(on["script-src"]).toMatch(/^'nonce-[^']+' 'strict-dynamic'$/);
    const off = await (await serve(async () => [chat]))("/");
    expect(off["connect-src"]).not.toContain("google");
  });

  it("keeps the strict policy when there are no widgets or the list fails", async () => {
    const none = await serve(async () => []);
    expect(await none("/")).toMatchObject({ "frame-src": "'self'", "connect-src": "'self'" });
    const failing = await serve(() => Promise.reject(new Error("down")));
    expect(await failing("/")).toMatchObject({ "frame-src": "'self'", "connect-src": "'self'" });
  });

  it("lets Turnstile's challenge frame in only when Turnstile is the bot check", async () => {
    const turnstile = await serve(async () => [], true);
    expect(await turnstile("/contact")).toMatchObject({
      "frame-src": "'self' https://challenges.cloudflare.com",
      "connect-src": "'self' https://challenges.cloudflare.com",
    });
  });
});

describe("the same-origin check of writes", () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => server?.close(resolve));
    server = undefined;
  });

  it("refuses another site's POSTs, except exactly SendGrid's signed webhook", async () => {
    const app = express();
    app.use(sameOriginWrites("https://www.example.com"));
    app.use((_req, res) => {
      res.send("reached");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const send = async (method: string, path: string) => {
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        method,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      return `${response.status} ${await response.text()}`;
    };
    expect(await send("POST", "/api/webhooks/sendgrid")).toBe("200 reached");
    expect(await send("POST", "/api/webhooks/sendgrid?x=1")).toBe("200 reached");
    const refused = '403 {"error":"Cross-site requests are not allowed"}';
    expect(await send("PUT", "/api/webhooks/sendgrid")).toBe(refused);
    expect(await send("POST", "/api/webhooks/sendgrid/x")).toBe(refused);
    expect(await send("POST", "/api/webhooks/other")).toBe(refused);
    expect(await send("POST", "/api/newsletter-subscribe")).toBe(refused);
  });
});
