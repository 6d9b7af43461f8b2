import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";

// The form and its schemas load when the dialog first opens, not with every page.
const ConsultationForm = lazy(() =>
  import("./consultation-form").then((module) => ({ default: module.ConsultationForm })),
);

/**
 * A button that opens the consultation request in a dialog. Before JavaScript has loaded it is
 * a plain link to the consultation page.
 */
export function ConsultationDialog({ label, className }: { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  // Not a Radix trigger (it must stay a plain link without JavaScript), so focus is handed back
  // to it by hand when the dialog closes.
  const opener = useRef<HTMLAnchorElement>(null);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button asChild className={className}>
        <a
          ref={opener}
          href="/schedule-consultation"
          aria-haspopup="dialog"
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            setOpen(true);
          }}
        >
          {label}
        </a>
      </Button>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Schedule a Free Consultation</DialogTitle>
          <DialogDescription>
            Tell us a little about your business and we'll contact you to confirm a time.
          </DialogDescription>
        </DialogHeader>
        <Suspense
          fallback={
            <div className="grid place-items-center py-16">
              <Spinner />
            </div>
          }
        >
          <ConsultationForm onSubmitted={() => setOpen(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
