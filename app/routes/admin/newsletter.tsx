import { Download, Mail } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useActionData, useLocation } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireAdmin } from "~/auth/session.server";
import { ListFilters } from "~/components/admin/subscribers/list-filters";
import { Pagination } from "~/components/admin/subscribers/pagination";
import { StatCards } from "~/components/admin/subscribers/stat-cards";
import { SubscriberList } from "~/components/admin/subscribers/subscriber-list";
import { TabHeader } from "~/components/admin/tab-header";
import { showToast } from "~/components/toaster";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { listSubscribers, setSubscriptionStatus } from "~/models/admin-subscribers.server";
import { subscriberActionSchema, subscriberListQuerySchema } from "~/schemas/admin/subscribers";
import type { Route } from "./+types/newsletter";

const LOAD_FAILED = "Failed to load newsletter subscriptions.";
const UNSUBSCRIBE_FAILED = "Failed to unsubscribe user.";
const REACTIVATE_FAILED = "Failed to reactivate subscriber.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const query = subscriberListQuerySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const list = await listSubscribers(getDb(), query);
    return {
      loadError: false as const,
      query,
      ...list,
      rows: list.rows.map((row) => ({
        id: row.id,
        email: row.email,
        status: row.status,
        subscribedAt: row.subscribedAt.toISOString(),
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      })),
    };
  } catch (error) {
    logger.error({ err: error }, "could not load newsletter subscriptions");
    return data({ loadError: true as const, query }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const values = await readAdminPayload(request, "Failed to update subscriber.");
  const failure = values.intent === "reactivate" ? REACTIVATE_FAILED : UNSUBSCRIBE_FAILED;
  const input = parseAdminInput(subscriberActionSchema, values, failure);
  const status = input.intent === "unsubscribe" ? "unsubscribed" : "active";
  let result: Awaited<ReturnType<typeof setSubscriptionStatus>>;
  try {
    result = await setSubscriptionStatus(getDb(), input.id, status);
  } catch (error) {
    logger.error({ err: error, id: input.id }, "could not change a subscription");
    return adminFailure(failure, "Please try again.", { status: 500 });
  }
  if (!result) {
    return adminFailure(failure, "This subscriber no longer exists.", { status: 404 });
  }
  if (result.changed) {
    await adminChanged(admin, {
      action: input.intent === "unsubscribe" ? "unsubscribed" : "reactivated",
      entity: "newsletter subscriber",
      entityId: input.id,
      details: { email: result.row.email },
    });
  }
  return adminSuccess(
    input.intent === "unsubscribe"
      ? "Subscriber has been unsubscribed"
      : "Subscriber has been reactivated",
    result.row.email,
  );
}

const statusOptions = [
  { value: "all", label: "All statuses" },
  { value: "active", label: "Active" },
  { value: "unsubscribed", label: "Unsubscribed" },
];

export default function NewsletterTab({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  // Only a form posted before JavaScript loaded answers here; a fetcher's answer is a toast.
  const actionData = useActionData<typeof action>();
  const failed = loaderData.loadError;
  useEffect(() => {
    if (failed) void showToast({ type: "error", title: LOAD_FAILED });
  }, [failed]);

  const exportParams = new URLSearchParams(search);
  exportParams.delete("page");
  const exportQuery = exportParams.toString();
  const exportHref = `/admin/newsletter/export${exportQuery ? `?${exportQuery}` : ""}`;
  const filtered = loaderData.query.q !== "" || loaderData.query.status !== "all";

  return (
    <div>
      <TabHeader
        title="Newsletter"
        description="Everyone who subscribed through the site. Unsubscribed addresses get no newsletters."
      >
        {!loaderData.loadError && loaderData.counts.total > 0 ? (
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden />
              {filtered ? "Export these as CSV" : "Export CSV"}
            </a>
          </Button>
        ) : null}
      </TabHeader>

      {actionData ? (
        <p
          role="status"
          className={
            actionData.ok
              ? "mb-4 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900"
              : "mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-danger"
          }
        >
          {actionData.toast.title}
          {actionData.toast.description ? `: ${actionData.toast.description}` : ""}
        </p>
      ) : null}

      {loaderData.loadError ? (
        <Alert>
          {LOAD_FAILED} Reload the page to try again; if it keeps failing, check the server log.
        </Alert>
      ) : (
        <>
          <StatCards
            label="Subscriber counts"
            items={[
              { label: "Total", value: loaderData.counts.total },
              { label: "Active", value: loaderData.counts.active, emphasis: true },
              { label: "Unsubscribed", value: loaderData.counts.unsubscribed },
            ]}
          />
          {loaderData.counts.total === 0 ? (
            <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
              <Mail aria-hidden className="mx-auto size-8 text-muted" />
              <p className="mt-3 font-medium text-ink">No subscribers yet</p>
              <p className="mt-1 text-sm text-muted">
                Addresses entered in the footer's newsletter form or on the newsletter page show up
                here.
              </p>
            </div>
          ) : (
            <>
              <ListFilters
                idPrefix="subscribers"
                searchLabel="Search by email"
                searchPlaceholder="name@example.com"
                q={loaderData.query.q}
                selects={[
                  {
                    name: "status",
                    label: "Status",
                    value: loaderData.query.status,
                    options: statusOptions,
                  },
                ]}
              />
              {loaderData.rows.length === 0 ? (
                <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-10 text-center">
                  <p className="font-medium text-ink">
                    {loaderData.query.q
                      ? `No subscriber matches “${loaderData.query.q}”`
                      : "No subscriber matches this filter"}
                    {loaderData.query.q && loaderData.query.status !== "all"
                      ? ` among ${loaderData.query.status} subscribers`
                      : ""}
                  </p>
                  <p className="mt-1 text-sm text-muted">
                    <Link
                      to="/admin/newsletter"
                      className="font-medium text-primary-strong underline-offset-4 hover:underline"
                    >
                      Show all subscribers
                    </Link>
                  </p>
                </div>
              ) : (
                <>
                  <SubscriberList subscribers={loaderData.rows} />
                  <Pagination
                    label="Subscriber pages"
                    page={loaderData.page}
                    pageCount={loaderData.pageCount}
                    pageSize={loaderData.pageSize}
                    total={loaderData.total}
                  />
                </>
              )}
            </>
          )}
        </>
      )}
    </div>
  );
}
