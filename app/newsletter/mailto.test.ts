import { describe, expect, it } from "vitest";
import { listUnsubscribeHeaders } from "./list-unsubscribe";
import { newsletterMailto } from "./mailto";

describe("newsletterMailto", () => {
  it("is the contact e-mail setting, which the mailto part of List-Unsubscribe then names", () => {
    const settings = new Map([["contact_email", " news@company.example "]]);
    expect(newsletterMailto(settings)).toBe("news@company.example");
    const headers = listUnsubscribeHeaders({
      siteUrl: "https://www.company.example",
      token: "tok",
      mailto: newsletterMailto(settings),
    });
    expect(headers["List-Unsubscribe"]).toBe(
      "<https://www.company.example/newsletter/unsubscribe?token=tok>, <mailto:news@company.example?subject=unsubscribe%20tok>",
    );
  });

  it("falls back to the default contact e-mail when the setting is empty", () => {
    expect(newsletterMailto(new Map([["contact_email", ""]]))).toBe("hello@aisolutions.example");
  });

  it("is undefined for a setting that is not one address, so the header keeps the link alone", () => {
    for (const value of ["not an address", "a@b.example, c@d.example", "<a@b.example>", "a@b"]) {
      expect(newsletterMailto(new Map([["contact_email", value]]))).toBeUndefined();
    }
  });
});
