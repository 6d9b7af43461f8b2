import { Inbox } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useActionData, useLocation, useNavigate } from "react-router";
import {
  adminChanged,
  adminFailure,
  adminSuccess,
  parseAdminInput,
  readAdminPayload,
} from "~/admin/mutation.server";
import { requireSection } from "~/auth/permissions.server";
import { LeadDetailDialog } from "~/components/admin/subscribers/lead-detail-dialog";
import { LeadList } from "~/components/admin/subscribers/lead-list";
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
import { TabHeader } from "~/components/admin/tab-header";
import { useLoadFailureToast } from "~/components/admin/use-load-failure-toast";
import { getDb } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { cn } from "~/lib/utils";
import { getLead, listLeads, setLeadStatus } from "~/models/admin-subscribers.server";
import {
  type LeadListQuery,
  leadKindLabels,
  leadListQuerySchema,
  leadStatusActionSchema,
  leadStatusLabels,
  parseLeadRef,
} from "~/schemas/admin/subscribers";
import type { Route } from "./+types/leads";

const LOAD_FAILED = "Failed to load leads.";
const UPDATE_FAILED = "Failed to update lead status.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireSection(request, "leads");
  const params = new URL(request.url).searchParams;
  const query = leadListQuerySchema.parse(Object.fromEntries(params));
  const ref = params.has("lead") ? parseLeadRef(params.get("lead")) : undefined;
  try {
    const db = getDb();
    const [list, lead] = await Promise.all([
      listLeads(db, query),
      ref ? getLead(db, ref.kind, ref.id) : null,
    ]);
    return {
      loadError: false as const,
      query,
      ...list,
      rows: list.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
      // `leadRequested`: the URL names a lead (found or not), so the detail view opens.
      leadRequested: params.has("lead"),
      lead: lead ? { ...lead, createdAt: lead.createdAt.toISOString() } : null,
    };
  } catch (error) {
    logger.error({ err: error }, "could not load leads");
    return data({ loadError: true as const, query }, { status: 500 });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireSection(request, "leads");
  const values = await readAdminPayload(request, UPDATE_FAILED);
  const input = parseAdminInput(leadStatusActionSchema, values, UPDATE_FAILED);
  let result: Awaited<ReturnType<typeof setLeadStatus>>;
  try {
    result = await setLeadStatus(getDb(), input.kind, input.id, input.status);
  } catch (error) {
    logger.error({ err: error, kind: input.kind, id: input.id }, "could not change a lead");
    return adminFailure(UPDATE_FAILED, "Please try again.", { status: 500 });
  }
  if (!result) return adminFailure(UPDATE_FAILED, "This lead no longer exists.", { status: 404 });
  if (result.previous !== input.status) {
    await adminChanged(admin, {
      action: "updated status",
      entity: input.kind === "consultation" ? "consultation request" : "contact message",
      entityId: input.id,
      // Who and what changed; never the message itself.
      details: { from: result.previous, to: input.status, email: result.lead.email },
    });
  }
  return adminSuccess(
    `Lead marked as ${leadStatusLabels[input.status].toLowerCase()}`,
    `${result.lead.name} (${leadKindLabels[input.kind].toLowerCase()})`,
  );
}

const typeTabs: { value: LeadListQuery["type"]; label: string }[] = [
  { value: "all", label: "All" },
  { value: "consultation", label: "Consultations" },
  { value: "contact", label: "Contact messages" },
];

const statusOptions = [
  { value: "all", label: "All statuses" },
  { value: "new", label: "New" },
  { value: "contacted", label: "Contacted" },
  { value: "closed", label: "Closed" },
];

function withParams(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || value === "all") params.delete(key);
    else params.set(key, value);
  }
  const query = params.toString();
  return query ? `?${query}` : "?";
}

export default function LeadsTab({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  useLoadFailureToast(loaderData.loadError, LOAD_FAILED);

  // The dialog closes at once; the URL follows.
  const [closedSearch, setClosedSearch] = useState<string | null>(null);
  const leadRequested = !loaderData.loadError && loaderData.leadRequested;
  const detailOpen = leadRequested && closedSearch !== search;
  useEffect(() => {
    if (!leadRequested) setClosedSearch(null);
  }, [leadRequested]);

  if (loaderData.loadError) {
    return (
      <div>
        <TabHeader title="Leads" />
        <LoadFailedAlert title={LOAD_FAILED} />
      </div>
    );
  }

  const { query, counts } = loaderData;
  const filtered = query.q !== "" || query.status !== "all" || query.type !== "all";
  const typeCount = {
    all: counts.new,
    consultation: counts.consultation.new,
    contact: counts.contact.new,
  };

  return (
    <div>
      <TabHeader
        title="Leads"
        description="Consultation requests and contact messages sent through the site, newest first."
      >
        {counts.total > 0 ? (
          <ExportCsvButton
            path="/admin/leads/export"
            search={search}
            drop={["page", "lead"]}
            filtered={filtered}
          />
        ) : null}
      </TabHeader>

      <PlainPostAnswer answer={actionData} />

      <StatCards
        label="Lead counts"
        items={[
          { label: "New leads", value: counts.new, emphasis: true },
          { label: "New consultations", value: counts.consultation.new },
          { label: "New messages", value: counts.contact.new },
        ]}
      />

      {counts.total === 0 ? (
        <NothingYet icon={Inbox} title="No leads yet">
          Consultation requests and contact form messages show up here as soon as visitors send
          them.
        </NothingYet>
      ) : (
        <>
          <nav aria-label="Lead types" className="mb-4 overflow-x-auto">
            <ul className="flex w-max gap-1 rounded-lg bg-surface p-1">
              {typeTabs.map((tab) => {
                const current = query.type === tab.value;
                return (
                  <li key={tab.value}>
                    <Link
                      to={withParams(search, { type: tab.value, page: null, lead: null })}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={cn(
                        "relative flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary",
                        current ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
                      )}
                    >
                      {tab.label}
                      {typeCount[tab.value] > 0 ? (
                        <span className="rounded-full bg-indigo-100 px-1.5 text-xs tabular-nums text-indigo-800">
                          {typeCount[tab.value]}
                          <span className="sr-only"> new</span>
                        </span>
                      ) : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <ListFilters
            idPrefix="leads"
            searchLabel="Search by name or email"
            searchPlaceholder="Name or email"
            q={query.q}
            hidden={query.type === "all" ? {} : { type: query.type }}
            selects={[
              { name: "status", label: "Status", value: query.status, options: statusOptions },
            ]}
          />
          {loaderData.rows.length === 0 ? (
            <NoMatch
              title={query.q ? `No lead matches “${query.q}”` : "No lead matches these filters"}
              showAllTo={pathname}
              showAllLabel="Show all leads"
            />
          ) : (
            <>
              <LeadList leads={loaderData.rows} />
              <Pagination
                label="Lead pages"
                page={loaderData.page}
                pageCount={loaderData.pageCount}
                pageSize={loaderData.pageSize}
                total={loaderData.total}
              />
            </>
          )}
        </>
      )}

      <LeadDetailDialog
        lead={loaderData.lead}
        open={detailOpen}
        onClose={() => {
          setClosedSearch(search);
          void navigate(withParams(search, { lead: null }), { preventScrollReset: true });
        }}
      />
    </div>
  );
}
