import { and, asc, eq, inArray } from "drizzle-orm";
import { MEASUREMENT_ID, publicFieldKeys } from "~/content/integrations";
import type { IntegrationName } from "~/content/site-defaults";
import {
  type CustomCodeCategory,
  customCodeCategories,
  type PublicWidget,
  type VoiceWidget,
} from "~/content/widgets";
import { getDb } from "~/db/client.server";
import { webIntegrations } from "~/db/schema.server";
import { withFallback } from "./site.server";

/** The integrations that run in a visitor's browser; every other type works on the server only. */
const widgetNames = [
  "chatwoot",
  "vapi",
  "custom-code",
  "google_analytics",
] as const satisfies IntegrationName[];
export type WidgetName = (typeof widgetNames)[number];

export function isWidgetName(name: IntegrationName): name is WidgetName {
  return (widgetNames as readonly IntegrationName[]).includes(name);
}

const voiceButtonKeys = [
  "buttonText",
  "buttonPosition",
  "buttonOffset",
  "buttonSize",
  "idleColor",
  "loadingColor",
  "activeColor",
] as const;

/**
 * The enabled widgets that can load, each reduced to the fields a public page may see. Secrets
 * and unknown keys never get here: only the catalogue's public fields are read from the config.
 * A database failure is logged and the page goes on without widgets.
 */
export function listPublicWidgets(): Promise<PublicWidget[]> {
  return withFallback("public widgets", async () => {
    const rows = await getDb()
      .select({ name: webIntegrations.name, config: webIntegrations.config })
      .from(webIntegrations)
      .where(and(eq(webIntegrations.enabled, true), inArray(webIntegrations.name, widgetNames)))
      .orderBy(asc(webIntegrations.id));
    return rows.flatMap((row) => {
      const widget = toPublicWidget(row.name as WidgetName, row.config);
      return widget ? [widget] : [];
    });
  }, []);
}

/** Trimmed, non-empty string values of the public fields only; anything else is left behind. */
function publicValues(name: WidgetName, config: unknown): Map<string, string> {
  const values = new Map<string, string>();
  if (typeof config !== "object" || config === null || Array.isArray(config)) return values;
  for (const key of publicFieldKeys(name)) {
    if (!Object.hasOwn(config, key)) continue;
    const value = (config as Record<string, unknown>)[key];
    if (typeof value === "string" && value.trim() !== "") values.set(key, value.trim());
  }
  return values;
}

/** A widget when its load conditions hold (spec: public site, section 5), else null. */
export function toPublicWidget(name: WidgetName, config: unknown): PublicWidget | null {
  const values = publicValues(name, config);
  switch (name) {
    case "chatwoot": {
      const websiteToken = values.get("websiteToken");
      const baseUrl = chatBaseUrl(values.get("baseUrl"));
      return websiteToken && baseUrl ? { name, websiteToken, baseUrl } : null;
    }
    case "vapi": {
      const publicKey = values.get("publicKey");
      const assistantId = values.get("assistantId");
      if (!publicKey || !assistantId) return null;
      const widget: VoiceWidget = { name, publicKey, assistantId };
      for (const key of voiceButtonKeys) {
        const value = values.get(key);
        if (value) widget[key] = value;
      }
      return widget;
    }
    case "custom-code": {
      const script = values.get("script");
      return script ? { name, script, category: customCodeCategory(values.get("category")) } : null;
    }
    case "google_analytics": {
      const measurementId = values.get("measurementId");
      return measurementId && MEASUREMENT_ID.test(measurementId) ? { name, measurementId } : null;
    }
  }
}

/** The custom code's consent category; none stored, or one this version does not know: marketing. */
function customCodeCategory(value: string | undefined): CustomCodeCategory {
  return (customCodeCategories as readonly string[]).includes(value ?? "")
    ? (value as CustomCodeCategory)
    : "marketing";
}

/**
 * What the admin wrote about the custom code for visitors (its description), while it is enabled
 * and runs; null otherwise. Not a public field of the widget, but written to be shown: the
 * cookie policy quotes it.
 */
export function customCodeDescription(): Promise<string | null> {
  return withFallback(
    "custom code description",
    async () => {
      const [row] = await getDb()
        .select({ config: webIntegrations.config })
        .from(webIntegrations)
        .where(and(eq(webIntegrations.enabled, true), eq(webIntegrations.name, "custom-code")))
        .limit(1);
      if (!row || !toPublicWidget("custom-code", row.config)) return null;
      const config = row.config as Record<string, unknown>;
      const description = config.description;
      return typeof description === "string" && description.trim() !== ""
        ? description.trim()
        : null;
    },
    null,
  );
}

// Host names as URL() normalises them (letters, digits, dots, hyphens) or a bracketed IPv6
// address. Stricter than URL() itself on purpose: the origin goes into the CSP header, where a
// ';', ',' or '*' would break or widen the policy of every page.
const SAFE_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i;

/** An http(s) base URL without credentials, query, fragment or trailing slash; else undefined. */
export function chatBaseUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  if (!SAFE_HOST.test(url.hostname)) return undefined;
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
