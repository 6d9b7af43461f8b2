import { z } from "~/schemas/zod";
import { campaignBodySchema } from "./campaign-body";

export { CAMPAIGN_STATUS_LABELS, type CampaignStatus, campaignStatuses } from "./campaign-status";

/**
 * What staff write for a campaign, checked by the browser's form and again by the server with
 * the same schemas. A draft may be incomplete (`campaignDraftSchema`); sending or scheduling
 * needs a subject and a body (`campaignSendableSchema`), and says so in these words.
 *
 * Browser-safe: no server import.
 */

export const CAMPAIGN_SUBJECT_MAX = 200;
export const CAMPAIGN_PREVIEW_MAX = 200;
export const CAMPAIGN_FROM_NAME_MAX = 100;
export const CAMPAIGN_TAGS_MAX = 20;

export const NO_SUBJECT = "Add a subject before sending.";
export const NO_BODY = "Add at least one block to the body before sending.";

const oneLine = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .regex(/^[^\r\n\0]*$/, `${label} must be one line.`)
    .default("");

/** A tag: lower-case letters, digits and hyphens ("footer", "import", "webinar-2026"). */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "A tag is 1 to 40 lower-case letters, digits or hyphens.");

export const campaignDraftSchema = z.object({
  subject: oneLine(CAMPAIGN_SUBJECT_MAX, "The subject"),
  previewText: oneLine(CAMPAIGN_PREVIEW_MAX, "The preview text"),
  fromName: oneLine(CAMPAIGN_FROM_NAME_MAX, "The sender's name"),
  replyTo: z
    .string()
    .trim()
    .max(254, "Enter a valid reply-to address.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid reply-to address.")
    .default(""),
  /** Empty: every confirmed subscriber. */
  audienceTags: z
    .array(tagSchema)
    .max(CAMPAIGN_TAGS_MAX, `Choose at most ${CAMPAIGN_TAGS_MAX} tags.`)
    .transform((tags) => [...new Set(tags)])
    .default([]),
  body: campaignBodySchema.default([]),
});
export type CampaignDraft = z.infer<typeof campaignDraftSchema>;
export type CampaignDraftInput = z.input<typeof campaignDraftSchema>;

/** A draft that may be sent: a subject and at least one block. */
export const campaignSendableSchema = campaignDraftSchema.extend({
  subject: oneLine(CAMPAIGN_SUBJECT_MAX, "The subject").refine((v) => v.length > 0, NO_SUBJECT),
  body: campaignBodySchema.min(1, NO_BODY),
});

/** How far a campaign is; `queued` counts mails not yet sent (waiting, or between retries). */
export interface CampaignCounts {
  recipients: number;
  queued: number;
  sent: number;
  failed: number;
  /** Not sent: the reader unsubscribed or was suppressed after the campaign started. */
  skipped: number;
  /** Readers of this campaign suppressed by a bounce or spam report since it started. */
  bounced: number;
  /** Readers of this campaign who unsubscribed since it started. */
  unsubscribed: number;
}

/** Why a draft may not be sent yet, by field ("subject", "body", …); empty when it may. */
export function sendableErrors(draft: CampaignDraftInput): Record<string, string> {
  const parsed = campaignSendableSchema.safeParse(draft);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
