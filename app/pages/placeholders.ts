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
  const legal = legalOnlyProblem(text);
  if (legal) return legal;
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

/**
 * Legal documents only (a legal block's introduction and sections, a hero's text and a page's
 * meta description, which on the cookie policy say what runs on the site):
 *
 * - conditions `{if NAME}…{else}…{end}` (the `{else}` part optional, no nesting), NAME one of
 *   LEGAL_CONDITIONS, the facts of app/content/cookies.ts about what runs in visitors' browsers;
 * - inserts, each alone in a paragraph: `{contact_card}` / `{contact_card:Subject}` (the
 *   company's name, e-mail with that subject, phone and address in a card) and
 *   `{cookie_cards:essential}` / `{cookie_cards:optional}` (what the software's own cookies and
 *   the enabled integrations set; their words are in cookies.ts).
 */
export const LEGAL_CONDITIONS = [
  "optional_cookies",
  "analytics_cookies",
  "marketing_cookies",
  "tracking_cookies",
  "google_analytics",
] as const;
export type LegalCondition = (typeof LEGAL_CONDITIONS)[number];
/** Which conditions hold on this site now. */
export type LegalConditions = Record<LegalCondition, boolean>;

/** What staff read for each condition (the editor's "Shown" choices). */
export const LEGAL_CONDITION_LABELS: Record<LegalCondition, string> = {
  optional_cookies: "optional cookies",
  analytics_cookies: "analytics cookies",
  marketing_cookies: "marketing cookies",
  tracking_cookies: "analytics or marketing cookies",
  google_analytics: "Google Analytics",
};

/** A legal section's `when`: always, while a condition holds, or while it does not ("!name"). */
export const LEGAL_WHEN = [
  "always",
  ...LEGAL_CONDITIONS,
  ...LEGAL_CONDITIONS.map((name) => `!${name}` as const),
] as const;
export type LegalWhen = (typeof LEGAL_WHEN)[number];

export function isLegalCondition(name: string): name is LegalCondition {
  return (LEGAL_CONDITIONS as readonly string[]).includes(name);
}

/** Whether a section shown `when` shows on a site where `conditions` hold. */
export function legalWhenHolds(when: LegalWhen, conditions: LegalConditions): boolean {
  if (when === "always") return true;
  return when.startsWith("!")
    ? !conditions[when.slice(1) as LegalCondition]
    : conditions[when as LegalCondition];
}

/** `{if name}`, `{else}`, `{end}` (the editor writes `\_` for `_`). */
const CONDITION_TOKEN = /\{(?:if ([a-z\\_]+)|else|end)\}/g;
/** A paragraph that is one insert: `{contact_card}`, `{contact_card:Subject}`, `{cookie_cards:…}`. */
export const LEGAL_INSERT = /^\{(contact\\?_card|cookie\\?_cards)(?::([^{}\n]*))?\}$/;
/** Any insert-like token, wherever it stands. */
const INSERT_ANYWHERE = /\{(?:contact\\?_card|cookie\\?_cards)(?::[^{}\n]*)?\}/;

/**
 * Why a text may not hold legal conditions or inserts where it stands (outside a legal
 * document), or null when it holds none.
 */
export function legalOnlyProblem(text: string, conditionsAllowed = false): string | null {
  if (!text.includes("{")) return null;
  const condition = conditionsAllowed ? null : text.match(CONDITION_TOKEN)?.[0];
  if (condition) {
    return `${condition.replace(/\\_/g, "_")}: conditions may be used only in a legal document's text.`;
  }
  const insert = text.match(INSERT_ANYWHERE)?.[0];
  if (insert) {
    return `${insert.replace(/\\_/g, "_")}: this insert may be used only in a legal document's sections.`;
  }
  return null;
}

/** The text's conditions checked: known names, each closed, none inside another. */
function conditionProblem(text: string): string | null {
  let open: string | null = null;
  let sawElse = false;
  for (const match of text.matchAll(CONDITION_TOKEN)) {
    const token = match[0].replace(/\\_/g, "_");
    if (match[1] !== undefined) {
      const name = match[1].replace(/\\_/g, "_");
      if (open)
        return `${token}: a condition cannot start inside another ({if ${open}}); close it with {end} first.`;
      if (!isLegalCondition(name)) {
        return `${token}: "${name}" is not a condition this site knows; use one of ${LEGAL_CONDITIONS.join(", ")}.`;
      }
      open = name;
      sawElse = false;
    } else if (token === "{else}") {
      if (!open || sawElse)
        return "{else} stands outside a condition: write {if name}…{else}…{end}.";
      sawElse = true;
    } else {
      if (!open) return "{end} closes no condition: write {if name}…{end}.";
      open = null;
    }
  }
  return open ? `{if ${open}} is not closed: end it with {end}.` : null;
}

/** The text's inserts checked: each alone in its paragraph and of a known kind. */
function insertProblem(text: string): string | null {
  for (const line of text.split("\n")) {
    const found = line.match(INSERT_ANYWHERE)?.[0];
    if (!found) continue;
    const shown = found.replace(/\\_/g, "_");
    const match = LEGAL_INSERT.exec(line.trim());
    if (!match) return `${shown} must stand alone in its paragraph.`;
    const kind = (match[1] ?? "").replace(/\\_/g, "_");
    if (kind === "cookie_cards" && match[2] !== "essential" && match[2] !== "optional") {
      return `${shown}: use {cookie_cards:essential} or {cookie_cards:optional}.`;
    }
  }
  return null;
}

/** The text with its conditions and inserts taken out, for the settings values' own check. */
function withoutLegalTokens(text: string): string {
  return text
    .replace(CONDITION_TOKEN, "")
    .split("\n")
    .map((line) => (LEGAL_INSERT.test(line.trim()) ? "" : line))
    .join("\n");
}

/**
 * Why a legal document's text cannot be saved, or null: its conditions, then (when `inserts`)
 * its inserts, then its settings values.
 */
export function legalTextProblem(text: string, inserts: boolean): string | null {
  if (!text.includes("{")) return null;
  const problem =
    conditionProblem(text) ?? (inserts ? insertProblem(text) : legalOnlyProblem(text, true));
  return problem ?? placeholderProblem(withoutLegalTokens(text));
}

/** The text with each condition replaced by the part that applies (single pass, no nesting). */
export function resolveConditions(text: string, conditions: LegalConditions): string {
  if (!text.includes("{")) return text;
  let out = "";
  let at = 0;
  /** null outside a condition; else whether the current part is shown. */
  let showing: boolean | null = null;
  let holds = false;
  for (const match of text.matchAll(CONDITION_TOKEN)) {
    const before = text.slice(at, match.index);
    if (showing !== false) out += before;
    at = match.index + match[0].length;
    if (match[1] !== undefined) {
      holds = conditions[match[1].replace(/\\_/g, "_") as LegalCondition] === true;
      showing = holds;
    } else if (match[0] === "{else}") {
      showing = showing === null ? null : !holds;
    } else {
      showing = null;
    }
  }
  if (showing !== false) out += text.slice(at);
  return out;
}

/** Whether a text holds a condition (the page then needs the site's cookie facts). */
export function hasConditions(text: string): boolean {
  return text.includes("{") && new RegExp(CONDITION_TOKEN.source).test(text);
}
