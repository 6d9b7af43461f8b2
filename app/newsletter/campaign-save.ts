import { z } from "~/schemas/zod";
import { campaignDraftSchema } from "./campaign";

/**
 * What the campaign editor's Save sends: the draft, the version it started from (edit conflicts)
 * and, for a campaign made with "Send as newsletter", the post it came from. The browser checks
 * with it before sending, the server again.
 *
 * Browser-safe: no server import.
 */
const positive = (message: string) => z.coerce.number(message).int(message).positive(message);

export const campaignSaveSchema = campaignDraftSchema.extend({
  version: positive("The campaign's version is not valid.").optional(),
  postId: positive("The post is not valid.").nullish(),
});
