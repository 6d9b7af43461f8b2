import { Newspaper, Plus, Settings, Users } from "lucide-react";
import { data, Link } from "react-router";
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
import {
  CampaignList,
  type CampaignListItem,
  campaignGroups,
  groupOf,
} from "~/components/admin/newsletter/campaign-list";
import { LoadFailedAlert, NothingYet } from "~/components/admin/subscribers/list-page-parts";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { cn } from "~/lib/utils";
import { campaignCounts } from "~/newsletter/campaign-sending.server";
import { createCampaign, draftFromPost, listCampaigns } from "~/newsletter/campaigns.server";
import { campaignFromPostSchema, campaignListQuerySchema } from "~/schemas/admin/campaign-send";
import type { Route } from "./+types/campaigns";

export const meta: Route.MetaFunction = () => [
  { title: "Campaigns | Newsletter | Admin dashboard" },
];

const LOAD_FAILED = "Failed to load the campaigns.";
const NOT_CREATED = "Campaign Not Created";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "newsletter");
  const query = campaignListQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  try {
    const db = getDb();
    const rows = await listCampaigns(db);
    // Mails sent: only campaigns that started have any (one count query each).
    const campaigns: CampaignListItem[] = await Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        updatedAt: row.updatedAt.toISOString(),
        recipients: row.recipients,
        sent: row.startedAt ? (await campaignCounts(db, row.id)).sent : null,
      })),
    );
    return { loadError: false as const, query, campaigns };
  } catch (error) {
    logger.error({ err: error }, "could not load the newsletter campaigns");
    return data({ loadError: true as const, query }, { status: 500 });
  }
}

/** "Send as newsletter" on a published post: a campaign draft made from it. */
export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "newsletter");
  let postId: number;
  try {
    const values = await readAdminPayload(request, NOT_CREATED);
    postId = parseAdminInput(campaignFromPostSchema, values, NOT_CREATED).postId;
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  try {
    const db = getDb();
    const draft = await draftFromPost(db, postId);
    if (!draft) {
      return adminFailure(NOT_CREATED, "Only a published post can be sent as a newsletter.", {
        status: 404,
      });
    }
    const campaign = await createCampaign(db, draft, { createdBy: admin.id, postId });
    await adminChanged(admin, {
      action: "created",
      entity: "newsletter campaign",
      entityId: campaign.id,
      details: { subject: campaign.subject, postId },
    });
    return adminSuccess("Campaign Draft Created", campaign.subject, { id: campaign.id });
  } catch (error) {
    return answerActionError(
      error,
      NOT_CREATED,
      { err: error, postId },
      "could not make a campaign from a post",
    );
  }
}

export default function CampaignsPage({ loaderData }: Route.ComponentProps) {
  useLoadFailureToast(loaderData.loadError, LOAD_FAILED);
  const { query } = loaderData;
  return (
    <div>
      <TabHeader
        title="Campaigns"
        description="Newsletters to confirmed subscribers: drafts, scheduled, sending and sent."
      >
        <Button asChild variant="outline">
          <Link to="/admin/newsletter">
            <Users aria-hidden />
            Subscribers
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/newsletter/settings">
            <Settings aria-hidden />
            Newsletter settings
          </Link>
        </Button>
        <Button asChild>
          <Link to="/admin/newsletter/campaigns/new">
            <Plus aria-hidden />
            New campaign
          </Link>
        </Button>
      </TabHeader>
      {loaderData.loadError ? (
        <LoadFailedAlert title={LOAD_FAILED} />
      ) : loaderData.campaigns.length === 0 ? (
        <NothingYet icon={Newspaper} title="No campaigns yet">
          Write one with New campaign, or press Send as newsletter on a published blog post.
        </NothingYet>
      ) : (
        <StateFilter campaigns={loaderData.campaigns} state={query.state} />
      )}
    </div>
  );
}

/** The filter links (each state's count) and the campaigns of the chosen one. */
function StateFilter({
  campaigns,
  state,
}: {
  campaigns: CampaignListItem[];
  state: (typeof campaignListQuerySchema)["_output"]["state"];
}) {
  const inGroup = (key: string) =>
    campaigns.filter((campaign) => key === "all" || groupOf(campaign.status) === key);
  const all = { key: "all", label: "All", none: "" };
  const tabs = [all, ...campaignGroups];
  const shown = inGroup(state);
  const tab = tabs.find((candidate) => candidate.key === state) ?? all;
  return (
    <>
      <nav aria-label="Campaigns by state" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {tabs.map((each) => (
            <li key={each.key}>
              <Link
                to={each.key === "all" ? "?" : `?state=${each.key}`}
                aria-current={each.key === state ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-medium",
                  each.key === state
                    ? "border-primary-strong bg-primary-strong text-white"
                    : "border-line bg-white text-ink hover:bg-surface",
                )}
              >
                {each.label}
                <span className="tabular-nums">{inGroup(each.key).length}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface px-6 py-8 text-center text-sm text-muted">
          {tab.none}
        </p>
      ) : (
        <CampaignList
          campaigns={shown}
          caption={`Campaigns: ${tab.label.toLowerCase()}, newest first`}
        />
      )}
    </>
  );
}
