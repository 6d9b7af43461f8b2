import { useEffect, useRef } from "react";
import { Link, redirect, useSearchParams } from "react-router";
import { blogAction } from "~/admin/blog.server";
import { requireSection } from "~/auth/permissions.server";
import { CategoryManager } from "~/components/admin/blog/category-manager";
import { PostList } from "~/components/admin/blog/post-list";
import { NoScriptOutcome } from "~/components/admin/integrations/no-script-outcome";
import { TabHeader } from "~/components/admin/tab-header";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { siteTimeZoneFrom } from "~/content/site-defaults";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import type { Toast } from "~/lib/toast";
import { cn } from "~/lib/utils";
import {
  type AdminCategory,
  countPosts,
  listAdminPosts,
  listCategories,
  listScheduledPosts,
} from "~/models/admin-blog.server";
import { getSettingsMap } from "~/models/site.server";
import { type BlogView, blogViews, POST_STATUSES } from "~/schemas/admin/blog";
import type { Route } from "./+types/blog";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "blog");
  const url = new URL(request.url);
  const viewParam = url.searchParams.get("view");
  const view: BlogView = blogViews.includes(viewParam as BlogView)
    ? (viewParam as BlogView)
    : "posts";
  // Create New is the post editor's own page now (an old link still gets there).
  if (view === "new") throw redirect("/admin/blog/new");
  const statusParam = url.searchParams.get("status");
  const status = POST_STATUSES.find((s) => s === statusParam) ?? null;
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const page = Number(url.searchParams.get("page") ?? "1") || 1;
  const db = getDb();
  const timeZone = siteTimeZoneFrom(await getSettingsMap());

  let categories: AdminCategory[] = [];
  try {
    categories = await listCategories(db);
  } catch (error) {
    // The spec: a failed category fetch is only logged.
    logger.error({ err: error }, "Could not load the blog categories");
  }
  try {
    const [list, totalPosts, scheduled] = await Promise.all([
      listAdminPosts(db, { status, q, page }),
      countPosts(db),
      listScheduledPosts(db),
    ]);
    return {
      view,
      status,
      q,
      ...list,
      totalPosts,
      scheduled,
      categories,
      timeZone,
      loadFailed: false,
    };
  } catch (error) {
    logger.error({ err: error }, "Could not load the blog posts");
    return {
      view,
      status,
      q,
      posts: [],
      total: 0,
      page: 1,
      pages: 1,
      totalPosts: -1,
      scheduled: [],
      categories,
      timeZone,
      loadFailed: true,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "blog");
  return blogAction(request, admin);
}

const viewLabels: Record<BlogView, string> = {
  posts: "All Posts",
  new: "Create New",
  categories: "Categories",
};

/** Seeds the sample content once when the tab finds no post at all (toast Sample Content Created). */
function useSampleSeeding(needed: boolean) {
  const { fetcher } = useAdminFetcher();
  const asked = useRef(false);
  useEffect(() => {
    if (!needed || asked.current) return;
    asked.current = true;
    void fetcher.submit({ intent: "seed-sample" }, { method: "post", action: "/admin/blog" });
  }, [needed, fetcher]);
}

export default function AdminBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { view, categories, loadFailed, totalPosts } = loaderData;
  const [searchParams] = useSearchParams();
  useLoadFailureToast(loadFailed, "Failed to fetch blog posts");
  useSampleSeeding(!loadFailed && totalPosts === 0);

  const hrefOf = (next: BlogView) => {
    const params = new URLSearchParams(searchParams);
    params.delete("page");
    if (next === "new") return "/admin/blog/new";
    if (next === "posts") params.delete("view");
    else params.set("view", next);
    const query = params.toString();
    return query ? `/admin/blog?${query}` : "/admin/blog";
  };

  return (
    <section>
      <TabHeader title="Blog" description="Write, publish and organise the blog's posts." />
      <NoScriptOutcome
        result={
          actionData && "toast" in actionData ? (actionData as { ok: boolean; toast: Toast }) : null
        }
      />
      <nav aria-label="Blog sections" className="mb-6">
        <ul className="grid grid-cols-3 gap-1 rounded-lg bg-surface p-1 sm:inline-grid sm:w-auto">
          {blogViews.map((v) => (
            <li key={v}>
              <Link
                to={hrefOf(v)}
                preventScrollReset
                aria-current={view === v ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-2 text-center text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary sm:px-5",
                  view === v ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
                )}
              >
                {viewLabels[v]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {view === "posts" ? (
        <PostList
          posts={loaderData.posts}
          total={loaderData.total}
          page={loaderData.page}
          pages={loaderData.pages}
          status={loaderData.status}
          q={loaderData.q}
          scheduled={loaderData.scheduled}
          timeZone={loaderData.timeZone}
          loadFailed={loadFailed}
        />
      ) : null}
      {view === "categories" ? <CategoryManager categories={categories} /> : null}
    </section>
  );
}
