import { CalendarClock, CalendarX, Pause, Play, Send, SendHorizontal, XCircle } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { TextField } from "~/components/admin/kit/fields";
import { LocalTime } from "~/components/admin/kit/local-time";
import { ZonedTimeField } from "~/components/admin/kit/status-fields";
import { validate } from "~/components/admin/kit/validate";
import { StatusBadge } from "~/components/admin/subscribers/status-badge";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Spinner } from "~/components/ui/spinner";
import { formatInZone, toZonedInputValue } from "~/lib/zoned-time";
import type { CampaignCounts, CampaignStatus } from "~/newsletter/campaign";
import { campaignSendActionSchema } from "~/schemas/admin/campaign-send";
import { ConfirmDialog } from "../kit/confirm-dialog";

/** What the panel shows of a campaign (its times as ISO text, as a loader sends them). */
export interface SendPanelCampaign {
  id: number;
  status: CampaignStatus;
  scheduledAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface CampaignSendPanelProps {
  campaign: SendPanelCampaign;
  /** campaignCounts() as the page loaded it; the panel polls newer ones while it sends. */
  counts: CampaignCounts;
  /** How many confirmed subscribers it would go to now (countAudience of its tags). */
  audience: number;
  /** The signed-in staff member's address: a test goes there unless changed. */
  staffEmail: string;
  /** The site's time zone: a schedule is entered and shown in it. */
  timeZone: string;
}

/** Polled while a campaign sends; paused while the browser tab is hidden. */
const POLL_MS = 2000;

type Live = { status: CampaignStatus; counts: CampaignCounts };

const sendPath = (id: number) => `/admin/newsletter/campaigns/${id}/send`;

function subscribers(n: number) {
  return `${n.toLocaleString("en-US")} confirmed ${n === 1 ? "subscriber" : "subscribers"}`;
}

/**
 * The state and counts, newest first: polled from the send route every 2 s while the campaign
 * sends and the tab is visible. A new answer of the page's loader (after a step) wins again. Once
 * the sending ends, the page's data is reloaded so the rest of the page follows.
 */
function useLiveState(campaign: SendPanelCampaign, counts: CampaignCounts): Live {
  const poll = useFetcher<Live>();
  const revalidator = useRevalidator();
  const [live, setLive] = useState<Live | null>(null);
  // The page's own (newer) data replaces what was polled.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the page's data changes
  useEffect(() => setLive(null), [campaign, counts]);
  useEffect(() => {
    if (poll.state === "idle" && poll.data && "counts" in poll.data) setLive(poll.data);
  }, [poll.state, poll.data]);

  const status = live?.status ?? campaign.status;
  const { load } = poll;
  useEffect(() => {
    if (status !== "sending") return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const start = () => {
      if (timer === undefined && document.visibilityState === "visible") {
        timer = setInterval(() => void load(sendPath(campaign.id)), POLL_MS);
      }
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [status, campaign.id, load]);

  const ended = live !== null && live.status !== campaign.status;
  const { revalidate } = revalidator;
  useEffect(() => {
    if (ended) void revalidate();
  }, [ended, revalidate]);

  return live ?? { status: campaign.status, counts };
}

/**
 * A campaign's sending: a test to staff, Send now (asked first, naming how many confirmed
 * subscribers get it), Schedule in the site's time zone and Cancel schedule; while it sends a
 * progress bar with the counts, updated live, Pause, Resume and Cancel sending. What the server
 * refuses (no subject, no body) is listed above the buttons.
 */
export function CampaignSendPanel({
  campaign,
  counts,
  audience,
  staffEmail,
  timeZone,
}: CampaignSendPanelProps) {
  const live = useLiveState(campaign, counts);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const step = useAdminFetcher({
    // Keyed: a step that moves the campaign out of draft switches the editor to its read-only
    // view, whose new panel shows the answer's toast (an unkeyed fetcher's answer would be lost).
    key: `campaign-send-${campaign.id}`,
    onSuccess: () => setProblems({}),
    onFailure: setProblems,
  });
  const post = (intent: string, values: Record<string, string> = {}) =>
    void step.fetcher.submit(
      { intent, ...values },
      { method: "post", action: sendPath(campaign.id) },
    );
  const status = live.status;
  const headingId = useId();

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-line bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-ink">
          Sending
        </h3>
        <StatusBadge status={status} />
      </div>
      <StateLine campaign={campaign} status={status} audience={audience} timeZone={timeZone} />
      {Object.keys(problems).length > 0 ? (
        <Alert>
          <p className="font-medium">The campaign cannot be sent yet:</p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(problems).map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {status === "draft" || status === "scheduled" ? null : (
        <Progress counts={live.counts} status={status} />
      )}
      <div className="flex flex-wrap gap-2">
        {status === "draft" || status === "scheduled" ? (
          <ConfirmDialog
            title="Send this campaign now?"
            description={`It goes to ${subscribers(audience)} at once. You can pause or cancel the sending, but mails already sent stay sent.`}
            confirmLabel="Send now"
            onConfirm={() => post("send-now")}
          >
            <Button disabled={step.busy}>
              <SendHorizontal aria-hidden />
              Send now
            </Button>
          </ConfirmDialog>
        ) : null}
        {status === "draft" || status === "scheduled" ? (
          // Mounted while scheduled too (its button hidden): its answer's toast shows after the
          // page reloads as scheduled.
          <ScheduleDialog
            campaignId={campaign.id}
            timeZone={timeZone}
            onProblems={setProblems}
            offered={status === "draft"}
          />
        ) : null}
        {status === "scheduled" ? (
          <Button variant="outline" disabled={step.busy} onClick={() => post("unschedule")}>
            <CalendarX aria-hidden />
            Cancel schedule
          </Button>
        ) : null}
        {status === "sending" ? (
          <Button variant="outline" disabled={step.busy} onClick={() => post("pause")}>
            <Pause aria-hidden />
            Pause
          </Button>
        ) : null}
        {status === "paused" ? (
          <Button variant="outline" disabled={step.busy} onClick={() => post("resume")}>
            <Play aria-hidden />
            Resume
          </Button>
        ) : null}
        {status === "sending" || status === "paused" ? (
          <ConfirmDialog
            title="Cancel the sending?"
            description="Mails not yet sent are dropped; those already sent stay sent. A cancelled campaign cannot be sent again."
            confirmLabel="Cancel sending"
            onConfirm={() => post("cancel")}
          >
            <Button variant="outline" disabled={step.busy}>
              <XCircle aria-hidden />
              Cancel sending
            </Button>
          </ConfirmDialog>
        ) : null}
        <TestDialog campaignId={campaign.id} staffEmail={staffEmail} />
        {step.busy ? <Spinner label="Working" className="size-5 self-center" /> : null}
      </div>
    </section>
  );
}

function StateLine({
  campaign,
  status,
  audience,
  timeZone,
}: {
  campaign: SendPanelCampaign;
  status: CampaignStatus;
  audience: number;
  timeZone: string;
}) {
  const line = (children: React.ReactNode) => <p className="text-sm text-muted">{children}</p>;
  switch (status) {
    case "draft":
      return line(`Not sent yet. It would go to ${subscribers(audience)}.`);
    case "scheduled":
      return line(
        <>
          Leaves on its own on{" "}
          {campaign.scheduledAt ? formatInZone(campaign.scheduledAt, timeZone) : "its time"}, to{" "}
          {subscribers(audience)} (counted then).
        </>,
      );
    case "sending":
      return line("Sending now, at the site's pace. The counts update every few seconds.");
    case "paused":
      return line("Paused: no more mails leave until you resume.");
    case "sent":
      return line(
        campaign.finishedAt ? (
          <>
            Sent <LocalTime iso={campaign.finishedAt} />.
          </>
        ) : (
          "Sent."
        ),
      );
    case "cancelled":
      return line("Cancelled: mails not yet sent were dropped.");
  }
}

const COUNT_LABELS: [keyof CampaignCounts, string][] = [
  ["queued", "Queued"],
  ["sent", "Sent"],
  ["failed", "Failed"],
  ["bounced", "Bounced"],
  ["unsubscribed", "Unsubscribed"],
  ["skipped", "Skipped"],
];

function Progress({ counts, status }: { counts: CampaignCounts; status: CampaignStatus }) {
  const done = counts.sent + counts.failed + counts.skipped;
  const percent = counts.recipients > 0 ? (done / counts.recipients) * 100 : 100;
  return (
    <div className="space-y-3">
      <ProgressBar
        label="Campaign progress"
        percent={percent}
        valueText={`${done} of ${counts.recipients} handled`}
        pulsing={status === "sending"}
      />
      <p className="text-sm text-ink">
        {counts.sent.toLocaleString("en-US")} of {counts.recipients.toLocaleString("en-US")} sent
      </p>
      {/* Two to a row: the panel sits in the editor's side column. */}
      <dl className="grid grid-cols-2 gap-2">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="rounded-lg border border-line bg-surface px-3 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums text-ink" data-count={key}>
              {counts[key].toLocaleString("en-US")}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A dialog with one field, checked with the send route's schema before it posts; the server's
 * refusal of that field shows there too, its other messages go to `onProblems`. Closes once sent.
 */
function StepDialog({
  campaignId,
  intent,
  field,
  trigger,
  title,
  description,
  submitLabel,
  busyLabel,
  initial,
  onProblems,
  offered = true,
  children,
}: {
  campaignId: number;
  intent: "test" | "schedule";
  field: string;
  trigger: React.ReactElement;
  title: string;
  description: string;
  submitLabel: string;
  busyLabel: string;
  initial: () => string;
  onProblems?: (problems: Record<string, string>) => void;
  /** Whether its button shows (false: only the dialog stays, to finish its answer). */
  offered?: boolean;
  children: (props: {
    id: string;
    value: string;
    error?: string;
    onValue: (value: string) => void;
  }) => React.ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const { fetcher, busy } = useAdminFetcher({
    onSuccess: () => {
      setOpen(false);
      onProblems?.({});
    },
    onFailure: (errors) => {
      const { [field]: own, ...others } = errors;
      setError(own);
      if (Object.keys(others).length > 0) {
        onProblems?.(others);
        if (!own) setOpen(false);
      }
    },
  });
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const refused = validate(campaignSendActionSchema, { intent, [field]: value });
    setError(refused?.[field]);
    if (refused) {
      document.getElementById(id)?.focus();
      return;
    }
    void fetcher.submit(
      { intent, [field]: value },
      { method: "post", action: sendPath(campaignId) },
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) {
          setValue(initial());
          setError(undefined);
        }
      }}
    >
      {offered ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {children({ id, value, error, onValue: setValue })}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-white" label={busyLabel} /> : null}
              {busy ? `${busyLabel}…` : submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function TestDialog({ campaignId, staffEmail }: { campaignId: number; staffEmail: string }) {
  return (
    <StepDialog
      campaignId={campaignId}
      intent="test"
      field="to"
      title="Send a test"
      description="The campaign as subscribers will get it, with [Test] before the subject. Tests go to staff addresses only."
      submitLabel="Send test"
      busyLabel="Sending"
      initial={() => staffEmail}
      trigger={
        <Button variant="outline">
          <Send aria-hidden />
          Send test
        </Button>
      }
    >
      {(field) => (
        <TextField
          id={field.id}
          label="Send to"
          required
          type="text"
          inputMode="email"
          autoComplete="off"
          hint="Up to 5 staff addresses, separated by commas."
          error={field.error}
          value={field.value}
          onValue={field.onValue}
        />
      )}
    </StepDialog>
  );
}

function ScheduleDialog({
  campaignId,
  timeZone,
  onProblems,
  offered,
}: {
  campaignId: number;
  timeZone: string;
  onProblems: (problems: Record<string, string>) => void;
  offered: boolean;
}) {
  return (
    <StepDialog
      offered={offered}
      campaignId={campaignId}
      intent="schedule"
      field="scheduledAt"
      title="Schedule the campaign"
      description="It leaves on its own at this time, to the confirmed subscribers of that moment."
      submitLabel="Schedule"
      busyLabel="Scheduling"
      // An hour from now, on the minute: a time that is surely still ahead when posted.
      initial={() => toZonedInputValue(new Date(Date.now() + 3_600_000), timeZone)}
      onProblems={onProblems}
      trigger={
        <Button variant="outline">
          <CalendarClock aria-hidden />
          Schedule
        </Button>
      }
    >
      {(field) => (
        <ZonedTimeField
          id={field.id}
          label="Send on"
          error={field.error}
          timeZone={timeZone}
          value={field.value}
          onValue={field.onValue}
        />
      )}
    </StepDialog>
  );
}
