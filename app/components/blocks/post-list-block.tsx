import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PostCard } from "~/components/blog/post-card";
import { Section } from "~/components/marketing/section";
import type { PostListView } from "~/pages/view";

/** The latest posts (of one category, or all), in the blog's cards, with a link to the rest. */
export function PostListBlock({ block }: { block: PostListView }) {
  return (
    <Section id={block.anchor || undefined} title={block.title || undefined} tone="muted">
      {block.posts.length === 0 ? (
        <p className="text-center text-muted">No articles yet. Check back soon.</p>
      ) : (
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {block.posts.map((post) => (
            <li key={post.slug}>
              <PostCard post={post} headingLevel={block.title ? "h3" : "h2"} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-10 text-center">
        <Link
          to={block.moreHref}
          className="inline-flex items-center gap-1 font-semibold text-primary-strong underline-offset-4 hover:underline"
        >
          See all articles <ArrowRight aria-hidden className="size-4" />
        </Link>
      </p>
    </Section>
  );
}
