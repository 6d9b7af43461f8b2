import { FolderOpen } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { Link, useFetcher, useRevalidator } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { WritingAssistContext } from "~/components/admin/blog/writing-assist";
import { MediaGrid } from "~/components/admin/media/media-grid";
import { MediaUploader } from "~/components/admin/media/media-uploader";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { getDb } from "~/db/client.server";
import { loadOpenAiSettings } from "~/integrations/openai.server";
import { logger } from "~/lib/logger.server";
import { cn } from "~/lib/utils";
import { MEDIA_PAGE_SIZE } from "~/media/rules";
import {
  deleteMedia,
  listMedia,
  type MediaFilter,
  type MediaItem,
  updateMediaAltText,
} from "~/models/media.server";
import { mediaAltTextSchema, mediaDeleteSchema, mediaListQuerySchema } from "~/schemas/admin/media";
import type { Route } from "./+types/media";

export const meta: Route.MetaFunction = () => [{ title: "Media library · Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "media");
  const url = new URL(request.url);
  const { kind, offset } = mediaListQuerySchema.parse({
    kind: url.searchParams.get("kind") ?? undefined,
    offset: url.searchParams.get("offset") ?? undefined,
  });
  // Only whether it is on reaches the browser: the alt text form shows "Suggest alt text".
  const writingAssist = await loadOpenAiSettings(getDb()).then(
    (settings) => settings !== null,
    (error) => {
      logger.warn({ err: error }, "Could not read the OpenAI integration");
      return false;
    },
  );
  try {
    const page = await listMedia({ kind, offset, limit: MEDIA_PAGE_SIZE });
    return { kind, offset, ...page, writingAssist, failed: false };
  } catch (error) {
    logger.error({ err: error }, "media list failed");
    return {
      kind,
      offset,
      items: [] as MediaItem[],
      hasMore: false,
      writingAssist,
      failed: true,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "media");
  const values = await readAdminPayload(request, "Failed to update file");
  if (values.intent === "delete") {
    const { id } = parseAdminInput(mediaDeleteSchema, values, "Failed to delete file");
    try {
      const deleted = await deleteMedia(id);
      if (!deleted) {
        return adminFailure("Failed to delete file", "The file no longer exists.", { status: 404 });
      }
      await adminChanged(admin, {
        action: "deleted",
        entity: "media file",
        entityId: id,
        details: { name: deleted.name, originalName: deleted.originalName },
      });
      return adminSuccess("File deleted successfully");
    } catch (error) {
      logger.error({ err: error, id }, "media delete failed");
      return adminFailure("Failed to delete file", "Please try again.", { status: 500 });
    }
  }
  if (values.intent === "update-alt") {
    const { id, altText } = parseAdminInput(mediaAltTextSchema, values, "Failed to save alt text");
    const updated = await updateMediaAltText(id, altText);
    if (!updated) {
      return adminFailure("Failed to save alt text", "The file no longer exists.", {
        status: 404,
      });
    }
    await adminChanged(admin, {
      action: "updated",
      entity: "media file",
      entityId: id,
      details: { name: updated.name, altText },
    });
    return adminSuccess("Alt text saved", undefined, updated);
  }
  return adminFailure("Failed to update file", "Unknown action.");
}

const FILTERS: { kind: MediaFilter; label: string }[] = [
  { kind: "all", label: "All" },
  { kind: "images", label: "Images" },
  { kind: "documents", label: "Documents" },
];

const EMPTY_TEXT: Record<MediaFilter, string> = {
  all: "No files yet. Upload images and documents to use them on the site.",
  images: "No images yet.",
  documents: "No documents yet.",
};

function listHref(kind: MediaFilter, offset = 0) {
  const params = new URLSearchParams();
  if (kind !== "all") params.set("kind", kind);
  if (offset > 0) params.set("offset", String(offset));
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export default function MediaTab({ loaderData }: Route.ComponentProps) {
  const { kind, offset, items, hasMore, writingAssist, failed } = loaderData;
  const revalidator = useRevalidator();
  const more = useFetcher<typeof loader>();
  // Pages fetched with "Load more" after the loader's first one; reset when that one reloads.
  const [extra, setExtra] = useState<MediaItem[]>([]);
  const [extraHasMore, setExtraHasMore] = useState<boolean | null>(null);
  const [removed, setRemoved] = useState<Set<number>>(() => new Set());
  const [edited, setEdited] = useState<Map<number, MediaItem>>(() => new Map());

  useLoadFailureToast(failed, "Failed to fetch media files");

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new first page resets what was added
  useEffect(() => {
    setExtra([]);
    setExtraHasMore(null);
  }, [loaderData]);

  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    const page = more.data;
    if (page.failed) {
      void showToast({ type: "error", title: "Failed to fetch media files" });
      return;
    }
    setExtra((current) => {
      const known = new Set(current.map((item) => item.id));
      return [...current, ...page.items.filter((item) => !known.has(item.id))];
    });
    setExtraHasMore(page.hasMore);
  }, [more.state, more.data]);

  const shown = useMemo(() => {
    const first = new Set(items.map((item) => item.id));
    return [...items, ...extra.filter((item) => !first.has(item.id))]
      .filter((item) => !removed.has(item.id))
      .map((item) => edited.get(item.id) ?? item);
  }, [items, extra, removed, edited]);
  const canLoadMore = extraHasMore ?? hasMore;
  const nextOffset = offset + items.length + extra.length;

  function loadMore(event: React.MouseEvent) {
    event.preventDefault();
    more.load(`/admin/media${listHref(kind, nextOffset).replace(/^\.$/, "")}`);
  }

  return (
    <div>
      <TabHeader
        title="Media library"
        description="Images and documents for the site, newest first. Up to 10MB per file."
      />
      <MediaUploader onUploaded={() => revalidator.revalidate()} />

      <h3 id="media-files-heading" tabIndex={-1} className="sr-only">
        Files
      </h3>
      <nav aria-label="Filter files" className="mb-4">
        <ul className="inline-flex rounded-lg bg-surface p-1">
          {FILTERS.map((filter) => (
            <li key={filter.kind}>
              <Link
                to={listHref(filter.kind)}
                aria-current={filter.kind === kind ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "block rounded-md px-3 py-1.5 text-sm font-medium",
                  filter.kind === kind
                    ? "bg-white text-ink shadow-sm"
                    : "text-muted hover:text-ink",
                )}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {offset > 0 ? (
        <p className="mb-4 text-sm text-muted">
          Showing files from number {offset + 1} on.{" "}
          <Link to={listHref(kind)} className="font-medium text-primary-strong underline">
            Back to the newest
          </Link>
        </p>
      ) : null}

      {failed ? (
        <Alert className="mb-4">
          The media files could not be loaded.{" "}
          <button
            type="button"
            className="font-medium text-primary-strong underline"
            onClick={() => revalidator.revalidate()}
          >
            Try again
          </button>
        </Alert>
      ) : null}

      {shown.length === 0 && !failed ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-line bg-surface px-4 py-12 text-center">
          <FolderOpen aria-hidden className="size-10 text-muted" />
          <p className="text-sm text-muted">{EMPTY_TEXT[kind]}</p>
        </div>
      ) : (
        <WritingAssistContext value={writingAssist}>
          <MediaGrid
            items={shown}
            onDeleted={(id) => setRemoved((current) => new Set(current).add(id))}
            onAltTextSaved={(item) => setEdited((current) => new Map(current).set(item.id, item))}
          />
        </WritingAssistContext>
      )}

      {canLoadMore ? (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" asChild>
            <Link
              to={listHref(kind, nextOffset)}
              onClick={loadMore}
              aria-disabled={more.state !== "idle" ? true : undefined}
            >
              {more.state !== "idle" ? <Spinner className="size-4" label="Loading" /> : null}
              Load more
            </Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
