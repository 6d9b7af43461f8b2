/**
 * A campaign's states: draft → scheduled (optional) → sending ⇄ paused → sent, or cancelled from
 * any state before sent. Browser-safe (the schema and the admin both read it).
 */
export const campaignStatuses = [
  "draft",
  "scheduled",
  "sending",
  "paused",
  "sent",
  "cancelled",
] as const;
export type CampaignStatus = (typeof campaignStatuses)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  sending: "Sending",
  paused: "Paused",
  sent: "Sent",
  cancelled: "Cancelled",
};
