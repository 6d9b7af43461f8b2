import { EyeOff } from "lucide-react";
import { data, Link, useRouteLoaderData } from "react-router";
import { getCurrentUser } from "~/auth/session.server";
import { absoluteUrl, plainExcerpt, safeImageUrl } from "~/blog/post-view";
import { renderPostHtmlCached } from "~/blog/render.server";
import { POST_VIEW_HEADER, postVisitorKey } from "~/blog/visitor.server";
import { PostArticle } from "~/components/blog/post-article";
import { PostRelated } from "~/components/blog/post-related";
import { preloadImage } from "~/components/responsive-image";
import { getDb, isDatabaseUnavailable } from "~/db/client.server";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import { useNonce } from "~/lib/nonce";
import { rootData, seo } from "~/lib/seo";
import { IMAGE_SIZES } from "~/media/responsive";
import { imagesByName, mediaNamesIn, resolveImages } from "~/media/responsive.server";
import {
  getPublishedPostBySlug,
  listRelatedPosts,
  readingMinutes,
  recordPostView,
} from "~/models/blog-post.server";
import type { Route } from "./+types/post";

export async function loader(args: Route.LoaderArgs) {
  try {
    return await loadPost(args);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    noteDatabaseFallback();
    // A post has no built-in default: say plainly that it is a passing fault (not a 404, which
    // would tell readers and search engines that the post is gone), and let nothing cache it.
    logger.error({ err: error }, "could not load a blog post: the database is unavailable");
    return data(
      { found: false as const, unavailable: true },
      { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "30" } },
    );
  }
}

async function loadPost({ request, params, context }: Route.LoaderArgs) {
  const db = getDb();
  const slug = params.slug;
  let post = await getPublishedPostBySlug(db, slug);
  // Only when the public may not read it does the page ask who is asking: staff preview drafts.
  if (!post) {
    const user = await getCurrentUser(request);
    if (user?.isStaff) post = await getPublishedPostBySlug(db, slug, { preview: true });
  }
  if (!post) {
    logger.warn({ path: new URL(request.url).pathname }, "404: blog post not found");
    return data(
      { found: false as const, unavailable: false },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }

  const preview = post.status !== "published";
  // Rendered for the page cache (no one's request): the cache counts each reader it serves.
  const shared = context.wholePage === true && !preview;
  let views = post.viewCount;
  if (!preview && !shared) {
    const visitor = postVisitorKey(request);
    if (visitor) views = (await recordPostView(db, post.id, visitor)) ?? views;
  }
  const related = await listRelatedPosts(db, post);
  const featuredUrl = safeImageUrl(post.featuredImageUrl);
  const relatedUrls = related.map((r) => safeImageUrl(r.featuredImageUrl));
  const [images, bodyImages] = await Promise.all([
    resolveImages([featuredUrl, ...relatedUrls]),
    imagesByName(mediaNamesIn(post.content)),
  ]);
  const featured = featuredUrl ? images.get(featuredUrl) : undefined;

  return data(
    {
      found: true as const,
      preview,
      post: {
        title: post.title,
        slug: post.slug,
        excerpt: post.excerpt ?? "",
        description: post.metaDescription || post.excerpt || plainExcerpt(post.content),
        metaTitle: post.metaTitle || post.title,
        category: post.category,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        updatedAt: post.updatedAt.toISOString(),
        imageUrl: featuredUrl,
        image: featured?.image ?? null,
        imageAlt: featured?.alt ?? "",
        linkPreview: featured?.preview ?? null,
        views,
        minutes: readingMinutes(post.content),
        html: renderPostHtmlCached(post, { images: bodyImages }),
      },
      related: related.map((r, index) => {
        const imageUrl = relatedUrls[index] ?? null;
        return {
          slug: r.slug,
          title: r.title,
          excerpt: r.excerpt || plainExcerpt(r.content),
          publishedAt: r.publishedAt?.toISOString() ?? null,
          minutes: readingMinutes(r.content),
          imageUrl,
          image: imageUrl ? (images.get(imageUrl)?.image ?? null) : null,
        };
      }),
    },
    {
      // Rendered per request the count includes this reader, so no shared cache may keep it; the
      // page cache's copy shows the count as it was rendered (at most a minute old).
      headers: shared
        ? { [POST_VIEW_HEADER]: String(post.id) }
        : {
            "Cache-Control": "private, no-store",
            ...(preview ? { "X-Robots-Tag": "noindex" } : {}),
          },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData?.found) {
    const title = loaderData?.unavailable ? "Temporarily unavailable" : "Page not found";
    return [
      { title: `${title} | ${rootData(matches).siteName}` },
      { name: "robots", content: "noindex" },
    ];
  }
  const { post, preview } = loaderData;
  return [
    ...seo(matches, {
      title: post.metaTitle,
      description: post.description,
      path: `/blog/${encodeURIComponent(params.slug)}`,
      image: post.linkPreview ?? post.imageUrl ?? undefined,
      type: "article",
      noindex: preview,
    }),
    ...(post.image ? [preloadImage(post.image, IMAGE_SIZES.article)] : []),
    ...(post.publishedAt
      ? [{ property: "article:published_time", content: post.publishedAt }]
      : []),
    { property: "article:modified_time", content: post.updatedAt },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${rootData(matches).siteName} Blog`,
      href: "/blog/rss.xml",
    },
    ...(post.category ? [{ property: "article:section", content: post.category.name }] : []),
  ];
};

function NotFound({ unavailable }: { unavailable: boolean }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-6xl font-extrabold tracking-tight text-ink">
        {unavailable ? "503" : "404"}
      </h1>
      <p className="text-xl text-muted">
        {unavailable
          ? "This post cannot be shown right now. Please try again in a few minutes."
          : "Oops! Page not found"}
      </p>
      <div className="flex flex-wrap justify-center gap-6">
        <Link to="/blog" className="font-semibold text-primary-strong underline underline-offset-4">
          Back to Blog
        </Link>
        <Link to="/" className="font-semibold text-primary-strong underline underline-offset-4">
          Return to Home
        </Link>
      </div>
    </section>
  );
}

type PostData = Extract<Route.ComponentProps["loaderData"], { found: true }>["post"];

function ArticleJsonLd({ post }: { post: PostData }) {
  const nonce = useNonce();
  const root = useRouteLoaderData("root") as { siteUrl?: string; siteName?: string } | undefined;
  const siteUrl = root?.siteUrl ?? "";
  const siteName = root?.siteName ?? "AI Solutions";
  const url = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
  const organization = { "@type": "Organization", name: siteName, url: siteUrl || undefined };
  const article = {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.metaTitle,
    description: post.description,
    ...(post.imageUrl
      ? { image: [post.linkPreview?.url ?? absoluteUrl(siteUrl, post.imageUrl)] }
      : {}),
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    dateModified: post.updatedAt,
    ...(post.category ? { articleSection: post.category.name } : {}),
    author: organization,
    publisher: organization,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  };
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // JSON is escaped so that no "</script>" in a title can end the block.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serialised data, not markup
      dangerouslySetInnerHTML={{ __html: JSON.stringify(article).replace(/</g, "\\u003c") }}
    />
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <NotFound unavailable={loaderData.unavailable} />;
  const { post, preview, related } = loaderData;
  return (
    <>
      {preview ? null : <ArticleJsonLd post={post} />}
      <PostArticle
        post={post}
        notice={
          preview ? (
            <div
              role="status"
              className="mt-6 flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
            >
              <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                <strong className="font-semibold">Draft preview.</strong> This post is not
                published; only admins can see it, and views are not counted.
              </p>
            </div>
          ) : null
        }
      />
      <PostRelated posts={related} />
    </>
  );
}
