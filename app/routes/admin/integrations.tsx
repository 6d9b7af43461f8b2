import { Link } from "react-router";
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
import { IntegrationCard } from "~/components/admin/integrations/integration-card";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { LoadFailedAlert } from "~/components/admin/load-failed-alert";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Button } from "~/components/ui/button";
import { integrationType } from "~/content/integrations";
import type { IntegrationName } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { queueCloudflarePurge } from "~/integrations/cloudflare.server";
import { connectionTests } from "~/integrations/connection-tests.server";
import { noteIntegrationResult } from "~/integrations/integration-status.server";
import { checkOutboundUrl } from "~/integrations/outbound.server";
import { logger } from "~/lib/logger.server";
import { consumeRateLimit } from "~/lib/rate-limit.server";
import {
  listAdminIntegrations,
  saveIntegrationConfig,
  setIntegrationEnabled,
  storedConfig,
  storedSecretKeys,
} from "~/models/admin-integrations.server";
import { recordAudit } from "~/models/audit.server";
import {
  enableRefusal,
  integrationConfigSchema,
  integrationIntentSchema,
  integrationTargetSchema,
  integrationToggleSchema,
} from "~/schemas/admin/integrations";
import type { Route } from "./+types/integrations";

const FAILED = "Failed to update integration.";
const TEST_FAILED = "Could not test the connection.";
const PURGE_FAILED = "Could not purge the cache.";
// Each test is a real call to the vendor: plenty for someone setting up, not a loop.
const TEST_LIMIT = { windowSeconds: 60, max: 10 };

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "integrations");
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
  const admin = await requireSection(request, "integrations");
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

  if (intent === "test-connection") return testConnection(admin, name, label);
  if (intent === "purge-cache") return purgeCache(admin, name, label);

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

/**
 * Test connection: one harmless real call with the saved settings (not what is typed in the form).
 * A vendor's refusal is the test's answer, not a failed request: it comes back as `ok` with an
 * error toast, and the card keeps it as its last error.
 */
async function testConnection(admin: CurrentUser, name: IntegrationName, label: string) {
  const test = Object.hasOwn(connectionTests, name) ? connectionTests[name] : undefined;
  if (!test) {
    return adminFailure(
      TEST_FAILED,
      `${label} makes no calls from the server, so there is nothing to test.`,
    );
  }
  const db = getDb();
  const stored = await storedConfig(db, name);
  if (!stored)
    return adminFailure(TEST_FAILED, `${label} is not set up on this site.`, { status: 404 });
  if (stored.missingRequired.length > 0) {
    return adminFailure(
      TEST_FAILED,
      `${label} needs ${stored.missingRequired.join(", ")} before it can be tested. Save them under Configure first.`,
      { status: 409 },
    );
  }
  const limit = await consumeRateLimit(db, `integration-test:${admin.id}`, TEST_LIMIT);
  if (!limit.allowed) {
    return adminFailure(
      TEST_FAILED,
      `That is a lot of tests in a short time. Try again in ${limit.retryAfter} seconds.`,
      { status: 429 },
    );
  }
  const result = await test(stored.config, getEnv());
  await noteIntegrationResult(db, name, {
    ok: result.ok,
    message: `Test connection: ${result.message}`,
  });
  return {
    ok: true,
    toast: {
      type: result.ok ? "success" : "error",
      title: result.ok ? "Connection works" : "Connection failed",
      description: result.message,
    },
    result: { test: result },
  } as const;
}

/** "Purge everything" (Cloudflare): queued in the outbox, sent within a few seconds. */
async function purgeCache(admin: CurrentUser, name: IntegrationName, label: string) {
  if (name !== "cloudflare") {
    return adminFailure(PURGE_FAILED, `${label} keeps no cache of the site.`);
  }
  const queued = await queueCloudflarePurge(getDb(), { everything: true });
  if (!queued) {
    return adminFailure(
      PURGE_FAILED,
      "Cloudflare must be switched on with its zone ID and API token first.",
      { status: 409 },
    );
  }
  // Audited by hand: adminChanged would also clear the site's caches, which asks for another purge.
  await recordAudit(admin, {
    action: "purged",
    entity: "integration",
    entityId: name,
    details: { integration: label, purge: "everything" },
  });
  return adminSuccess(
    "Purge requested",
    "Cloudflare is asked to purge everything within a few seconds; its answer shows under Deliveries.",
  );
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
