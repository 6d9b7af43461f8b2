import {
  adminFailure,
  adminSuccess,
  isAdminRefusal,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection, requireSectionApi } from "~/auth/permissions.server";
import { requireRecentConfirmation } from "~/auth/step-up.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { readBackups, startBackup } from "~/jobs/backups.server";
import { logger } from "~/lib/logger.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { readSettings } from "~/models/admin-settings.server";
import { recordAudit } from "~/models/audit.server";
import type { Route } from "./+types/backups";

/**
 * GET /admin/settings/backups: the Settings tab's backups panel as JSON (polled while a backup
 * runs). POST: "Back up now", which starts a backup in the background unless one is running in
 * any app process.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "settings");
  const db = getDb();
  const overview = await readBackups(db, getEnv(), await readSettings(db));
  return Response.json(overview, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  const admin = await requireSection(request, "settings");
  try {
    const values = await readAdminPayload(request, "Backup Not Started");
    if (values.intent !== "backup-now") {
      return adminFailure("Backup Not Started", "Unknown backup action.", { status: 400 });
    }
    // A backup holds every secret of the site: the admin confirms it's them first.
    await requireRecentConfirmation(request, admin);
  } catch (error) {
    if (isAdminRefusal(error)) return error;
    throw error;
  }
  let outcome: Awaited<ReturnType<typeof startBackup>>;
  try {
    outcome = await startBackup({ db: getDb(), env: getEnv() }, admin);
  } catch (error) {
    logger.error({ err: error }, "could not start a backup");
    return adminFailure("Backup Not Started", "Could not start the backup. Please try again.", {
      status: 500,
    });
  }
  if (outcome.status === "busy") {
    return adminFailure(
      "Backup Already Running",
      "A backup is being made now. Its progress is shown below.",
      { status: 409 },
    );
  }
  const { backup, finished } = outcome;
  await recordAudit(admin, {
    action: "started",
    entity: "backup",
    entityId: backup.id,
    details: { file: backup.fileName },
  });
  // The outcome is shown by the panel, which polls; a failure is logged by the job itself.
  finished.catch(() => {});
  return adminSuccess("Backup Started", "The backup is being made. You can leave this page.", {
    id: backup.id,
  });
}
