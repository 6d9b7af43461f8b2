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
      ratePerSecond: 10,
      dailyCap: 0,
    });
    expect(DEFAULT_WELCOME_BODY).not.toMatch(/unsubscribe/i);
  });

  it("read back what was stored", () => {
    const stored = newsletterSettingsEntries({
      doubleOptIn: false,
      welcomeEnabled: true,
      welcomeSubject: "Hi",
      welcomeBody: "Line one\nLine two",
      ratePerSecond: 25,
      dailyCap: 50_000,
    });
    expect(stored).toEqual({
      newsletter_double_opt_in: "false",
      newsletter_welcome_enabled: "true",
      newsletter_welcome_subject: "Hi",
      newsletter_welcome_body: "Line one\nLine two",
      newsletter_rate_per_second: "25",
      newsletter_daily_cap: "50000",
    });
    expect(newsletterSettingsFrom(new Map(Object.entries(stored)))).toEqual({
      doubleOptIn: false,
      welcomeEnabled: true,
      welcomeSubject: "Hi",
      welcomeBody: "Line one\nLine two",
      ratePerSecond: 25,
      dailyCap: 50_000,
    });
  });

  it("fall back to the default for a stored value that is unreadable, one by one", () => {
    const settings = newsletterSettingsFrom(
      new Map([
        [newsletterSettingKeys.doubleOptIn, "maybe"],
        [newsletterSettingKeys.welcomeEnabled, "true"],
        [newsletterSettingKeys.welcomeSubject, "Two\nlines"],
        [newsletterSettingKeys.welcomeBody, "   "],
        [newsletterSettingKeys.ratePerSecond, "-3"],
        [newsletterSettingKeys.dailyCap, "lots"],
      ]),
    );
    expect(settings).toEqual({
      doubleOptIn: true,
      welcomeEnabled: true,
      welcomeSubject: DEFAULT_WELCOME_SUBJECT,
      welcomeBody: DEFAULT_WELCOME_BODY,
      ratePerSecond: 10,
      dailyCap: 0,
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
      ratePerSecond: 10,
      dailyCap: 0,
    });
  });

  it("take the pace as whole numbers in range, 0 meaning no limit", () => {
    const parse = (ratePerSecond: unknown, dailyCap: unknown) =>
      newsletterSettingsSchema.safeParse({
        welcomeSubject: "a",
        welcomeBody: "b",
        ratePerSecond,
        dailyCap,
      });
    expect(parse("0", " 250000 ").data).toMatchObject({ ratePerSecond: 0, dailyCap: 250_000 });
    for (const [rate, cap, field] of [
      ["1001", "0", "ratePerSecond"],
      ["2.5", "0", "ratePerSecond"],
      ["", "0", "ratePerSecond"],
      ["10", "-1", "dailyCap"],
      ["10", "10000001", "dailyCap"],
      ["10", "many", "dailyCap"],
    ]) {
      const parsed = parse(rate, cap);
      expect(parsed.success, `${rate} / ${cap}`).toBe(false);
      expect(Object.keys(parsed.error?.flatten().fieldErrors ?? {})).toEqual([field]);
    }
    expect(parse("1001", "0").error?.flatten().fieldErrors.ratePerSecond).toEqual([
      "Enter how many mails a second, from 0 (no limit) to 1000",
    ]);
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
