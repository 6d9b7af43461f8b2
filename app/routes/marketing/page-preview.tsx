import { EyeOff } from "lucide-react";
import { data } from "react-router";
import { plainExcerpt, safeImageUrl } from "~/blog/post-view";
import { renderPostHtml } from "~/blog/render.server";
import { BlockList } from "~/components/blocks/block-view";
import { PostArticle, type PostArticleData } from "~/components/blog/post-article";
import { NotFoundView } from "~/components/not-found";
import { notFoundMeta } from "~/components/not-found-meta";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { imagesByName, mediaNamesIn, resolveImages } from "~/media/responsive.server";
import { readingMinutes } from "~/models/blog-post.server";
import { pageMeta } from "~/pages/page-meta";
import { type PostPreview, readPreview } from "~/pages/preview.server";
import { pageHead, renderPageView } from "~/pages/render.server";
import type { PageHead } from "~/pages/view";
import type { Route } from "./+types/page-preview";

/**
 * A page or a post as its editor had it when Preview was pressed, saved or not, at an unguessable
 * address that expires. For the person who made it (and whoever they send it to): never indexed,
 * never kept by any cache, no structured data.
 */
const PRIVATE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const preview = await readPreview(db, params.token);
  if (!preview) {
    logger.warn({ path: "/preview/…" }, "404: preview not found or expired");
    return data({ found: false as const }, { status: 404, headers: PRIVATE });
  }
  if (preview.kind === "post") {
    const { article, head } = await postView(preview, `/preview/${params.token}`);
    return data(
      { found: true as const, kind: "post" as const, article, head },
      { headers: PRIVATE },
    );
  }
  const [view, head] = await Promise.all([
    renderPageView(db, preview),
    pageHead({ ...preview, noindex: true }),
  ]);
  return data({ found: true as const, kind: "page" as const, view, head }, { headers: PRIVATE });
}

/** The post as its page would show it: dated today, with no views, comments or related posts. */
async function postView(preview: PostPreview, path: string) {
  const featuredUrl = safeImageUrl(preview.featuredImageUrl);
  const [images, bodyImages] = await Promise.all([
    resolveImages([featuredUrl]),
    imagesByName(mediaNamesIn(preview.content)),
  ]);
  const featured = featuredUrl ? images.get(featuredUrl) : undefined;
  const article: PostArticleData = {
    title: preview.title,
    excerpt: preview.excerpt ?? "",
    category: preview.category,
    publishedAt: preview.createdAt,
    views: null,
    minutes: readingMinutes(preview.content),
    image: featured?.image ?? null,
    imageUrl: featuredUrl,
    imageAlt: featured?.alt ?? "",
    html: renderPostHtml(preview.content, { images: bodyImages }),
  };
  const head: PageHead = {
    title: preview.title,
    description: preview.excerpt || plainExcerpt(preview.content) || preview.title,
    path,
    canonical: null,
    image: featured?.preview ?? featuredUrl ?? undefined,
    noindex: true,
  };
  return { article, head };
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

/** Above a preview: what it is, and that it is not public. */
function PreviewBanner({ noun }: { noun: "page" | "post" }) {
  return (
    <div className="border-b border-amber-300 bg-amber-50">
      <div
        role="status"
        className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm text-amber-900 sm:px-6 lg:px-8"
      >
        <EyeOff aria-hidden className="mt-0.5 size-4 shrink-0" />
        <p>
          <strong className="font-semibold">Preview — not published.</strong> This is how the {noun}{" "}
          will look; this link works for a limited time.
        </p>
      </div>
    </div>
  );
}

export default function Preview({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFoundView />;
  if (loaderData.kind === "post") {
    return (
      <>
        <PreviewBanner noun="post" />
        <PostArticle post={loaderData.article} />
      </>
    );
  }
  const { view } = loaderData;
  return (
    <>
      <PreviewBanner noun="page" />
      <BlockList blocks={view.blocks} title={view.title} />
    </>
  );
}
