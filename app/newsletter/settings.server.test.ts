import { describe, expect, it } from "vitest";
import {
  DEFAULT_WELCOME_BODY,
  DEFAULT_WELCOME_SUBJECT,
  newsletterSettingsSchema,
} from "./settings";
import {
  newsletterSettingKeys,
  newsletterSettingsEntries,
  newsletterSettingsFrom,
} from "./settings.server";

describe("the newsletter settings", () => {
  it("have double opt-in on and the welcome mail off on a site that never saved them", () => {
    expect(newsletterSettingsFrom(new Map())).toEqual({
      doubleOptIn: true,
      welcomeEnabled: false,
      welcomeSubject: DEFAULT_WELCOME_SUBJECT,
      welcomeBody: DEFAULT_WELCOME_BODY,
    });
    expect(DEFAULT_WELCOME_BODY).not.toMatch(/unsubscribe/i);
  });

  it("read back what was stored", () => {
    const stored = newsletterSettingsEntries({
      doubleOptIn: false,
      welcomeEnabled: true,
      welcomeSubject: "Hi",
      welcomeBody: "Line one\nLine two",
    });
    expect(stored).toEqual({
      newsletter_double_opt_in: "false",
      newsletter_welcome_enabled: "true",
      newsletter_welcome_subject: "Hi",
      newsletter_welcome_body: "Line one\nLine two",
    });
    expect(newsletterSettingsFrom(new Map(Object.entries(stored)))).toEqual({
      doubleOptIn: false,
      welcomeEnabled: true,
      welcomeSubject: "Hi",
      welcomeBody: "Line one\nLine two",
    });
  });

  it("fall back to the default for a stored value that is unreadable, one by one", () => {
    const settings = newsletterSettingsFrom(
      new Map([
        [newsletterSettingKeys.doubleOptIn, "maybe"],
        [newsletterSettingKeys.welcomeEnabled, "true"],
        [newsletterSettingKeys.welcomeSubject, "Two\nlines"],
        [newsletterSettingKeys.welcomeBody, "   "],
      ]),
    );
    expect(settings).toEqual({
      doubleOptIn: true,
      welcomeEnabled: true,
      welcomeSubject: DEFAULT_WELCOME_SUBJECT,
      welcomeBody: DEFAULT_WELCOME_BODY,
    });
  });

  it("take the form's checkboxes (checked posts 'on', unchecked posts nothing)", () => {
    expect(
      newsletterSettingsSchema.parse({
        doubleOptIn: "on",
        welcomeSubject: "  Welcome!  ",
        welcomeBody: "Hello\r\nthere ",
      }),
    ).toEqual({
      doubleOptIn: true,
      welcomeEnabled: false,
      welcomeSubject: "Welcome!",
      welcomeBody: "Hello\nthere",
    });
  });

  it("refuse an empty, multi-line or overlong subject and an empty or overlong text", () => {
    const errors = (values: Record<string, unknown>) => {
      const parsed = newsletterSettingsSchema.safeParse(values);
      return parsed.success ? {} : parsed.error.flatten().fieldErrors;
    };
    expect(errors({ welcomeSubject: "", welcomeBody: "x" }).welcomeSubject).toEqual([
      "Enter the welcome mail's subject",
    ]);
    expect(errors({ welcomeSubject: "a\r\nBcc: x@example.com", welcomeBody: "x" })).toHaveProperty(
      "welcomeSubject",
      ["The subject must be one line"],
    );
    expect(errors({ welcomeSubject: "a".repeat(201), welcomeBody: "x" })).toHaveProperty(
      "welcomeSubject",
    );
    expect(errors({ welcomeSubject: "a", welcomeBody: " \n " }).welcomeBody).toEqual([
      "Enter the welcome mail's text",
    ]);
    expect(errors({ welcomeSubject: "a", welcomeBody: "x".repeat(5001) })).toHaveProperty(
      "welcomeBody",
    );
    expect(errors({ welcomeSubject: "a", welcomeBody: "x\0y" })).toHaveProperty("welcomeBody");
  });
});
