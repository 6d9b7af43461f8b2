import { z } from "~/schemas/zod";
import { type CampaignDraft, type CampaignStatus, campaignDraftSchema } from "./campaign";

/**
 * What the campaign editor's Save sends: the draft, the version it started from (edit conflicts)
 * and, for a campaign made with "Send as newsletter", the post it came from. The browser checks
 * with it before sending, the server again.
 *
 * Browser-safe: no server import.
 */
const positive = (message: string) => z.coerce.number(message).int(message).positive(message);

export const campaignSaveSchema = campaignDraftSchema.extend({
  intent: z.literal("save", "Unknown action."),
  version: positive("The campaign's version is not valid.").optional(),
  postId: positive("The post is not valid.").nullish(),
});

/** A stored campaign as the editor opens it (what the loader and a save hand over). */
export interface EditorCampaign {
  id: number;
  status: CampaignStatus;
  version: number;
  /** Still a draft or scheduled: nothing has left, its words may change. */
  editable: boolean;
  postId: number | null;
  /** When it was last saved (ISO), for an edit conflict. */
  savedAt: string;
  draft: CampaignDraft;
}
