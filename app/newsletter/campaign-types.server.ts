import type { webNewsletterCampaigns } from "~/db/schema.server";
import type { MailMessage } from "~/mail/mailer.server";

/**
 * The types the campaign's parts share: the stored campaign, a reader it is sent to, and how a
 * campaign becomes one mail per reader (app/newsletter/render builds it; the sender calls it).
 */

export type CampaignRow = typeof webNewsletterCampaigns.$inferSelect;

export interface CampaignRecipient {
  subscriptionId: number;
  email: string;
  unsubscribeToken: string;
}

/** Where a campaign's mail points: the site's address and name, the mailbox for mailto unsubscribes. */
export interface CampaignSite {
  /** Absolute, without a trailing slash: links and images are made absolute with it. */
  siteUrl: string;
  siteName: string;
  /** The site's contact address, for List-Unsubscribe's mailto (left out when empty). */
  mailto?: string;
}

/**
 * A campaign made ready to send: built once (blocks drawn, posts read), then one mail per reader
 * with their own unsubscribe link and List-Unsubscribe headers filled in.
 */
export type MailForRecipient = (recipient: CampaignRecipient) => MailMessage;
export type PrepareCampaign = (campaign: CampaignRow) => Promise<MailForRecipient>;
