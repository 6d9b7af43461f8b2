import { describe, expect, it } from "vitest";
import {
  CROSS_SITE_REFUSAL,
  claimsAnotherSite,
  requireSameOriginWrite,
} from "./same-origin.server";

const SITE = "https://www.example.com";

function request(method: string, headers: Record<string, string>) {
  return new Request(`${SITE}/admin/media/upload`, { method, headers });
}

async function refusal(call: () => void) {
  try {
    call();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: await thrown.json() };
  }
  return null;
}

describe("requireSameOriginWrite", () => {
  const cookie = "better-auth.session_token=abc";

  it("lets our own pages write with the session: Origin or Sec-Fetch-Site same-origin", async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie, origin: SITE },
      { cookie, origin: SITE, "sec-fetch-site": "same-origin" },
      { cookie, "sec-fetch-site": "same-origin" },
    ]) {
      expect(
        await refusal(() => requireSameOriginWrite(request("POST", headers), SITE)),
      ).toBeNull();
    }
  });

  it("refuses a cookie write that does not say where it comes from, or comes from elsewhere", async () => {
    for (const headers of <Record<string, string>[]>[
      { cookie },
      { cookie, origin: "https://evil.example" },
      { cookie, origin: "null" },
      { cookie, origin: "http://www.example.com" },
      { cookie, origin: SITE, "sec-fetch-site": "same-site" },
      { cookie, "sec-fetch-site": "cross-site" },
      { cookie, "sec-fetch-site": "none" },
    ]) {
      expect(await refusal(() => requireSameOriginWrite(request("POST", headers), SITE))).toEqual({
        status: 403,
        body: { error: CROSS_SITE_REFUSAL },
      });
    }
    expect(
      await refusal(() => requireSameOriginWrite(request("DELETE", { cookie }), SITE)),
    ).not.toBeNull();
  });

  it("lets reads and cookie-less callers (an API key) through", async () => {
    expect(
      await refusal(() => requireSameOriginWrite(request("GET", { cookie }), SITE)),
    ).toBeNull();
    expect(
      await refusal(() =>
        requireSameOriginWrite(request("POST", { authorization: "Bearer key" }), SITE),
      ),
    ).toBeNull();
  });
});

describe("claimsAnotherSite", () => {
  const claims = (headers: Record<string, string>) =>
    claimsAnotherSite((name) => new Headers(headers).get(name), SITE);

  it("is false for our own pages and for clients that say nothing (a mail provider's server)", () => {
    expect(claims({})).toBe(false);
    expect(claims({ origin: SITE, "sec-fetch-site": "same-origin" })).toBe(false);
    expect(claims({ "sec-fetch-site": "none" })).toBe(false);
  });

  it("is true for another origin or a cross-site fetch", () => {
    expect(claims({ origin: "https://mail.example.net" })).toBe(true);
    expect(claims({ origin: "null" })).toBe(true);
    expect(claims({ "sec-fetch-site": "cross-site" })).toBe(true);
    expect(claims({ origin: SITE, "sec-fetch-site": "same-site" })).toBe(true);
  });
});
