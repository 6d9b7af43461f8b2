import { Activity, FileText, Link2, type LucideIcon, Newspaper } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { formatDateTime, plural } from "~/components/admin/kit/format";
import { cn } from "~/lib/utils";

export interface OverviewFigures {
  site: { live: boolean };
  pages: { total: number; fixed: number; posts: number } | null;
  posts: { total: number; published: number; drafts: number; scheduled: number } | null;
  links: { working: number; total: number; finishedAt: Date | string | null } | null;
}

function FigureCard({
  id,
  title,
  icon: Icon,
  value,
  tone = "default",
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  value: React.ReactNode;
  tone?: "default" | "good" | "bad";
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex min-w-0 flex-col rounded-2xl border border-line bg-white p-5 shadow-sm"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={`${id}-title`} className="text-sm font-medium text-muted">
          {title}
        </h3>
        <span
          className={cn(
            "grid size-9 place-items-center rounded-lg",
            tone === "good" && "bg-emerald-50 text-emerald-700",
            tone === "bad" && "bg-red-50 text-danger",
            tone === "default" && "bg-indigo-50 text-primary-strong",
          )}
        >
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      <p
        className={cn(
          "mt-2 text-3xl font-bold tracking-tight tabular-nums",
          tone === "good" && "text-emerald-700",
          tone === "bad" && "text-danger",
        )}
        data-testid={`${id}-value`}
      >
        {value}
      </p>
      <div className="mt-2 text-sm text-muted">{children}</div>
    </section>
  );
}

const linkClass =
  "font-medium text-primary-strong underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-primary";

/** The overview's four figures, each counted from the site's data. */
export function OverviewCards({ figures }: { figures: OverviewFigures }) {
  const { site, pages, posts, links } = figures;
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <FigureCard id="total-pages" title="Total Pages" icon={FileText} value={pages?.total ?? "—"}>
        {pages ? (
          <p>
            Public pages in the sitemap: {plural(pages.fixed, "site page")} and{" "}
            {plural(pages.posts, "published post")}.
          </p>
        ) : (
          <p>Unknown while the database does not answer.</p>
        )}
      </FigureCard>

      <FigureCard
        id="active-links"
        title="Active Links"
        icon={Link2}
        value={links ? links.working : "—"}
      >
        {links ? (
          <p>
            Working, of {plural(links.total, "link")} found by the audit of{" "}
            {links.finishedAt ? formatDateTime(links.finishedAt) : "an unknown date"}.{" "}
            <Link to="/admin/links" className={linkClass}>
              View links
            </Link>
          </p>
        ) : (
          <p>
            No audit yet —{" "}
            <Link to="/admin/links" className={linkClass}>
              run one
            </Link>
          </p>
        )}
      </FigureCard>

      <FigureCard id="blog-posts" title="Blog Posts" icon={Newspaper} value={posts?.total ?? "—"}>
        {posts ? (
          <dl className="flex flex-wrap gap-x-4 gap-y-1">
            <div className="flex gap-1">
              <dt>Published</dt>
              <dd className="font-semibold text-ink tabular-nums" data-testid="posts-published">
                {posts.published}
              </dd>
            </div>
            <div className="flex gap-1">
              <dt>Drafts</dt>
              <dd className="font-semibold text-ink tabular-nums" data-testid="posts-drafts">
                {posts.drafts}
              </dd>
            </div>
            {posts.scheduled > 0 ? (
              <div className="flex gap-1">
                <dt>Scheduled</dt>
                <dd className="font-semibold text-ink tabular-nums" data-testid="posts-scheduled">
                  {posts.scheduled}
                </dd>
              </div>
            ) : null}
          </dl>
        ) : (
          <p>Unknown while the database does not answer.</p>
        )}
      </FigureCard>

      <FigureCard
        id="site-status"
        title="Site Status"
        icon={Activity}
        value={site.live ? "Live" : "Degraded"}
        tone={site.live ? "good" : "bad"}
      >
        <p>
          {site.live
            ? "The database answers the readiness check."
            : "The database does not answer: visitors may see errors. Check the server's logs."}
        </p>
      </FigureCard>
    </div>
  );
}
