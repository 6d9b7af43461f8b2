import { Loader2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useNavigation } from "react-router";
import { blogListHref, ListCategoryFilter, ListSearch } from "~/components/blog/list-controls";
import { PostCard, type PostCardData } from "~/components/blog/post-card";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { buttonVariants } from "~/components/ui/button";
import { noteDatabaseFallback } from "~/lib/database-fallbacks.server";
import { logger } from "~/lib/logger.server";
import { seo } from "~/lib/seo";
import { resolveImages } from "~/media/responsive.server";
import {
  BLOG_MAX_PAGE,
  BLOG_PAGE_SIZE,
  type CategorySummary,
  cardExcerpt,
  cardImage,
  listCategoriesWithPosts,
  listPublishedPosts,
  normalizeQuery,
  readingMinutes,
} from "~/models/blog.server";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...seo(matches, {
    title: "Blog",
    description:
      "Articles on AI agents, automation and growing a small or medium business with technology.",
    path: "/blog",
  }),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: "Blog RSS feed",
    href: "/blog/rss.xml",
  },
];

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

function pageOf(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), BLOG_MAX_PAGE) : 1;
}

/**
 * Search, category and page come from the URL, so every list is linkable. Page n shows the first
 * n × 6 matches: Load More is a plain link to the next page, and in the browser the router loads it
 * without a reload and keeps the scroll position, so the new cards appear under the old ones.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normalizeQuery(url.searchParams.get("q")) ?? "";
  const category = url.searchParams.get("category")?.trim() || null;
  const page = pageOf(url.searchParams.get("page"));
  let categories: CategorySummary[] = [];
  let posts: PostCardData[] = [];
  let hasMore = false;
  try {
    const [list, found] = await Promise.all([
      listPublishedPosts({ q, category, limit: page * BLOG_PAGE_SIZE, offset: 0 }),
      listCategoriesWithPosts(),
    ]);
    categories = found;
    hasMore = list.hasMore && page < BLOG_MAX_PAGE;
    const images = await resolveImages(list.posts.map((post) => post.featuredImageUrl?.trim()));
    posts = list.posts.map((post, index) => {
      const image = cardImage(post, index);
      return {
        slug: post.slug,
        title: post.title,
        excerpt: cardExcerpt(post),
        image,
        picture: images.get(image)?.image ?? null,
        publishedAt: post.publishedAt.toISOString(),
        publishedLabel: dateFormat.format(post.publishedAt),
        readingMinutes: readingMinutes(post.contentLength),
        category: post.category,
      };
    });
  } catch (error) {
    // The spec: a failed load is only logged; the page shows its empty state.
    logger.error({ err: error }, "could not load blog posts");
    noteDatabaseFallback();
  }
  return {
    q,
    category,
    page,
    pageSize: BLOG_PAGE_SIZE,
    hasMore,
    posts,
    categories: categories.map(({ name, slug }) => ({ name, slug })),
  };
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { q, category, page, pageSize, hasMore, posts, categories } = loaderData;
  const navigation = useNavigation();
  const nextHref = blogListHref({ q, category, page: page + 1 });
  const loadingMore =
    navigation.state === "loading" &&
    `${navigation.location.pathname}${navigation.location.search}` === nextHref;
  const filtered = q !== "" || category !== null;
  const list = useRef<HTMLUListElement>(null);
  const shownPage = useRef(page);
  // After Load More, keyboard and screen-reader users continue at the first new card (the button
  // they pressed may be gone).
  useEffect(() => {
    if (page > shownPage.current) {
      const firstNew = list.current?.children[shownPage.current * pageSize];
      firstNew?.querySelector<HTMLAnchorElement>("a")?.focus({ preventScroll: true });
    }
    shownPage.current = page;
  }, [page, pageSize]);

  return (
    <>
      <PageHero
        badge="Blog"
        title="Insights on AI and automation"
        description="Practical articles on AI agents, automation and technology for growing businesses."
      >
        <div className="mt-10">
          <ListSearch q={q} category={category} />
          {categories.length > 0 ? (
            <ListCategoryFilter categories={categories} current={category} q={q} />
          ) : null}
        </div>
      </PageHero>
      <Section tightTop>
        <h2 className="sr-only">Articles</h2>
        {posts.length === 0 ? (
          <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-line bg-surface px-6 py-16 text-center">
            <p className="text-xl font-semibold text-ink">No posts found</p>
            {filtered ? (
              <p className="mt-2 text-muted">
                Try other words or{" "}
                <Link to="/blog" className="font-medium text-primary-strong underline">
                  see all articles
                </Link>
                .
              </p>
            ) : (
              <p className="mt-2 text-muted">New articles are on their way. Check back soon.</p>
            )}
          </div>
        ) : (
          <>
            <ul ref={list} className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <li key={post.slug}>
                  <PostCard post={post} eager={index < 3} priority={index === 0} />
                </li>
              ))}
            </ul>
            {hasMore ? (
              <div className="mt-12 flex justify-center">
                <Link
                  to={nextHref}
                  preventScrollReset
                  rel="next"
                  aria-disabled={loadingMore || undefined}
                  className={buttonVariants({ variant: "outline", size: "lg" })}
                >
                  {loadingMore ? <Loader2 aria-hidden className="animate-spin" /> : null}
                  {loadingMore ? "Loading..." : "Load More Posts"}
                </Link>
              </div>
            ) : null}
          </>
        )}
      </Section>
    </>
  );
}
