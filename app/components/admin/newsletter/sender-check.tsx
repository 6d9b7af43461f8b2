import { CircleAlert, CircleCheck, CircleHelp, CircleX, RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { TextField } from "~/components/admin/kit/fields";
import { LocalTime } from "~/components/admin/kit/local-time";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import type {
  RecordCheck,
  RecordStatus,
  SenderCheckResult,
} from "~/newsletter/sender-check.server";
import { dkimSelectorSchema, SENDER_CHECK_URL } from "~/schemas/admin/sender-check";

type Answer = SenderCheckResult | { error: string };

const labels: Record<RecordCheck["kind"], string> = {
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
};

/** Each status in words and with its own icon, so colour is never the only sign. */
const statuses: Record<RecordStatus, { text: string; icon: typeof CircleCheck; style: string }> = {
  ok: { text: "OK", icon: CircleCheck, style: "bg-emerald-50 text-emerald-800" },
  warn: { text: "Needs attention", icon: CircleAlert, style: "bg-amber-50 text-amber-900" },
  missing: { text: "Missing", icon: CircleX, style: "bg-red-50 text-red-800" },
  "lookup-failed": {
    text: "Could not look up",
    icon: CircleHelp,
    style: "bg-slate-100 text-slate-800",
  },
};

function StatusBadge({ status }: { status: RecordStatus }) {
  const { text, icon: Icon, style } = statuses[status];
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold",
        style,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {text}
    </span>
  );
}

function CheckRow({ check }: { check: RecordCheck }) {
  const headingId = `sender-check-${check.kind}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-line p-4">
      <div className="flex flex-wrap items-center gap-3">
        <h4 id={headingId} className="font-semibold text-ink">
          {labels[check.kind]}
          <span className="sr-only">: {statuses[check.status].text}</span>
        </h4>
        <span aria-hidden>
          <StatusBadge status={check.status} />
        </span>
        <span className="text-xs text-muted">{check.names.join(", ")}</span>
      </div>
      <p className="mt-2 text-sm text-ink">{check.message}</p>
      {check.records.length > 0 ? (
        <ul aria-label={`${labels[check.kind]} records found`} className="mt-2 space-y-1">
          {check.records.map((record) => (
            <li key={record}>
              <code className="block break-all rounded bg-surface px-2 py-1 text-xs text-ink">
                {record}
              </code>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The newsletter settings' sender check: whether the From domain publishes SPF, DKIM (for the
 * provider's selector) and DMARC, and what to fix, from GET /admin/newsletter/sender-check (looked
 * up by the server, cached ten minutes; "Check again" asks afresh).
 */
export function SenderCheck() {
  const fetcher = useFetcher<Answer>({ key: "newsletter-sender-check" });
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  useEffect(() => {
    if (fetcherRef.current.state === "idle" && fetcherRef.current.data === undefined) {
      fetcherRef.current.load(SENDER_CHECK_URL);
    }
  }, []);

  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const result = answer && !("error" in answer) ? answer : undefined;

  return (
    <section
      aria-labelledby="sender-check-heading"
      aria-busy={busy}
      className="rounded-2xl border border-line bg-white p-6 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h3 id="sender-check-heading" className="text-lg font-semibold">
            Sender check
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-muted">
            Gmail and Yahoo accept bulk mail only from a domain that publishes SPF, DKIM and DMARC
            records. The server looks them up for the address newsletters are sent from.
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => fetcher.load(`${SENDER_CHECK_URL}?fresh=1`)}
        >
          {busy ? <Spinner className="size-4" label="Checking" /> : <RefreshCw aria-hidden />}
          Check again
        </Button>
      </div>

      <div className="mt-5">
        {busy && !result ? (
          <p role="status" className="text-sm text-muted">
            Looking up the DNS records...
          </p>
        ) : null}
        {answer && "error" in answer ? <Alert>{answer.error}</Alert> : null}
        {result ? (
          <SenderCheckResultView
            result={result}
            onSelectorSaved={() => fetcher.load(`${SENDER_CHECK_URL}?fresh=1`)}
          />
        ) : null}
      </div>
    </section>
  );
}

/** With SMTP, the selector the provider signs with (SendGrid's are always s1 and s2). */
function SelectorForm({ selector, onSaved }: { selector: string; onSaved: () => void }) {
  const { fetcher, busy, fieldErrors } = useAdminFetcher({ onSuccess: onSaved });
  const [browserErrors, setBrowserErrors] = useState<Record<string, string>>({});
  const error = browserErrors.selector ?? fieldErrors.selector;
  return (
    <fetcher.Form
      method="post"
      action={SENDER_CHECK_URL}
      className="mt-4 flex flex-wrap items-start gap-3"
      onSubmit={(event) => {
        const values = Object.fromEntries(new FormData(event.currentTarget));
        const errors = validate(dkimSelectorSchema, values) ?? {};
        setBrowserErrors(errors);
        if (Object.keys(errors).length > 0) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value="save-selector" />
      <div className="min-w-64">
        <TextField
          id="dkim-selector"
          name="selector"
          label="DKIM selector"
          defaultValue={selector}
          error={error}
          hint="The selector your SMTP provider signs with: the part before ._domainkey."
        />
      </div>
      {/* Level with the field, below its label. */}
      <Button type="submit" variant="outline" disabled={busy} className="sm:mt-7">
        {busy ? "Saving..." : "Save selector"}
      </Button>
    </fetcher.Form>
  );
}

function SenderCheckResultView({
  result,
  onSelectorSaved,
}: {
  result: SenderCheckResult;
  onSelectorSaved: () => void;
}) {
  const sender = result.provider === "sendgrid" ? "SendGrid" : "SMTP";
  return (
    <>
      <p className="text-sm text-ink">
        {result.domain ? (
          <>
            From domain <strong>{result.domain}</strong> (newsletters go from{" "}
            <code>{result.from}</code> by {sender}).
          </>
        ) : (
          <>
            Newsletters go from <code>{result.from}</code> by {sender}.
          </>
        )}
      </p>
      {result.checks.length > 0 ? (
        <ul aria-label="DNS records of the From domain" className="mt-4 space-y-3">
          {result.checks.map((check) => (
            <CheckRow key={check.kind} check={check} />
          ))}
        </ul>
      ) : null}
      {result.provider === "smtp" ? (
        <SelectorForm selector={result.selectors[0] ?? ""} onSaved={onSelectorSaved} />
      ) : null}
      <p className="mt-4 text-sm text-muted">{result.alignment}</p>
      <p className="mt-2 text-xs text-muted">
        Checked <LocalTime iso={result.checkedAt} />; results are kept for ten minutes.
      </p>
    </>
  );
}
