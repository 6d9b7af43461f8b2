import { ArrowLeft } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { PostMeta } from "~/components/blog/post-meta";
import { Picture } from "~/components/responsive-image";
import { IMAGE_SIZES, type ResponsiveImage } from "~/media/responsive";

/** What a post's page shows of it (app/routes/blog/post.tsx, and a post's preview). */
export interface PostArticleData {
  title: string;
  excerpt: string;
  category: { name: string } | null;
  publishedAt: string | null;
  /** None where views are not counted (a preview). */
  views: number | null;
  minutes: number;
  /** The featured image as a library image, when it is one with copies. */
  image: ResponsiveImage | null;
  imageUrl: string | null;
  imageAlt: string;
  /** The body, rendered and sanitized on the server (app/blog/render.server.ts). */
  html: string;
}

/** A post as its page shows it: the header (category, title, excerpt, date), image and body. */
export function PostArticle({
  post,
  notice,
}: {
  post: PostArticleData;
  /** Shown under the way back (a draft's "not published"). */
  notice?: React.ReactNode;
}) {
  return (
    <article>
      <header className="bg-gradient-to-b from-indigo-50 via-white to-white">
        <div className="mx-auto max-w-3xl px-4 pt-10 pb-8 sm:px-6 sm:pt-14">
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-primary-strong hover:underline hover:underline-offset-4"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to Blog
          </Link>
          {notice}
          {post.category ? (
            <p className="mt-6">
              <span className="inline-flex rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm font-medium text-primary-strong">
                {post.category.name}
              </span>
            </p>
          ) : null}
          <h1 className="mt-4 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-5xl">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-4 text-lg break-words text-muted sm:text-xl">{post.excerpt}</p>
          ) : null}
          <PostMeta date={post.publishedAt} views={post.views} minutes={post.minutes} />
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        {post.image ? (
          <div className="mb-10">
            <Picture
              image={post.image}
              alt={post.image.alt}
              sizes={IMAGE_SIZES.article}
              priority
              className="aspect-[16/9] h-auto w-full rounded-2xl border border-line object-cover"
            />
          </div>
        ) : post.imageUrl ? (
          <img
            src={post.imageUrl}
            alt={post.imageAlt}
            className="mb-10 aspect-[16/9] w-full rounded-2xl border border-line object-cover"
            fetchPriority="high"
          />
        ) : null}
        <div
          className="post-body"
          data-testid="post-body"
          // Rendered and sanitized on the server (app/blog/render.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </div>
    </article>
  );
}
