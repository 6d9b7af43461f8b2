import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSource } from "../../server/page-csp";
import { createAdmin, dataTemplate, type OwnServer, startOwnServer } from "../support/admin";
import { uniqueClientAddress } from "../support/browser";
import { parseCsp } from "../support/csp";
import { uniqueEmail } from "../support/forms";
import { freePort, type RunningServer, startServer } from "../support/server";

// The custom-code integration's script runs under the page's nonce, or by its hash on a cached
// page: tests/e2e/widgets.test.ts checks both in a browser.

interface Answer {
  label: string;
  status: number;
  headers: Headers;
  body: string;
}

const nonceOf = (csp: string | null) => csp?.match(/'nonce-([^']+)'/)?.[1];

/** The headers every answer carries, whatever it is. */
function expectBaseline({ label, headers }: Answer) {
  const csp = headers.get("content-security-policy");
  expect(csp, `${label}: Content-Security-Policy`).toBeTruthy();
  const policy = parseCsp(csp);
  expect(policy["frame-ancestors"], `${label}: frame-ancestors`).toBe("'none'");
  expect(policy["script-src"] ?? policy["default-src"], `${label}: script-src`).not.toContain(
    "'unsafe-inline'",
  );
  expect(headers.get("x-content-type-options"), `${label}: nosniff`).toBe("nosniff");
  expect(
    ["strict-origin-when-cross-origin", "strict-origin", "same-origin", "no-referrer"],
    `${label}: Referrer-Policy`,
  ).toContain(headers.get("referrer-policy"));
}

describe("security headers", () => {
  let own: OwnServer;
  let https: RunningServer | undefined;
  let adminCookie: string;
  let mediaPath: string;
  let uploadAnswer: Answer;
  const clientAddress = uniqueClientAddress();

  async function get(label: string, path: string, init: RequestInit = {}, base = own.url) {
    const response = await fetch(`${base}${path}`, {
      redirect: "manual",
      ...init,
      headers: { "x-forwarded-for": clientAddress, ...(init.headers as Record<string, string>) },
    });
    return {
      label,
      status: response.status,
      headers: response.headers,
      body: await response.text(),
    };
  }

  beforeAll(async () => {
    own = await startOwnServer();
    const admin = await createAdmin(own.dataDir);
    const signIn = await fetch(`${own.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        origin: own.url,
        "x-forwarded-for": clientAddress,
      },
      body: JSON.stringify(admin),
    });
    expect(signIn.status).toBe(200);
    adminCookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const upload = new FormData();
    upload.append(
      "file",
      new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/svg+xml" }),
      "a.svg",
    );
    uploadAnswer = await get("the upload's answer", "/admin/media/upload", {
      method: "POST",
      headers: { cookie: adminCookie, origin: own.url, accept: "application/json" },
      body: upload,
    });
    expect(uploadAnswer.status, uploadAnswer.body).toBe(201);
    mediaPath = new URL((JSON.parse(uploadAnswer.body) as { url: string }).url, own.url).pathname;
  });

  afterAll(async () => {
    await https?.stop();
    if (https) fs.rmSync(https.dataDir, { recursive: true, force: true });
    await own?.close();
  });

  it("gives every page rendered per request a fresh nonce, the one on all its scripts", async () => {
    const signedIn = { headers: { cookie: adminCookie } };
    for (const [label, path, status, init] of [
      ["the home page, signed in", "/", 200, signedIn],
      ["the not-found page", "/no-such-page", 404, {}],
      ["a blog list, signed in", "/blog", 200, signedIn],
    ] as const) {
      const [a, b] = await Promise.all([get(label, path, init), get(label, path, init)]);
      expect(a.status, label).toBe(status);
      expectBaseline(a);
      const nonce = nonceOf(a.headers.get("content-security-policy"));
      expect(nonce, label).toBeTruthy();
      expect(nonceOf(b.headers.get("content-security-policy")), label).not.toBe(nonce);
      expect(parseCsp(a.headers.get("content-security-policy"))["script-src"]).toBe(
        `'nonce-${nonce}' 'strict-dynamic'`,
      );
      const scripts = a.body.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, label).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, label).toContain(`nonce="${nonce}"`);
      expect(b.body, label).toContain(
        `nonce="${nonceOf(b.headers.get("content-security-policy"))}"`,
      );
      // A shared cache (a CDN) keeping the page would hand one visitor's nonce to the next.
      expect(a.headers.get("cache-control"), label).toMatch(/\b(private|no-store)\b/);
    }
  });

  it("gives visitors' cached pages the hashes of their inline scripts, and no nonce", async () => {
    for (const [label, path] of [
      ["the home page", "/"],
      ["a blog list", "/blog"],
    ] as const) {
      const [a, b] = await Promise.all([get(label, path), get(label, path)]);
      expect(a.status, label).toBe(200);
      expectBaseline(a);
      const csp = a.headers.get("content-security-policy");
      // The same page for everyone: one policy, no nonce anywhere.
      expect(b.headers.get("content-security-policy"), label).toBe(csp);
      expect(nonceOf(csp), label).toBeUndefined();
      expect(a.body, label).not.toMatch(/\snonce=/);
      const scriptSrc = parseCsp(csp)["script-src"];
      expect(scriptSrc, label).toMatch(/^(?:'sha256-[\w+/=]+' )+'strict-dynamic'$/);
      // Every inline script that runs is listed by its hash; none runs without one.
      const inline = [...a.body.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter(([, attributes]) => !/type="application\/(?:ld\+)?json"/.test(attributes ?? ""))
        .map(([, , text]) => hashSource(text ?? ""));
      expect(inline.length, label).toBeGreaterThan(0);
      for (const hash of inline) expect(scriptSrc, label).toContain(hash);
      expect(a.headers.get("cache-control"), label).toMatch(/^public\b/);
    }
  });

  it("sets them on API answers, refusals and errors", async () => {
    const json = { "content-type": "application/json", origin: own.url };
    const answers = [
      await get("a JSON 200 (bot check)", "/api/bot-check"),
      await get("a JSON 200 (subscribe)", "/api/newsletter-subscribe", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: uniqueEmail("headers") }),
      }),
      await get("the health check", "/healthz"),
      await get("a 400 (bad input)", "/api/newsletter-subscribe", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email: "not an address" }),
      }),
      await get("a 405 (GET of a form API)", "/api/contact"),
      await get("a 401 (post API without a session)", "/api/create-blog-post", {
        method: "POST",
        headers: json,
        body: "{}",
      }),
      await get("a 403 (cross-site POST)", "/api/contact", {
        method: "POST",
        headers: { ...json, origin: "http://evil.example" },
        body: "{}",
      }),
      await get("a malformed address", "/%E0%A4%A"),
      await get("a missing media file", "/media/1763700000000-0000000000000000.png"),
    ];
    expect(answers.map((a) => `${a.label}: ${a.status}`)).toEqual([
      "a JSON 200 (bot check): 200",
      "a JSON 200 (subscribe): 200",
      "the health check: 200",
      "a 400 (bad input): 400",
      "a 405 (GET of a form API): 405",
      "a 401 (post API without a session): 401",
      "a 403 (cross-site POST): 403",
      "a malformed address: 400",
      "a missing media file: 404",
    ]);
    for (const answer of answers) {
      expectBaseline(answer);
      expect(answer.body, answer.label).not.toMatch(/\n\s+at /);
    }
    // Not pages, but the nonce is still new each time: nothing to replay from an answer.
    const nonces = answers.map((a) => nonceOf(a.headers.get("content-security-policy")));
    expect(new Set(nonces).size).toBe(answers.length);
  });

  it("sets them on uploads and on the served file, whose policy also sandboxes it", async () => {
    expectBaseline(uploadAnswer);
    const file = await get("a served media file", mediaPath);
    expect(file.status).toBe(200);
    expectBaseline(file);
    const policy = parseCsp(file.headers.get("content-security-policy"));
    expect(policy["default-src"]).toBe("'none'");
    expect(policy.sandbox).toBe("");
  });

  it("sends HSTS only when the site is served over https", async () => {
    for (const answer of [await get("a page", "/"), await get("an API answer", "/api/bot-check")]) {
      expect(answer.headers.get("strict-transport-security"), answer.label).toBeNull();
    }
    const port = await freePort();
    https = await startServer({
      dataDir: `${own.dataDir}-https`,
      port,
      env: { SITE_URL: `https://localhost:${port}`, TRUST_PROXY: "loopback" },
      template: dataTemplate(),
    });
    for (const [label, path] of [
      ["a page", "/"],
      ["a 404 page", "/no-such-page"],
      ["an API answer", "/api/bot-check"],
      ["the health check", "/healthz"],
    ]) {
      const answer = await get(label as string, path as string, {}, https.url);
      expectBaseline(answer);
      const hsts = answer.headers.get("strict-transport-security") ?? "";
      expect(hsts, label).toMatch(/max-age=(\d+)/);
      // At least a year, as preload lists and scanners ask.
      expect(Number(hsts.match(/max-age=(\d+)/)?.[1]), label).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts, label).toContain("includeSubDomains");
    }
  });
});
