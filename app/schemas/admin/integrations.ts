import {
  type IntegrationField,
  type IntegrationType,
  integrationCatalogue,
  integrationType,
  MEASUREMENT_ID,
} from "~/content/integrations";
import { type IntegrationName, integrationNames } from "~/content/site-defaults";
import { isHttpUrl } from "~/schemas/admin/links";
import { z } from "~/schemas/zod";

/**
 * The integrations tab's forms, built from the catalogue and shared by the browser (checks before
 * sending) and the server (the check that counts).
 *
 * Secret fields are write-only: the browser never receives their values, so an empty secret field
 * means "keep what is stored", and `clear_<key>` (optional secrets only) removes it.
 */

export type FieldInput =
  | "text"
  | "textarea"
  | "url"
  | "base-url"
  | "email"
  | "color"
  | "position"
  | "css-length"
  | "phone"
  | "measurement-id"
  /** SendGrid's event webhook verification key: a P-256 public key, base64 DER as SendGrid shows it. */
  | "ec-public-key"
  /** One of the field's `options`, as a select. */
  | "choice";

export interface FieldPresentation {
  input: FieldInput;
  placeholder?: string;
  /** Help under the field; a function of the site's address (SITE_URL) when it names one. */
  hint?: string | ((siteUrl: string) => string);
}

/** Where SendGrid posts its events (app/routes/resources/api-webhooks-sendgrid.ts). */
export const SENDGRID_WEBHOOK_PATH = "/api/webhooks/sendgrid";

/** How each field is typed in and checked, by `<integration>.<field>`; plain text otherwise. */
const presentations: Record<string, FieldPresentation> = {
  "chatwoot.websiteToken": { input: "text", placeholder: "e.g. x1Y2z3…" },
  "chatwoot.baseUrl": {
    input: "base-url",
    placeholder: "https://app.chatwoot.com",
    hint: "The chat server's address. The widget loads only when it is set.",
  },
  "vapi.assistantId": { input: "text", hint: "The call button shows only when it is set." },
  "vapi.buttonText": { input: "text", placeholder: "Have a quick question?" },
  "vapi.buttonPosition": { input: "position" },
  "vapi.buttonOffset": {
    input: "css-length",
    placeholder: "20px",
    hint: "Distance from the edge.",
  },
  "vapi.buttonSize": { input: "css-length", placeholder: "60px" },
  "vapi.idleColor": { input: "color", placeholder: "rgb(93, 254, 202)" },
  "vapi.loadingColor": { input: "color", placeholder: "rgb(93, 124, 202)" },
  "vapi.activeColor": { input: "color", placeholder: "rgb(255, 0, 0)" },
  "cal_com.username": { input: "text", placeholder: "your-team" },
  "cal_com.eventTypeSlug": { input: "text", placeholder: "30min" },
  "openai.baseUrl": {
    input: "base-url",
    placeholder: "https://api.openai.com/v1",
    hint: "Leave empty for OpenAI itself, or give the address of another OpenAI-compatible server.",
  },
  "openai.model": { input: "text", placeholder: "gpt-4o-mini" },
  "stripe.publishableKey": { input: "text", placeholder: "pk_live_…" },
  "sendgrid.fromEmail": { input: "email", placeholder: "hello@example.com" },
  "sendgrid.verificationKey": {
    input: "ec-public-key",
    placeholder: "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE…",
    hint: (siteUrl) =>
      `In SendGrid under Settings → Mail Settings → Event Webhook: enter ${siteUrl}${SENDGRID_WEBHOOK_PATH} as the Post URL, tick Dropped, Bounced, Spam Reports, Unsubscribed and Group Unsubscribes, turn on Signed Event Webhook Requests and paste the verification key it shows here. Until it is set, the site refuses every event.`,
  },
  "twilio.accountSid": { input: "text", placeholder: "AC…" },
  "twilio.phoneNumber": {
    input: "phone",
    placeholder: "+14155550123",
    hint: "Your Twilio number, in international form.",
  },
  "twilio.notifyNumber": {
    input: "phone",
    placeholder: "+14155550123",
    hint: "The mobile that gets an SMS for each new lead.",
  },
  "cloudflare.zoneId": { input: "text", hint: "On the zone's Overview page in Cloudflare." },
  "google_analytics.measurementId": {
    input: "measurement-id",
    placeholder: "G-XXXXXXXXXX",
    hint: "Under Admin → Data streams → your web stream in Google Analytics.",
  },
  "zapier.webhookUrl": { input: "url", placeholder: "https://hooks.zapier.com/…" },
  "custom-code.description": {
    input: "text",
    placeholder: "What the script is for",
    hint: "Shown to visitors on the cookie policy page.",
  },
  "custom-code.category": {
    input: "choice",
    hint: "Visitors' scripts run only after they allow this category in the cookie banner.",
  },
  "custom-code.script": {
    input: "textarea",
    placeholder: '<script src="https://example.com/tag.js"></script>',
    hint: "A <script> tag or plain JavaScript. It runs on every public page, allowed by the page's security policy.",
  },
};

export function fieldPresentation(name: IntegrationName, key: string): FieldPresentation {
  return presentations[`${name}.${key}`] ?? { input: "text" };
}

export const voicePositions = ["bottom-left", "bottom-right", "top-left", "top-right"] as const;

const SCRIPT_MAX = 20_000;
const TEXT_MAX = 500;

/** A phone number in E.164 form: +, country code and number, 8 to 15 digits in all. */
const E164 = /^\+[1-9]\d{7,14}$/;
/**
 * A P-256 public key as SendGrid shows it: base64 of its DER SubjectPublicKeyInfo, which always
 * starts with the same 27 bytes (the algorithm, the curve and an uncompressed point's 0x04).
 */
const P256_PUBLIC_KEY = /^MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE[A-Za-z0-9+/]{86}==$/;
const CSS_LENGTH = /^\d{1,4}(?:\.\d{1,3})?(?:px|rem|em|%|vh|vw)$/;
const COLOR =
  /^(?:#[0-9a-f]{3,4}|#[0-9a-f]{6}|#[0-9a-f]{8}|(?:rgba?|hsla?)\(\s*[\d.]+%?(?:\s*[,\s/]\s*[\d.]+%?){2,3}\s*\)|[a-z]{3,20})$/i;

/** An http(s) address without user name or password (and, for a base URL, no query or fragment). */
function isPlainHttpUrl(value: string, base: boolean) {
  if (!isHttpUrl(value)) return false;
  const url = new URL(value);
  if (url.username || url.password) return false;
  if (base && (url.search || url.hash)) return false;
  return true;
}

function formatCheck(
  input: FieldInput,
  label: string,
  example = "https://app.chatwoot.com",
): [(value: string) => boolean, string] | null {
  switch (input) {
    case "url":
      return [(v) => isPlainHttpUrl(v, false), `${label} must be an http(s) address.`];
    case "base-url":
      return [
        (v) => isPlainHttpUrl(v, true),
        `${label} must be an http(s) address without a query, e.g. ${example}.`,
      ];
    case "email":
      return [(v) => z.email().safeParse(v).success, `${label} must be an e-mail address.`];
    case "color":
      return [
        (v) => COLOR.test(v),
        `${label} must be a colour such as #5dfeca or rgb(93, 254, 202).`,
      ];
    case "position":
      return [
        (v) => (voicePositions as readonly string[]).includes(v),
        `${label} must be one of ${voicePositions.join(", ")}.`,
      ];
    case "css-length":
      return [(v) => CSS_LENGTH.test(v), `${label} must be a size such as 20px or 1.5rem.`];
    case "phone":
      return [
        (v) => E164.test(v),
        `${label} must be a phone number in international form, e.g. +14155550123.`,
      ];
    case "measurement-id":
      return [
        (v) => MEASUREMENT_ID.test(v),
        `${label} must be G- followed by capital letters and digits, e.g. G-XXXXXXXXXX.`,
      ];
    case "ec-public-key":
      return [
        (v) => P256_PUBLIC_KEY.test(v),
        `${label} must be the key SendGrid shows, starting with MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE.`,
      ];
    default:
      return null;
  }
}

export function requiredMessage(field: Pick<IntegrationField, "label">) {
  return `${field.label} is required.`;
}

/** A choice field: one of its values; empty or missing means its default. */
function choiceSchema(field: IntegrationField, options: NonNullable<IntegrationField["options"]>) {
  const values = options.map((o) => o.value);
  return z
    .string(`${field.label} must be text.`)
    .trim()
    .refine(
      (v) => v === "" || values.includes(v),
      `${field.label} must be one of ${joinLabels(
        options.map((o) => o.label),
        "or",
      )}.`,
    )
    .transform((v) => v || (field.defaultValue ?? ""))
    .prefault("");
}

function fieldSchema(name: IntegrationName, field: IntegrationField, mustBeTyped: boolean) {
  if (field.options) return choiceSchema(field, field.options);
  const { input, placeholder } = fieldPresentation(name, field.key);
  const max = input === "textarea" ? SCRIPT_MAX : TEXT_MAX;
  let schema = z
    .string(`${field.label} must be text.`)
    .trim()
    .max(max, `${field.label} is too long (at most ${max} characters).`);
  if (mustBeTyped) schema = schema.min(1, requiredMessage(field));
  if (input !== "textarea") {
    schema = schema.refine((v) => !/[\r\n]/.test(v), `${field.label} must be on one line.`);
  }
  const check = formatCheck(input, field.label, placeholder);
  const checked = check ? schema.refine((v) => v === "" || check[0](v), check[1]) : schema;
  // A missing field counts as empty: for a secret that means "keep", otherwise "not set".
  return checked.prefault("");
}

const flag = z
  .union([z.boolean(), z.enum(["on", "true", "1", "false", "0", ""])])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/**
 * The config form of one integration. `storedSecrets` are the secret fields that already hold a
 * value: a required one of those may be left empty (kept); any other required field must be typed.
 */
export function integrationConfigSchema(
  name: IntegrationName,
  storedSecrets: readonly string[] = [],
) {
  const type = integrationType(name);
  const shape: Record<string, z.ZodType> = {};
  for (const field of type.fields) {
    const kept = field.secret && storedSecrets.includes(field.key);
    shape[field.key] = fieldSchema(name, field, field.required && !kept);
    if (field.secret && !field.required) shape[clearKey(field.key)] = flag;
  }
  return z.object(shape) as z.ZodType<Record<string, string | boolean>>;
}

export type IntegrationConfigInput = Record<string, string | boolean>;

/** The form field that asks to remove a stored optional secret. */
export function clearKey(key: string) {
  return `clear_${key}`;
}

export const integrationNameSchema = z.enum(integrationNames, "Unknown integration.");

export const integrationTargetSchema = z.object({
  integration: integrationNameSchema,
});

export const integrationToggleSchema = z.object({
  integration: integrationNameSchema,
  enabled: z.enum(["true", "false"], "Choose on or off.").transform((v) => v === "true"),
});

export const integrationIntents = [
  "toggle",
  "save-config",
  "test-connection",
  "purge-cache",
] as const;
export const integrationIntentSchema = z.enum(integrationIntents, "Unknown action.");

/** The labels of the required fields a config lacks (secrets count by their stored flag). */
export function missingRequiredFields(
  type: IntegrationType,
  has: (field: IntegrationField) => boolean,
): string[] {
  return type.fields.filter((f) => f.required && !has(f)).map((f) => f.label);
}

export function enableRefusal(label: string, missing: readonly string[]) {
  return `${label} cannot be switched on until ${joinLabels(missing)} ${missing.length > 1 ? "are" : "is"} set.`;
}

function joinLabels(labels: readonly string[], conjunction = "and") {
  if (labels.length <= 1) return labels.join("");
  return `${labels.slice(0, -1).join(", ")} ${conjunction} ${labels.at(-1)}`;
}

export { integrationCatalogue };
