import { Palette } from "lucide-react";
import { editorConflictAnswer } from "~/admin/editor-conflict.server";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  isAdminRefusal,
  readAdminPayload,
} from "~/admin/mutation.server";
import { hasTwoFactor, twoFactorRequiredForAdmins } from "~/auth/account-security.server";
import { requireSection } from "~/auth/permissions.server";
import { BackupsPanel } from "~/components/admin/settings/backups-panel";
import { SiteSettingsForm } from "~/components/admin/settings/site-settings-form";
import { TwoFactorSetting } from "~/components/admin/settings/two-factor-setting";
import {
  BrandingQuickAction,
  ContactInfoQuickAction,
  FooterQuickAction,
} from "~/components/admin/settings-dialogs";
import { TabHeader } from "~/components/admin/tab-header";
import { siteTimeZoneFrom, timeZoneOptions } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { readBackups } from "~/jobs/backups.server";
import { logger } from "~/lib/logger.server";
import {
  readSettings,
  readSettingsView,
  saveSettingsEditor,
  settingsEditors,
  writeSettings,
} from "~/models/admin-settings.server";
import { recordAudit } from "~/models/audit.server";
import { restorableDetails } from "~/models/editor-restore.server";
import { expectedVersionOf } from "~/models/editor-versions.server";
import { fieldErrorsOf } from "~/schemas/admin/field-errors";
import {
  ADMIN_TWO_FACTOR_KEY,
  adminTwoFactorSchema,
  type SettingsIntent,
  settingsIntents,
} from "~/schemas/admin/settings";
import type { Route } from "./+types/settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "settings");
  const db = getDb();
  const [view, stored] = await Promise.all([readSettingsView(db), readSettings(db)]);
  return {
    settings: view.settings,
    version: view.versions.settings,
    timeZones: timeZoneOptions(),
    backupSettings: view.backups,
    backupsVersion: view.versions.backups,
    backups: await readBackups(db, getEnv(), stored),
    timeZone: siteTimeZoneFrom(stored),
    twoFactorRequired: await twoFactorRequiredForAdmins(db),
  };
}

/** Per intent: what the audit log calls it, and the texts of its toasts. */
const editors = {
  settings: {
    entity: "site settings",
    saved: ["Settings Saved", "The site settings have been updated."],
    refused: "Settings Not Saved",
    failed: ["Error Saving Data", "Could not save the settings. Please try again."],
  },
  branding: {
    entity: "branding",
    saved: ["Branding Updated", "Logo and branding have been updated successfully."],
    refused: "Branding Not Saved",
    failed: ["Error Saving Data", "Could not save logo and branding. Please try again."],
  },
  footer: {
    entity: "footer",
    saved: ["Footer Updated", "The footer has been updated."],
    refused: "Error Saving Data",
    failed: ["Error Saving Data", "Could not save footer information. Please try again."],
  },
  "contact-info": {
    entity: "contact info",
    saved: ["Contact Information Updated", "Your contact details have been saved."],
    refused: "Error Saving Data",
    failed: ["Error Saving Data", "Could not save contact information. Please try again."],
  },
  backups: {
    entity: "backup settings",
    saved: ["Backup Settings Saved", "The backup settings have been updated."],
    refused: "Backup Settings Not Saved",
    failed: ["Error Saving Data", "Could not save the backup settings. Please try again."],
  },
} satisfies Record<
  SettingsIntent,
  { entity: string; saved: [string, string]; refused: string; failed: [string, string] }
>;

function isIntent(value: unknown): value is SettingsIntent {
  return typeof value === "string" && (settingsIntents as readonly string[]).includes(value);
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "settings");
  let values: Record<string, unknown>;
  try {
    values = await readAdminPayload(request, "Error Saving Data");
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  const intent = values.intent;
  if (intent === "admin-two-factor") return saveAdminTwoFactor(admin, values);
  if (!isIntent(intent)) {
    return adminFailure("Error Saving Data", "Unknown settings action.", { status: 400 });
  }
  const editor = editors[intent];
  const parsed = settingsEditors[intent].schema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return adminFailure(editor.refused, Object.values(fieldErrors)[0], { fieldErrors });
  }
  let saved: Awaited<ReturnType<typeof saveSettingsEditor>>;
  try {
    saved = await saveSettingsEditor(getDb(), intent, parsed.data, expectedVersionOf(values));
  } catch (error) {
    const conflict = editorConflictAnswer(error);
    if (conflict) return conflict;
    logger.error({ err: error, intent }, "could not save settings");
    return adminFailure(editor.failed[0], editor.failed[1], { status: 500 });
  }
  await adminChanged(admin, {
    action: "updated",
    entity: editor.entity,
    details: { keys: saved.changed, ...restorableDetails(intent, saved.before) },
  });
  return adminSuccess(editor.saved[0], editor.saved[1], { version: saved.version });
}

/** "Require two-factor sign-in for admins": one web_settings row, audited. */
async function saveAdminTwoFactor(
  admin: Awaited<ReturnType<typeof requireSection>>,
  values: Record<string, unknown>,
) {
  const parsed = adminTwoFactorSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return adminFailure("Settings Not Saved", Object.values(fieldErrors)[0], { fieldErrors });
  }
  // Turned on by an admin without it, the dashboard would close on them at once.
  if (parsed.data.required === "on" && !(await hasTwoFactor(admin.id))) {
    return adminFailure(
      "Settings Not Saved",
      "Turn on two-factor sign-in for your own account first (Account security).",
      { status: 409 },
    );
  }
  let changed: string[];
  try {
    changed = await writeSettings(getDb(), { [ADMIN_TWO_FACTOR_KEY]: parsed.data.required });
  } catch (error) {
    logger.error({ err: error }, "could not save the two-factor setting");
    return adminFailure("Error Saving Data", "Could not save the setting. Please try again.", {
      status: 500,
    });
  }
  // Public pages do not show it: nothing to purge, only the audit entry.
  await recordAudit(admin, {
    action: "updated",
    entity: "sign-in security",
    details: { keys: changed, required: parsed.data.required },
  });
  return adminSuccess(
    "Sign-in Security Saved",
    parsed.data.required === "on"
      ? "Admins now need two-factor sign-in."
      : "Two-factor sign-in is optional for admins.",
  );
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
        version={loaderData.version}
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
      <BackupsPanel
        initial={loaderData.backups}
        values={loaderData.backupSettings}
        version={loaderData.backupsVersion}
        timeZone={loaderData.timeZone}
      />
      <TwoFactorSetting required={loaderData.twoFactorRequired} />
    </>
  );
}
