import { tagSchema } from "~/newsletter/campaign";
import { MAX_RECORD_ID, recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/**
 * The Newsletter and Leads tabs: the query of each list (from the URL, so a wrong value falls
 * back to the default instead of failing the page) and the actions' inputs, used by the
 * browser's forms and checked again on the server.
 */

export const SUBSCRIBERS_PAGE_SIZE = 50;
export const LEADS_PAGE_SIZE = 25;
export const SEARCH_MAX_LENGTH = 254;

export const subscriberStatuses = ["active", "pending", "unsubscribed", "suppressed"] as const;
export type SubscriberStatus = (typeof subscriberStatuses)[number];

export const subscriberStatusLabels: Record<SubscriberStatus, string> = {
  active: "Active",
  pending: "Awaiting confirmation",
  unsubscribed: "Unsubscribed",
  suppressed: "Suppressed",
};

/** Why the SendGrid event webhook suppressed an address, as the admin says it. */
export const suppressedReasonLabels: Record<string, string> = {
  bounce: "hard bounce",
  "spam-report": "spam report",
  dropped: "dropped by the mail service",
};

export function suppressedReasonLabel(reason: string | null | undefined) {
  if (!reason) return "no reason recorded";
  return suppressedReasonLabels[reason] ?? reason;
}

export const leadStatusValues = ["new", "contacted", "closed"] as const;
export type LeadStatus = (typeof leadStatusValues)[number];

export const leadKinds = ["consultation", "contact"] as const;
export type LeadKind = (typeof leadKinds)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
};

export const leadKindLabels: Record<LeadKind, string> = {
  consultation: "Consultation",
  contact: "Contact message",
};

const searchText = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH)
  // PostgreSQL text cannot hold a NUL; nobody searches for one.
  .transform((value) => value.replaceAll("\0", ""))
  .catch("");

const pageNumber = z.coerce.number().int().min(1).max(1_000_000).catch(1);

export const subscriberListQuerySchema = z.object({
  q: searchText,
  status: z.enum(["all", ...subscriberStatuses]).catch("all"),
  /** Those carrying this tag; "" for any. */
  tag: tagSchema.or(z.literal("")).catch(""),
  page: pageNumber,
});
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>;

/** `consultation-12` or `contact-3`: the lead a detail view shows. */
export const LEAD_REF_PATTERN = /^(consultation|contact)-([1-9][0-9]{0,9})$/;

export function parseLeadRef(value: unknown): { kind: LeadKind; id: number } | null {
  if (typeof value !== "string") return null;
  const match = LEAD_REF_PATTERN.exec(value);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id) || id > MAX_RECORD_ID) return null;
  return { kind: match[1] as LeadKind, id };
}

export function leadRef(kind: LeadKind, id: number) {
  return `${kind}-${id}`;
}

export const leadListQuerySchema = z.object({
  q: searchText,
  type: z.enum(["all", ...leadKinds]).catch("all"),
  status: z.enum(["all", ...leadStatusValues]).catch("all"),
  page: pageNumber,
});
export type LeadListQuery = z.output<typeof leadListQuerySchema>;

const recordId = recordIdField("Choose a record");

export const subscriberActionSchema = z.object({
  intent: z.enum(["unsubscribe", "reactivate"], { message: "Unknown action" }),
  id: recordId,
});
export type SubscriberActionInput = z.output<typeof subscriberActionSchema>;

export const leadStatusActionSchema = z.object({
  intent: z.literal("set-status", { message: "Unknown action" }),
  kind: z.enum(leadKinds, { message: "Choose a lead type" }),
  id: recordId,
  status: z.enum(leadStatusValues, { message: "Choose new, contacted or closed" }),
});
export type LeadStatusActionInput = z.output<typeof leadStatusActionSchema>;
