import {
  adminChanged,
  adminFailure,
  adminSuccess,
  answerActionError,
  isAdminRefusal,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import type { CurrentUser } from "~/auth/session.server";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { formatInZone, fromZonedInputValue } from "~/lib/zoned-time";
import { getMailer } from "~/mail/mailer.server";
import { getSettingsMap } from "~/models/site.server";
import { CAMPAIGN_STATUS_LABELS, campaignDraftSchema } from "~/newsletter/campaign";
import {
  campaignCounts,
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  scheduleCampaign,
  startCampaign,
  unscheduleCampaign,
} from "~/newsletter/campaign-sending.server";
import type { CampaignRow } from "~/newsletter/campaign-types.server";
import { getCampaign } from "~/newsletter/campaigns.server";
import { campaignSite, sendCampaignTest } from "~/newsletter/render/render.server";
import {
  type CampaignSendAction,
  type CampaignSendIntent,
  campaignSendActionSchema,
} from "~/schemas/admin/campaign-send";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/campaign-send";

/**
 * A campaign's sending, for its send panel (app/components/admin/newsletter/campaign-send-panel):
 * GET answers its state and counts (polled every 2 s while it sends); POST sends it now,
 * schedules or unschedules it, pauses, resumes or cancels it, or sends a test to staff.
 */

const FAILED: Record<CampaignSendIntent, string> = {
  "send-now": "Campaign Not Sent",
  schedule: "Campaign Not Scheduled",
  unschedule: "Schedule Not Cancelled",
  pause: "Sending Not Paused",
  resume: "Sending Not Resumed",
  cancel: "Campaign Not Cancelled",
  test: "Test Not Sent",
};

function failedTitle(intent: unknown) {
  return Object.hasOwn(FAILED, String(intent))
    ? FAILED[intent as CampaignSendIntent]
    : "Campaign Not Changed";
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireSection(request, "newsletter");
  const id = recordIdParam(params.id);
  const db = getDb();
  const campaign = id === null ? undefined : await getCampaign(db, id);
  if (!campaign) {
    return Response.json({ error: "There is no such campaign." }, { status: 404 });
  }
  return Response.json(
    { status: campaign.status, counts: await campaignCounts(db, campaign.id) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  // A step here may mail every subscriber: only from the site's own pages.
  requireSameOriginWrite(request);
  const admin = await requireSection(request, "newsletter");
  let input: CampaignSendAction;
  let title = "Campaign Not Changed";
  try {
    const values = await readAdminPayload(request, title);
    title = failedTitle(values.intent);
    input = parseAdminInput(campaignSendActionSchema, values, title);
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  const id = recordIdParam(params.id);
  if (id === null) return adminFailure(title, "There is no such campaign.", { status: 404 });
  try {
    return await perform(admin, id, input, title);
  } catch (error) {
    return answerActionError(
      error,
      title,
      { err: error, campaignId: id, intent: input.intent },
      "could not change a campaign's sending",
    );
  }
}

/** A refusal of the sending module: each field's message, the first one in the toast. */
function invalid(title: string, errors: Record<string, string>) {
  return adminFailure(title, Object.values(errors)[0], { fieldErrors: errors });
}

function notAllowed(title: string, campaign: Pick<CampaignRow, "status">) {
  return adminFailure(
    title,
    `The campaign is ${CAMPAIGN_STATUS_LABELS[campaign.status].toLowerCase()}: reload the page to see it as it is now.`,
    { status: 409 },
  );
}

function campaignName(campaign: CampaignRow) {
  return campaign.subject || "Untitled campaign";
}

async function perform(admin: CurrentUser, id: number, input: CampaignSendAction, title: string) {
  const db = getDb();
  const campaign = await getCampaign(db, id);
  if (!campaign) return adminFailure(title, "There is no such campaign.", { status: 404 });
  const audit = (action: string, details: Record<string, unknown> = {}) =>
    adminChanged(admin, {
      action,
      entity: "newsletter campaign",
      entityId: id,
      details: { subject: campaign.subject, ...details },
    });

  switch (input.intent) {
    case "send-now": {
      const result = await startCampaign(db, id);
      if (result.status === "missing") break;
      if (result.status === "invalid") return invalid(title, result.errors);
      if (result.status === "not-allowed") return notAllowed(title, result.campaign);
      await audit("started", { recipients: result.recipients });
      return adminSuccess(
        "Campaign Sending",
        `${campaignName(campaign)} is on its way to ${subscribers(result.recipients)}.`,
      );
    }
    case "schedule": {
      const timeZone = siteTimeZoneFrom(await getSettingsMap());
      const at = fromZonedInputValue(input.scheduledAt, timeZone);
      if (!at) return invalid(title, { scheduledAt: "Choose the date and time to send it." });
      const result = await scheduleCampaign(db, id, at);
      if (result.status === "missing") break;
      if (result.status === "invalid") return invalid(title, result.errors);
      if (result.status === "not-allowed") return notAllowed(title, result.campaign);
      await audit("scheduled", { at: result.at.toISOString() });
      return adminSuccess(
        "Campaign Scheduled",
        `${campaignName(campaign)} leaves on its own on ${formatInZone(result.at, timeZone)}.`,
      );
    }
    case "test": {
      const draft = campaignDraftSchema.parse(campaign);
      const site = await campaignSite(db, getEnv());
      const result = await sendCampaignTest(db, draft, input.to, { site, mailer: getMailer() });
      if (result.status === "refused") return invalid(title, result.errors);
      await audit("test sent", { to: result.to.length });
      return adminSuccess("Test Sent", `Sent to ${result.to.join(", ")}.`);
    }
    default: {
      const change = STATE_CHANGES[input.intent];
      if (await change.run(db, id)) {
        await audit(change.audit);
        return adminSuccess(change.done, campaignName(campaign));
      }
      const now = await getCampaign(db, id);
      if (now) return notAllowed(title, now);
    }
  }
  return adminFailure(title, "There is no such campaign.", { status: 404 });
}

/** The steps that only move the campaign's state: what they call, record and say. */
const STATE_CHANGES = {
  unschedule: { run: unscheduleCampaign, audit: "unscheduled", done: "Schedule Cancelled" },
  pause: { run: pauseCampaign, audit: "paused", done: "Sending Paused" },
  resume: { run: resumeCampaign, audit: "resumed", done: "Sending Resumed" },
  cancel: { run: cancelCampaign, audit: "cancelled", done: "Campaign Cancelled" },
} as const;

function subscribers(n: number) {
  return `${n} confirmed ${n === 1 ? "subscriber" : "subscribers"}`;
}
