import { ArrowRight, CalendarDays, Clock } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/responsive-image";
import { IMAGE_SIZES, type ResponsiveImage } from "~/media/responsive";

/** What a blog card shows; the loader prepares it (excerpt fallback, image, reading time, date). */
export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  /** The responsive form of `image` when it is a library image. */
  picture: ResponsiveImage | null;
  /** ISO time, for the <time> element. */
  publishedAt: string;
  /** The date as shown, formatted on the server so both renders agree. */
  publishedLabel: string;
  readingMinutes: number;
  category: { name: string; slug: string } | null;
}

const IMAGE_CLASS =
  "size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]";

/**
 * One post in the blog list: picture, category badge, title, excerpt, date, reading time, link.
 * `priority` is for the first card, the list's largest image above the fold.
 */
export function PostCard({
  post,
  eager = false,
  priority = false,
  headingLevel: Heading = "h2",
}: {
  post: PostCardData;
  eager?: boolean;
  priority?: boolean;
  /** h3 where the list sits under a heading of its own (a page's post list block). */
  headingLevel?: "h2" | "h3";
}) {
  const href = `/blog/${encodeURIComponent(post.slug)}`;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
      {/* Decorative: the title next to it says what the post is. */}
      <div className="aspect-[16/9] overflow-hidden bg-indigo-50">
        {post.picture ? (
          <Picture
            image={post.picture}
            alt=""
            sizes={IMAGE_SIZES.card}
            priority={priority}
            className={IMAGE_CLASS}
          />
        ) : (
          <img
            src={post.image}
            alt=""
            width={640}
            height={360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
            className={IMAGE_CLASS}
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        {post.category ? (
          <span className="self-start rounded-full bg-indigo-50 px-3 py-1 text-xs font-semibold text-primary-strong">
            {post.category.name}
          </span>
        ) : null}
        <Heading className="mt-3 text-xl font-semibold leading-snug text-ink">
          <Link
            to={href}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-focus-within:text-primary-strong group-hover:text-primary-strong"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="mt-3 line-clamp-3 text-muted">{post.excerpt}</p> : null}
        <div className="mt-auto pt-6">
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden className="size-4" />
              <time dateTime={post.publishedAt}>{post.publishedLabel}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock aria-hidden className="size-4" />
              {post.readingMinutes} min read
            </span>
          </p>
          <span
            aria-hidden
            className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-strong"
          >
            Read More
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </div>
    </article>
  );
}
