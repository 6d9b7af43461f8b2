import { Link } from "react-router";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ACTIONS_COLUMN, RowActionsCell, TableHead } from "~/components/admin/kit/table";
import { StatusBadge } from "~/components/admin/subscribers/status-badge";
import { Button } from "~/components/ui/button";
import type { CampaignStatus } from "~/newsletter/campaign";

/** A campaign as the list shows it (times as ISO text). */
export interface CampaignListItem {
  id: number;
  subject: string;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
  recipients: number;
  /** Mails sent so far; null for a campaign not started. */
  sent: number | null;
}

/** The list's groups, in the order a campaign goes through them. */
export const campaignGroups = [
  { key: "draft", label: "Drafts", states: ["draft"], none: "No drafts." },
  {
    key: "scheduled",
    label: "Scheduled",
    states: ["scheduled"],
    none: "No campaign is scheduled.",
  },
  {
    key: "sending",
    label: "Sending",
    states: ["sending", "paused"],
    none: "No campaign is sending or paused.",
  },
  {
    key: "sent",
    label: "Sent",
    states: ["sent", "cancelled"],
    none: "No campaign has been sent or cancelled yet.",
  },
] as const satisfies readonly {
  key: string;
  label: string;
  states: readonly CampaignStatus[];
  none: string;
}[];
export type CampaignGroup = (typeof campaignGroups)[number]["key"];

export function groupOf(status: CampaignStatus): CampaignGroup {
  const group = campaignGroups.find((each) => (each.states as readonly string[]).includes(status));
  return group?.key ?? "draft";
}

/** The time that matters for its state: when it leaves, left, ended, or was last edited. */
function WhenCell({ campaign }: { campaign: CampaignListItem }) {
  const [label, iso] =
    campaign.status === "scheduled"
      ? ["Leaves", campaign.scheduledAt]
      : campaign.status === "sent" || campaign.status === "cancelled"
        ? [campaign.status === "sent" ? "Sent" : "Cancelled", campaign.finishedAt]
        : campaign.status === "draft"
          ? ["Edited", campaign.updatedAt]
          : ["Started", campaign.startedAt];
  if (!iso) return <span className="text-muted">—</span>;
  return (
    <span className="whitespace-nowrap text-muted">
      {label} <LocalTime iso={iso} />
    </span>
  );
}

/** Each campaign: its subject (to its editor), state, time, recipients and mails sent. */
export function CampaignList({
  campaigns,
  caption,
}: {
  campaigns: CampaignListItem[];
  caption: string;
}) {
  return (
    <div className="overflow-x-auto rounded-xl border border-line bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <TableHead
          caption={caption}
          columns={["Subject", "State", "When", "Recipients", "Sent", ACTIONS_COLUMN]}
        />
        <tbody className="divide-y divide-line">
          {campaigns.map((campaign) => (
            <tr key={campaign.id} className="block py-2 md:table-row md:py-0">
              <LabelledCell label="Subject" className="font-medium text-ink">
                <Link
                  to={`/admin/newsletter/campaigns/${campaign.id}`}
                  className="underline-offset-4 hover:underline"
                >
                  {campaign.subject || "Untitled campaign"}
                </Link>
              </LabelledCell>
              <LabelledCell label="State">
                <StatusBadge status={campaign.status} />
              </LabelledCell>
              <LabelledCell label="When">
                <WhenCell campaign={campaign} />
              </LabelledCell>
              <LabelledCell label="Recipients" className="tabular-nums">
                {campaign.status === "draft" || campaign.status === "scheduled"
                  ? "—"
                  : campaign.recipients.toLocaleString("en-US")}
              </LabelledCell>
              <LabelledCell label="Sent" className="tabular-nums">
                {campaign.sent === null ? "—" : campaign.sent.toLocaleString("en-US")}
              </LabelledCell>
              <RowActionsCell>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/newsletter/campaigns/${campaign.id}`}>
                    {campaign.status === "draft" || campaign.status === "scheduled"
                      ? "Edit"
                      : "Progress"}
                    <span className="sr-only"> of {campaign.subject || "Untitled campaign"}</span>
                  </Link>
                </Button>
              </RowActionsCell>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
