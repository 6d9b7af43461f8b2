/**
 * Built-in defaults for everything an admin can edit. The seed writes them once; the public site
 * falls back to them whenever a stored value is missing or empty.
 */

export const defaultSiteName = "AI Solutions";

export const defaultHeroStats = [
  { statKey: "businesses_transformed", statValue: "500+", statLabel: "Businesses Transformed" },
  { statKey: "client_satisfaction", statValue: "98%", statLabel: "Client Satisfaction" },
  { statKey: "ai_support", statValue: "24/7", statLabel: "AI Support" },
];

export const defaultNavItems = [
  { label: "Home", url: "/#home" },
  { label: "Products", url: "/#products" },
  { label: "Services", url: "/#services" },
  { label: "Blog", url: "/blog" },
  { label: "About", url: "/about" },
  { label: "Contact", url: "/contact" },
];

export const serviceIcons = [
  "MessageCircle",
  "Mic",
  "Cog",
  "Globe",
  "Target",
  "Users",
  "Star",
  "Zap",
  "Shield",
  "Brain",
  "Lightbulb",
  "Rocket",
  "Database",
  "Cloud",
] as const;
export type ServiceIcon = (typeof serviceIcons)[number];

/** The page path of a service: lower case, spaces to hyphens, ampersands dropped. */
export function servicePath(title: string) {
  return `/${title.toLowerCase().replace(/&/g, "").replace(/ /g, "-")}`;
}

const services: { title: string; description: string; icon: ServiceIcon }[] = [
  {
    title: "Chatbot Agents Omnichannel",
    description:
      "AI chat agents that answer customers on your website, Messenger, Instagram, WhatsApp, Telegram and SMS, around the clock.",
    icon: "MessageCircle",
  },
  {
    title: "Voice-Driven AI Agents",
    description:
      "Voice agents for inbound and outbound calls, a virtual PBX, information lines and appointment scheduling.",
    icon: "Mic",
  },
  {
    title: "Process Automation",
    description:
      "Automate repetitive work across your tools so your team spends its time on what matters.",
    icon: "Cog",
  },
  {
    title: "Web Design & Development",
    description:
      "Fast, modern websites and web applications designed to turn visitors into customers.",
    icon: "Globe",
  },
  {
    title: "Marketing Automation",
    description:
      "Campaigns, follow-ups and lead nurturing that run themselves, across every channel you use.",
    icon: "Target",
  },
  {
    title: "Consulting Services",
    description:
      "Guidance on digital transformation, AI implementation and IoT, from strategy to rollout.",
    icon: "Users",
  },
];

export const defaultServices = services.map((service, index) => ({
  ...service,
  link: servicePath(service.title),
  featured: index < 3,
}));

export const integrationNames = [
  "chatwoot",
  "vapi",
  "cal_com",
  "cloudflare",
  "openai",
  "stripe",
  "sendgrid",
  "twilio",
  "google_analytics",
  "zapier",
  "custom-code",
] as const;
export type IntegrationName = (typeof integrationNames)[number];

export const businessDays = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type BusinessDay = (typeof businessDays)[number];

export function dayLabel(day: BusinessDay) {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** One setting per day: "9:00 AM – 6:00 PM", "Closed", or whatever the admin writes. */
export function businessHoursKey(day: BusinessDay) {
  return `business_hours_${day}`;
}

/** The social pages the contact page links to; each is a setting holding the page's address. */
export const socialNetworks = [
  { id: "linkedin", key: "social_linkedin", label: "LinkedIn" },
  { id: "twitter", key: "social_twitter", label: "X (Twitter)" },
  { id: "facebook", key: "social_facebook", label: "Facebook" },
  { id: "instagram", key: "social_instagram", label: "Instagram" },
  { id: "youtube", key: "social_youtube", label: "YouTube" },
] as const;
export type SocialNetwork = (typeof socialNetworks)[number]["id"];

/** web_settings rows written by the seed, with the description the admin sees. */
export const defaultSettings: { key: string; value: string; description: string }[] = [
  {
    key: "footer_description",
    value:
      "AI and automation for small and medium businesses: chatbots, voice agents, process automation and more.",
    description: "Footer description",
  },
  {
    key: "footer_copyright",
    value: `${defaultSiteName}. All rights reserved.`,
    description: "Footer copyright line (the current year is added in front)",
  },
  { key: "contact_email", value: "hello@aisolutions.example", description: "Contact e-mail" },
  { key: "contact_phone", value: "(813) 555-0142", description: "Contact phone" },
  {
    key: "contact_address",
    value: "1 Shell Point Road, Ruskin, FL 33570",
    description: "Contact address",
  },
  { key: "support_email", value: "support@aisolutions.example", description: "Support e-mail" },
  { key: "sales_email", value: "sales@aisolutions.example", description: "Sales e-mail" },
  { key: "website_url", value: "", description: "Public website URL" },
  { key: "business_city", value: "Ruskin", description: "City" },
  { key: "business_state", value: "FL", description: "State" },
  { key: "business_zip", value: "33570", description: "ZIP code" },
  { key: "business_country", value: "United States", description: "Country" },
  {
    key: "contact_alternate_phone",
    value: "",
    description: "Alternate phone",
  },
  { key: "emergency_contact", value: "", description: "Emergency contact" },
  ...businessDays.map((day) => ({
    key: businessHoursKey(day),
    value: day === "saturday" || day === "sunday" ? "Closed" : "9:00 AM – 6:00 PM",
    description: `Business hours on ${dayLabel(day)}`,
  })),
  ...socialNetworks.map(({ key, label }) => ({
    key,
    value: "",
    description: `${label} page`,
  })),
  { key: "site_name", value: defaultSiteName, description: "Site name" },
  { key: "site_tagline", value: "AI-Powered Business Solutions", description: "Tagline" },
  { key: "brand_primary_color", value: "#6366f1", description: "Primary colour" },
  { key: "brand_accent_color", value: "#8b5cf6", description: "Accent colour" },
  { key: "logo_url", value: "", description: "Logo URL" },
  {
    key: "brand_description",
    value:
      "AI chatbots, voice agents, process automation, web development, marketing automation and consulting for small and medium businesses.",
    description: "Brand description (the home page's description for search engines)",
  },
  {
    key: "hero_title",
    value: "Artificial Intelligence and Creativity",
    description: "Home page headline",
  },
  {
    key: "hero_subtitle",
    value:
      "We build AI agents, automations and websites that help small and medium businesses serve customers faster and grow.",
    description: "Home page subtitle",
  },
  { key: "hero_cta_text", value: "Schedule Consultation", description: "Home page call to action" },
  { key: "site_time_zone", value: "UTC", description: "Time zone" },
  { key: "post_revisions_kept", value: "50", description: "Revisions kept per post" },
  { key: "backups_daily", value: "on", description: "Back up every day" },
  { key: "backups_kept", value: "7", description: "Backups kept" },
  { key: "backups_offsite", value: "on", description: "Copy backups to the backup bucket" },
  { key: "backups_s3_prefix", value: "backups/", description: "S3 prefix of backups" },
];

/** The built-in default of a web_settings key ("" when it has none). */
export function defaultSetting(key: string) {
  return defaultSettings.find((s) => s.key === key)?.value ?? "";
}

/** A stored setting when non-empty, else its built-in default. Safe in the browser too. */
export function settingOrDefault(settings: Map<string, string>, key: string) {
  return settings.get(key)?.trim() || defaultSetting(key);
}

// --- Time zone and revisions ------------------------------------------------------------------

const DEFAULT_TIME_ZONE = "UTC";
export const MIN_REVISIONS_KEPT = 5;
export const MAX_REVISIONS_KEPT = 500;
const DEFAULT_REVISIONS_KEPT = 50;

let timeZones: string[] | undefined;

/** The IANA zones this runtime knows, "UTC" first (the list itself leaves it out). */
export function timeZoneOptions(): string[] {
  timeZones ??= [
    DEFAULT_TIME_ZONE,
    ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== DEFAULT_TIME_ZONE),
  ];
  return timeZones;
}

export function isTimeZone(value: string) {
  return timeZoneOptions().includes(value);
}

/** The site's time zone setting when it is a zone this runtime knows, else "UTC". */
export function siteTimeZoneFrom(settings: Map<string, string>): string {
  const zone = settingOrDefault(settings, "site_time_zone");
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** How many revisions each post keeps: the setting when it is a whole number in range, else 50. */
export function revisionsKeptFrom(settings: Map<string, string>): number {
  const value = settingOrDefault(settings, "post_revisions_kept");
  const kept = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return kept >= MIN_REVISIONS_KEPT && kept <= MAX_REVISIONS_KEPT ? kept : DEFAULT_REVISIONS_KEPT;
}

// --- Backups ----------------------------------------------------------------------------------

export const MIN_BACKUPS_KEPT = 1;
export const MAX_BACKUPS_KEPT = 90;
const DEFAULT_BACKUPS_KEPT = 7;
/**
 * What an S3 prefix of backups may hold: folders of letters, digits, dots, dashes and
 * underscores, each ending in "/" (never "." or "..", which an address would resolve away).
 */
export const BACKUP_PREFIX_PATTERN = /^(?:(?!\.\.?\/)[A-Za-z0-9._-]+\/)*$/;

export interface BackupSettings {
  daily: boolean;
  kept: number;
  /** The prefix in the backup bucket to copy each backup under, or null when no copy is wanted. */
  offsitePrefix: string | null;
}

/** The backup settings, each one that is out of range or unreadable replaced by its default. */
export function backupSettingsFrom(settings: Map<string, string>): BackupSettings {
  const kept = Number(settingOrDefault(settings, "backups_kept"));
  const prefix = settingOrDefault(settings, "backups_s3_prefix");
  return {
    daily: settingOrDefault(settings, "backups_daily") !== "off",
    kept:
      Number.isInteger(kept) && kept >= MIN_BACKUPS_KEPT && kept <= MAX_BACKUPS_KEPT
        ? kept
        : DEFAULT_BACKUPS_KEPT,
    offsitePrefix:
      settingOrDefault(settings, "backups_offsite") === "off"
        ? null
        : BACKUP_PREFIX_PATTERN.test(prefix)
          ? prefix
          : defaultSetting("backups_s3_prefix"),
  };
}
