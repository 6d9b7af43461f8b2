import type * as React from "react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
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
import { Spinner } from "~/components/ui/spinner";

interface Texts {
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
}

/** The alert dialog every confirmation shares: its question, its consequence, then `children`. */
function ConfirmContent({
  title,
  description,
  onCloseAutoFocus,
  children,
}: Omit<Texts, "confirmLabel"> & {
  onCloseAutoFocus?: (event: Event) => void;
  children: React.ReactNode;
}) {
  return (
    <DialogContent role="alertdialog" onCloseAutoFocus={onCloseAutoFocus}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
    </DialogContent>
  );
}

/**
 * Asks before a step the admin may not mean, then calls `onConfirm`. Opened by its child (the
 * trigger, which gets the focus back on close) or from code (`open`, `onOpenChange`; give
 * `onCloseAutoFocus` to hand focus back, e.g. from `useReturnFocus`).
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  onConfirm,
  children,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: Texts & {
  onConfirm: () => void;
  children?: React.ReactElement;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const shown = open ?? ownOpen;
  const setShown = onOpenChange ?? setOwnOpen;
  return (
    <Dialog open={shown} onOpenChange={setShown}>
      {children ? <DialogTrigger asChild>{children}</DialogTrigger> : null}
      <ConfirmContent title={title} description={description} onCloseAutoFocus={onCloseAutoFocus}>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              onConfirm();
              setShown(false);
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </ConfirmContent>
    </Dialog>
  );
}

/**
 * A confirmation that posts `fields` to `action` through the caller's admin fetcher (whose
 * `onSuccess` closes it); it cannot be dismissed while the request is under way. `busyLabel`
 * replaces the button's text meanwhile; `icon` stands before it otherwise. `children` are more
 * fields of the form (an optional choice that goes with the step), above the buttons.
 */
export function PostConfirmDialog({
  open,
  onClose,
  title,
  description,
  confirmLabel,
  busyLabel,
  icon,
  action,
  fields,
  admin: { fetcher, busy },
  onCloseAutoFocus,
  children,
}: Texts & {
  open: boolean;
  onClose: () => void;
  busyLabel?: string;
  icon?: React.ReactNode;
  /** Where it posts; the current route's action when left out. */
  action?: string;
  fields: Record<string, string | number | undefined>;
  /** What `useAdminFetcher` returns: the fetcher to post through, and whether it is under way. */
  admin: { fetcher: Pick<FetcherWithComponents<unknown>, "Form">; busy: boolean };
  onCloseAutoFocus?: (event: Event) => void;
  children?: React.ReactNode;
}) {
  const layout = "flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";
  const buttons = (
    <>
      <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="destructive" disabled={busy}>
        {busy ? (
          <Spinner label={busyLabel?.replace("…", "")} className="size-4 text-white" />
        ) : (
          icon
        )}
        {busy && busyLabel ? busyLabel : confirmLabel}
      </Button>
    </>
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (next || busy ? null : onClose())}>
      <ConfirmContent title={title} description={description} onCloseAutoFocus={onCloseAutoFocus}>
        <fetcher.Form
          method="post"
          action={action}
          noValidate
          className={children ? "space-y-4" : layout}
        >
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value ?? ""} />
          ))}
          {children ? (
            <>
              {children}
              <div className={layout}>{buttons}</div>
            </>
          ) : (
            buttons
          )}
        </fetcher.Form>
      </ConfirmContent>
    </Dialog>
  );
}

/** The last non-null value: a closing dialog keeps its text while it fades out. */
export function useShownWhileClosing<T>(value: T | null) {
  const [shown, setShown] = useState<T | null>(value);
  if (value !== null && value !== shown) setShown(value);
  return shown;
}
