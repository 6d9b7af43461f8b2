import type { IntegrationName } from "./site-defaults";

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
}

export interface IntegrationType {
  name: IntegrationName;
  label: string;
  description: string;
  fields: readonly IntegrationField[];
  /** Its keys are kept for later, but nothing on the site uses them yet: no switch is offered. */
  keysOnly?: boolean;
}

type FieldOptions = Partial<Pick<IntegrationField, "required" | "secret" | "public">>;

function field(key: string, label: string, options: FieldOptions = {}): IntegrationField {
  return {
    key,
    label,
    required: options.required ?? false,
    secret: options.secret ?? false,
    public: options.public ?? false,
  };
}

export const integrationCatalogue = [
  {
    name: "chatwoot",
    label: "Chatwoot",
    description: "Live-chat widget on every public page.",
    fields: [
      field("websiteToken", "Website token", { required: true, public: true }),
      field("baseUrl", "Base URL", { public: true }),
    ],
  },
  {
    name: "vapi",
    label: "Vapi",
    description: "Voice-assistant call button on every public page.",
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
    description: "Appointment booking.",
    fields: [
      field("apiKey", "API key", { secret: true }),
      field("username", "Username", { required: true }),
      field("eventTypeSlug", "Event type slug"),
    ],
  },
  {
    name: "cloudflare",
    label: "Cloudflare",
    description: "DNS, caching and security for the site's domain.",
    fields: [
      field("apiToken", "API token", { secret: true }),
      field("zoneId", "Zone ID", { required: true }),
      field("accountId", "Account ID"),
    ],
  },
  {
    name: "openai",
    label: "OpenAI",
    description:
      "Writing suggestions in the post editor: excerpt, meta title, meta description and slug.",
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
    description: "Transactional and marketing e-mail.",
    fields: [
      field("apiKey", "API key", { secret: true }),
      field("fromEmail", "From e-mail", { required: true }),
    ],
  },
  {
    name: "twilio",
    label: "Twilio",
    description: "SMS and phone calls.",
    fields: [
      field("accountSid", "Account SID"),
      field("authToken", "Auth token", { required: true, secret: true }),
      field("phoneNumber", "Phone number"),
    ],
  },
  {
    name: "google_analytics",
    label: "Google Analytics",
    description: "Traffic analytics.",
    fields: [
      field("measurementId", "Measurement ID", { required: true }),
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
    description: "A script run on every public page (allowed by the page's security policy).",
    fields: [
      field("description", "Description"),
      field("script", "Script", { required: true, public: true }),
    ],
  },
] as const satisfies readonly IntegrationType[];

export function integrationType(name: IntegrationName): IntegrationType {
  const type = integrationCatalogue.find((t) => t.name === name);
  if (!type) throw new Error(`Unknown integration ${name}`);
  return type;
}

/** The keys of the fields a public page may receive; empty for server-side integrations. */
export function publicFieldKeys(name: IntegrationName): string[] {
  return integrationType(name)
    .fields.filter((f) => f.public)
    .map((f) => f.key);
}
