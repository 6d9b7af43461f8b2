import { describe, expect, it } from "vitest";
import { listUnsubscribeHeaders, unsubscribeUrl } from "./list-unsubscribe";

describe("listUnsubscribeHeaders", () => {
  it("offers the https link first, then the mailbox, and one-click unsubscribe", () => {
    const headers = listUnsubscribeHeaders({
      siteUrl: "https://example.com/",
      token: "abc_DEF-123",
      mailto: "unsubscribe@example.com",
    });
    expect(headers).toEqual({
      "List-Unsubscribe":
        "<https://example.com/newsletter/unsubscribe?token=abc_DEF-123>, <mailto:unsubscribe@example.com?subject=unsubscribe%20abc_DEF-123>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("leaves the mailto out when the site has no mailbox for it", () => {
    expect(listUnsubscribeHeaders({ siteUrl: "https://example.com", token: "t" })).toEqual({
      "List-Unsubscribe": "<https://example.com/newsletter/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("builds the page's link from the site address without a doubled slash", () => {
    expect(unsubscribeUrl("https://example.com///", "t")).toBe(
      "https://example.com/newsletter/unsubscribe?token=t",
    );
  });
});
