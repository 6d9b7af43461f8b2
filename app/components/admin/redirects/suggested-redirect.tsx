import { CornerDownRight } from "lucide-react";
import { useState } from "react";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import type { RedirectSuggestion } from "~/models/redirects.server";
import { RedirectForm } from "./redirect-form";

/**
 * Under a broken link of the link audit: the redirect that now covers it, or a suggested one,
 * made with one click (or after choosing another target). The tab reloads after the action, so
 * the row then shows the redirect.
 */
export function SuggestedRedirect({ suggestion }: { suggestion: RedirectSuggestion }) {
  const [choosing, setChoosing] = useState(false);
  const { fetcher, busy } = useAdminFetcher();
  if (suggestion.exists) {
    return (
      <p className="mt-1.5 flex items-start gap-1 break-all text-xs text-emerald-800">
        <CornerDownRight aria-hidden className="mt-0.5 size-3.5 shrink-0" />
        <span>
          Redirects to <code className="font-mono">{suggestion.target}</code>
        </span>
      </p>
    );
  }
  return (
    <div className="mt-2 space-y-1.5">
      <p className="break-all text-xs text-muted">
        Suggested redirect to <code className="font-mono text-ink">{suggestion.target}</code>
      </p>
      <div className="flex flex-wrap gap-1.5">
        <fetcher.Form method="post" action="/admin/redirects">
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="fromPath" value={suggestion.fromPath} />
          <input type="hidden" name="target" value={suggestion.target} />
          <Button type="submit" size="sm" variant="outline" disabled={busy}>
            {busy ? <Spinner className="size-4" /> : null}
            Create redirect<span className="sr-only"> from {suggestion.fromPath}</span>
          </Button>
        </fetcher.Form>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          aria-haspopup="dialog"
          onClick={() => setChoosing(true)}
        >
          Other target…<span className="sr-only"> for {suggestion.fromPath}</span>
        </Button>
      </div>
      <Dialog open={choosing} onOpenChange={setChoosing}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Redirect a broken address</DialogTitle>
            <DialogDescription>
              Links to {suggestion.fromPath} will lead to the new address.
            </DialogDescription>
          </DialogHeader>
          <RedirectForm
            draft={{ fromPath: suggestion.fromPath, target: suggestion.target }}
            fixedFrom
            submitLabel="Create redirect"
            onDone={() => setChoosing(false)}
            onCancel={() => setChoosing(false)}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
