import { Link, useLocation } from "react-router";
import { formatDateTime } from "~/components/admin/kit/format";
import { TableHead } from "~/components/admin/kit/table";
import type { LeadSummary } from "~/models/admin-subscribers.server";
import { type LeadKind, leadKindLabels, leadRef } from "~/schemas/admin/subscribers";
import { LeadStatusForm } from "./lead-status-form";
import { StatusBadge } from "./status-badge";

/** A lead of the list as the loader sends it (its time as ISO text). */
export type LeadItem = Omit<LeadSummary, "createdAt"> & { createdAt: string };

/** The list's URL with `lead` set: opens that lead's details and keeps the list as it is. */
export function useLeadHref() {
  const { search } = useLocation();
  return (kind: LeadKind, id: number) => {
    const params = new URLSearchParams(search);
    params.set("lead", leadRef(kind, id));
    return `?${params}`;
  };
}

const kindTone: Record<LeadKind, string> = {
  consultation: "bg-violet-50 text-violet-800 border-violet-200",
  contact: "bg-sky-50 text-sky-800 border-sky-200",
};

function KindLabel({ kind }: { kind: LeadKind }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium ${kindTone[kind]}`}
    >
      {leadKindLabels[kind]}
    </span>
  );
}

function LeadLink({ lead, href }: { lead: LeadItem; href: string }) {
  return (
    <Link
      to={href}
      preventScrollReset
      data-lead-link={leadRef(lead.kind, lead.id)}
      className="font-medium text-ink underline-offset-4 hover:text-primary-strong hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      {lead.name}
    </Link>
  );
}

/** A table from 1024 px up; below, one card per lead so nothing scrolls sideways. */
export function LeadList({ leads }: { leads: LeadItem[] }) {
  const leadHref = useLeadHref();
  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-line bg-white shadow-sm lg:block">
        <table className="w-full text-left text-sm">
          <TableHead
            caption="Leads, newest first"
            columns={["Received", "From", "Type", "Message", "Status"]}
            className="border-b border-line bg-surface text-xs uppercase tracking-wide text-muted"
            cellClassName="px-4 py-3 font-medium"
          />
          <tbody className="divide-y divide-line">
            {leads.map((lead) => (
              <tr key={leadRef(lead.kind, lead.id)} className="align-top hover:bg-surface/60">
                <td className="whitespace-nowrap px-4 py-3 text-muted">
                  <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                </td>
                <td className="max-w-64 px-4 py-3">
                  <LeadLink lead={lead} href={leadHref(lead.kind, lead.id)} />
                  <div className="break-all text-muted">{lead.email}</div>
                </td>
                <td className="px-4 py-3">
                  <KindLabel kind={lead.kind} />
                </td>
                <td className="max-w-md px-4 py-3 text-muted">
                  <p className="line-clamp-2 break-words">
                    {lead.preview || <span className="italic">No message</span>}
                  </p>
                </td>
                <td className="px-4 py-2">
                  <LeadStatusForm
                    kind={lead.kind}
                    id={lead.id}
                    name={lead.name}
                    status={lead.status}
                    idPrefix="table"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 lg:hidden" aria-label="Leads, newest first">
        {leads.map((lead) => (
          <li
            key={leadRef(lead.kind, lead.id)}
            className="rounded-xl border border-line bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <KindLabel kind={lead.kind} />
              <StatusBadge status={lead.status} />
            </div>
            <div className="mt-2 min-w-0">
              <LeadLink lead={lead} href={leadHref(lead.kind, lead.id)} />
              <div className="break-all text-sm text-muted">{lead.email}</div>
            </div>
            <p className="mt-2 line-clamp-3 break-words text-sm text-muted">
              {lead.preview || <span className="italic">No message</span>}
            </p>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <time dateTime={lead.createdAt} className="text-xs text-muted">
                {formatDateTime(lead.createdAt)}
              </time>
              <LeadStatusForm
                kind={lead.kind}
                id={lead.id}
                name={lead.name}
                status={lead.status}
                idPrefix="card"
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
