import { data } from "react-router";
import { editConflictAnswer } from "~/admin/content-saves.server";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { CampaignEditor } from "~/components/admin/newsletter/campaign-editor";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getSettingsMap } from "~/models/site.server";
import { campaignSaveSchema } from "~/newsletter/campaign-save";
import {
  campaignCounts,
  countAudience,
  listSubscriberTags,
} from "~/newsletter/campaign-sending.server";
import {
  createCampaign,
  draftFromPost,
  editorCampaign,
  getCampaign,
  listPostChoices,
  saveCampaign,
} from "~/newsletter/campaigns.server";
import { recordIdParam } from "~/schemas/record-id";
import type { Route } from "./+types/campaign-editor";

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title: `${loaded?.campaign?.draft.subject || "New campaign"} | Newsletter | Admin dashboard`,
  },
];

const NOT_SAVED = "Failed to save the campaign";

/** The campaign at this address: null for /admin/newsletter/campaigns/new, else a 404 if none. */
async function campaignOf(param: string | undefined) {
  if (param === "new") return null;
  const id = recordIdParam(param);
  const row = id === null ? undefined : await getCampaign(getDb(), id);
  if (!row) throw data({ message: "There is no such campaign." }, { status: 404 });
  return row;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireSection(request, "newsletter");
  const db = getDb();
  const row = await campaignOf(params.id);
  // "Send as newsletter" on a post opens a new campaign made from it (?post=12).
  const postId = row ? null : recordIdParam(new URL(request.url).searchParams.get("post"));
  const fromPost = postId === null ? null : await draftFromPost(db, postId);
  const [posts, tags, confirmed, settings] = await Promise.all([
    listPostChoices(db),
    listSubscriberTags(db),
    countAudience(db, []),
    getSettingsMap(),
  ]);
  // A stored campaign's send panel: its state, counts and audience as of now (polled live after).
  const sending = row
    ? {
        campaign: {
          id: row.id,
          status: row.status,
          scheduledAt: row.scheduledAt?.toISOString() ?? null,
          startedAt: row.startedAt?.toISOString() ?? null,
          finishedAt: row.finishedAt?.toISOString() ?? null,
        },
        counts: await campaignCounts(db, row.id),
        audience: await countAudience(db, row.audienceTags),
        staffEmail: user.email,
        timeZone: siteTimeZoneFrom(settings),
      }
    : null;
  return {
    campaign: row ? editorCampaign(row) : null,
    fromPost: fromPost ? { postId, draft: fromPost } : null,
    posts,
    tags,
    confirmed,
    sending,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireSection(request, "newsletter");
  const db = getDb();
  try {
    const values = await readAdminPayload(request, NOT_SAVED, { maxBytes: 512 * 1024 });
    const {
      intent: _intent,
      version,
      postId,
      ...draft
    } = parseAdminInput(campaignSaveSchema, values, NOT_SAVED);
    if (params.id === "new") {
      const created = await createCampaign(db, draft, { createdBy: admin.id, postId });
      await adminChanged(admin, {
        action: "created",
        entity: "newsletter campaign",
        entityId: created.id,
        details: { subject: created.subject },
      });
      return adminSuccess("Campaign saved", undefined, editorCampaign(created));
    }
    const id = recordIdParam(params.id);
    const outcome =
      id === null
        ? ({ status: "missing" } as const)
        : await saveCampaign(db, id, draft, version ?? 0);
    switch (outcome.status) {
      case "missing":
        return adminFailure(NOT_SAVED, "There is no such campaign.", { status: 404 });
      case "locked":
        return adminFailure(
          NOT_SAVED,
          "The campaign is being sent or was sent: it can no longer change.",
          { status: 409 },
        );
      case "unsendable":
        return adminFailure(
          NOT_SAVED,
          "A scheduled campaign must stay ready to send: cancel its schedule to save it unfinished.",
          { status: 400, fieldErrors: outcome.errors },
        );
      case "conflict":
        return editConflictAnswer("campaign", "", editorCampaign(outcome.campaign));
      case "saved":
        await adminChanged(admin, {
          action: "updated",
          entity: "newsletter campaign",
          entityId: outcome.campaign.id,
          details: { subject: outcome.campaign.subject },
        });
        return adminSuccess("Campaign saved", undefined, editorCampaign(outcome.campaign));
    }
  } catch (error) {
    // A database that fails the save: an error toast, and the editor keeps what was typed.
    return answerActionError(error, NOT_SAVED, { err: error }, "could not save a campaign");
  }
}

/** The editor saves and previews as JSON from the browser: it needs its script. */
export default function CampaignEditorRoute({ loaderData }: Route.ComponentProps) {
  const { campaign, fromPost, posts, tags, confirmed, sending } = loaderData;
  return (
    <CampaignEditor
      key={campaign?.id ?? "new"}
      campaign={campaign}
      fromPost={fromPost}
      posts={posts}
      tags={tags}
      confirmed={confirmed}
      sending={sending}
    />
  );
}
