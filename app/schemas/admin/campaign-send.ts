import { isZonedInputValue } from "~/lib/zoned-time";
import { CAMPAIGN_TAGS_MAX, tagSchema } from "~/newsletter/campaign";
import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/**
 * The campaign send panel's steps, posted to /admin/newsletter/campaigns/:id/send, and the
 * Newsletter tab's tag editing: checked by the browser's forms and again by the server.
 */

/** At most this many addresses get one test send. */
export const TEST_RECIPIENTS_MAX = 5;

/** "a@x.com, b@y.com" (commas, semicolons or spaces between them): each address, once, lower case. */
function addressList(text: string) {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

const testTo = z
  .string({ message: "Enter at least one address." })
  .max(1000, "Enter at most 5 addresses.")
  .transform((text, ctx) => {
    const addresses = addressList(text);
    if (addresses.length === 0) {
      ctx.addIssue({ code: "custom", message: "Enter at least one address." });
      return z.NEVER;
    }
    if (addresses.length > TEST_RECIPIENTS_MAX) {
      ctx.addIssue({ code: "custom", message: `Enter at most ${TEST_RECIPIENTS_MAX} addresses.` });
      return z.NEVER;
    }
    const wrong = addresses.find((address) => !z.email().safeParse(address).success);
    if (wrong) {
      ctx.addIssue({ code: "custom", message: `${wrong} is not a valid e-mail address.` });
      return z.NEVER;
    }
    return addresses;
  });

const scheduledAt = z
  .string({ message: "Choose the date and time to send it." })
  .trim()
  .refine(isZonedInputValue, "Choose the date and time to send it.");

const intent = <T extends string>(name: T) => z.object({ intent: z.literal(name) });

const sendNow = intent("send-now");
const schedule = intent("schedule").extend({ scheduledAt });
const unschedule = intent("unschedule");
const pause = intent("pause");
const resume = intent("resume");
const cancel = intent("cancel");
const test = intent("test").extend({ to: testTo });

/** Each step's own schema, by intent (the fuzz tests draw from each). */
export const campaignSendSchemas = {
  "send-now": sendNow,
  schedule,
  unschedule,
  pause,
  resume,
  cancel,
  test,
};

export const campaignSendActionSchema = z.discriminatedUnion(
  "intent",
  [sendNow, schedule, unschedule, pause, resume, cancel, test],
  { message: "Unknown action" },
);
export type CampaignSendAction = z.output<typeof campaignSendActionSchema>;
export type CampaignSendIntent = CampaignSendAction["intent"];

/**
 * A subscriber's tags as staff type them: "webinar, vip" (commas or spaces between them), each a
 * tag, no duplicates. An empty text clears them.
 */
export const subscriberTagsText = z
  .string({ message: "Enter the tags as text." })
  .max(1000, `Enter at most ${CAMPAIGN_TAGS_MAX} tags.`)
  .transform((text, ctx) => {
    const tags: string[] = [];
    for (const word of text.split(/[\s,;]+/).filter(Boolean)) {
      const parsed = tagSchema.safeParse(word);
      if (!parsed.success) {
        ctx.addIssue({
          code: "custom",
          message: `“${word}”: ${parsed.error.issues[0]?.message ?? "not a tag."}`,
        });
        return z.NEVER;
      }
      if (!tags.includes(parsed.data)) tags.push(parsed.data);
    }
    if (tags.length > CAMPAIGN_TAGS_MAX) {
      ctx.addIssue({ code: "custom", message: `Enter at most ${CAMPAIGN_TAGS_MAX} tags.` });
      return z.NEVER;
    }
    return tags;
  });

export const subscriberTagsActionSchema = z.object({
  intent: z.literal("set-tags", { message: "Unknown action" }),
  id: recordIdField("Choose a record"),
  tags: subscriberTagsText,
});
export type SubscriberTagsAction = z.output<typeof subscriberTagsActionSchema>;

/** The campaigns list's filter (from the URL: a wrong value shows all). */
export const campaignListQuerySchema = z.object({
  state: z.enum(["all", "draft", "scheduled", "sending", "sent"]).catch("all"),
});

/** "Send as newsletter": the published post a campaign draft is made from. */
export const campaignFromPostSchema = z.object({
  intent: z.literal("from-post", { message: "Unknown action" }),
  postId: recordIdField("Choose a published post"),
});
