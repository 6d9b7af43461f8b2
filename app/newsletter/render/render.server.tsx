// STAND-IN: replaced by the render helper's module at merge.
import type { Db } from "~/db/client.server";
import type { Env } from "~/env.server";
import type { CampaignRow, CampaignSite } from "~/newsletter/campaign-types.server";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The campaign as one mail's HTML and text (stand-in: the subject and the blocks' headings). */
export async function renderCampaign(
  _db: Db,
  campaign: Pick<CampaignRow, "subject" | "previewText" | "body">,
  _site: CampaignSite,
): Promise<{ html: string; text: string; missingPosts: string[] }> {
  const headings = (campaign.body as { type?: string; text?: string }[])
    .filter((block) => block.type === "heading" && typeof block.text === "string")
    .map((block) => block.text as string);
  const html = `<!doctype html><html><body><h1>${escapeHtml(campaign.subject)}</h1>${headings
    .map((h) => `<h2>${escapeHtml(h)}</h2>`)
    .join("")}</body></html>`;
  const text = [campaign.subject, ...headings].join("\n\n");
  return { html, text, missingPosts: [] };
}

/** The site's address and name, for the mail's links (stand-in). */
export async function campaignSite(_db: Db, env: Env): Promise<CampaignSite> {
  return { siteUrl: env.SITE_URL, siteName: "Site" };
}
