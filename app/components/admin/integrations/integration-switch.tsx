import { useHydrated } from "~/components/admin/subscribers/use-hydrated";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { cn } from "~/lib/utils";
import type { AdminIntegration } from "~/models/admin-integrations.server";
import { enableRefusal } from "~/schemas/admin/integrations";

const ACTION = "/admin/integrations";

/**
 * The on/off switch of an integration. Before JavaScript has loaded it is a toggle button
 * (aria-pressed) that submits its form, so it posts without JavaScript too; once hydrated it is a
 * role="switch" button (which HTML allows on type="button" only) that posts through the fetcher,
 * flips at once and falls back to the stored state when the server refuses (the page's data is
 * reloaded after every answer).
 */
export function IntegrationSwitch({
  integration,
}: {
  integration: Pick<AdminIntegration, "name" | "label" | "enabled" | "missingRequired">;
}) {
  const { fetcher, busy } = useAdminFetcher({ key: `integration-toggle-${integration.name}` });
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("enabled");
  const checked = typeof pending === "string" ? pending === "true" : integration.enabled;
  const enabled = checked ? "false" : "true";

  function toggle() {
    // Switching on an incomplete integration would be refused: say why without a round trip.
    if (!checked && integration.missingRequired.length > 0) {
      void showToast({
        type: "error",
        title: "Failed to update integration.",
        description: enableRefusal(integration.label, integration.missingRequired),
      });
      return;
    }
    void fetcher.submit(
      { intent: "toggle", integration: integration.name, enabled },
      { method: "post", action: ACTION },
    );
  }

  return (
    <fetcher.Form method="post" action={ACTION}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="integration" value={integration.name} />
      <button
        {...(hydrated
          ? { type: "button", role: "switch", "aria-checked": checked, onClick: toggle }
          : { type: "submit", name: "enabled", value: enabled, "aria-pressed": checked })}
        aria-label={integration.label}
        aria-busy={busy || undefined}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
          checked ? "bg-primary-strong" : "bg-slate-300",
          busy && "opacity-80",
        )}
      >
        <span
          aria-hidden
          className={cn(
            "inline-block size-6 rounded-full bg-white shadow transition-transform",
            checked ? "translate-x-5" : "translate-x-0",
          )}
        />
      </button>
    </fetcher.Form>
  );
}
