import {
  type ExternalLinkKey,
  externalLinkDefaults,
  externalLinkLabels,
} from "~/content/external-links";
import { type FooterSection, footerSections } from "~/content/footer";
import {
  BACKUP_PREFIX_PATTERN,
  businessDays,
  dayLabel,
  isTimeZone,
  MAX_BACKUPS_KEPT,
  MAX_REVISIONS_KEPT,
  MIN_BACKUPS_KEPT,
  MIN_REVISIONS_KEPT,
  type SocialNetwork,
  socialNetworks,
} from "~/content/site-defaults";
import { isHttpUrl, isSitePath } from "~/schemas/admin/links";
import { hasControlCharacter } from "~/schemas/text";
import { z } from "~/schemas/zod";

/**
 * The Settings tab and its three dialogs (branding, footer, contact info): one schema each, used
 * by the browser before it sends and by the server's action on every request. Every value is a
 * web_settings row; the key of each field is in the maps below, and a key shared by two editors
 * (site name, contact e-mail, phone, address) is one row, so both always show the same value.
 */

export const settingsIntents = [
  "settings",
  "branding",
  "footer",
  "contact-info",
  "backups",
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

export const MAX_FOOTER_LINKS = 50;

function text(
  label: string,
  max: number,
  options: { required?: boolean; multiline?: boolean } = {},
): z.ZodType<string, unknown> {
  return z.preprocess(
    (value) => (value == null ? "" : value),
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, `${label} must be at most ${max} characters`)
      .refine(
        (value) => !hasControlCharacter(value, Boolean(options.multiline)),
        `${label} contains a character that is not allowed`,
      )
      .refine((value) => !options.required || value.length > 0, `${label} is required`),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function email(label: string, options: { required?: boolean } = {}) {
  return text(label, 254, options).refine(
    (value) => value === "" || EMAIL.test(value),
    "Enter a valid email address, such as name@example.com",
  );
}

const HTTP_URL_MESSAGE = "Enter a web address starting with http:// or https://";

function webUrl(label: string, options: { required?: boolean } = {}) {
  return text(label, 500, options).refine(
    (value) => value === "" || isHttpUrl(value),
    HTTP_URL_MESSAGE,
  );
}

/** A required whole number from `min` to `max`, typed into a text or number field; stored as text. */
function wholeNumber(label: string, min: number, max: number) {
  return text(label, 10, { required: true })
    .refine(
      (value) =>
        value === "" || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      `Enter a whole number from ${min} to ${max}`,
    )
    .transform((value) => String(Number(value)));
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A hex colour; #abc becomes #aabbcc so that colour inputs can show it. */
function colour(label: string) {
  return text(label, 7, { required: true })
    .refine((value) => HEX_COLOUR.test(value), "Enter a colour as a hex code, such as #6366f1")
    .transform((value) =>
      (value.length === 4
        ? `#${[...value.slice(1)].map((c) => c + c).join("")}`
        : value
      ).toLowerCase(),
    );
}

// --- Settings tab ---------------------------------------------------------------------------

const externalLinkFields = Object.fromEntries(
  (Object.keys(externalLinkDefaults) as ExternalLinkKey[]).map((key) => [
    key,
    webUrl(externalLinkLabels[key], { required: true }),
  ]),
) as Record<ExternalLinkKey, z.ZodType<string, unknown>>;

export const siteSettingsSchema = z.object({
  siteName: text("Site name", 80, { required: true }),
  tagline: text("Tagline", 160, { required: true }),
  contactEmail: email("Contact email", { required: true }),
  contactPhone: text("Phone", 40, { required: true }),
  contactAddress: text("Address", 300, { required: true }),
  // Optional for clients that predate them: left out, the stored values stay.
  timeZone: text("Time zone", 64, { required: true })
    .refine((value) => value === "" || isTimeZone(value), "Choose a time zone from the list")
    .optional(),
  revisionsKept: wholeNumber(
    "Revisions kept per post",
    MIN_REVISIONS_KEPT,
    MAX_REVISIONS_KEPT,
  ).optional(),
  ...externalLinkFields,
});
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
export type SiteSettings = z.output<typeof siteSettingsSchema>;

export const siteSettingsKeys: Record<keyof SiteSettings, string> = {
  siteName: "site_name",
  tagline: "site_tagline",
  contactEmail: "contact_email",
  contactPhone: "contact_phone",
  contactAddress: "contact_address",
  timeZone: "site_time_zone",
  revisionsKept: "post_revisions_kept",
  ...(Object.fromEntries(Object.keys(externalLinkDefaults).map((key) => [key, key])) as Record<
    ExternalLinkKey,
    string
  >),
};

// --- Branding -------------------------------------------------------------------------------

export const brandingSchema = z.object({
  siteName: text("Site name", 80, { required: true }),
  logoUrl: text("Logo URL", 500).refine(
    // Pages allow images from this site and https addresses only.
    (value) =>
      value === "" || (isHttpUrl(value) && value.startsWith("https://")) || isSitePath(value),
    "Enter an image address starting with https:// or /, or upload a logo",
  ),
  tagline: text("Tagline", 160, { required: true }),
  primaryColor: colour("Primary colour"),
  accentColor: colour("Accent colour"),
  description: text("Description", 300, { required: true, multiline: true }),
});
export type BrandingInput = z.input<typeof brandingSchema>;
export type Branding = z.output<typeof brandingSchema>;

export const brandingKeys: Record<keyof Branding, string> = {
  siteName: "site_name",
  logoUrl: "logo_url",
  tagline: "site_tagline",
  primaryColor: "brand_primary_color",
  accentColor: "brand_accent_color",
  description: "brand_description",
};

// --- Footer ---------------------------------------------------------------------------------

export const footerSectionLabels: Record<FooterSection, string> = {
  legal: "Legal",
  products: "Products",
  company: "Company",
  support: "Support",
};

const LINK_URL_MESSAGE = "Enter a site path such as /about or a web address starting with https://";

export const footerLinkSchema = z.object({
  label: text("Link label", 60, { required: true }),
  url: text("Link URL", 500, { required: true }).refine(
    (value) =>
      value === "" || isHttpUrl(value) || isSitePath(value) || /^mailto:\S+@\S+$/.test(value),
    LINK_URL_MESSAGE,
  ),
  section: z.enum(footerSections, { message: "Choose a section" }),
});
export type FooterLinkInput = z.input<typeof footerLinkSchema>;

export const footerSchema = z.object({
  description: text("Description", 500, { required: true, multiline: true }),
  copyright: text("Copyright", 160, { required: true }),
  email: email("Email", { required: true }),
  phone: text("Phone", 40, { required: true }),
  address: text("Address", 300, { required: true }),
  links: z
    .array(footerLinkSchema, { message: "The links must be a list" })
    .max(MAX_FOOTER_LINKS, `At most ${MAX_FOOTER_LINKS} footer links`),
});
export type FooterInput = z.input<typeof footerSchema>;
export type FooterValues = z.output<typeof footerSchema>;

/** The footer's own keys; its e-mail, phone and address are the shared contact keys. */
export const footerKeys = {
  description: "footer_description",
  copyright: "footer_copyright",
  email: "contact_email",
  phone: "contact_phone",
  address: "contact_address",
  links: "footer_links",
} as const;

// --- Contact info ---------------------------------------------------------------------------

const businessHoursSchema = z.object(
  Object.fromEntries(
    businessDays.map((day) => [day, text(`${dayLabel(day)} hours`, 60, { required: true })]),
  ) as Record<(typeof businessDays)[number], z.ZodType<string, unknown>>,
);

const socialMediaSchema = z.object(
  Object.fromEntries(
    socialNetworks.map(({ id, label }) => [id, webUrl(`${label} page`)]),
  ) as Record<SocialNetwork, z.ZodType<string, unknown>>,
);

export const contactInfoSchema = z.object({
  email: email("Email", { required: true }),
  phone: text("Phone", 40, { required: true }),
  alternatePhone: text("Alternate phone", 40),
  address: text("Address", 300, { required: true }),
  city: text("City", 100, { required: true }),
  state: text("State", 100, { required: true }),
  zipCode: text("ZIP code", 20, { required: true }),
  country: text("Country", 100, { required: true }),
  businessHours: businessHoursSchema,
  socialMedia: socialMediaSchema,
  website: webUrl("Website"),
  emergencyContact: text("Emergency contact", 200),
  supportEmail: email("Support email", { required: true }),
  salesEmail: email("Sales email", { required: true }),
});
export type ContactInfoInput = z.input<typeof contactInfoSchema>;
export type ContactInfo = z.output<typeof contactInfoSchema>;

export const contactInfoKeys = {
  email: "contact_email",
  phone: "contact_phone",
  alternatePhone: "contact_alternate_phone",
  address: "contact_address",
  city: "business_city",
  state: "business_state",
  zipCode: "business_zip",
  country: "business_country",
  website: "website_url",
  emergencyContact: "emergency_contact",
  supportEmail: "support_email",
  salesEmail: "sales_email",
} as const satisfies Partial<Record<keyof ContactInfo, string>>;

// --- Backups --------------------------------------------------------------------------------

/** A checkbox: "on" when ticked; a form leaves an unticked box out. */
const onOff = z.preprocess(
  (value) => (value === true || value === "on" || value === "true" ? "on" : "off"),
  z.enum(["on", "off"]),
);

export const backupSettingsSchema = z.object({
  daily: onOff,
  kept: wholeNumber("Backups kept", MIN_BACKUPS_KEPT, MAX_BACKUPS_KEPT),
  offsite: onOff,
  s3Prefix: text("S3 prefix", 200)
    .refine(
      (value) => value === "" || BACKUP_PREFIX_PATTERN.test(value),
      "Enter folders of letters, digits, dots, dashes or underscores, each ending in /, such as backups/",
    )
    .transform((value) => value || "backups/"),
});
export type BackupSettingsInput = z.input<typeof backupSettingsSchema>;
export type BackupSettingsValues = z.output<typeof backupSettingsSchema>;

export const backupSettingsKeys: Record<keyof BackupSettingsValues, string> = {
  daily: "backups_daily",
  kept: "backups_kept",
  offsite: "backups_offsite",
  s3Prefix: "backups_s3_prefix",
};

/** What the editors show: the stored value of each field, or the default the public site shows. */
export interface SettingsView {
  settings: Required<SiteSettings>;
  branding: Branding;
  footer: Omit<FooterValues, "links"> & { links: FooterLinkValue[] };
  contactInfo: ContactInfo;
  backups: BackupSettingsValues;
  /** Each editor's version, which its form sends back with a save (see editor-versions). */
  versions: Record<SettingsIntent, number>;
}
export type FooterLinkValue = z.output<typeof footerLinkSchema>;

// --- Two-factor sign-in for admins ---------------------------------------------------------------

/** "Require two-factor sign-in for admins": its own form on the Settings tab (not a versioned editor). */
export const adminTwoFactorSchema = z.object({ required: onOff });
export type AdminTwoFactorValues = z.output<typeof adminTwoFactorSchema>;
export const ADMIN_TWO_FACTOR_KEY = "admin_two_factor_required";
