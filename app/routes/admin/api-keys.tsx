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
import { requireRecentConfirmation } from "~/auth/step-up.server";
import { ApiKeyList } from "~/components/admin/api-keys/api-key-list";
import { CreateApiKey } from "~/components/admin/api-keys/create-api-key";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Alert } from "~/components/ui/alert";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { createApiKey, listApiKeys, revokeApiKey } from "~/models/api-keys.server";
import {
  apiKeyCreateSchema,
  apiKeyIntentSchema,
  apiKeyRevokeSchema,
} from "~/schemas/admin/api-keys";
import type { Route } from "./+types/api-keys";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "api-keys");
  try {
    return { keys: await listApiKeys(getDb()), loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the API keys");
    return { keys: [], loadFailed: true };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "api-keys");
  try {
    return await update(admin, request);
  } catch (error) {
    return answerActionError(
      error,
      "Failed to update API keys",
      { err: error },
      "Could not change the API keys",
    );
  }
}

async function update(admin: CurrentUser, request: Request) {
  const values = await readAdminPayload(request, "Failed to update API keys");
  const intent = parseAdminInput(apiKeyIntentSchema, values.intent, "Failed to update API keys");
  const db = getDb();

  if (intent === "create") {
    const { name } = parseAdminInput(apiKeyCreateSchema, values, "Failed to create API key");
    // A key acts for an admin until it is revoked: the admin confirms it's them first.
    await requireRecentConfirmation(request, admin);
    const { key, summary } = await createApiKey(db, { name, createdBy: admin.id });
    // The name and the visible prefix only: the key itself is in no log and no audit entry.
    await adminChanged(admin, {
      action: "created",
      entity: "api key",
      entityId: summary.id,
      details: { name: summary.name, prefix: summary.prefix },
    });
    return adminSuccess("API key created", "Copy it now: it will not be shown again.", {
      key,
      name: summary.name,
    });
  }

  const { id } = parseAdminInput(apiKeyRevokeSchema, values, "Failed to revoke API key");
  const outcome = await revokeApiKey(db, id);
  if (!outcome) {
    return adminFailure("Failed to revoke API key", "There is no such key.", { status: 404 });
  }
  if (!outcome.revoked) {
    return adminSuccess("API key revoked", `${outcome.summary.name} was already revoked.`);
  }
  await adminChanged(admin, {
    action: "revoked",
    entity: "api key",
    entityId: outcome.summary.id,
    details: { name: outcome.summary.name, prefix: outcome.summary.prefix },
  });
  return adminSuccess("API key revoked", `${outcome.summary.name} can no longer be used.`);
}

export default function ApiKeysTab({ loaderData, actionData }: Route.ComponentProps) {
  const { keys, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load API keys.");
  const noScriptKey =
    actionData?.ok && actionData.result && "key" in actionData.result
      ? (actionData.result as { key: string; name: string })
      : null;

  return (
    <section>
      <TabHeader
        title="API keys"
        description={
          <>
            Keys let scripts and automation use the site's API (such as{" "}
            <code className="rounded bg-surface px-1 text-xs">POST /api/create-blog-post</code>) on
            behalf of the admin who made them. Send one as{" "}
            <code className="rounded bg-surface px-1 text-xs">
              Authorization: Bearer &lt;key&gt;
            </code>
            .
          </>
        }
      />
      {noScriptKey ? null : <NoScriptOutcome result={actionData} />}
      <CreateApiKey noScriptKey={noScriptKey} />
      {loadFailed ? (
        <Alert className="mt-6">
          Failed to load API keys.{" "}
          <a href="/admin/api-keys" className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : (
        <ApiKeyList keys={keys} />
      )}
    </section>
  );
}
