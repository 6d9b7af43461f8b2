import { BarChart3, ShieldCheck } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { parseAnalyticsRange } from "~/analytics/ranges";
import { requireSection } from "~/auth/permissions.server";
import { formatLongDay, formatViews, viewsLabel } from "~/components/admin/analytics/format";
import { RangePicker } from "~/components/admin/analytics/range-picker";
import { TopList } from "~/components/admin/analytics/top-list";
import { ViewsChart } from "~/components/admin/analytics/views-chart";
import { TabHeader } from "~/components/admin/tab-header";
import { getDb } from "~/db/client.server";
import { cn } from "~/lib/utils";
import { getAnalyticsReport } from "~/models/analytics.server";
import type { Route } from "./+types/analytics";

export const meta: Route.MetaFunction = () => [
  { title: "Analytics | Admin dashboard | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "analytics");
  const days = parseAnalyticsRange(new URL(request.url).searchParams.get("days"));
  return { report: await getAnalyticsReport(getDb(), { days }) };
}

function PageLink({ path }: { path: string }) {
  return (
    <Link
      to={path}
      className="break-all font-medium text-ink underline-offset-4 hover:text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
    >
      {path}
    </Link>
  );
}

function Figure({
  label,
  value,
  detail,
  className,
}: {
  label: string;
  value: string;
  detail?: string;
  className?: string;
}) {
  return (
    <div className={cn("rounded-2xl border border-line bg-white p-4 shadow-sm sm:p-5", className)}>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="mt-1 text-xl font-bold tracking-tight tabular-nums sm:text-2xl">{value}</dd>
      {detail ? <dd className="mt-0.5 text-xs text-muted">{detail}</dd> : null}
    </div>
  );
}

function CountingNote() {
  return (
    <p className="mt-6 flex items-start gap-2 rounded-lg bg-surface px-4 py-3 text-sm text-muted">
      <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary-strong" />
      <span>
        Counted on this site's own server, without cookies or third-party scripts: one view per page
        opened, by a link from outside or a click within the site. Bots, link checks, prefetches and
        signed-in admins are not counted, and of a referring site only its name is kept. New views
        show within a few seconds; days are in UTC.
      </span>
    </p>
  );
}

export default function AnalyticsTab({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const navigation = useNavigation();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === "/admin/analytics";
  const busiest = report.perDay.reduce<(typeof report.perDay)[number] | undefined>(
    (best, day) => (day.views > (best?.views ?? 0) ? day : best),
    undefined,
  );
  const rangeText = `the last ${report.days} days`;

  return (
    <div>
      <TabHeader
        title="Analytics"
        description={`Page views of the public site in ${rangeText}, ${formatLongDay(report.from)} to ${formatLongDay(report.to)}.`}
      >
        <RangePicker current={report.days} />
      </TabHeader>

      <div
        aria-busy={loading}
        className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}
      >
        {!report.everCounted ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-line bg-white px-6 py-12 text-center">
            <BarChart3 aria-hidden className="size-10 text-primary" />
            <h3 className="mt-3 text-lg font-semibold">No page views yet</h3>
            <p className="mt-1 max-w-md text-sm text-muted">
              Views are counted as visitors open the public pages and show up here within a few
              seconds, with the pages, referring sites and blog posts they came to.
            </p>
          </div>
        ) : (
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
              <Figure label="Total views" value={formatViews(report.total)} detail={rangeText} />
              <Figure
                label="Daily average"
                value={(report.total / report.days).toLocaleString("en-US", {
                  maximumFractionDigits: 1,
                })}
                detail="views per day"
              />
              <Figure
                className="col-span-2 sm:col-span-1"
                label="Busiest day"
                value={busiest ? formatLongDay(busiest.day) : "—"}
                detail={busiest ? viewsLabel(busiest.views) : `no views in ${rangeText}`}
              />
            </dl>
            <ViewsChart perDay={report.perDay} />
            <div className="grid gap-6 lg:grid-cols-3">
              <TopList
                title="Top pages"
                empty={`No page views in ${rangeText}.`}
                items={report.topPages.map((page) => ({
                  key: page.path,
                  label: <PageLink path={page.path} />,
                  views: page.views,
                }))}
              />
              <TopList
                title="Top referrers"
                empty={`No visits in ${rangeText}.`}
                items={report.topReferrers.map((referrer) => ({
                  key: referrer.host || "(direct)",
                  label: referrer.host ? (
                    <span className="break-all font-medium">{referrer.host}</span>
                  ) : (
                    <span className="font-medium italic">Direct / internal</span>
                  ),
                  views: referrer.views,
                }))}
              />
              <TopList
                title="Top posts"
                empty={`No blog post views in ${rangeText}.`}
                items={report.topPosts.map((post) => ({
                  key: post.path,
                  label: post.title ? (
                    <Link
                      to={post.path}
                      className="font-medium text-ink underline-offset-4 hover:text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {post.title}
                    </Link>
                  ) : (
                    <PageLink path={post.path} />
                  ),
                  detail: post.title ? post.path : "No post has this address now",
                  views: post.views,
                }))}
              />
            </div>
          </div>
        )}
      </div>
      <CountingNote />
    </div>
  );
}
