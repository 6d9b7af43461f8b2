import { EyeOff } from "lucide-react";
import { data } from "react-router";
import { BlockList } from "~/components/blocks/block-view";
import { NotFoundView, notFoundMeta } from "~/components/not-found";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { pageMeta } from "~/pages/page-meta";
import { readPagePreview } from "~/pages/preview.server";
import { pageHead, renderPageView } from "~/pages/render.server";
import type { Route } from "./+types/page-preview";

/**
 * A page as the editor had it when Preview was pressed, saved or not, at an unguessable address
 * that expires. For the person who made it (and whoever they send it to): never indexed, never
 * kept by any cache, no structured data.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const preview = await readPagePreview(db, params.token);
  if (!preview) {
    logger.warn({ path: "/preview/…" }, "404: page preview not found or expired");
    return data({ found: false as const }, { status: 404, headers: PRIVATE });
  }
  const [view, head] = await Promise.all([
    renderPageView(db, preview),
    pageHead({ ...preview, noindex: true }),
  ]);
  return data({ found: true as const, view, head }, { headers: PRIVATE });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.found) return notFoundMeta;
  // The preview's own address, never the page's: a shared preview link must not claim to be it.
  return pageMeta(matches, loaderData.head).filter(
    (tag) => !("tagName" in tag && tag.tagName === "link" && tag.rel === "canonical"),
  );
};

export default function PagePreview({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFoundView />;
  const { view } = loaderData;
  return (
    <>
      <div className="border-b border-amber-300 bg-amber-50">
        <div
          role="status"
          className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8"
        >
          <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            <strong className="font-semibold">Preview — not published.</strong> This is how the page
            will look; this link works for a limited time.
          </p>
        </div>
      </div>
      <BlockList blocks={view.blocks} title={view.title} />
    </>
  );
}
