import type { LucideIcon } from "lucide-react";
import { RefreshCw } from "lucide-react";
import type * as React from "react";
import { useCallback, useEffect, useRef, useState } from "react";
import { QuickActionButton } from "~/components/admin/kit/quick-action";
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

interface LoadFailure {
  title: string;
  description: string;
}

type LoadState<T> = { status: "loading" } | { status: "failed" } | { status: "ready"; data: T };

/** Fetches `url` as JSON each time the dialog opens, so it never edits a stale copy. */
function useLoadOnOpen<T>(open: boolean, url: string | undefined, failure?: LoadFailure) {
  const [state, setState] = useState<LoadState<T>>({ status: "loading" });
  const request = useRef(0);
  const failureRef = useRef(failure);
  failureRef.current = failure;

  const load = useCallback(async () => {
    if (!url) return;
    const id = ++request.current;
    setState({ status: "loading" });
    try {
      const response = await fetch(url, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const data = (await response.json()) as T;
      if (id === request.current) setState({ status: "ready", data });
    } catch {
      if (id !== request.current) return;
      setState({ status: "failed" });
      if (failureRef.current) void showToast({ type: "error", ...failureRef.current });
    }
  }, [url]);

  useEffect(() => {
    if (open) void load();
    else request.current += 1;
  }, [open, load]);

  return { state, retry: load };
}

interface Shell {
  icon: LucideIcon;
  /** The card's title, and the dialog's unless `dialogTitle` is given. */
  title: string;
  /** The line under the title on the card. */
  summary: string;
  dialogTitle?: string;
  /** The dialog's description. */
  description: string;
  /** The dialog's width from small screens up (its default is max-w-lg). */
  wide?: "sm:max-w-2xl" | "sm:max-w-3xl";
}

/**
 * A dashboard quick action that opens an editor in a dialog. The editor is rendered only while
 * the dialog is open, so it starts from the stored values each time: those of the loader the
 * caller holds, or (with `load`) those fetched from `load.url` when it opens, with a spinner
 * meanwhile and Try again when they could not be loaded. The editor gets a function that closes it.
 */
export function EditorDialog<T>(
  props: Shell &
    (
      | { load?: undefined; children: (close: () => void) => React.ReactNode }
      | {
          load: { url: string; failure: LoadFailure };
          children: (close: () => void, data: T) => React.ReactNode;
        }
    ),
) {
  const { icon, title, summary, dialogTitle, description, wide, load } = props;
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const { state, retry } = useLoadOnOpen<T>(open, load?.url, load?.failure);

  function body() {
    if (!props.load) return props.children(close);
    if (state.status === "ready") return props.children(close, state.data);
    return state.status === "loading" ? (
      <div className="grid min-h-48 place-items-center">
        <Spinner className="size-8 text-primary" label={`Loading ${title.toLowerCase()}`} />
      </div>
    ) : (
      <div className="grid min-h-48 place-items-center text-center">
        <div>
          <p className="text-sm text-danger">{props.load.failure.description}</p>
          <Button variant="outline" className="mt-4" onClick={() => void retry()}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <QuickActionButton title={title} description={summary} icon={icon} />
      </DialogTrigger>
      <DialogContent className={wide}>
        <DialogHeader>
          <DialogTitle>{dialogTitle ?? title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {open ? body() : null}
      </DialogContent>
    </Dialog>
  );
}

/** The Save / Cancel row at the bottom of an editor dialog's form. */
export function EditorDialogActions({
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
