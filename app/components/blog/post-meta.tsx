import { Calendar, Clock, Eye } from "lucide-react";
import { viewsLabel } from "~/blog/post-view";
import { formatDate } from "~/lib/dates";

/** Date, views (where they are counted) and reading time under a post's title. */
export function PostMeta({
  date,
  views,
  minutes,
}: {
  date: string | null;
  views: number | null;
  minutes: number;
}) {
  return (
    <dl className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-muted">
      {date ? (
        <div className="inline-flex items-center gap-1.5">
          <dt>
            <Calendar aria-hidden="true" className="size-4" />
            <span className="sr-only">Published</span>
          </dt>
          <dd>
            <time dateTime={date}>{formatDate(date)}</time>
          </dd>
        </div>
      ) : null}
      {views === null ? null : (
        <div className="inline-flex items-center gap-1.5">
          <dt>
            <Eye aria-hidden="true" className="size-4" />
            <span className="sr-only">Views</span>
          </dt>
          <dd data-testid="post-views">{viewsLabel(views)}</dd>
        </div>
      )}
      <div className="inline-flex items-center gap-1.5">
        <dt>
          <Clock aria-hidden="true" className="size-4" />
          <span className="sr-only">Reading time</span>
        </dt>
        <dd>{minutes} min read</dd>
      </div>
    </dl>
  );
}
