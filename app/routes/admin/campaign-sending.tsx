import { ArrowLeft, PenLine } from "lucide-react";
import { data, Link } from "react-router";
import { requireSection } from "~/auth/permissions.server";
import { CampaignSendPanel } from "~/components/admin/newsletter/campaign-send-panel";
import { TabHeader } from "~/components/admin/tab-header";
import { Button } from "~/components/ui/button";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getSettingsMap } from "~/models/site.server";
import { campaignCounts, countAudience } from "~/newsletter/campaign-sending.server";
import { getCampaign } from "~/newsletter/campaigns.server";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/campaign-sending";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.subject || "Untitled campaign"} | Newsletter | Admin dashboard` },
];

/** A campaign's sending: its subject and the send panel (test, send, schedule, live counts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireSection(request, "newsletter");
  const id = recordIdParam(params.id);
  const db = getDb();
  const campaign = id === null ? undefined : await getCampaign(db, id);
  if (!campaign) throw data({ message: "There is no such campaign." }, { status: 404 });
  const [counts, audience, settings] = await Promise.all([
    campaignCounts(db, campaign.id),
    countAudience(db, campaign.audienceTags),
    getSettingsMap(),
  ]);
  return {
    campaign: {
      id: campaign.id,
      status: campaign.status,
      scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
      startedAt: campaign.startedAt?.toISOString() ?? null,
      finishedAt: campaign.finishedAt?.toISOString() ?? null,
    },
    subject: campaign.subject,
    audienceTags: campaign.audienceTags,
    counts,
    audience,
    staffEmail: user.email,
    timeZone: siteTimeZoneFrom(settings),
  };
}

export default function CampaignSendingPage({ loaderData }: Route.ComponentProps) {
  const { campaign, subject, audienceTags } = loaderData;
  return (
    <div className="max-w-3xl">
      <TabHeader
        title={subject || "Untitled campaign"}
        description={
          audienceTags.length > 0
            ? `To confirmed subscribers tagged ${audienceTags.join(", ")}.`
            : "To every confirmed subscriber."
        }
      >
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/newsletter/campaigns">
            <ArrowLeft aria-hidden />
            Campaigns
          </Link>
        </Button>
        {campaign.status === "draft" ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/admin/newsletter/campaigns/${campaign.id}`}>
              <PenLine aria-hidden />
              Edit campaign
            </Link>
          </Button>
        ) : null}
      </TabHeader>
      <CampaignSendPanel
        campaign={campaign}
        counts={loaderData.counts}
        audience={loaderData.audience}
        staffEmail={loaderData.staffEmail}
        timeZone={loaderData.timeZone}
      />
    </div>
  );
}
