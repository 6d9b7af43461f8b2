import {
  adminChanged,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import type { CurrentUser } from "~/auth/session.server";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { RedirectList } from "~/components/admin/redirects/redirect-list";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  createRedirect,
  deleteRedirect,
  listRedirects,
  type RedirectWrite,
  updateRedirect,
} from "~/models/redirects.server";
import {
  redirectCreateSchema,
  redirectDeleteSchema,
  redirectIntentSchema,
  redirectUpdateSchema,
} from "~/schemas/admin/redirects";
import type { Route } from "./+types/redirects";

export const meta: Route.MetaFunction = () => [{ title: "Redirects | Admin dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "redirects");
  try {
    return { redirects: await listRedirects(getDb()), loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the redirects");
    return { redirects: [], loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "redirects");
  try {
    return await update(admin, request);
  } catch (error) {
    return answerActionError(
      error,
      "Failed to save the redirect",
      { err: error },
      "Could not change the redirects",
    );
  }
}

function refused(title: string, outcome: Extract<RedirectWrite, { ok: false }>) {
  return adminFailure(title, outcome.message, {
    status: outcome.status,
    fieldErrors: outcome.field ? { [outcome.field]: outcome.message } : undefined,
  });
}

async function update(admin: CurrentUser, request: Request) {
  const values = await readAdminPayload(request, "Failed to save the redirect");
  const intent = parseAdminInput(
    redirectIntentSchema,
    values.intent,
    "Failed to save the redirect",
  );
  const db = getDb();

  if (intent === "delete") {
    const { id } = parseAdminInput(redirectDeleteSchema, values, "Failed to delete the redirect");
    const row = await deleteRedirect(db, id);
    if (!row) {
      return adminFailure("Failed to delete the redirect", "There is no such redirect.", {
        status: 404,
      });
    }
    await adminChanged(admin, {
      action: "deleted",
      entity: "redirect",
      entityId: row.id,
      details: { fromPath: row.fromPath, target: row.target },
    });
    return adminSuccess("Redirect deleted", `${row.fromPath} no longer redirects.`);
  }

  const title = intent === "create" ? "Failed to add the redirect" : "Failed to save the redirect";
  let outcome: RedirectWrite;
  if (intent === "create") {
    const input = parseAdminInput(redirectCreateSchema, values, title);
    outcome = await createRedirect(db, input, admin.id);
  } else {
    const { id, ...input } = parseAdminInput(redirectUpdateSchema, values, title);
    outcome = await updateRedirect(db, id, input);
  }
  if (!outcome.ok) return refused(title, outcome);
  const { redirect, collapsed } = outcome;
  await adminChanged(admin, {
    action: intent === "create" ? "created" : "updated",
    entity: "redirect",
    entityId: redirect.id,
    details: { fromPath: redirect.fromPath, target: redirect.target },
  });
  const chains = collapsed > 0 ? " Chains through it now go straight to the end." : "";
  return adminSuccess(
    intent === "create" ? "Redirect added" : "Redirect saved",
    `${redirect.fromPath} now redirects to ${redirect.target}.${chains}`,
    redirect,
  );
}

export default function RedirectsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { redirects, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load the redirects.");
  return (
    <section>
      <TabHeader
        title="Redirects"
        description="Old addresses that send visitors and search engines on to a new one (a permanent 301). Renaming a published post's or a category's slug, or moving a published page, adds one by itself."
      />
      <NoScriptOutcome result={actionData} />
      {loadFailed ? (
        <Alert className="mt-6">
          Failed to load the redirects.{" "}
          <a href="/admin/redirects" className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : (
        <RedirectList redirects={redirects} />
      )}
    </section>
  );
}
