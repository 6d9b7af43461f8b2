import { Tags } from "lucide-react";
import { useId, useState } from "react";
import { TextField } from "~/components/admin/kit/fields";
import { validate } from "~/components/admin/kit/validate";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
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
import { subscriberTagsActionSchema } from "~/schemas/admin/campaign-send";
import { RowDialogButton } from "./row-dialog-button";

/** A subscriber's tags as small labels, and the way to edit them. */
export function SubscriberTags({
  subscriber,
}: {
  subscriber: { id: number; email: string; tags: string[] };
}) {
  return (
    <div className="flex flex-wrap items-center gap-1">
      {subscriber.tags.length === 0 ? (
        <span className="text-xs text-muted">No tags</span>
      ) : (
        <ul className="flex flex-wrap gap-1" aria-label={`Tags of ${subscriber.email}`}>
          {subscriber.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-line bg-surface px-2 py-0.5 text-xs text-ink"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
      <TagsDialog subscriber={subscriber} />
    </div>
  );
}

/**
 * The tags as text ("webinar, vip"), checked with the server's schema before it posts to the
 * Newsletter tab's action ("set-tags"); the server's refusal shows at the field too.
 */
function TagsDialog({ subscriber }: { subscriber: { id: number; email: string; tags: string[] } }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { fetcher, busy } = useAdminFetcher({
    onSuccess: () => setOpen(false),
    onFailure: (errors) => setError(errors.tags),
  });
  const values = { intent: "set-tags", id: String(subscriber.id), tags: text };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (next) {
          setText(subscriber.tags.join(", "));
          setError(undefined);
        }
      }}
    >
      <DialogTrigger asChild>
        <RowDialogButton aria-label={`Edit tags of ${subscriber.email}`}>
          <Tags aria-hidden className="size-3.5" />
          Edit tags
        </RowDialogButton>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Tags</DialogTitle>
          <DialogDescription className="break-all">
            Of {subscriber.email}. A campaign can go to the subscribers with chosen tags.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            const refused = validate(subscriberTagsActionSchema, values);
            setError(refused?.tags);
            if (refused) {
              document.getElementById(id)?.focus();
              return;
            }
            void fetcher.submit(values, { method: "post", action: "/admin/newsletter" });
          }}
        >
          <TextField
            id={id}
            label="Tags"
            hint="Separated by commas: lower-case letters, digits and hyphens. Empty removes them all."
            autoComplete="off"
            spellCheck={false}
            error={error}
            value={text}
            onValue={setText}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? <Spinner className="size-4 text-white" label="Saving" /> : null}
              {busy ? "Saving…" : "Save tags"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
