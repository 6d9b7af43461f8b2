import type { UserRole } from "~/auth/roles";
import type { PageKind, PageStatus } from "~/pages/page-schema";
import { REDIRECT_TARGET_MAX, targetProblem } from "~/schemas/admin/redirects";
import { recordIdField } from "~/schemas/record-id";
import { z } from "~/schemas/zod";

/** The Pages tab's and the page editor's forms, shared by the browser and the server. */

export const pageListIntents = ["create", "delete"] as const;
export const pageListIntentSchema = z.enum(pageListIntents, "Unknown action.");

export const pageEditorIntents = ["save", "preview", "restore-revision"] as const;
export const pageEditorIntentSchema = z.enum(pageEditorIntents, "Unknown action.");

/** Delete, with an optional address its old address now sends visitors to (a 301). */
export const pageDeleteSchema = z.object({
  id: recordIdField("Choose a page."),
  redirectTo: z
    .string()
    .trim()
    .max(REDIRECT_TARGET_MAX, "The address is too long.")
    .optional()
    .transform((v) => (v ? v : null))
    .superRefine((value, ctx) => {
      const problem = value === null ? null : targetProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});

export const pageRestoreSchema = z.object({
  revisionId: recordIdField("Choose a revision."),
  version: z.coerce.number().int().min(0).optional(),
});

export const LEGAL_PUBLISH_FOR_ADMINS =
  "Publishing a legal document is for admins. Save it as a draft and ask an admin to publish it.";

/** Whether a page of `kind` may be saved with `status` by someone of `role`. */
export function mayGiveStatus(role: UserRole, kind: PageKind, status: PageStatus): boolean {
  if (kind !== "legal" || role === "admin") return true;
  return status !== "published" && status !== "scheduled";
}

/** The address editors leave out of their path field errors: the page's own id in the URL. */
export const pageEditorPath = (id: number) => `/admin/pages/${id}`;
