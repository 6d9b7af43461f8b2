import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "~/components/ui/button";

// The dialog (Radix), the form and its schemas load when the dialog is first wanted, not with
// every page: the header shows this button on every page.
const loadDialog = () => import("./consultation-dialog-content");
const ConsultationDialogContent = lazy(loadDialog);

/**
 * A button that opens the consultation request in a dialog. Before JavaScript has loaded it is
 * a plain link to the consultation page.
 */
export function ConsultationDialog({ label, className }: { label: string; className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can play its closing animation.
  const [wanted, setWanted] = useState(false);
  // Not a Radix trigger (it must stay a plain link without JavaScript), so focus is handed back
  // to it by hand when the dialog closes.
  const opener = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Button asChild className={className}>
        <a
          ref={opener}
          href="/schedule-consultation"
          aria-haspopup="dialog"
          // Fetch the dialog's code as soon as the visitor shows interest.
          onPointerEnter={() => void loadDialog()}
          onFocus={() => void loadDialog()}
          onClick={(event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            setWanted(true);
            setOpen(true);
          }}
        >
          {label}
        </a>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <ConsultationDialogContent
            open={open}
            onOpenChange={setOpen}
            onClosed={() => opener.current?.focus()}
          />
        </Suspense>
      )}
    </>
  );
}
