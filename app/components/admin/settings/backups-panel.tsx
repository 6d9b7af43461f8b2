import { Archive, Download, Play, Save } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { isConfirmationRequired, useConfirmIdentity } from "~/components/admin/confirm-identity";
import { CheckboxField, TextField } from "~/components/admin/kit/fields";
import { TableHead } from "~/components/admin/kit/table";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { ProgressBar } from "~/components/ui/progress-bar";
import { Spinner } from "~/components/ui/spinner";
import { MAX_BACKUPS_KEPT, MIN_BACKUPS_KEPT } from "~/content/site-defaults";
import type { BackupsOverview, BackupView, OffsiteReadiness } from "~/jobs/backups.server";
import { formatInZone } from "~/lib/zoned-time";
import { formatFileSize } from "~/media/rules";
import { type BackupSettingsValues, backupSettingsSchema } from "~/schemas/admin/settings";

const POLL_MS = 1000;
const BACKUPS_URL = "/admin/settings/backups";

const stateLabels: Record<BackupView["state"], string> = {
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  interrupted: "Interrupted",
};

const stateStyles: Record<BackupView["state"], string> = {
  running: "bg-indigo-50 text-indigo-800",
  succeeded: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  interrupted: "bg-amber-50 text-amber-900",
};

/**
 * The Settings tab's backups: the last backup and the next, "Back up now" with its progress, the
 * newest attempts with a download of each kept archive, and the backup settings.
 */
export function BackupsPanel({
  initial,
  values,
  version,
  timeZone,
}: {
  initial: BackupsOverview;
  values: BackupSettingsValues;
  version: number;
  timeZone: string;
}) {
  const poll = useFetcher<BackupsOverview>({ key: "backups-state" });
  const overview = poll.data ?? initial;
  const running = overview.backups.find((b) => b.state === "running");
  const { fetcher: start, busy: starting } = useAdminFetcher({
    key: "backup-now",
    onSuccess: () => poll.load(BACKUPS_URL),
    onFailure: () => poll.load(BACKUPS_URL),
  });
  // "Back up now" and the downloads ask the admin to confirm it's them (password, maybe a code).
  const stepUp = useConfirmIdentity();
  const startButton = useRef<HTMLButtonElement>(null);
  const startRef = useRef(start);
  startRef.current = start;
  const askToConfirm = stepUp.ask;
  useEffect(() => {
    if (start.state !== "idle" || !isConfirmationRequired(start.data)) return;
    askToConfirm(() => {
      void startRef.current.submit(
        { intent: "backup-now" },
        { method: "post", action: BACKUPS_URL },
      );
    }, startButton.current);
  }, [start.state, start.data, askToConfirm]);

  // While a backup runs (here or started elsewhere), ask for its progress every second.
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (pollRef.current.state === "idle") pollRef.current.load(BACKUPS_URL);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running]);

  const last = overview.backups.find((b) => b.state !== "running");

  return (
    <section
      aria-labelledby="backups-heading"
      className="mt-8 rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id="backups-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Archive aria-hidden className="size-5 text-primary-strong" />
            Backups
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            Each backup is one archive of the whole database and every media file, kept in the
            server's data folder. Restore one with <code>npm run restore</code> (see the README).
          </p>
        </div>
        <start.Form method="post" action={BACKUPS_URL}>
          <input type="hidden" name="intent" value="backup-now" />
          <Button ref={startButton} type="submit" disabled={starting || Boolean(running)}>
            {starting ? <Spinner className="size-4" label="Starting" /> : <Play aria-hidden />}
            {running ? "Backing up..." : "Back up now"}
          </Button>
        </start.Form>
      </div>

      <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2">
        <div className="rounded-xl bg-surface p-4">
          <dt className="font-medium text-muted">Last backup</dt>
          <dd className="mt-1 text-ink">
            {last ? (
              <LastBackup backup={last} timeZone={timeZone} />
            ) : (
              "No backup has been made yet."
            )}
          </dd>
        </div>
        <div className="rounded-xl bg-surface p-4">
          <dt className="font-medium text-muted">Next automatic backup</dt>
          <dd className="mt-1 text-ink">
            {overview.nextDailyAt
              ? formatInZone(overview.nextDailyAt, timeZone)
              : overview.settings.daily
                ? "Scheduled once the server has started"
                : "Daily backups are off"}
          </dd>
        </div>
      </dl>

      {running ? <BackupProgress backup={running} /> : null}

      {overview.backups.length ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <TableHead
              caption="Recent backups, newest first"
              columns={[
                { label: "Started", className: "pr-4" },
                { label: "By", className: "pr-4" },
                { label: "Result", className: "pr-4" },
                { label: "Size", className: "pr-4" },
                "Archive",
              ]}
              className="border-b border-line text-xs uppercase tracking-wide text-muted"
              cellClassName="py-2 font-medium"
            />
            <tbody className="divide-y divide-line">
              {overview.backups.map((backup) => (
                <BackupRow
                  key={backup.id}
                  backup={backup}
                  timeZone={timeZone}
                  onDownload={stepUp.confirmThen}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      <BackupSettingsForm values={values} version={version} offsite={overview.offsite} />
      {stepUp.dialog}
    </section>
  );
}

function LastBackup({ backup, timeZone }: { backup: BackupView; timeZone: string }) {
  const when = formatInZone(backup.finishedAt ?? backup.startedAt, timeZone);
  if (backup.state === "succeeded") {
    return (
      <>
        {when} · {formatFileSize(backup.bytes ?? 0)} ·{" "}
        <span className="font-medium text-emerald-800">Succeeded</span>
        {backup.offsiteError ? (
          <span className="mt-1 block text-amber-900">{backup.offsiteError}</span>
        ) : null}
      </>
    );
  }
  return (
    <>
      {when} · <span className="font-medium text-red-800">{stateLabels[backup.state]}</span>
      <span className="mt-1 block text-muted">
        {backup.error ??
          "The server stopped while it was backing up. The backups before it are untouched."}
      </span>
    </>
  );
}

function BackupProgress({ backup }: { backup: BackupView }) {
  const progress = backup.progress;
  const percent =
    progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  const text = progress?.total
    ? `${progress.step}: ${progress.done} of ${progress.total}`
    : "Starting";
  return (
    <div className="mt-5 rounded-xl border border-line p-4" aria-live="polite">
      <p className="flex items-center gap-2 text-sm font-medium text-ink">
        <Spinner className="size-4" label="Backing up" />
        Backing up: {text}
      </p>
      <ProgressBar label="Backup progress" percent={percent} valueText={text} className="mt-3" />
    </div>
  );
}

/** Follows a download link from code (after the admin confirmed it's them). */
function download(href: string) {
  const link = document.createElement("a");
  link.href = href;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
}

function BackupRow({
  backup,
  timeZone,
  onDownload,
}: {
  backup: BackupView;
  timeZone: string;
  onDownload: (then: () => void) => void;
}) {
  const href = `${BACKUPS_URL}/${encodeURIComponent(backup.fileName)}`;
  return (
    <tr className="align-top">
      <td className="py-2 pr-4 whitespace-nowrap">{formatInZone(backup.startedAt, timeZone)}</td>
      <td className="py-2 pr-4">
        {backup.trigger === "daily" ? "Daily backup" : (backup.requestedByEmail ?? "An admin")}
      </td>
      <td className="py-2 pr-4">
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${stateStyles[backup.state]}`}
        >
          {stateLabels[backup.state]}
        </span>
        {backup.state === "failed" && backup.error ? (
          <span className="mt-1 block max-w-xs text-xs text-muted">{backup.error}</span>
        ) : null}
        {backup.offsiteKey ? (
          <span className="mt-1 block text-xs text-muted">
            Copied, encrypted, to the backup bucket: {backup.offsiteKey}
          </span>
        ) : null}
        {backup.offsiteError ? (
          <span className="mt-1 block max-w-xs text-xs text-amber-900">{backup.offsiteError}</span>
        ) : null}
      </td>
      <td className="py-2 pr-4 whitespace-nowrap">
        {backup.bytes != null ? formatFileSize(backup.bytes) : "—"}
      </td>
      <td className="py-2">
        {backup.onThisServer ? (
          // A link the browser downloads (and the server records who did), once the admin has
          // confirmed it's them in the last ten minutes; the server refuses it otherwise.
          <a
            href={href}
            download
            onClick={(event) => {
              event.preventDefault();
              onDownload(() => download(href));
            }}
            className="inline-flex items-center gap-1 font-medium text-primary-strong underline"
          >
            <Download aria-hidden className="size-4" />
            Download<span className="sr-only"> {backup.fileName}</span>
          </a>
        ) : backup.state === "succeeded" ? (
          <span className="text-muted">Not kept on this server</span>
        ) : (
          <span className="text-muted">—</span>
        )}
      </td>
    </tr>
  );
}

const offsiteHints: Record<OffsiteReadiness, string> = {
  ready:
    "Each copy is encrypted to the age recipient in BACKUP_AGE_RECIPIENT (this server cannot read it back) and goes to the private backup bucket, so that a backup survives the loss of this server.",
  "no-bucket":
    "The server has no backup bucket configured (BACKUP_S3_BUCKET and its keys; never the media bucket, which the public reads), so backups stay on this server only.",
  "no-recipient":
    "BACKUP_AGE_RECIPIENT is not set, and a copy leaves this server only encrypted, so backups stay on this server only.",
};

function BackupSettingsForm({
  values,
  version,
  offsite: readiness,
}: {
  values: BackupSettingsValues;
  version: number;
  offsite: OffsiteReadiness;
}) {
  const s3 = readiness === "ready";
  const { fetcher, busy, fieldErrors } = useAdminFetcher({ key: "backup-settings" });
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const errors = clientErrors ?? (fetcher.data ? fieldErrors : {});
  const [offsite, setOffsite] = useState(values.offsite === "on");

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const found = validate(backupSettingsSchema, Object.fromEntries(new FormData(form)));
    setClientErrors(found);
    if (found) {
      event.preventDefault();
      const first = Object.keys(found)[0];
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    }
  }

  return (
    <fetcher.Form
      method="post"
      action="/admin/settings"
      noValidate
      onSubmit={onSubmit}
      className="mt-6 space-y-4 border-t border-line pt-6"
      aria-labelledby="backup-settings-heading"
    >
      <h4 id="backup-settings-heading" className="text-base font-semibold text-ink">
        Backup settings
      </h4>
      <input type="hidden" name="intent" value="backups" />
      <input type="hidden" name="version" value={version} />
      <div className="grid gap-4 sm:grid-cols-2">
        <CheckboxField
          id="backups-daily"
          name="daily"
          value="on"
          defaultChecked={values.daily === "on"}
          label="Back up every day"
          hint="At 03:00 in the site's time zone; a failed backup is tried again an hour later."
        />
        <TextField
          id="backups-kept"
          name="kept"
          label="Backups kept"
          type="number"
          inputMode="numeric"
          min={MIN_BACKUPS_KEPT}
          max={MAX_BACKUPS_KEPT}
          step={1}
          required
          defaultValue={values.kept}
          error={errors.kept}
          hint="The newest are kept, on the server and in the backup bucket; older ones are removed after a backup succeeds."
        />
        {/* Without a bucket and recipient the box cannot be used, but a save keeps what is stored. */}
        {s3 ? null : <input type="hidden" name="offsite" value={values.offsite} />}
        <CheckboxField
          id="backups-offsite"
          name={s3 ? "offsite" : undefined}
          value="on"
          checked={s3 && offsite}
          disabled={!s3}
          onChange={(event) => setOffsite(event.target.checked)}
          label="Also copy each backup to the backup bucket"
          hint={offsiteHints[readiness]}
        />
        <TextField
          id="backups-s3Prefix"
          name="s3Prefix"
          label="S3 prefix"
          defaultValue={values.s3Prefix}
          error={errors.s3Prefix}
          readOnly={!s3 || !offsite}
          hint="The folder in the backup bucket the encrypted copies go to, such as backups/."
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4" label="Saving" /> : <Save aria-hidden />}
          {busy ? "Saving..." : "Save Backup Settings"}
        </Button>
      </div>
    </fetcher.Form>
  );
}
