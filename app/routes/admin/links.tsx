import { LinkIcon, Play } from "lucide-react";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import {
  adminChanged,
  adminSuccess,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { LinkAuditProgress } from "~/components/admin/insights/link-audit-progress";
import { LinkResults } from "~/components/admin/insights/link-results";
import { formatDateTime } from "~/components/admin/kit/format";
import { TabHeader } from "~/components/admin/tab-header";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getDatabase } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { getLinkAuditReport, selfOrigin, startLinkAudit } from "~/models/link-audit.server";
import { listPublicPages } from "~/models/overview.server";
import { withRedirectSuggestions } from "~/models/redirects.server";
import { linkFilterSchema, startLinkAuditSchema } from "~/schemas/admin/insights";
import type { Route } from "./+types/links";

export const meta: Route.MetaFunction = () => [{ title: "Links | Admin dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "links");
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const filter = linkFilterSchema.parse(params);
  const database = getDatabase();
  const { latest, report } = await getLinkAuditReport(database, filter);
  // Each broken link to this site with its redirect: made since the audit, or one to make.
  const rows = report ? await withRedirectSuggestions(database.db, report.rows) : [];
  return { latest, report: report ? { ...report, rows } : null, filter };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "links");
  const values = await readAdminPayload(request, "Could not start the link audit");
  parseAdminInput(startLinkAuditSchema, values, "Could not start the link audit");
  const database = getDatabase();
  const env = getEnv();
  const audit = await startLinkAudit(database, admin.id, {
    // The running server itself, on its own port: SITE_URL may be a proxy's public address.
    origin: selfOrigin(env),
    siteOrigins: [env.SITE_URL],
    listedPages: await listPublicPages(database.db),
  });
  if (!audit.started) {
    return adminSuccess("Link audit already running", "Its progress shows on this tab.");
  }
  await adminChanged(admin, { action: "started", entity: "link audit", entityId: audit.id });
  return adminSuccess("Link audit started", "The site's pages are being checked.");
}

/** While an audit runs, the tab asks for its progress every second. */
function usePollWhile(running: boolean) {
  const revalidator = useRevalidator();
  const { state, revalidate } = revalidator;
  useEffect(() => {
    if (!running || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 1_000);
    return () => clearTimeout(timer);
  }, [running, state, revalidate]);
}

/** A toast when the audit this tab watched running ends. */
function useEndToast(
  latest: { id: number; status: string; error: string | null } | null,
  counts: { missing: number; orphan: number } | undefined,
) {
  const watched = useRef<number | null>(null);
  useEffect(() => {
    if (!latest) return;
    if (latest.status === "running") {
      watched.current = latest.id;
      return;
    }
    if (watched.current !== latest.id) return;
    watched.current = null;
    if (latest.status === "finished") {
      const problems = counts ? `${counts.missing} missing, ${counts.orphan} orphan.` : undefined;
      void showToast({ type: "success", title: "Link audit finished", description: problems });
    } else {
      void showToast({
        type: "error",
        title: "Link audit failed",
        description: latest.error ?? undefined,
      });
    }
  }, [latest, counts]);
}

export default function LinksTab({ loaderData }: Route.ComponentProps) {
  const { latest, report, filter } = loaderData;
  const { fetcher, busy } = useAdminFetcher();
  const running = latest?.status === "running";
  usePollWhile(running);
  useEndToast(latest, report?.counts);
  const starting = busy || running;

  return (
    <div>
      <TabHeader
        title="Links"
        description="Crawls the public site's pages and checks every link on them: this site's pages, anchors within a page, and other sites."
      >
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="start-link-audit" />
          <Button type="submit" disabled={starting}>
            <Play aria-hidden />
            {running ? "Audit running…" : busy ? "Starting…" : "Run audit"}
          </Button>
        </fetcher.Form>
      </TabHeader>

      {running && latest ? (
        <LinkAuditProgress
          done={latest.pagesDone}
          total={latest.pagesTotal}
          startedAt={latest.startedAt}
        />
      ) : null}

      {latest?.status === "failed" ? (
        <Alert className="mb-6">
          <p className="font-semibold">The audit of {formatDateTime(latest.startedAt)} failed</p>
          <p className="mt-1">{latest.error ?? "It stopped without a reason."}</p>
          {report ? (
            <p className="mt-1">The results below are from the last audit that finished.</p>
          ) : null}
        </Alert>
      ) : null}

      {report ? (
        <LinkResults report={report} filter={filter} />
      ) : running ? null : (
        <div className="rounded-2xl border border-dashed border-line bg-surface px-6 py-12 text-center">
          <LinkIcon aria-hidden className="mx-auto size-8 text-muted" />
          <h3 className="mt-3 font-semibold">No audit yet</h3>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">
            Run an audit to crawl the site from its home page and sitemap, and see which links work,
            which are missing, and which pages nothing links to.
          </p>
          <fetcher.Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="start-link-audit" />
            <Button type="submit" variant="outline" disabled={starting}>
              Run the first audit
            </Button>
          </fetcher.Form>
        </div>
      )}
    </div>
  );
}
