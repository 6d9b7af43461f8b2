import { Mail, Newspaper, Settings } from "lucide-react";
import { data, Link, useActionData, useLocation } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import type { CurrentUser } from "~/auth/session.server";
import { ListFilters } from "~/components/admin/subscribers/list-filters";
import {
  ExportCsvButton,
  LoadFailedAlert,
  NoMatch,
  NothingYet,
  PlainPostAnswer,
} from "~/components/admin/subscribers/list-page-parts";
import { Pagination } from "~/components/admin/subscribers/pagination";
import { StatCards } from "~/components/admin/subscribers/stat-cards";
import { SubscriberList } from "~/components/admin/subscribers/subscriber-list";
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { Button } from "~/components/ui/button";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import {
  consentsOf,
  listSubscribers,
  setSubscriptionStatus,
} from "~/models/admin-subscribers.server";
import { listSubscriberTags, setSubscriberTags } from "~/newsletter/campaign-sending.server";
import { subscriberTagsActionSchema } from "~/schemas/admin/campaign-send";
import {
  subscriberActionSchema,
  subscriberListQuerySchema,
  subscriberStatuses,
  subscriberStatusLabels,
  suppressedReasonLabel,
} from "~/schemas/admin/subscribers";
import type { Route } from "./+types/newsletter";

const LOAD_FAILED = "Failed to load newsletter subscriptions.";
const UNSUBSCRIBE_FAILED = "Failed to unsubscribe user.";
const REACTIVATE_FAILED = "Failed to reactivate subscriber.";
const TAGS_FAILED = "Tags Not Saved";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "newsletter");
  const url = new URL(request.url);
  const query = subscriberListQuerySchema.parse(Object.fromEntries(url.searchParams));
  try {
    const db = getDb();
    const [list, tags] = await Promise.all([listSubscribers(db, query), listSubscriberTags(db)]);
    const consents = await consentsOf(
      db,
      list.rows.map((row) => row.id),
    );
    return {
      loadError: false as const,
      query,
      tags,
      ...list,
      rows: list.rows.map((row) => ({
        id: row.id,
        email: row.email,
        status: row.status,
        subscribedAt: row.subscribedAt.toISOString(),
        unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
        confirmedAt: row.confirmedAt?.toISOString() ?? null,
        suppressedReason: row.suppressedReason,
        suppressedAt: row.suppressedAt?.toISOString() ?? null,
        tags: row.tags,
        consents: (consents.get(row.id) ?? []).map((consent) => ({
          ...consent,
          givenAt: consent.givenAt.toISOString(),
        })),
      })),
    };
  } catch (error) {
    logger.error({ err: error }, "could not load newsletter subscriptions");
    return data({ loadError: true as const, query }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "newsletter");
  const values = await readAdminPayload(request, "Failed to update subscriber.");
  if (values.intent === "set-tags") return setTags(admin, values);
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
  if (result.refused === "suppressed") {
    return adminFailure(
      failure,
      `${result.row.email} is suppressed (${suppressedReasonLabel(result.row.suppressedReason)}): it is never mailed again.`,
      { status: 409 },
    );
  }
  if (result.refused === "pending") {
    return adminFailure(
      failure,
      `${result.row.email} is awaiting confirmation: only its owner can confirm it, with the link in the mail.`,
      { status: 409 },
    );
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

/** The subscriber's tags, set by hand (the campaigns' audience may be chosen by tag). */
async function setTags(admin: CurrentUser, values: Record<string, unknown>) {
  const input = parseAdminInput(subscriberTagsActionSchema, values, TAGS_FAILED);
  let found: boolean;
  try {
    found = await setSubscriberTags(getDb(), input.id, input.tags);
  } catch (error) {
    logger.error({ err: error, id: input.id }, "could not set a subscriber's tags");
    return adminFailure(TAGS_FAILED, "Please try again.", { status: 500 });
  }
  if (!found)
    return adminFailure(TAGS_FAILED, "This subscriber no longer exists.", { status: 404 });
  await adminChanged(admin, {
    action: "tagged",
    entity: "newsletter subscriber",
    entityId: input.id,
    details: { tags: input.tags },
  });
  return adminSuccess(
    "Tags Saved",
    input.tags.length > 0 ? `Tags: ${input.tags.join(", ")}.` : "No tags now.",
  );
}

const statusOptions = [
  { value: "all", label: "All statuses" },
  ...subscriberStatuses.map((status) => ({ value: status, label: subscriberStatusLabels[status] })),
];

export default function NewsletterTab({ loaderData }: Route.ComponentProps) {
  const { search } = useLocation();
  // Only a form posted before JavaScript loaded answers here; a fetcher's answer is a toast.
  const actionData = useActionData<typeof action>();
  useLoadFailureToast(loaderData.loadError, LOAD_FAILED);

  const filtered =
    loaderData.query.q !== "" || loaderData.query.status !== "all" || loaderData.query.tag !== "";

  return (
    <div>
      <TabHeader
        title="Newsletter"
        description="Everyone who subscribed through the site. Only active addresses get newsletters: not those awaiting confirmation, unsubscribed or suppressed."
      >
        <Button asChild variant="outline">
          <Link to="/admin/newsletter/campaigns">
            <Newspaper aria-hidden />
            Campaigns
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin/newsletter/settings">
            <Settings aria-hidden />
            Newsletter settings
          </Link>
        </Button>
        {!loaderData.loadError && loaderData.counts.total > 0 ? (
          <ExportCsvButton
            path="/admin/newsletter/export"
            search={search}
            drop={["page"]}
            filtered={filtered}
          />
        ) : null}
      </TabHeader>

      <PlainPostAnswer answer={actionData} />

      {loaderData.loadError ? (
        <LoadFailedAlert title={LOAD_FAILED} />
      ) : (
        <>
          <StatCards
            label="Subscriber counts"
            items={[
              { label: "Total", value: loaderData.counts.total },
              { label: "Active", value: loaderData.counts.active, emphasis: true },
              { label: "Awaiting confirmation", value: loaderData.counts.pending },
              { label: "Unsubscribed", value: loaderData.counts.unsubscribed },
              { label: "Suppressed", value: loaderData.counts.suppressed },
            ]}
          />
          {loaderData.counts.total === 0 ? (
            <NothingYet icon={Mail} title="No subscribers yet">
              Addresses entered in the footer's newsletter form or on the newsletter page show up
              here.
            </NothingYet>
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
                  ...(loaderData.tags.length > 0 || loaderData.query.tag
                    ? [
                        {
                          name: "tag",
                          label: "Tag",
                          value: loaderData.query.tag,
                          options: [
                            { value: "", label: "Any tag" },
                            ...loaderData.tags.map(({ tag, count }) => ({
                              value: tag,
                              label: `${tag} (${count})`,
                            })),
                          ],
                        },
                      ]
                    : []),
                ]}
              />
              {loaderData.rows.length === 0 ? (
                <NoMatch
                  title={`${
                    loaderData.query.q
                      ? `No subscriber matches “${loaderData.query.q}”`
                      : "No subscriber matches this filter"
                  }${
                    loaderData.query.q && loaderData.query.status !== "all"
                      ? ` among ${subscriberStatusLabels[loaderData.query.status].toLowerCase()} subscribers`
                      : ""
                  }`}
                  showAllTo="/admin/newsletter"
                  showAllLabel="Show all subscribers"
                />
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
