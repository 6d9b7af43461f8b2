import {
  type BusinessDay,
  businessDays,
  businessHoursKey,
  dayLabel,
  settingOrDefault,
  socialNetworks,
} from "~/content/site-defaults";
import { telHref } from "~/lib/phone";
import { companyDetailsFrom } from "./placeholders.server";
import type { ContactDetails } from "./view";

/**
 * The site's contact details as a form block of layout "details" draws them beside the form
 * (the contact page's panels): worked out from the settings when the page is drawn, so a
 * settings change shows at once, as it did when the contact page was a route of its own.
 */

/** Saturday and Sunday always get a line of their own. */
const WEEKEND_START = 5;

/**
 * The week's hours from the settings, consecutive weekdays with the same hours on one line
 * ("Monday – Friday: 9:00 AM – 6:00 PM"), then Saturday and Sunday.
 */
export function businessHoursFrom(settings: Map<string, string>) {
  const rows: { days: string; hours: string }[] = [];
  let start = 0;
  const hoursOf = (index: number) =>
    settingOrDefault(settings, businessHoursKey(businessDays[index] as BusinessDay));
  for (let index = 1; index <= businessDays.length; index += 1) {
    const weekend = index >= WEEKEND_START;
    if (index < businessDays.length && !weekend && hoursOf(index) === hoursOf(start)) continue;
    const first = dayLabel(businessDays[start] as BusinessDay);
    const last = dayLabel(businessDays[index - 1] as BusinessDay);
    rows.push({ days: start === index - 1 ? first : `${first} – ${last}`, hours: hoursOf(start) });
    start = index;
  }
  return rows;
}

/** Only web addresses become links; anything else an admin typed is left out. */
export function safeWebUrl(value: string | undefined) {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Everything the contact panels show, from the settings (their defaults where unset). */
export function contactDetailsFrom(settings: Map<string, string>): ContactDetails {
  const company = companyDetailsFrom(settings);
  const optional = (key: string) => settings.get(key)?.trim() || null;
  const alternatePhone = optional("contact_alternate_phone");
  const website = safeWebUrl(settings.get("website_url"));
  return {
    email: company.email,
    phone: company.phone,
    phoneHref: telHref(company.phone),
    alternatePhone: alternatePhone
      ? { label: alternatePhone, href: telHref(alternatePhone) }
      : null,
    supportEmail: settingOrDefault(settings, "support_email"),
    website: website ? { href: website, host: new URL(website).host } : null,
    emergencyContact: optional("emergency_contact"),
    address: company.address,
    businessHours: businessHoursFrom(settings),
    social: socialNetworks.flatMap(({ key, label }) => {
      const href = safeWebUrl(settings.get(key));
      return href ? [{ label, href }] : [];
    }),
  };
}
