import { data } from "react-router";
import type { CurrentUser } from "~/auth/session.server";
import { readFormPayload } from "~/forms/payload.server";
import { logger } from "~/lib/logger.server";
import type { Toast } from "~/lib/toast";
import { type AuditEntry, recordAudit } from "~/models/audit.server";
import { siteContentChanged } from "~/models/site.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import type { z } from "~/schemas/zod";

/**
 * What every admin action answers: a toast for the dashboard to show and, for a refused form, the
 * message of each field. Actions are called with useAdminFetcher, which shows the toast.
 */
export type AdminActionResult<T = unknown> =
  | { ok: true; toast: Toast; result?: T }
  | { ok: false; toast: Toast; fieldErrors?: Record<string, string> };

export function adminSuccess<T>(title: string, description?: string, result?: T) {
  return { ok: true, toast: { type: "success", title, description }, result } as const;
}

export function adminFailure(
  title: string,
  description?: string,
  init: { status?: number; fieldErrors?: Record<string, string> } = {},
) {
  return data(
    {
      ok: false,
      toast: { type: "error", title, description },
      fieldErrors: init.fieldErrors,
    } as const,
    { status: init.status ?? 400 },
  );
}

/** A value another record already has (a slug, an address, a name): refused at its field (409). */
export function adminDuplicate(title: string, field: string, message: string) {
  return adminFailure(title, message, { status: 409, fieldErrors: { [field]: message } });
}

/**
 * The fields of an admin form (a form post or JSON, text only, 64 KB at most unless `maxBytes`
 * says more: the page editor sends whole legal documents). A body that cannot be read is
 * answered at once with the given error toast.
 */
export async function readAdminPayload(
  request: Request,
  errorTitle: string,
  { maxBytes }: { maxBytes?: number } = {},
): Promise<Record<string, unknown>> {
  const payload = await readFormPayload(request, { maxBytes });
  if (!payload.ok) throw adminFailure(errorTitle, payload.body.error, { status: payload.status });
  return payload.values;
}

/**
 * Validates with the same schema the browser used; a refusal is thrown as the error toast with
 * the field messages, so the action stops there and nothing is written.
 */
export function parseAdminInput<S extends z.ZodType>(
  schema: S,
  values: unknown,
  errorTitle: string,
): z.infer<S> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fieldErrors = fieldErrorsOf(parsed.error);
  throw adminFailure(errorTitle, Object.values(fieldErrors)[0], { fieldErrors });
}

/**
 * What no public page shows: a change of these purges nothing from a CDN in front of the site.
 * (The integrations that run in visitors' browsers, Google Analytics too, change every public
 * page: its scripts, CSP and the cookie policy's list. Only the server-side ones are here.)
 */
const UNSEEN_ENTITIES = new Set([
  "api key",
  "consultation request",
  "contact message",
  "link audit",
  "newsletter campaign",
  "newsletter settings",
  "newsletter subscriber",
]);
const SERVER_SIDE_INTEGRATIONS = new Set([
  "cloudflare",
  "openai",
  "sendgrid",
  "stripe",
  "twilio",
  "zapier",
]);

function unseen(entry: AuditEntry) {
  if (UNSEEN_ENTITIES.has(entry.entity)) return true;
  // A new upload shows nowhere until a page uses it (a change of that page purges it then).
  if (entry.entity === "media file" && entry.action === "uploaded") return true;
  return entry.entity === "integration" && SERVER_SIDE_INTEGRATIONS.has(String(entry.entityId));
}

/**
 * After a successful (committed) write: records it in the audit log and clears the public site's
 * cache in every app process, so the next page load anywhere shows the change. `affectedPaths`
 * are the public pages the change shows on, for a CDN in front of the site to purge; without
 * them every page is (see siteContentChanged).
 */
export async function adminChanged(
  admin: CurrentUser,
  entry: AuditEntry,
  affectedPaths?: readonly string[],
) {
  await siteContentChanged(unseen(entry) ? [] : affectedPaths);
  await recordAudit(admin, entry);
}

/**
 * A refusal thrown by readAdminPayload or parseAdminInput. An action returns it rather than let it
 * propagate: returned, it reaches the fetcher as data (toast and field errors), and a form posted
 * without JavaScript gets the page with the message instead of the error page.
 */
export function isAdminRefusal(error: unknown): error is ReturnType<typeof adminFailure> {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/**
 * The answer of an action whose work threw: a refusal (see isAdminRefusal) is returned as it is;
 * anything else is logged with `logFields` (never a secret) and answered with the `title` toast,
 * "Please try again." (500).
 */
export function answerActionError(
  error: unknown,
  title: string,
  logFields: Record<string, unknown>,
  logMessage: string,
) {
  if (isAdminRefusal(error)) return error;
  logger.error(logFields, logMessage);
  return adminFailure(title, "Please try again.", { status: 500 });
}
