import { Link } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  answerActionError,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { type CurrentUser, requireAdmin } from "~/auth/session.server";
import { IntegrationCard } from "~/components/admin/integrations/integration-card";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { LoadFailedAlert } from "~/components/admin/load-failed-alert";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Button } from "~/components/ui/button";
import { integrationType } from "~/content/integrations";
import type { IntegrationName } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { checkOutboundUrl } from "~/integrations/outbound.server";
import { logger } from "~/lib/logger.server";
import {
  listAdminIntegrations,
  saveIntegrationConfig,
  setIntegrationEnabled,
  storedSecretKeys,
} from "~/models/admin-integrations.server";
import {
  enableRefusal,
  integrationConfigSchema,
  integrationIntentSchema,
  integrationTargetSchema,
  integrationToggleSchema,
} from "~/schemas/admin/integrations";
import type { Route } from "./+types/integrations";

const FAILED = "Failed to update integration.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { integrations: await listAdminIntegrations(getDb()), loadFailed: false };
  } catch (error) {
    logger.error({ err: error }, "Could not load the integrations");
    return { integrations: [], loadFailed: true };
  }
}

/**
 * The error to log: a failed query's message carries its parameters (a config's secrets), so only
 * the driver's own error goes to the log.
 */
function withoutQuery(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const cause = error.cause instanceof Error ? error.cause : null;
  const code = (cause as { code?: unknown } | null)?.code;
  return {
    type: error.name,
    message: cause ? cause.message : error.message.split("\n")[0]?.slice(0, 200),
    code: typeof code === "string" ? code : undefined,
  };
}

/** Addresses the server itself calls, checked against the outbound rule before they are stored. */
const outboundUrlFields: Partial<Record<IntegrationName, readonly string[]>> = {
  openai: ["baseUrl"],
  zapier: ["webhookUrl"],
};

async function outboundUrlErrors(name: IntegrationName, input: Record<string, string | boolean>) {
  const errors: Record<string, string> = {};
  for (const key of outboundUrlFields[name] ?? []) {
    const value = input[key];
    if (typeof value !== "string" || value === "") continue;
    const problem = await checkOutboundUrl(value);
    if (problem) errors[key] = `${problem}.`;
  }
  return errors;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  try {
    return await update(admin, request);
  } catch (error) {
    return answerActionError(
      error,
      FAILED,
      { err: withoutQuery(error) },
      "Could not update an integration",
    );
  }
}

async function update(admin: CurrentUser, request: Request) {
  const values = await readAdminPayload(request, FAILED);
  const intent = parseAdminInput(integrationIntentSchema, values.intent, FAILED);
  const { integration: name } = parseAdminInput(integrationTargetSchema, values, FAILED);
  const { label } = integrationType(name);
  const db = getDb();
  const notFound = () =>
    adminFailure(FAILED, `${label} is not set up on this site.`, { status: 404 });

  if (intent === "toggle") {
    const { enabled } = parseAdminInput(integrationToggleSchema, values, FAILED);
    const outcome = await setIntegrationEnabled(db, name, enabled);
    if (!outcome.ok) {
      if (outcome.reason === "not-found") return notFound();
      if (outcome.reason === "keys-only") {
        return adminFailure(
          FAILED,
          `${outcome.label} only keeps its keys for later; nothing on the site uses it yet, so it cannot be switched on.`,
          { status: 409 },
        );
      }
      return adminFailure(FAILED, enableRefusal(outcome.label, outcome.missing), { status: 409 });
    }
    if (outcome.changed) {
      await adminChanged(admin, {
        action: enabled ? "enabled" : "disabled",
        entity: "integration",
        entityId: name,
        details: { integration: label },
      });
    }
    return adminSuccess(
      enabled ? "Integration enabled" : "Integration disabled",
      enabled ? `${label} is on.` : `${label} is off.`,
    );
  }

  const stored = await storedSecretKeys(db, name);
  if (!stored) return notFound();
  const input = parseAdminInput(integrationConfigSchema(name, stored), values, FAILED);
  const unsafe = await outboundUrlErrors(name, input);
  if (Object.keys(unsafe).length > 0) {
    return adminFailure(FAILED, Object.values(unsafe)[0], { fieldErrors: unsafe });
  }
  const outcome = await saveIntegrationConfig(db, name, input);
  if (!outcome.ok) {
    if (outcome.reason === "not-found") return notFound();
    return adminFailure(FAILED, Object.values(outcome.fieldErrors)[0], {
      fieldErrors: outcome.fieldErrors,
    });
  }
  if (outcome.changedFields.length === 0) {
    return adminSuccess("Integration updated", `Nothing changed in ${label}.`);
  }
  // Which fields changed, never their values: several of them are secrets.
  await adminChanged(admin, {
    action: "updated",
    entity: "integration",
    entityId: name,
    details: { integration: label, changedFields: outcome.changedFields },
  });
  return adminSuccess("Integration updated", `${label} settings saved.`);
}

export default function IntegrationsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { integrations, loadFailed } = loaderData;
  useLoadFailureToast(loadFailed, "Error", "Failed to load integrations.");
  // Keys-only integrations have no switch, so they count neither way.
  const switchable = integrations.filter((i) => !i.keysOnly);
  const enabledCount = switchable.filter((i) => i.enabled).length;

  return (
    <section>
      <TabHeader
        title="Integrations"
        description={
          loadFailed
            ? "Third-party services the site works with."
            : `Third-party services the site works with. ${enabledCount} of ${switchable.length} switched on.`
        }
      >
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/integrations/deliveries">Deliveries</Link>
        </Button>
      </TabHeader>
      <NoScriptOutcome result={actionData} />
      {loadFailed ? (
        <LoadFailedAlert what="integrations" href="/admin/integrations" />
      ) : (
        <ul className="grid items-start gap-4 lg:grid-cols-2">
          {integrations.map((integration) => (
            <li key={integration.name}>
              <IntegrationCard integration={integration} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
