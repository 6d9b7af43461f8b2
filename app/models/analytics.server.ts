import { and, desc, gte, inArray, like, lte, notLike, sql } from "drizzle-orm";
import { utcDay } from "~/analytics/page-view-buffer.server";
import type { AnalyticsRange } from "~/analytics/ranges";
import type { Db } from "~/db/client.server";
import { webPageViews, webPosts } from "~/db/schema.server";

export { analyticsRanges, parseAnalyticsRange } from "~/analytics/ranges";

export const TOP_LIST_SIZE = 10;

export interface DayViews {
  day: string;
  views: number;
}

export interface AnalyticsReport {
  days: AnalyticsRange;
  from: string;
  to: string;
  total: number;
  /** One entry per day of the range, oldest first; days without views are 0. */
  perDay: DayViews[];
  topPages: { path: string; views: number }[];
  /** "" is direct and internal visits. */
  topReferrers: { host: string; views: number }[];
  /** Blog post pages, with the post's title when the post exists. */
  topPosts: { path: string; slug: string; title: string | null; views: number }[];
  /** Whether any view was ever counted, in any range. */
  everCounted: boolean;
}

function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return utcDay(date);
}

/** Every day from `from` to `to` (inclusive) with its views, 0 where there were none. */
export function fillDays(from: string, to: string, rows: DayViews[]): DayViews[] {
  const byDay = new Map(rows.map((row) => [row.day, row.views]));
  const days: DayViews[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    days.push({ day, views: byDay.get(day) ?? 0 });
  }
  return days;
}

const views = sql<number>`sum(${webPageViews.views})::int`;

export async function getAnalyticsReport(
  db: Db,
  options: { days: AnalyticsRange; today?: string },
): Promise<AnalyticsReport> {
  const to = options.today ?? utcDay(new Date());
  const from = addDays(to, -(options.days - 1));
  const inRange = and(gte(webPageViews.day, from), lte(webPageViews.day, to));

  const [perDayRows, topPages, topReferrers, postRows, anyRow] = await Promise.all([
    db
      .select({ day: webPageViews.day, views })
      .from(webPageViews)
      .where(inRange)
      .groupBy(webPageViews.day),
    db
      .select({ path: webPageViews.path, views })
      .from(webPageViews)
      .where(inRange)
      .groupBy(webPageViews.path)
      .orderBy(desc(views), webPageViews.path)
      .limit(TOP_LIST_SIZE),
    db
      .select({ host: webPageViews.referrerHost, views })
      .from(webPageViews)
      .where(inRange)
      .groupBy(webPageViews.referrerHost)
      .orderBy(desc(views), webPageViews.referrerHost)
      .limit(TOP_LIST_SIZE),
    db
      .select({ path: webPageViews.path, views })
      .from(webPageViews)
      // One path segment after /blog/: a post, not /blog itself or a deeper listing.
      .where(
        and(inRange, like(webPageViews.path, "/blog/_%"), notLike(webPageViews.path, "/blog/%/%")),
      )
      .groupBy(webPageViews.path)
      .orderBy(desc(views), webPageViews.path)
      .limit(TOP_LIST_SIZE),
    db.select({ day: webPageViews.day }).from(webPageViews).limit(1),
  ]);

  const slugs = postRows.map((row) => row.path.slice("/blog/".length));
  const titles = new Map<string, string>();
  if (slugs.length > 0) {
    const posts = await db
      .select({ slug: webPosts.slug, title: webPosts.title })
      .from(webPosts)
      .where(inArray(webPosts.slug, slugs));
    for (const post of posts) titles.set(post.slug, post.title);
  }

  const perDay = fillDays(
    from,
    to,
    perDayRows.map((row) => ({ day: String(row.day), views: Number(row.views) })),
  );
  return {
    days: options.days,
    from,
    to,
    total: perDay.reduce((sum, day) => sum + day.views, 0),
    perDay,
    topPages: topPages.map((row) => ({ path: row.path, views: Number(row.views) })),
    topReferrers: topReferrers.map((row) => ({ host: row.host, views: Number(row.views) })),
    topPosts: postRows.map((row, i) => ({
      path: row.path,
      slug: slugs[i] as string,
      title: titles.get(slugs[i] as string) ?? null,
      views: Number(row.views),
    })),
    everCounted: anyRow.length > 0,
  };
}
