import { isServedAddress } from "~/lib/redirect-sources";
import { isZonedInputValue } from "~/lib/zoned-time";
import { POST_STATUSES, SCHEDULE_MISSING } from "~/schemas/admin/blog";
import { recordIdField, recordVersionField } from "~/schemas/record-id";
import { hasControlCharacter, optionalText } from "~/schemas/text";
import { z } from "~/schemas/zod";
import { type Block, blocksSchema } from "./blocks";
import {
  CHANGE_SUMMARY_MAX,
  EFFECTIVE_DATE_MISSING,
  isIsoDate,
  LEGAL_VERSION_MAX,
} from "./legal-versions";

/**
 * A page's own fields (address, title, status, SEO), shared by the page editor in the browser
 * and the server's actions. The blocks are `blocksSchema`'s.
 */

export const PAGE_KINDS = ["page", "landing", "legal"] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export const PAGE_KIND_LABELS: Record<PageKind, string> = {
  page: "Page",
  landing: "Landing page",
  legal: "Legal document",
};

export const PAGE_STATUSES = POST_STATUSES;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_TITLE_MAX = 200;
export const PAGE_PATH_MAX = 200;
export const PAGE_META_TITLE_MAX = 200;
export const PAGE_META_DESCRIPTION_MAX = 500;
/** What search engines show in full; the editor's counters and the publish check use these. */
export const META_TITLE_GOOD_MAX = 60;
export const META_DESCRIPTION_GOOD = { min: 120, max: 156 } as const;

export const DUPLICATE_PATH = "Another page already has this address.";
/** The home page's address: the site's front door, which no page may take and the home page may not leave. */
export const HOME_ADDRESS = "/";
export const HOME_ADDRESS_KEPT = "The home page keeps its address.";
export const HOME_STAYS_PUBLISHED =
  "The home page stays published: without it, visitors find no page at the site's address. Change its blocks instead, and check them with Preview before you save.";
export const SERVED_PATH =
  "The site already answers this address (a page of its own, the blog, sign-in or the dashboard). Choose another.";
export { SCHEDULE_MISSING };

/**
 * Lower-case words joined by hyphens, one to four segments: /spring-offer, /legal/imprint. Two
 * hyphens in a row are allowed: the address of the service page "Web Design & Development" was
 * made from its title (/web-design--development) and is in links and search engines.
 */
const ADDRESS = /^(?:\/[a-z0-9]+(?:-+[a-z0-9]+)*){1,4}$/;

/**
 * Why `path` cannot be a page's address, or null. The app's own routes (through the route table,
 * like the redirects' rule) and the blog's posts are not free; the page table's own uniqueness is
 * the database's. `current` is the page's address as stored (none for a new page): the home page
 * (HOME_ADDRESS) keeps its address, and no other page may take it.
 */
export function pageAddressProblem(path: string, current?: string | null): string | null {
  if (path === HOME_ADDRESS || current === HOME_ADDRESS) {
    return path === current ? null : HOME_ADDRESS_KEPT;
  }
  if (path.length > PAGE_PATH_MAX)
    return `The address is too long (at most ${PAGE_PATH_MAX} characters).`;
  if (!ADDRESS.test(path))
    return "Start the address with / and use lower-case letters, digits and hyphens, like /spring-offer.";
  if (path === "/blog" || path.startsWith("/blog/") || path.startsWith("/preview/"))
    return SERVED_PATH;
  // Where a legal document's earlier versions are read (/<address>/versions/<date>).
  if (/\/versions\/\d{4}-\d{2}-\d{2}$/.test(path)) return SERVED_PATH;
  if (isServedAddress(path)) return SERVED_PATH;
  return null;
}

const optional = (max: number, label: string) =>
  z
    .string(`${label} must be text.`)
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .refine((v) => !hasControlCharacter(v), `${label} contains a character that is not allowed.`)
    .optional()
    .transform((v) => (v ? v : null));

const absoluteOrSitePath = (label: string) =>
  optional(2000, label).refine(
    (v) => v === null || (v.startsWith("/") && !v.startsWith("//")) || /^https:\/\/\S+$/i.test(v),
    `${label}: use a site path or a full https:// address.`,
  );

const versionField = recordVersionField("Reload the page and try again.");

/** A new page's address: never the home page's. */
export const pathField = z
  .string("Enter the page's address.")
  .trim()
  .min(1, "Enter the page's address.")
  .superRefine((v, ctx) => {
    const problem = pageAddressProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * A saved page's address. The home page's passes here, as its own save sends it back unchanged;
 * whether the page saved is the home page is the server's to check against the stored address
 * (updatePage refuses a move to or from it).
 */
const savedPathField = z
  .string("Enter the page's address.")
  .trim()
  .min(1, "Enter the page's address.")
  .superRefine((v, ctx) => {
    const problem = v === HOME_ADDRESS ? null : pageAddressProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const pageFields = z.object({
  title: z
    .string("Enter a title.")
    .trim()
    .min(1, "Enter a title.")
    .max(PAGE_TITLE_MAX, `The title is too long (at most ${PAGE_TITLE_MAX} characters).`)
    .refine((v) => !hasControlCharacter(v), "The title contains a character that is not allowed."),
  path: savedPathField,
  kind: z.enum(PAGE_KINDS, "Choose a kind of page.").default("page"),
  status: z.enum(PAGE_STATUSES, "Choose a status.").default("draft"),
  /** For "Scheduled": the date and time in the site's time zone ("YYYY-MM-DDTHH:mm"). */
  publishAt: z
    .string()
    .trim()
    .max(20)
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isZonedInputValue(v), "Enter a date and time."),
  blocks: blocksSchema,
  metaTitle: optional(PAGE_META_TITLE_MAX, "The meta title"),
  metaDescription: optional(PAGE_META_DESCRIPTION_MAX, "The meta description"),
  ogImageUrl: absoluteOrSitePath("The Open Graph image"),
  canonicalUrl: absoluteOrSitePath("The canonical address"),
  noindex: z
    .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
  /** A legal document's version ("2.0"), effective date (YYYY-MM-DD) and summary of changes. */
  legalVersion: optionalText(LEGAL_VERSION_MAX, "The version"),
  effectiveDate: z
    .string("Enter the effective date as a date.")
    .trim()
    .max(10, "Enter the effective date as a date, like 2026-11-01.")
    .optional()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || isIsoDate(v),
      "Enter the effective date as a date, like 2026-11-01.",
    ),
  changeSummary: optionalText(CHANGE_SUMMARY_MAX, "The summary of changes"),
  version: versionField,
});

const scheduleNeedsTime = (value: { status: string; publishAt: string | null }) =>
  value.status !== "scheduled" || value.publishAt !== null;

/** What a save asks for, read before the rest: who may publish depends on it alone. */
export const pageKindStatusSchema = pageFields.pick({ kind: true, status: true });

/** A legal document goes public with the date its version applies from ("Last updated"). */
const legalNeedsDate = (value: { kind: string; status: string; effectiveDate: string | null }) =>
  value.kind !== "legal" ||
  (value.status !== "published" && value.status !== "scheduled") ||
  value.effectiveDate !== null;

/** A new page or a save of one (the editor sends JSON: blocks are a list). */
export const pageFormSchema = pageFields
  .refine(scheduleNeedsTime, { message: SCHEDULE_MISSING, path: ["publishAt"] })
  .refine(legalNeedsDate, { message: EFFECTIVE_DATE_MISSING, path: ["effectiveDate"] });
export type PageForm = z.infer<typeof pageFormSchema>;

export const pageIdSchema = z.object({ id: recordIdField("Choose a page.") });

/** What the editor holds while staff edit: the form's values before validation. */
export interface PageDraft {
  title: string;
  path: string;
  kind: PageKind;
  status: PageStatus;
  publishAt: string;
  blocks: Block[];
  metaTitle: string;
  metaDescription: string;
  ogImageUrl: string;
  canonicalUrl: string;
  noindex: boolean;
  legalVersion: string;
  /** YYYY-MM-DD as the date input gives it, or "". */
  effectiveDate: string;
  changeSummary: string;
}
