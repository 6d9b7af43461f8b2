import { Eye } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

type PreviewAnswer = {
  ok: boolean;
  url?: string;
  toast?: { title: string; description?: string };
};

/**
 * An editor's Preview (a page's, a post's): the server keeps the unsaved state under an
 * unguessable address, which opens in a new tab. The tab is opened at the click (a popup blocker
 * allows that) and sent there on the answer.
 */
export function PreviewButton({
  action,
  payload,
}: {
  /** The editor's action: its "preview" intent answers `{ ok, url }`. */
  action: string;
  /** What to send, checked by the editor first; null when it refused (and said why). */
  payload: () => Record<string, unknown> | null;
}) {
  const fetcher = useFetcher<PreviewAnswer>();
  const tab = useRef<Window | null>(null);
  const handled = useRef<unknown>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    const opened = tab.current;
    tab.current = null;
    if (answer.ok && answer.url) {
      if (opened && !opened.closed) opened.location.href = answer.url;
      else window.open(answer.url, "_blank", "noopener");
    } else {
      opened?.close();
      void showToast({
        type: "error",
        title: answer.toast?.title ?? "Failed to open the preview",
        description: answer.toast?.description,
      });
    }
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";

  function open() {
    const sent = payload();
    if (!sent) return;
    const opened = window.open("about:blank", "_blank");
    if (opened) opened.opener = null;
    tab.current = opened;
    void fetcher.submit(sent as never, { method: "post", action, encType: "application/json" });
  }

  return (
    <Button type="button" variant="outline" size="sm" onClick={open} disabled={busy}>
      {busy ? <Spinner /> : <Eye aria-hidden />} Preview
      <span className="sr-only"> (opens in a new tab)</span>
    </Button>
  );
}
