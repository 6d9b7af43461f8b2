import { PlugZap, RefreshCcw } from "lucide-react";
import type { FetcherWithComponents } from "react-router";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import type { AdminIntegration } from "~/models/admin-integrations.server";

interface TestAnswer {
  ok: boolean;
  result?: { test?: { ok: boolean; message: string } };
}

/**
 * A card's calls to the vendor, once its required settings are saved: Test connection (when the
 * server calls it at all) and, for Cloudflare while it is on, Purge everything. Both are form
 * posts, so they work without JavaScript too; with it, the answer shows as a toast and in the
 * card's last results (the page's data is reloaded after every answer), and screen readers hear
 * the test's answer.
 */
export function IntegrationActions({
  integration,
}: {
  integration: Pick<
    AdminIntegration,
    "name" | "label" | "testable" | "enabled" | "missingRequired"
  >;
}) {
  const test = useAdminFetcher<TestAnswer>({ key: `integration-test-${integration.name}` });
  const purge = useAdminFetcher({ key: `integration-purge-${integration.name}` });
  const complete = integration.missingRequired.length === 0;
  const testable = integration.testable && complete;
  const purgeable = integration.name === "cloudflare" && integration.enabled && complete;
  if (!testable && !purgeable) return null;
  const answer = test.busy ? undefined : test.fetcher.data?.result?.test;

  return (
    <div className="mt-4 space-y-2">
      <div className="flex flex-wrap gap-2">
        {testable ? (
          <CardAction action={test} intent="test-connection" integration={integration.name}>
            <PlugZap aria-hidden className="size-4" />
            {test.busy ? "Testing…" : "Test connection"}
            <span className="sr-only"> of {integration.label}</span>
          </CardAction>
        ) : null}
        {purgeable ? (
          <CardAction action={purge} intent="purge-cache" integration={integration.name}>
            <RefreshCcw aria-hidden className="size-4" />
            {purge.busy ? "Requesting…" : "Purge everything"}
          </CardAction>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {answer ? answer.message : ""}
      </p>
    </div>
  );
}

/** One of the card's actions: a form post of `intent` for the integration, busy while it runs. */
function CardAction({
  action,
  intent,
  integration,
  children,
}: {
  action: { fetcher: Pick<FetcherWithComponents<unknown>, "Form">; busy: boolean };
  intent: string;
  integration: string;
  children: React.ReactNode;
}) {
  return (
    <action.fetcher.Form method="post" action="/admin/integrations">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="integration" value={integration} />
      <Button
        type="submit"
        variant="outline"
        size="sm"
        disabled={action.busy}
        aria-busy={action.busy || undefined}
      >
        {children}
      </Button>
    </action.fetcher.Form>
  );
}
