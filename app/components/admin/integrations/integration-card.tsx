import { AlertTriangle, CheckCircle2, ChevronRight, CircleX, Globe } from "lucide-react";
import { LocalTime } from "~/components/admin/kit/local-time";
import { Card } from "~/components/ui/card";
import { cn } from "~/lib/utils";
import type { AdminIntegration } from "~/models/admin-integrations.server";
import { IntegrationConfigForm } from "./config-form";
import { IntegrationActions } from "./integration-actions";
import { IntegrationSwitch } from "./integration-switch";

/** One integration: its name, what it does, whether it is on, and its settings behind a disclosure. */
export function IntegrationCard({ integration }: { integration: AdminIntegration }) {
  const headingId = `integration-${integration.name}-heading`;
  return (
    <Card className="p-5" aria-labelledby={headingId} role="group">
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-base font-semibold text-ink">
              {integration.label}
            </h3>
            {integration.keysOnly ? (
              <span className="rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted ring-1 ring-line">
                Keys only
              </span>
            ) : (
              <StatusBadge enabled={integration.enabled} />
            )}
          </div>
          <p className="mt-1 text-sm text-muted">{integration.description}</p>
        </div>
        {integration.keysOnly ? null : <IntegrationSwitch integration={integration} />}
      </div>
      {integration.keysOnly ? null : <StatusLine integration={integration} />}
      <LastResults integration={integration} />
      {integration.keysOnly ? null : <IntegrationActions integration={integration} />}
      <details className="group mt-4 border-t border-line pt-3">
        <summary className="flex w-fit cursor-pointer list-none items-center gap-1 rounded-md text-sm font-semibold text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden className="size-4 transition-transform group-open:rotate-90" />
          Configure<span className="sr-only"> {integration.label}</span>
        </summary>
        <div className="mt-4">
          <IntegrationConfigForm integration={integration} />
        </div>
      </details>
    </Card>
  );
}

/** The last call that worked and the last that failed, newest first, each with its time. */
function LastResults({ integration }: { integration: AdminIntegration }) {
  const { lastSuccess, lastError } = integration;
  if (!lastSuccess && !lastError) return null;
  const lines = [
    lastSuccess ? { ...lastSuccess, ok: true } : null,
    lastError ? { ...lastError, ok: false } : null,
  ]
    .filter((line) => line !== null)
    .sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ul className="mt-3 space-y-1 text-sm" aria-label={`How ${integration.label} has been doing`}>
      {lines.map((line) => (
        <li
          key={line.ok ? "success" : "error"}
          className={cn("flex items-start gap-2", line.ok ? "text-muted" : "text-danger")}
        >
          {line.ok ? (
            <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          ) : (
            <CircleX aria-hidden className="mt-0.5 size-4 shrink-0" />
          )}
          <span className="min-w-0 break-words">
            <span className="font-medium">{line.ok ? "Last worked" : "Last error"}</span>{" "}
            <LocalTime iso={line.at} />: {line.message}
          </span>
        </li>
      ))}
    </ul>
  );
}

function StatusBadge({ enabled }: { enabled: boolean }) {
  return (
    <span
      className={cn(
        "rounded-full px-2 py-0.5 text-xs font-medium",
        enabled ? "bg-emerald-50 text-emerald-800" : "bg-surface text-muted ring-1 ring-line",
      )}
    >
      {enabled ? "Enabled" : "Disabled"}
    </span>
  );
}

function StatusLine({ integration }: { integration: AdminIntegration }) {
  if (integration.missingRequired.length > 0) {
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-amber-800">
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>Needs {integration.missingRequired.join(", ")} before it can be switched on.</span>
      </p>
    );
  }
  if (integration.widget === null) {
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-muted">
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
        <span>Configured.</span>
      </p>
    );
  }
  if (!integration.enabled) {
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-muted">
        <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>Configured; shows on the public site once switched on.</span>
      </p>
    );
  }
  return integration.widget === "live" ? (
    <p className="mt-3 flex items-start gap-2 text-sm text-emerald-800">
      <Globe aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>Live on the public site.</span>
    </p>
  ) : (
    <p className="mt-3 flex items-start gap-2 text-sm text-amber-800">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{widgetGap(integration.name)}</span>
    </p>
  );
}

function widgetGap(name: AdminIntegration["name"]) {
  switch (name) {
    case "chatwoot":
      return "Switched on, but the chat widget loads only with a valid base URL.";
    case "vapi":
      return "Switched on, but the call button shows only with an assistant ID.";
    case "google_analytics":
      return "Switched on, but Google's tag loads only with a valid measurement ID (G-…).";
    default:
      return "Switched on, but not shown on the public site: check its settings.";
  }
}
