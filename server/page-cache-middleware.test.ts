import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { isCacheableRequest } from "./page-cache-middleware";

function request(method: string, url: string, headers: Record<string, string> = {}) {
  return { method, url, headers } as unknown as IncomingMessage;
}

describe("the page cache's choice of requests", () => {
  it("keeps a visitor's public page", () => {
    expect(isCacheableRequest(request("GET", "/about"))).toBe(true);
    expect(isCacheableRequest(request("GET", "/newsletter"))).toBe(true);
  });

  it("never keeps the unsubscribe link, its page data, its one-click POST or the sender check", () => {
    const token = "A".repeat(43);
    for (const [method, url] of [
      ["GET", `/newsletter/unsubscribe?token=${token}`],
      ["GET", "/newsletter/unsubscribe"],
      ["GET", `/newsletter/unsubscribe.data?token=${token}`],
      ["HEAD", `/newsletter/unsubscribe?token=${token}`],
      ["POST", `/newsletter/unsubscribe?token=${token}`],
      ["GET", "/admin/newsletter/sender-check"],
      ["GET", "/admin/newsletter/sender-check?fresh=1"],
    ]) {
      expect(isCacheableRequest(request(method as string, url as string)), `${method} ${url}`).toBe(
        false,
      );
    }
  });
});
