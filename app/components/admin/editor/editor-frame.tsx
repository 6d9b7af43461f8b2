import { ArrowLeft, ExternalLink, History, Save } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/**
 * The frame of a full-page editor (a page's, a post's): a top bar with the way back, the title
 * field, what is stored, History, View, the editor's own actions and Save (also Ctrl/Cmd+S); the
 * notices under it (a kept draft, an edit conflict), then the main column (the History panel at
 * its top when opened) beside the side panel.
 */
export function EditorFrame({
  rootProps,
  back,
  title,
  stored,
  dirty,
  history,
  viewHref,
  actions,
  save,
  notices,
  mainHeading,
  main,
  asideLabel,
  aside,
}: {
  /** Data attributes of the frame's element (a marker the build checks, say). */
  rootProps?: Record<`data-${string}`, string>;
  /** The way back to the list; `state` tells the list where the editor was (its focus goes there). */
  back: { to: string; label: string; state?: unknown };
  /** The title field. */
  title: React.ReactNode;
  /** What is stored: its status ("Draft"), or that nothing is yet. */
  stored: string;
  /** Typing not saved yet. */
  dirty: boolean;
  /** The History panel; its button shows when given (mounted only while open). */
  history?: React.ReactNode;
  /** The public address of what is published, for View; none when it is not public. */
  viewHref?: string | null;
  /** Buttons of the editor's own, before Save (Preview). */
  actions?: React.ReactNode;
  save: {
    onSave: () => void;
    busy: boolean;
    /** Save is not possible yet (Ctrl/Cmd+S still calls `onSave`, which says why). */
    disabled?: boolean;
    /** Why it is disabled, beside it. */
    hint?: string | null;
  };
  notices?: React.ReactNode;
  /** The main column's heading. */
  mainHeading: string;
  main: React.ReactNode;
  asideLabel: string;
  aside: React.ReactNode;
}) {
  const [showHistory, setShowHistory] = useState(false);
  useSaveShortcut(save.onSave, save.busy);
  return (
    <div className="space-y-4" {...rootProps}>
      <header className="sticky top-0 z-20 rounded-xl border border-line bg-white/95 p-3 shadow-sm backdrop-blur">
        <div className="flex flex-wrap items-end gap-3">
          <Button asChild variant="ghost" size="sm">
            <Link to={back.to} state={back.state}>
              <ArrowLeft aria-hidden /> {back.label}
            </Link>
          </Button>
          <div className="min-w-[14rem] flex-1">{title}</div>
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-sm text-muted" aria-live="polite">
              {stored}
              {dirty ? " · unsaved changes" : ""}
            </span>
            {history ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-expanded={showHistory}
                onClick={() => setShowHistory((v) => !v)}
              >
                <History aria-hidden /> {showHistory ? "Hide history" : "History"}
              </Button>
            ) : null}
            {viewHref ? (
              <Button asChild variant="outline" size="sm">
                <a href={viewHref} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden /> View
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            ) : null}
            {actions}
            <Button
              type="button"
              size="sm"
              onClick={save.onSave}
              disabled={save.busy || save.disabled}
              aria-keyshortcuts="Control+S Meta+S"
            >
              {save.busy ? <Spinner /> : <Save aria-hidden />}
              {save.busy ? "Saving…" : "Save"}
            </Button>
          </div>
        </div>
        {save.hint ? <p className="mt-2 text-right text-sm text-muted">{save.hint}</p> : null}
      </header>
      {notices}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="editor-main-heading" className="min-w-0 space-y-3">
          <h2 id="editor-main-heading" className="text-lg font-semibold text-ink">
            {mainHeading}
          </h2>
          {/* In the main column, under its heading: the panel's own heading is one level down. */}
          {history && showHistory ? (
            <div className="rounded-xl border border-line bg-white p-4">{history}</div>
          ) : null}
          {main}
        </section>
        <aside aria-label={asideLabel} className="min-w-0 space-y-4">
          {aside}
        </aside>
      </div>
    </div>
  );
}

/** Ctrl+S / Cmd+S calls `save` wherever the focus is on the page, unless a save is on its way. */
function useSaveShortcut(save: () => void, busy: boolean) {
  const saveRef = useRef(save);
  saveRef.current = save;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (!busyRef.current) saveRef.current();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
