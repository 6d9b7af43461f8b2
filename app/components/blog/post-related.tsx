import { ArrowRight, Clock } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/responsive-image";
import { formatDate } from "~/lib/dates";
import { IMAGE_SIZES, type ResponsiveImage } from "~/media/responsive";

export interface RelatedPost {
  slug: string;
  title: string;
  excerpt: string;
  publishedAt: string | null;
  minutes: number;
  imageUrl: string | null;
  image: ResponsiveImage | null;
}

/** Up to two more posts of the same category, below the article. */
export function PostRelated({ posts }: { posts: RelatedPost[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-posts" className="border-t border-line bg-surface">
      <div className="mx-auto max-w-5xl px-4 py-14 sm:px-6 lg:px-8">
        <h2 id="related-posts" className="text-2xl font-bold tracking-tight text-ink">
          Related Posts
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {posts.map((post) => (
            <li key={post.slug}>
              <Link
                to={`/blog/${encodeURIComponent(post.slug)}`}
                className="group flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
              >
                {post.image ? (
                  <Picture
                    image={post.image}
                    alt=""
                    sizes={IMAGE_SIZES.related}
                    className="aspect-[16/9] h-auto w-full object-cover"
                  />
                ) : post.imageUrl ? (
                  <img
                    src={post.imageUrl}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[16/9] w-full object-cover"
                  />
                ) : (
                  <div
                    aria-hidden="true"
                    className="aspect-[16/9] w-full bg-gradient-to-br from-indigo-100 via-violet-50 to-white"
                  />
                )}
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-lg font-semibold text-ink group-hover:text-primary-strong">
                    {post.title}
                  </h3>
                  {post.excerpt ? (
                    <p className="mt-2 line-clamp-3 text-sm text-muted">{post.excerpt}</p>
                  ) : null}
                  <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 pt-4 text-sm text-muted">
                    {post.publishedAt ? (
                      <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                    ) : null}
                    <span className="inline-flex items-center gap-1">
                      <Clock aria-hidden="true" className="size-4" />
                      {post.minutes} min read
                    </span>
                    <span className="ml-auto inline-flex items-center gap-1 font-medium text-primary-strong">
                      Read more
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </span>
                  </p>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
