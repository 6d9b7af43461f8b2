import { describe, expect, it } from "vitest";
import { confirmationMail, confirmUrl, welcomeMail } from "./mails.server";

describe("the newsletter's mails", () => {
  it("confirmation: why it came, the link, what to do if it was not you; no list headers", () => {
    const mail = confirmationMail({
      to: "a@example.com",
      siteName: "AI Solutions",
      siteUrl: "https://example.com/",
      confirmToken: "tok_EN-1",
    });
    expect(mail.subject).toBe("Confirm your subscription to the AI Solutions newsletter");
    expect(mail.text.split("\n")).toEqual([
      "This address was entered to receive the AI Solutions newsletter; we send it only once you confirm.",
      "",
      "Confirm your subscription:",
      "https://example.com/newsletter/confirm?token=tok_EN-1",
      "",
      "If this wasn't you, ignore this mail: you will not be subscribed and we will not write again.",
    ]);
    expect(mail.headers).toBeUndefined();
    expect(mail.html).toBeUndefined();
  });

  it("welcome: the staff's subject and text, then the unsubscribe link, with both headers", () => {
    const mail = welcomeMail({
      to: "a@example.com",
      siteUrl: "https://example.com",
      unsubscribeToken: "u1",
      settings: { welcomeSubject: "Hello", welcomeBody: "Nice to meet you." },
      mailto: "hello@example.com",
    });
    expect(mail.subject).toBe("Hello");
    expect(mail.text).toBe(
      [
        "Nice to meet you.",
        "",
        "--",
        "If you no longer want these mails, unsubscribe here (no sign-in needed):",
        "https://example.com/newsletter/unsubscribe?token=u1",
      ].join("\n"),
    );
    expect(mail.headers).toEqual({
      "List-Unsubscribe":
        "<https://example.com/newsletter/unsubscribe?token=u1>, <mailto:hello@example.com?subject=unsubscribe%20u1>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    const withoutMailbox = welcomeMail({
      to: "a@example.com",
      siteUrl: "https://example.com",
      unsubscribeToken: "u1",
      settings: { welcomeSubject: "Hello", welcomeBody: "x" },
      mailto: "",
    });
    expect(withoutMailbox.headers?.["List-Unsubscribe"]).toBe(
      "<https://example.com/newsletter/unsubscribe?token=u1>",
    );
  });

  it("builds the confirmation link without a doubled slash and with the key encoded", () => {
    expect(confirmUrl("https://example.com//", "a+b")).toBe(
      "https://example.com/newsletter/confirm?token=a%2Bb",
    );
  });
});
