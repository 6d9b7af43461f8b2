import { data } from "react-router";
import { requireSection, requireSectionApi } from "~/auth/permissions.server";
import { requireSameOriginWrite } from "~/lib/same-origin.server";
import { redirectWithToast } from "~/lib/toast.server";
import { handleMediaUpload } from "~/media/upload.server";
import type { Route } from "./+types/media-upload";

/**
 * POST /admin/media/upload (multipart: `file`, optional `altText`). The dashboard's uploader asks
 * for JSON: 201 `{ name, url, item }` or `{ error, description }` with 4xx. A plain form post (before
 * JavaScript loads) is sent back to the media tab with the toast.
 */
export async function action({ request }: Route.ActionArgs) {
  requireSameOriginWrite(request);
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  // Checked before a byte of the body is read.
  const admin = wantsJson
    ? await requireSectionApi(request, "media")
    : await requireSection(request, "media");
  const result = await handleMediaUpload(request, admin);
  if (wantsJson) {
    if (!result.ok) {
      return data(
        { error: result.title, description: result.description },
        {
          status: result.status,
          // A refused body may be left unread: close rather than read the rest.
          headers: result.status === 413 ? { Connection: "close" } : undefined,
        },
      );
    }
    return data(
      { name: result.item.name, url: result.item.url, item: result.item },
      { status: 201 },
    );
  }
  if (!result.ok) {
    return redirectWithToast(
      "/admin/media",
      { type: "error", title: result.title, description: result.description },
      { status: 303, headers: result.status === 413 ? { Connection: "close" } : undefined },
    );
  }
  return redirectWithToast(
    "/admin/media",
    { type: "success", title: "File uploaded successfully" },
    { status: 303 },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "media");
  throw data({ error: "Upload with POST" }, { status: 405, headers: { Allow: "POST" } });
}
