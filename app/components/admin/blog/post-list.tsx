import { ExternalLink, Search, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useLocation, useSearchParams } from "react-router";
import { PostConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import { RowDeleteButton, RowEditLink } from "~/components/admin/kit/row-actions";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { formatDate } from "~/lib/dates";
import { cn } from "~/lib/utils";
import { formatInZone } from "~/lib/zoned-time";
import type { AdminPost } from "~/models/admin-blog.server";
import { type BlogPostStatus, POST_STATUSES } from "~/schemas/admin/blog";
import { statusLabels } from "./post-values";

const badgeClasses: Record<BlogPostStatus, string> = {
  scheduled: "bg-sky-50 text-sky-800 ring-sky-200",
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  draft: "bg-amber-50 text-amber-900 ring-amber-200",
  archived: "bg-slate-100 text-slate-700 ring-slate-200",
};

export function StatusBadge({ status }: { status: BlogPostStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        badgeClasses[status],
      )}
    >
      {statusLabels[status]}
    </span>
  );
}

/** All Posts: newest first, with a status filter, a search, pages, delete, and Edit to each post's editor. */
export function PostList({
  posts,
  total,
  page,
  pages,
  status,
  q,
  scheduled,
  timeZone,
  loadFailed,
}: {
  scheduled: { id: number; title: string; publishedAt: string | null }[];
  timeZone: string;
  posts: AdminPost[];
  total: number;
  page: number;
  pages: number;
  status: BlogPostStatus | null;
  q: string;
  loadFailed: boolean;
}) {
  const [deleting, setDeleting] = useState<AdminPost | null>(null);
  // Back from a post's editor: the focus is on that post's Edit again, as it was before.
  const fromPost = (useLocation().state as { fromPost?: number } | null)?.fromPost;
  useEffect(() => {
    if (fromPost) document.querySelector<HTMLElement>(`a[href="/admin/blog/${fromPost}"]`)?.focus();
  }, [fromPost]);
  const [searchParams] = useSearchParams();
  const focus = useReturnFocus(() => document.getElementById("blog-search"));
  const pageHref = (n: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(n));
    return `/admin/blog?${params.toString()}`;
  };
  const filtered = Boolean(status || q);

  return (
    <div>
      {scheduled.length > 0 ? (
        <section
          aria-labelledby="scheduled-posts"
          className="mb-6 rounded-lg border border-sky-200 bg-sky-50 p-4"
        >
          <h3 id="scheduled-posts" className="mb-2 text-sm font-semibold text-ink">
            Scheduled ({scheduled.length})
          </h3>
          <ul className="space-y-1 text-sm text-ink">
            {scheduled.map((p) => (
              <li key={p.id} className="flex flex-wrap gap-x-2">
                <span className="font-medium">{p.title}</span>
                {p.publishedAt ? (
                  <time dateTime={p.publishedAt} className="text-muted">
                    {formatInZone(p.publishedAt, timeZone)}
                  </time>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="get"
        action="/admin/blog"
        className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end"
        role="search"
      >
        <div className="flex-1 space-y-1">
          <label htmlFor="blog-search" className="text-sm font-medium text-ink">
            Search posts
          </label>
          <div className="relative">
            <Search
              aria-hidden
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            />
            <Input
              id="blog-search"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Title or slug"
              className="pl-9"
              maxLength={100}
            />
          </div>
        </div>
        <div className="space-y-1 sm:w-44">
          <label htmlFor="blog-status" className="text-sm font-medium text-ink">
            Status
          </label>
          <Select id="blog-status" name="status" defaultValue={status ?? ""}>
            <option value="">All statuses</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabels[s]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>

      {loadFailed ? (
        <Alert>
          Failed to fetch blog posts.{" "}
          <a href="/admin/blog" className="font-semibold underline">
            Try again
          </a>
        </Alert>
      ) : posts.length === 0 ? (
        <div className="rounded-lg border border-dashed border-line p-8 text-center text-muted">
          {filtered ? (
            <>
              No posts match.{" "}
              <Link to="/admin/blog" className="font-semibold text-primary-strong underline">
                Show all posts
              </Link>
            </>
          ) : (
            <>
              No posts yet.{" "}
              <Link to="/admin/blog/new" className="font-semibold text-primary-strong underline">
                Write the first one
              </Link>
            </>
          )}
        </div>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted">
            {total} {total === 1 ? "post" : "posts"}
            {filtered ? " found" : ""}
          </p>
          <ul
            aria-label="Blog posts"
            className="divide-y divide-line rounded-lg border border-line bg-white"
          >
            {posts.map((post) => (
              <li
                key={post.id}
                className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="break-words font-semibold text-ink">{post.title}</h3>
                    <StatusBadge status={post.status} />
                  </div>
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
                    <span>{post.categoryName ?? "No category"}</span>
                    <span>
                      {post.status === "scheduled" && post.publishedAt ? (
                        <>
                          Scheduled for{" "}
                          <time dateTime={post.publishedAt}>
                            {formatInZone(post.publishedAt, timeZone)}
                          </time>
                        </>
                      ) : post.publishedAt ? (
                        <>
                          Published{" "}
                          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
                        </>
                      ) : (
                        "Not published"
                      )}
                    </span>
                    <span>
                      {post.viewCount} {post.viewCount === 1 ? "view" : "views"}
                    </span>
                    <span className="break-all">/blog/{post.slug}</span>
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  {post.status === "published" ? (
                    <Button variant="ghost" size="sm" asChild>
                      <a
                        href={`/blog/${encodeURIComponent(post.slug)}`}
                        target="_blank"
                        rel="noreferrer"
                      >
                        <ExternalLink aria-hidden /> View
                        <span className="sr-only"> {post.title} (opens in a new tab)</span>
                      </a>
                    </Button>
                  ) : null}
                  <RowEditLink to={`/admin/blog/${post.id}`} name={post.title} />
                  <RowDeleteButton
                    name={post.title}
                    remember={focus.remember}
                    onDelete={() => setDeleting(post)}
                  />
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2">
              {page > 1 ? (
                <Link to={pageHref(page - 1)} className="text-sm font-semibold text-primary-strong">
                  ← Newer
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-muted">
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link to={pageHref(page + 1)} className="text-sm font-semibold text-primary-strong">
                  Older →
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}

      <DeletePostDialog
        post={deleting}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}

function DeletePostDialog({
  post,
  onClose,
  onCloseAutoFocus,
}: {
  post: AdminPost | null;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const admin = useAdminFetcher({ onSuccess: onClose });
  return (
    <PostConfirmDialog
      open={post !== null}
      title="Delete this post?"
      description={<>“{post?.title}” will be removed from the blog. This cannot be undone.</>}
      action="/admin/blog"
      fields={{ intent: "delete-post", id: post?.id }}
      confirmLabel="Delete post"
      icon={<Trash2 aria-hidden />}
      admin={admin}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
