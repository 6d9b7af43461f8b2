import { ScrollText } from "lucide-react";
import { LocalTime } from "~/components/admin/kit/local-time";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { consentSourceLabel, consentSummary } from "~/newsletter/consent";
import { RowDialogButton } from "./row-dialog-button";

/** A consent record as the loader sends it (its time as ISO text). */
export interface ConsentItem {
  source: string;
  wordingVersion: string;
  confirmed: boolean;
  givenAt: string;
}

/**
 * A subscriber's consent records, oldest first: when, where, which wording, whether the address
 * confirmed it. Opened from the link-styled button under the row's status, which gets the focus
 * back on closing.
 */
export function ConsentDialog({
  subscriber,
}: {
  subscriber: { email: string; confirmedAt: string | null; consents: ConsentItem[] };
}) {
  const { consents } = subscriber;
  return (
    <Dialog>
      <DialogTrigger asChild>
        <RowDialogButton aria-label={`Consent records of ${subscriber.email}`}>
          <ScrollText aria-hidden className="size-3.5" />
          Consent records
        </RowDialogButton>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="break-all">{subscriber.email}</DialogTitle>
          <DialogDescription>
            {subscriber.confirmedAt ? (
              <>
                Confirmed <LocalTime iso={subscriber.confirmedAt} />.
              </>
            ) : (
              "Not confirmed by a link."
            )}{" "}
            Every sign-up, confirmation and import keeps a record; no IP address is stored.
          </DialogDescription>
        </DialogHeader>
        {consents.length === 0 ? (
          <p className="text-sm text-muted">No consent records.</p>
        ) : (
          <ol className="divide-y divide-line border-y border-line">
            {consents.map((consent, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: records are listed in order, never reordered
              <li key={index} className="py-3 text-sm">
                <p className="font-medium text-ink">{consentSummary(consent)}</p>
                <dl className="mt-1 grid grid-cols-[8rem_1fr] gap-x-3 gap-y-0.5 text-muted">
                  <dt>When</dt>
                  <dd>
                    <LocalTime iso={consent.givenAt} />
                  </dd>
                  <dt>Where</dt>
                  <dd>{consentSourceLabel(consent.source)}</dd>
                  <dt>Wording</dt>
                  <dd>{consent.wordingVersion}</dd>
                  <dt>Confirmed</dt>
                  <dd>{consent.confirmed ? "Yes" : "No"}</dd>
                </dl>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
