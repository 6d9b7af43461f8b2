import fs from "node:fs";
import { Readable } from "node:stream";
import { requireSection } from "~/auth/permissions.server";
import { requireRecentConfirmation } from "~/auth/step-up.server";
import { getDb } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { archivePath, backupOfArchive } from "~/jobs/backups.server";
import { recordAudit } from "~/models/audit.server";
import type { Route } from "./+types/backup-download";

/**
 * GET /admin/settings/backups/:file: a kept archive, as a download. It holds every secret of the
 * site (password hashes, integration keys, session secrets), so only admins get it, only after
 * confirming it's them (password, and code with two-factor sign-in) in the last ten minutes, and
 * every download is in the audit log.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireSection(request, "settings");
  await requireRecentConfirmation(request, admin, { as: "document" });
  const file = archivePath(getEnv(), params.file);
  if (!file) {
    throw new Response("This backup is not on this server any more: only the newest are kept.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const handle = await fs.promises.open(file, "r");
  const { size } = await handle.stat();
  const backup = await backupOfArchive(getDb(), params.file);
  await recordAudit(admin, {
    action: "downloaded",
    entity: "backup",
    entityId: backup?.id ?? null,
    details: { file: params.file, bytes: size },
  });
  const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(size),
      "Content-Disposition": `attachment; filename="${params.file}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
