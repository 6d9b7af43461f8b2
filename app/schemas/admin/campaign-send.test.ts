import { describe, expect, it } from "vitest";
import { campaignSendActionSchema, subscriberTagsActionSchema } from "./campaign-send";
import { fieldErrorsOf } from "./field-errors";

function refusal(
  schema: typeof campaignSendActionSchema | typeof subscriberTagsActionSchema,
  values: unknown,
) {
  const parsed = schema.safeParse(values);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

describe("the send panel's steps", () => {
  it("reads a test's addresses once each, in lower case, and refuses a wrong or missing one", () => {
    expect(
      campaignSendActionSchema.parse({
        intent: "test",
        to: " Ann@Example.com, bob@example.com;ann@example.com ",
      }),
    ).toEqual({ intent: "test", to: ["ann@example.com", "bob@example.com"] });
    expect(refusal(campaignSendActionSchema, { intent: "test", to: " , " })).toEqual({
      to: "Enter at least one address.",
    });
    expect(
      refusal(campaignSendActionSchema, { intent: "test", to: "ann@example.com, nope" }),
    ).toEqual({
      to: "nope is not a valid e-mail address.",
    });
    const six = Array.from({ length: 6 }, (_, i) => `s${i}@example.com`).join(",");
    expect(refusal(campaignSendActionSchema, { intent: "test", to: six })).toEqual({
      to: "Enter at most 5 addresses.",
    });
  });

  it("takes a schedule as the date-and-time field's text only", () => {
    expect(
      campaignSendActionSchema.parse({ intent: "schedule", scheduledAt: "2027-01-05T09:30" }),
    ).toEqual({ intent: "schedule", scheduledAt: "2027-01-05T09:30" });
    expect(
      refusal(campaignSendActionSchema, { intent: "schedule", scheduledAt: "tomorrow" }),
    ).toEqual({
      scheduledAt: "Choose the date and time to send it.",
    });
    expect(refusal(campaignSendActionSchema, { intent: "launch" })).not.toBeNull();
  });
});

describe("a subscriber's tags as typed", () => {
  it("become tags, lower case and once each; an empty text clears them", () => {
    expect(
      subscriberTagsActionSchema.parse({
        intent: "set-tags",
        id: "4",
        tags: "VIP, webinar-2026 vip",
      }),
    ).toEqual({ intent: "set-tags", id: 4, tags: ["vip", "webinar-2026"] });
    expect(
      subscriberTagsActionSchema.parse({ intent: "set-tags", id: "4", tags: "  " }).tags,
    ).toEqual([]);
  });

  it("refuses a word that is no tag, naming it", () => {
    expect(
      refusal(subscriberTagsActionSchema, { intent: "set-tags", id: "4", tags: "ok, no_way" }),
    ).toEqual({
      tags: "“no_way”: A tag is 1 to 40 lower-case letters, digits or hyphens.",
    });
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(" ");
    expect(
      refusal(subscriberTagsActionSchema, { intent: "set-tags", id: "4", tags: many }),
    ).toEqual({
      tags: "Enter at most 20 tags.",
    });
  });
});
