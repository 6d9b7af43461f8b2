import { Palette } from "lucide-react";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  isAdminRefusal,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireAdmin } from "~/auth/session.server";
import { SiteSettingsForm } from "~/components/admin/settings/site-settings-form";
import {
  BrandingQuickAction,
  ContactInfoQuickAction,
  FooterQuickAction,
} from "~/components/admin/settings-dialogs";
import { TabHeader } from "~/components/admin/tab-header";
import { timeZoneOptions } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  brandingEntries,
  contactInfoEntries,
  footerEntries,
  readSettings,
  readSettingsView,
  siteSettingsEntries,
  writeSettings,
} from "~/models/admin-settings.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import {
  brandingSchema,
  contactInfoSchema,
  footerSchema,
  type SettingsIntent,
  settingsIntents,
  siteSettingsSchema,
} from "~/schemas/admin/settings";
import type { z } from "~/schemas/zod";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const view = await readSettingsView(getDb());
  return { settings: view.settings, timeZones: timeZoneOptions() };
}

/** Per intent: what it validates, how it is stored, and the texts of its toasts. */
const editors = {
  settings: {
    schema: siteSettingsSchema,
    entries: siteSettingsEntries,
    entity: "site settings",
    saved: ["Settings Saved", "The site settings have been updated."],
    refused: "Settings Not Saved",
    failed: ["Error Saving Data", "Could not save the settings. Please try again."],
  },
  branding: {
    schema: brandingSchema,
    entries: brandingEntries,
    entity: "branding",
    saved: ["Branding Updated", "Logo and branding have been updated successfully."],
    refused: "Branding Not Saved",
    failed: ["Error Saving Data", "Could not save logo and branding. Please try again."],
  },
  footer: {
    schema: footerSchema,
    entries: footerEntries,
    entity: "footer",
    saved: ["Footer Updated", "The footer has been updated."],
    refused: "Error Saving Data",
    failed: ["Error Saving Data", "Could not save footer information. Please try again."],
  },
  "contact-info": {
    schema: contactInfoSchema,
    entries: contactInfoEntries,
    entity: "contact info",
    saved: ["Contact Information Updated", "Your contact details have been saved."],
    refused: "Error Saving Data",
    failed: ["Error Saving Data", "Could not save contact information. Please try again."],
  },
} satisfies Record<
  SettingsIntent,
  {
    schema: z.ZodType;
    // biome-ignore lint/suspicious/noExplicitAny: each editor's entries take its schema's output
    entries: (input: any, settings: Map<string, string>) => Record<string, string>;
    entity: string;
    saved: [string, string];
    refused: string;
    failed: [string, string];
  }
>;

function isIntent(value: unknown): value is SettingsIntent {
  return typeof value === "string" && (settingsIntents as readonly string[]).includes(value);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  let values: Record<string, unknown>;
  try {
    values = await readAdminPayload(request, "Error Saving Data");
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  const intent = values.intent;
  if (!isIntent(intent)) {
    return adminFailure("Error Saving Data", "Unknown settings action.", { status: 400 });
  }
  const editor = editors[intent];
  const parsed = editor.schema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return adminFailure(editor.refused, Object.values(fieldErrors)[0], { fieldErrors });
  }
  let changed: string[];
  try {
    const entries = editor.entries as (
      input: unknown,
      settings: Map<string, string>,
    ) => Record<string, string>;
    const db = getDb();
    changed = await writeSettings(db, entries(parsed.data, await readSettings(db)));
  } catch (error) {
    logger.error({ err: error, intent }, "could not save settings");
    return adminFailure(editor.failed[0], editor.failed[1], { status: 500 });
  }
  await adminChanged(admin, {
    action: "updated",
    entity: editor.entity,
    details: { keys: changed },
  });
  return adminSuccess(editor.saved[0], editor.saved[1]);
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <TabHeader
        title="Settings"
        description="The site's name, contact details and the addresses of the product apps, demo sites and booking page."
      />
      <SiteSettingsForm
        values={loaderData.settings}
        timeZones={loaderData.timeZones}
        posted={actionData}
      />
      <section
        aria-labelledby="appearance-heading"
        className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
      >
        <h3 id="appearance-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Palette aria-hidden className="size-5 text-primary-strong" />
          Branding, footer and contact details
        </h3>
        <p className="mt-1 text-sm text-muted">
          Also on the Content tab. Changes show on the public site as soon as they are saved.
        </p>
        <div className="mt-4 grid gap-3 sm:grid-cols-3">
          <BrandingQuickAction />
          <FooterQuickAction />
          <ContactInfoQuickAction />
        </div>
      </section>
    </>
  );
}
