import type { LucideIcon } from "lucide-react";
import { RefreshCw } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { QuickActionButton } from "~/components/admin/content/quick-action";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import type { SettingsView } from "~/schemas/admin/settings";

export const SETTINGS_VALUES_URL = "/admin/settings/values";

type LoadState =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; view: SettingsView };

/** Loads the stored values each time the dialog opens, so it never edits a stale copy. */
function useSettingsView(open: boolean, failure: { title: string; description: string }) {
  const [state, setState] = useState<LoadState>({ status: "loading" });
  const request = useRef(0);
  const failureRef = useRef(failure);
  failureRef.current = failure;

  const load = useCallback(async () => {
    const id = ++request.current;
    setState({ status: "loading" });
    try {
      const response = await fetch(SETTINGS_VALUES_URL, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const view = (await response.json()) as SettingsView;
      if (id === request.current) setState({ status: "ready", view });
    } catch {
      if (id !== request.current) return;
      setState({ status: "failed" });
      void showToast({ type: "error", ...failureRef.current });
    }
  }, []);

  useEffect(() => {
    if (open) void load();
    else request.current += 1;
  }, [open, load]);

  return { state, retry: load };
}

/**
 * A dashboard quick action: a button that opens a dialog editing some of the site settings.
 * The dialog loads the stored values when it opens; `children` renders the form once they are in.
 */
export function QuickActionDialog({
  icon: Icon,
  label,
  hint,
  title,
  description,
  loadFailure,
  wide,
  children,
}: {
  icon: LucideIcon;
  label: string;
  hint: string;
  title: string;
  description: string;
  loadFailure: { title: string; description: string };
  /** The dialog's width from small screens up (its default is max-w-lg). */
  wide?: "sm:max-w-2xl" | "sm:max-w-3xl";
  children: (view: SettingsView, close: () => void) => React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const { state, retry } = useSettingsView(open, loadFailure);
  const close = useCallback(() => setOpen(false), []);

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <QuickActionButton title={label} description={hint} icon={Icon} />
      </DialogTrigger>
      <DialogContent className={wide}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div className="grid min-h-48 place-items-center">
            <Spinner className="size-8 text-primary" label={`Loading ${label.toLowerCase()}`} />
          </div>
        ) : state.status === "failed" ? (
          <div className="grid min-h-48 place-items-center text-center">
            <div>
              <p className="text-sm text-danger">{loadFailure.description}</p>
              <Button variant="outline" className="mt-4" onClick={() => void retry()}>
                <RefreshCw aria-hidden />
                Try again
              </Button>
            </div>
          </div>
        ) : (
          children(state.view, close)
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The Save / Cancel row at the bottom of a dialog form. */
export function DialogActions({
  busy,
  onCancel,
  saveLabel,
}: {
  busy: boolean;
  onCancel: () => void;
  saveLabel: string;
}) {
  return (
    <div className="mt-8 flex flex-col-reverse gap-3 border-t border-line pt-6 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? <Spinner className="size-4" label="Saving" /> : null}
        {busy ? "Saving..." : saveLabel}
      </Button>
    </div>
  );
}
