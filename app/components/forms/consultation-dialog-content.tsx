import { lazy, Suspense } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";

const ConsultationForm = lazy(() =>
  import("./consultation-form").then((module) => ({ default: module.ConsultationForm })),
);

/** The dialog itself, loaded with its form the first time a visitor opens it. */
export default function ConsultationDialogContent({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the dialog has closed, to hand focus back to what opened it. */
  onClosed: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
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
          <ConsultationForm onSubmitted={() => onOpenChange(false)} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
