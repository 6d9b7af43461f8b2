import { inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { webSettings } from "~/db/schema.server";
import {
  dailyCapField,
  type NewsletterSettings,
  newsletterSettingsDefaults,
  ratePerSecondField,
  welcomeBodyField,
  welcomeSubjectField,
} from "./settings";

/** The web_settings keys the newsletter's settings live in. */
export const newsletterSettingKeys = {
  doubleOptIn: "newsletter_double_opt_in",
  welcomeEnabled: "newsletter_welcome_enabled",
  welcomeSubject: "newsletter_welcome_subject",
  welcomeBody: "newsletter_welcome_body",
  ratePerSecond: "newsletter_rate_per_second",
  dailyCap: "newsletter_daily_cap",
} as const satisfies Record<keyof NewsletterSettings, string>;

function storedSwitch(value: string | undefined, fallback: boolean) {
  if (value === "true") return true;
  if (value === "false") return false;
  return fallback;
}

/**
 * The settings from the stored rows: each missing or unreadable value is its default, so a
 * site that never opened the settings has double opt-in on and no welcome mail.
 */
export function newsletterSettingsFrom(settings: Map<string, string>): NewsletterSettings {
  const defaults = newsletterSettingsDefaults;
  const subject = welcomeSubjectField.safeParse(settings.get(newsletterSettingKeys.welcomeSubject));
  const body = welcomeBodyField.safeParse(settings.get(newsletterSettingKeys.welcomeBody));
  const rate = ratePerSecondField.safeParse(settings.get(newsletterSettingKeys.ratePerSecond));
  const cap = dailyCapField.safeParse(settings.get(newsletterSettingKeys.dailyCap));
  return {
    doubleOptIn: storedSwitch(
      settings.get(newsletterSettingKeys.doubleOptIn),
      defaults.doubleOptIn,
    ),
    welcomeEnabled: storedSwitch(
      settings.get(newsletterSettingKeys.welcomeEnabled),
      defaults.welcomeEnabled,
    ),
    welcomeSubject: subject.success ? subject.data : defaults.welcomeSubject,
    welcomeBody: body.success ? body.data : defaults.welcomeBody,
    ratePerSecond: rate.success ? rate.data : defaults.ratePerSecond,
    dailyCap: cap.success ? cap.data : defaults.dailyCap,
  };
}

export async function readNewsletterSettings(db: Db): Promise<NewsletterSettings> {
  const rows = await db
    .select({ key: webSettings.key, value: webSettings.value })
    .from(webSettings)
    .where(inArray(webSettings.key, Object.values(newsletterSettingKeys)));
  return newsletterSettingsFrom(new Map(rows.map((row) => [row.key, row.value])));
}

/** The rows to store for validated settings. */
export function newsletterSettingsEntries(values: NewsletterSettings): Record<string, string> {
  return {
    [newsletterSettingKeys.doubleOptIn]: String(values.doubleOptIn),
    [newsletterSettingKeys.welcomeEnabled]: String(values.welcomeEnabled),
    [newsletterSettingKeys.welcomeSubject]: values.welcomeSubject,
    [newsletterSettingKeys.welcomeBody]: values.welcomeBody,
    [newsletterSettingKeys.ratePerSecond]: String(values.ratePerSecond),
    [newsletterSettingKeys.dailyCap]: String(values.dailyCap),
  };
}
