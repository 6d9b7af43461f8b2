import { data } from "react-router";
import { requireSectionApi } from "~/auth/permissions.server";
import { type LibraryFile, libraryLookupSchema } from "~/blog/image-alt";
import { logger } from "~/lib/logger.server";
import { getMediaRowsByNames, listMedia, toItem } from "~/models/media.server";
import type { Route } from "./+types/blog-media";

export const PICKER_PAGE_SIZE = 24;

/**
 * GET /admin/blog/media?offset=N: the media library's images for the blog's image picker.
 * GET /admin/blog/media?names=a,b: those files' alt texts, for the post editor's alt-text warning
 * (`files` holds the names the library knows).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireSectionApi(request, "blog");
  const params = new URL(request.url).searchParams;
  if (params.has("names")) return lookUpFiles(params.get("names") ?? "");
  const offset = Math.max(0, Number(params.get("offset")) || 0);
  try {
    const { items, hasMore } = await listMedia({
      kind: "images",
      offset,
      limit: PICKER_PAGE_SIZE,
    });
    return data({
      ok: true as const,
      items: items.map((i) => ({
        id: i.id,
        name: i.name,
        url: i.url,
        thumbnailUrl: i.thumbnailUrl,
        width: i.width,
        height: i.height,
        altText: i.altText,
      })),
      hasMore,
    });
  } catch (error) {
    logger.error({ err: error }, "Could not list the media library's images");
    return data({ ok: false as const, items: [], hasMore: false }, { status: 500 });
  }
}

async function lookUpFiles(names: string) {
  const query = libraryLookupSchema.safeParse({ names });
  if (!query.success) {
    return data(
      { ok: false as const, error: query.error.issues[0]?.message ?? "Invalid names" },
      { status: 400 },
    );
  }
  try {
    const rows = await getMediaRowsByNames(query.data.names);
    const files: LibraryFile[] = rows.map((row) => {
      const item = toItem(row);
      return {
        name: item.name,
        originalName: item.originalName,
        altText: item.altText,
        url: item.url,
      };
    });
    return data({ ok: true as const, files });
  } catch (error) {
    logger.error({ err: error }, "Could not look up media library files");
    return data(
      { ok: false as const, error: "The media library could not be read." },
      { status: 500 },
    );
  }
}
