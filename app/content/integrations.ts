import { categoryText } from "~/consent/consent";
import type { IntegrationName } from "./site-defaults";
import { customCodeCategories } from "./widgets";

/**
 * The integration types an admin can configure (web_integrations rows) and their config fields.
 * Shared by the public widget projection and the admin editor:
 * - `required`: the integration is incomplete without it (the spec's starred fields);
 * - `secret`: write-only, the admin sees it masked and it never leaves the server;
 * - `public`: the only fields a public page may receive. Anything not marked public stays on
 *   the server, whatever the stored config holds.
 */
export interface IntegrationField {
  key: string;
  label: string;
  required: boolean;
  secret: boolean;
  public: boolean;
  /** A choice of these values (a select); the field then always holds one of them. */
  options?: readonly { value: string; label: string }[];
  /** The value in effect while the stored config has none (a choice field's default). */
  defaultValue?: string;
}

export interface IntegrationType {
  name: IntegrationName;
  label: string;
  description: string;
  fields: readonly IntegrationField[];
  /** Its keys are kept for later, but nothing on the site uses them yet: no switch is offered. */
  keysOnly?: boolean;
}

type FieldOptions = Partial<
  Pick<IntegrationField, "required" | "secret" | "public" | "options" | "defaultValue">
>;

function field(key: string, label: string, options: FieldOptions = {}): IntegrationField {
  return {
    key,
    label,
    required: options.required ?? false,
    secret: options.secret ?? false,
    public: options.public ?? false,
    ...(options.options ? { options: options.options } : {}),
    ...(options.defaultValue !== undefined ? { defaultValue: options.defaultValue } : {}),
  };
}

/** The consent categories custom code can belong to; a stored config without one is marketing. */
const customCodeCategoryOptions = customCodeCategories.map((value) => ({
  value,
  label: categoryText[value].label,
}));

export const integrationCatalogue = [
  {
    name: "chatwoot",
    label: "Chatwoot",
    description:
      "Live-chat widget on every public page, loaded only after the visitor allows functional cookies.",
    fields: [
      field("websiteToken", "Website token", { required: true, public: true }),
      field("baseUrl", "Base URL", { public: true }),
    ],
  },
  {
    name: "vapi",
    label: "Vapi",
    description:
      "Voice-assistant call button on every public page, loaded only after the visitor allows functional cookies.",
    fields: [
      field("publicKey", "Public key", { required: true, public: true }),
      field("assistantId", "Assistant ID", { public: true }),
      field("buttonText", "Button text", { public: true }),
      field("buttonPosition", "Button position", { public: true }),
      field("buttonOffset", "Button offset", { public: true }),
      field("buttonSize", "Button size", { public: true }),
      field("idleColor", "Idle colour", { public: true }),
      field("loadingColor", "Loading colour", { public: true }),
      field("activeColor", "Active colour", { public: true }),
    ],
  },
  {
    name: "cal_com",
    label: "Cal.com",
    description:
      "After a consultation request, offers a booking page on cal.com (your username and event type) instead of the booking link in Settings.",
    fields: [
      field("apiKey", "API key", { secret: true }),
      field("username", "Username", { required: true }),
      field("eventTypeSlug", "Event type slug"),
    ],
  },
  {
    name: "cloudflare",
    label: "Cloudflare",
    description:
      "Purges changed pages from Cloudflare's cache whenever the site's content changes, so visitors see edits at once.",
    fields: [
      field("zoneId", "Zone ID", { required: true }),
      field("apiToken", "API token", { required: true, secret: true }),
      field("accountId", "Account ID"),
    ],
  },
  {
    name: "openai",
    label: "OpenAI",
    description:
      "Writing suggestions in the post editor (excerpt, meta title, meta description, slug) and alt text for images in the media library.",
    fields: [
      field("apiKey", "API key", { required: true, secret: true }),
      field("organizationId", "Organization ID"),
      field("baseUrl", "Base URL"),
      field("model", "Model"),
    ],
  },
  {
    name: "stripe",
    label: "Stripe",
    description:
      "Keeps your Stripe keys for later. The site takes no payments yet, so there is nothing to switch on.",
    keysOnly: true,
    fields: [
      field("publishableKey", "Publishable key"),
      field("secretKey", "Secret key", { required: true, secret: true }),
      field("webhookSecret", "Webhook secret", { secret: true }),
    ],
  },
  {
    name: "sendgrid",
    label: "SendGrid",
    description:
      "Sends the site's mail (form notifications, account and newsletter mail) through SendGrid; if SendGrid fails for good, the mail goes out by SMTP instead. With its signed Event Webhook, bounces, spam reports and unsubscribes stop the newsletter to that address at once.",
    fields: [
      field("apiKey", "API key", { secret: true }),
      field("fromEmail", "From e-mail", { required: true }),
      // Public by nature (it only verifies SendGrid's signatures), but no public page needs it.
      field("verificationKey", "Event webhook verification key"),
    ],
  },
  {
    name: "twilio",
    label: "Twilio",
    description: "Sends you an SMS for each new lead from the contact and consultation forms.",
    fields: [
      field("accountSid", "Account SID", { required: true }),
      field("authToken", "Auth token", { required: true, secret: true }),
      // The Twilio number the SMS come from.
      field("phoneNumber", "Sender number", { required: true }),
      field("notifyNumber", "Send lead alerts to", { required: true }),
    ],
  },
  {
    name: "google_analytics",
    label: "Google Analytics",
    description:
      "Google's gtag.js on the public pages, only for visitors who allow analytics cookies (Consent Mode v2). With an API secret, the contact, consultation and newsletter submissions of those visitors are also sent to Google from the server as generate_lead events.",
    fields: [
      field("measurementId", "Measurement ID", { required: true, public: true }),
      field("apiSecret", "API secret", { secret: true }),
    ],
  },
  {
    name: "zapier",
    label: "Zapier",
    description:
      "Sends new leads, newsletter sign-ups and cancellations, and published posts to your Zapier webhook.",
    fields: [
      // Anyone holding a Zapier hook URL can trigger the zap, so it is a secret.
      field("webhookUrl", "Webhook URL", { required: true, secret: true }),
      field("apiKey", "API key", { secret: true }),
    ],
  },
  {
    name: "custom-code",
    label: "Custom code",
    description:
      "A script run on every public page (allowed by the page's security policy), only after the visitor allows its consent category.",
    fields: [
      field("description", "Description"),
      field("script", "Script", { required: true, public: true }),
      field("category", "Consent category", {
        public: true,
        options: customCodeCategoryOptions,
        defaultValue: "marketing",
      }),
    ],
  },
] as const satisfies readonly IntegrationType[];

export function integrationType(name: IntegrationName): IntegrationType {
  const type = integrationCatalogue.find((t) => t.name === name);
  if (!type) throw new Error(`Unknown integration ${name}`);
  return type;
}

/**
 * A Google Analytics 4 measurement ID: `G-` and Google's upper-case letters and digits. Checked
 * when the admin saves it and again before a public page gets it, since it goes into a script URL.
 */
export const MEASUREMENT_ID = /^G-[A-Z0-9]{4,32}$/;

/** The keys of the fields a public page may receive; empty for server-side integrations. */
export function publicFieldKeys(name: IntegrationName): string[] {
  return integrationType(name)
    .fields.filter((f) => f.public)
    .map((f) => f.key);
}
