import { data } from "react-router";
import { requireAdminApi } from "~/auth/session.server";
import { logger } from "~/lib/logger.server";
import { listMedia } from "~/models/media.server";
import type { Route } from "./+types/blog-media";

export const PICKER_PAGE_SIZE = 24;

/** GET /admin/blog/media?offset=N: the media library's images for the blog's image picker. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdminApi(request);
  const offset = Math.max(0, Number(new URL(request.url).searchParams.get("offset")) || 0);
  try {
    const { items, hasMore } = await listMedia({
      kind: "images",
      offset,
      limit: PICKER_PAGE_SIZE,
    });
    return data({
      ok: true as const,
      items: items.map((i) => ({ id: i.id, name: i.name, url: i.url, altText: i.altText })),
      hasMore,
    });
  } catch (error) {
    logger.error({ err: error }, "Could not list the media library's images");
    return data({ ok: false as const, items: [], hasMore: false }, { status: 500 });
  }
}
