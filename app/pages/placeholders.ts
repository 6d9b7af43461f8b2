import {
  externalLinkDefaults,
  externalLinkLabels,
  resolveExternalLinks,
} from "~/content/external-links";
import { settingOrDefault } from "~/content/site-defaults";
import { telHref } from "~/lib/phone";

/**
 * Settings values in block text: `{company_name}`, `{contact_email}`, `{booking_url}`, … written
 * in any text, markdown or link field of a block and replaced by the setting's current value when
 * the page is drawn (app/pages/render.server.ts), so a changed phone number or product address
 * shows on every page at once. `{company_name|upper}` shows the value in capitals.
 *
 * What counts as one: a lower-case word (letters, digits, underscores) in braces. A known one is
 * a value; an unknown one is refused when the block is saved ("{compnay_name} is not a value this
 * site knows."), as a typo would otherwise show on the page. Anything else in braces ("{ x }",
 * "{Name}", "{\"a\": 1}") is ordinary text and stays as written. The rich-text editor writes an
 * underscore as `\_`, so `{company\_name}` is the same value.
 *
 * Single pass: a value put in is never scanned again, so a setting that itself holds "{…}" shows
 * as written.
 *
 * Browser-safe: the schema (blocks.ts), the editor and the server all use it.
 */

const SETTINGS = {
  company_name: { label: "Company name", group: "Company" },
  site_tagline: { label: "Tagline", group: "Company" },
  brand_description: { label: "Brand description", group: "Company" },
  contact_email: { label: "Contact e-mail", group: "Contact" },
  contact_phone: { label: "Contact phone", group: "Contact" },
  contact_address: { label: "Contact address", group: "Contact" },
  support_email: { label: "Support e-mail", group: "Contact" },
  sales_email: { label: "Sales e-mail", group: "Contact" },
  business_city: { label: "City", group: "Contact" },
  business_state: { label: "State", group: "Contact" },
  business_location: { label: "City and state", group: "Contact" },
  hero_title: { label: "Home page headline", group: "Home page" },
  hero_subtitle: { label: "Home page subtitle", group: "Home page" },
  hero_cta_text: { label: "Home page call to action", group: "Home page" },
} as const;

type SettingKey = keyof typeof SETTINGS;
type LinkKey = keyof typeof externalLinkDefaults;
export type PlaceholderKey = SettingKey | LinkKey;
export type PlaceholderValues = Record<PlaceholderKey, string>;

export interface PlaceholderInfo {
  key: PlaceholderKey;
  /** What staff call it, as the Settings tab does. */
  label: string;
  /** The editor's menu groups them: "Company", "Contact", "Home page", "Links". */
  group: string;
}

/** Every value a block may show, in the order the editor lists them. */
export const PLACEHOLDERS: readonly PlaceholderInfo[] = [
  ...(Object.keys(SETTINGS) as SettingKey[]).map((key) => ({ key, ...SETTINGS[key] })),
  ...(Object.keys(externalLinkDefaults) as LinkKey[]).map((key) => ({
    key,
    label: externalLinkLabels[key],
    group: "Links",
  })),
];

const KNOWN = new Set<string>(PLACEHOLDERS.map((p) => p.key));

export function isPlaceholderKey(key: string): key is PlaceholderKey {
  return KNOWN.has(key);
}

/** How a value may be shown besides as it is. */
const FORMATS = { upper: (value: string) => value.toUpperCase() } as const;
type Format = keyof typeof FORMATS;

/**
 * `{word}` or `{word|format}`; a `\_` (the rich-text editor's markdown) stands for `_`, and `\|`
 * for `|`. Groups: the key, the format.
 */
const CANDIDATE = /\{([a-z][a-z0-9]*(?:\\?_[a-z0-9]+)*)(?:\\?\|([a-z]+))?\}/g;

interface Found {
  /** The text as written, "{company\_name}". */
  written: string;
  key: string;
  format: string | undefined;
  at: number;
}

function scan(text: string): Found[] {
  if (!text.includes("{")) return [];
  return Array.from(text.matchAll(CANDIDATE), (match) => ({
    written: match[0],
    key: (match[1] ?? "").replace(/\\_/g, "_"),
    format: match[2],
    at: match.index,
  }));
}

/** The known values a text uses, each once, in order. */
export function placeholdersIn(text: string): PlaceholderKey[] {
  const keys = scan(text)
    .map((found) => found.key)
    .filter(isPlaceholderKey);
  return [...new Set(keys)];
}

/** Whether a text holds at least one known value. */
export function hasPlaceholders(text: string): boolean {
  return placeholdersIn(text).length > 0;
}

/** Why a text cannot be saved (its first unknown value or format), or null when it can. */
export function placeholderProblem(text: string): string | null {
  for (const found of scan(text)) {
    const shown = `{${found.key}${found.format ? `|${found.format}` : ""}}`;
    if (!isPlaceholderKey(found.key)) return `${shown} is not a value this site knows.`;
    if (found.format && !(found.format in FORMATS)) {
      return `${shown}: "${found.format}" is not a way to show a value; use {${found.key}} or {${found.key}|upper}.`;
    }
  }
  return null;
}

/** The values of the site's settings (stored when not empty, else the built-in defaults). */
export function placeholderValuesFrom(settings: Map<string, string>): PlaceholderValues {
  const setting = (key: string) => settingOrDefault(settings, key);
  const city = setting("business_city");
  const state = setting("business_state");
  return {
    company_name: setting("site_name"),
    site_tagline: setting("site_tagline"),
    brand_description: setting("brand_description"),
    contact_email: setting("contact_email"),
    contact_phone: setting("contact_phone"),
    contact_address: setting("contact_address"),
    support_email: setting("support_email"),
    sales_email: setting("sales_email"),
    business_city: city,
    business_state: state,
    business_location: [city, state].filter(Boolean).join(", "),
    hero_title: setting("hero_title"),
    hero_subtitle: setting("hero_subtitle"),
    hero_cta_text: setting("hero_cta_text"),
    ...resolveExternalLinks(settings),
  };
}

/** The built-in values: what a link is checked with when it is saved. */
export const DEFAULT_PLACEHOLDER_VALUES: PlaceholderValues = placeholderValuesFrom(new Map());

/**
 * Where a text goes: "text" is shown as it is (React escapes it), "markdown" is rendered as
 * markdown (a value's markdown characters are escaped, so "A*B Ltd" stays as written), "link" is
 * an address.
 */
export type PlaceholderMode = "text" | "markdown" | "link";

const MARKDOWN_SPECIAL = /[\\`*_{}[\]()<>!|~#&]/g;

/**
 * The text with every known value put in, in one pass. A value right after `tel:` is the
 * number as a tel: address wants it (`tel:{contact_phone}` gives tel:+18135550142). Unknown
 * braces stay as written (the schema refuses them on save; a stored text is shown as it is).
 */
export function resolvePlaceholders(
  text: string,
  values: PlaceholderValues,
  mode: PlaceholderMode = "text",
): string {
  if (!text.includes("{")) return text;
  return text.replace(CANDIDATE, (written, rawKey: string, format: string | undefined, at) => {
    const key = rawKey.replace(/\\_/g, "_");
    if (!isPlaceholderKey(key)) return written;
    let value = values[key] ?? "";
    if (format) {
      if (!(format in FORMATS)) return written;
      value = FORMATS[format as Format](value);
    }
    if (/tel:$/i.test(text.slice(Math.max(0, at - 4), at))) return telHref(value).slice(4);
    return mode === "markdown" ? value.replace(MARKDOWN_SPECIAL, "\\$&") : value;
  });
}

/** What a text holding `{key}` is typed as in a field. */
export function placeholderToken(key: PlaceholderKey): string {
  return `{${key}}`;
}
