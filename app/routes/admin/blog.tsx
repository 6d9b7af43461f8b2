import { desc } from "drizzle-orm";
import { requireAdmin } from "~/auth/session.server";
import { TabHeader } from "~/components/admin/tab-header";
import { getDb } from "~/db/client.server";
import { webPosts } from "~/db/schema.server";
import { formatDate } from "~/lib/dates";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const posts = await getDb()
    .select({
      id: webPosts.id,
      title: webPosts.title,
      status: webPosts.status,
      createdAt: webPosts.createdAt,
    })
    .from(webPosts)
    .orderBy(desc(webPosts.createdAt))
    .limit(200);
  return { posts: posts.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })) };
}

// The list of posts; creating and editing them is the blog manager's work (its own issue).
export default function AdminBlog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <section>
      <TabHeader title="Blog" description="Posts, newest first." />
      {posts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line p-8 text-center text-muted">
          No posts yet.
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-lg border border-line bg-white">
          {posts.map((post) => (
            <li key={post.id} className="flex flex-wrap items-center justify-between gap-2 p-4">
              <span className="font-medium">{post.title}</span>
              <span className="text-sm text-muted">
                {post.status} · <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
