import { and, desc, eq, lte } from "drizzle-orm";
import { PageHero } from "~/components/marketing/page-hero";
import { Section } from "~/components/marketing/section";
import { getDb } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import { logger } from "~/lib/logger.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: "Blog",
    description:
      "Articles on AI agents, automation and growing a small or medium business with technology.",
    path: "/blog",
  });

// The full blog (search, categories, Load More, post pages) arrives with the blog issue.
export async function loader() {
  try {
    const posts = await getDb()
      .select({
        title: webPosts.title,
        slug: webPosts.slug,
        excerpt: webPosts.excerpt,
        publishedAt: webPosts.publishedAt,
      })
      .from(webPosts)
      .where(and(eq(webPosts.status, "published"), lte(webPosts.publishedAt, new Date())))
      .orderBy(desc(webPosts.publishedAt))
      .limit(6);
    return { posts };
  } catch (error) {
    logger.error({ err: error }, "could not load blog posts");
    return { posts: [] };
  }
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        badge="Blog"
        title="Insights on AI and automation"
        description="Practical articles on AI agents, automation and technology for growing businesses."
      />
      <Section tightTop>
        {loaderData.posts.length === 0 ? (
          <p className="py-12 text-center text-lg text-muted">No posts found</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {loaderData.posts.map((post) => (
              <li key={post.slug} className="rounded-2xl border border-line bg-white p-6 shadow-sm">
                <h2 className="text-lg font-semibold text-ink">{post.title}</h2>
                {post.excerpt ? <p className="mt-2 text-muted">{post.excerpt}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </>
  );
}
