import { describe, expect, it } from "vitest";
import { sharedServer } from "../support/shared-server";

const { url: baseURL } = sharedServer();

describe("the production server", () => {
  it("answers the health and readiness checks", async () => {
    const health = await fetch(`${baseURL}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${baseURL}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("renders the home page on the server", async () => {
    const response = await fetch(`${baseURL}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("AI-Powered Business Solutions");
    expect(html).toContain("Artificial Intelligence and");
    expect(html).toMatch(/<nav[^>]*aria-label="Main"/);
  });

  it("sends a fresh CSP nonce with every page rendered per request, on every script, and no inline-script escape hatch", async () => {
    // The sign-in page is never taken from the page cache (visitors' cached pages carry script
    // hashes instead: tests/e2e/security-headers.test.ts).
    const [a, b] = await Promise.all([fetch(`${baseURL}/auth`), fetch(`${baseURL}/auth`)]);
    const nonceOf = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];
    const cspA = a.headers.get("content-security-policy");
    const nonceA = nonceOf(cspA);
    expect(nonceA).toBeTruthy();
    expect(nonceA).not.toBe(nonceOf(b.headers.get("content-security-policy")));
    const scriptSrc = cspA?.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(cspA).toContain("frame-ancestors 'none'");

    const html = await a.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`);
    await b.text();
  });

  it("sets the other security headers", async () => {
    const response = await fetch(`${baseURL}/auth`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    await response.text();
  });

  it("serves built assets compressed and cached for a year", async () => {
    const html = await (await fetch(`${baseURL}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseURL}${asset}`, { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    await response.arrayBuffer();
  });

  it("answers an unknown path with the not-found page and status 404", async () => {
    const response = await fetch(`${baseURL}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("404");
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain('href="/"');
  });

  it("refuses state-changing requests from another site", async () => {
    for (const path of ["/sign-out", "/auth", "/api/auth/sign-in/email"]) {
      const response = await fetch(`${baseURL}${path}`, {
        method: "POST",
        headers: { origin: "https://attacker.example", "content-type": "text/plain" },
        body: "x",
      });
      expect(response.status, path).toBe(403);
      await response.text();
    }
  });
});
