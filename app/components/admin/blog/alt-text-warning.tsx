import { TriangleAlert } from "lucide-react";
import { useMemo } from "react";
import { altTextWarning, imagesWithoutAlt } from "~/blog/image-alt";
import type { MediaFacts } from "~/pages/publish-check";

/**
 * Before a post goes out: which of its images (featured and in the body) will have no alt text on
 * the page. Advice only: saving is never blocked.
 */
export function AltTextWarning({
  featuredImageUrl,
  content,
  active,
  media,
}: {
  featuredImageUrl: string;
  /** The body as the editor last settled it (deferred while staff type). */
  content: string;
  /** Whether the post is to be published. */
  active: boolean;
  /** The library's alt texts of the post's images (useMediaFacts). */
  media: MediaFacts;
}) {
  const warning = useMemo(() => {
    if (!active) return undefined;
    return altTextWarning(
      imagesWithoutAlt({
        featuredImageUrl,
        content,
        library: media.library,
        pending: media.pending,
        // Only known files are compared with it, and none are before hydration.
        origin: typeof window === "undefined" ? undefined : window.location.origin,
      }),
    );
  }, [active, media, featuredImageUrl, content]);

  // The live region stays in the page so that a warning appearing in it is announced.
  return (
    <div role="status">
      {warning ? (
        <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            {warning}{" "}
            <a
              href="/admin/media?kind=images"
              target="_blank"
              rel="noopener"
              className="font-medium underline"
            >
              Open the media library in a new tab
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
