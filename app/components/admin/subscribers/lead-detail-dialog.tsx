import { Mail, Phone } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { formatDateTime } from "~/components/admin/kit/format";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { LeadDetail } from "~/models/admin-subscribers.server";
import { leadKindLabels, leadRef } from "~/schemas/admin/subscribers";
import { LeadStatusForm } from "./lead-status-form";

/** A lead's details as the loader sends them (its time as ISO text). */
export type LeadDetailItem = Omit<LeadDetail, "createdAt" | "preview"> & { createdAt: string };

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-ink">{children}</dd>
    </div>
  );
}

function OrNone({ value }: { value: string | undefined }) {
  return value ? value : <span className="text-muted">Not given</span>;
}

function mailtoHref(lead: LeadDetailItem) {
  const subject = lead.kind === "consultation" ? "Your consultation request" : "Re: your message";
  return `mailto:${encodeURIComponent(lead.email).replace("%40", "@")}?subject=${encodeURIComponent(subject)}`;
}

/**
 * Every field of one lead, opened from the list by its URL (`?lead=consultation-12`), with its
 * status and a reply link. Closing goes back to the list and to the link that opened it.
 */
export function LeadDetailDialog({
  lead,
  open,
  onClose,
}: {
  /** Null with `open`: the URL names a lead that does not exist. */
  lead: LeadDetailItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const openedRef = useRef<string | null>(null);
  if (lead) openedRef.current = leadRef(lead.kind, lead.id);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Back to the link that opened it (the one on screen: table or card).
          const target = Array.from(
            document.querySelectorAll<HTMLElement>(`[data-lead-link="${openedRef.current}"]`),
          ).find((element) => element.offsetParent !== null);
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        {lead ? (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{lead.name}</DialogTitle>
              <DialogDescription>
                {leadKindLabels[lead.kind]} received{" "}
                <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
              </DialogDescription>
            </DialogHeader>
            <LeadStatusForm
              kind={lead.kind}
              id={lead.id}
              name={lead.name}
              status={lead.status}
              idPrefix="detail"
              withLabel
              className="mb-4"
            />
            <dl className="divide-y divide-line border-y border-line">
              <Row label="Email">
                <a
                  href={`mailto:${lead.email}`}
                  className="break-all font-medium text-primary-strong underline-offset-4 hover:underline"
                >
                  {lead.email}
                </a>
              </Row>
              <Row label="Phone">
                {lead.phone ? (
                  <a
                    href={`tel:${lead.phone.replace(/[^+\d]/g, "")}`}
                    className="font-medium text-primary-strong underline-offset-4 hover:underline"
                  >
                    {lead.phone}
                  </a>
                ) : (
                  <OrNone value="" />
                )}
              </Row>
              {lead.kind === "consultation" ? (
                <>
                  <Row label="Company">
                    <OrNone value={lead.company} />
                  </Row>
                  <Row label="Service type">
                    <OrNone value={lead.serviceType} />
                  </Row>
                  <Row label="Preferred time">
                    <OrNone value={lead.preferredTime} />
                  </Row>
                </>
              ) : null}
              <Row label={lead.kind === "consultation" ? "Message" : "Comments"}>
                {lead.message ? (
                  <p className="whitespace-pre-wrap">{lead.message}</p>
                ) : (
                  <OrNone value="" />
                )}
              </Row>
              {lead.kind === "contact" ? (
                <Row label="Consent">{lead.consent ? "Agreed to be contacted" : "Not given"}</Row>
              ) : null}
            </dl>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
              {lead.phone ? (
                <Button asChild variant="outline">
                  <a href={`tel:${lead.phone.replace(/[^+\d]/g, "")}`}>
                    <Phone aria-hidden />
                    Call
                  </a>
                </Button>
              ) : null}
              <Button asChild>
                <a href={mailtoHref(lead)}>
                  <Mail aria-hidden />
                  Reply by email
                </a>
              </Button>
            </div>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Lead not found</DialogTitle>
              <DialogDescription>
                This lead does not exist (any more). It may have been opened from an old link.
              </DialogDescription>
            </DialogHeader>
            <div className="flex justify-end">
              <DialogClose asChild>
                <Button variant="outline">Back to the list</Button>
              </DialogClose>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
