import { z } from "~/schemas/zod";

export const linkTypes = ["anchor", "internal", "external"] as const;
export const linkStatuses = ["working", "missing", "orphan"] as const;

/** The Links tab's one action: start an audit (joins the running one if there is one). */
export const startLinkAuditSchema = z.object({ intent: z.literal("start-link-audit") });

/** The result filters of the Links tab, from its query string; a value it does not know is ignored. */
export const linkFilterSchema = z.object({
  type: z.enum(linkTypes).optional().catch(undefined),
  status: z.enum(linkStatuses).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type LinkFilter = z.infer<typeof linkFilterSchema>;
