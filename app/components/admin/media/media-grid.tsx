import { Copy, ExternalLink, FileText, Pencil, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { AltTextSuggestion, useWritingAssist } from "~/components/admin/blog/writing-assist";
import { PostConfirmDialog } from "~/components/admin/kit/confirm-dialog";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { showToast } from "~/components/toaster";
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
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatFileSize } from "~/media/rules";
import type { MediaItem } from "~/models/media.server";
import { ALT_TEXT_MAX } from "~/schemas/admin/media";

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** The file's public address, absolute (a site-relative URL is completed with this origin). */
export function absoluteMediaUrl(url: string) {
  return new URL(url, window.location.origin).href;
}

async function copyUrl(item: MediaItem) {
  const url = absoluteMediaUrl(item.url);
  try {
    await navigator.clipboard.writeText(url);
    void showToast({ type: "success", title: "File URL copied to clipboard" });
  } catch {
    void showToast({ type: "error", title: "Could not copy the URL", description: url });
  }
}

/** "2.49 MB → 598.26 KB (76% smaller)" when the server made the file smaller than uploaded. */
function savedSize({ size, uploadedSize }: MediaItem) {
  if (uploadedSize === null || uploadedSize <= size) return undefined;
  const percent = Math.round((1 - size / uploadedSize) * 100);
  const smaller = percent >= 1 ? `${percent}% smaller` : "under 1% smaller";
  return `${formatFileSize(uploadedSize)} → ${formatFileSize(size)} (${smaller})`;
}

export function MediaGrid({
  items,
  onDeleted,
  onAltTextSaved,
}: {
  items: MediaItem[];
  onDeleted: (id: number) => void;
  onAltTextSaved: (item: MediaItem) => void;
}) {
  // One confirmation dialog for the grid: it outlives the card it deletes, so its answer (and
  // toast) arrives even though the card is gone by then.
  const [deleting, setDeleting] = useState<MediaItem | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <MediaCard
            key={item.id}
            item={item}
            onDelete={(trigger) => {
              returnFocus.current = trigger;
              setDeleting(item);
            }}
            onAltTextSaved={onAltTextSaved}
          />
        ))}
      </ul>
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={onDeleted}
        returnFocus={returnFocus}
      />
    </>
  );
}

function MediaCard({
  item,
  onDelete,
  onAltTextSaved,
}: {
  item: MediaItem;
  onDelete: (trigger: HTMLElement) => void;
  onAltTextSaved: (item: MediaItem) => void;
}) {
  const ext = item.name.split(".").pop()?.toUpperCase() ?? "";
  const saved = savedSize(item);
  return (
    <li
      aria-label={item.originalName}
      className="flex min-w-0 overflow-hidden rounded-xl border border-line bg-white sm:flex-col"
    >
      <a
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        className="group relative block w-24 shrink-0 self-start aspect-square bg-surface sm:w-full sm:aspect-video"
        aria-label={`Open ${item.originalName}`}
      >
        {item.kind === "image" ? (
          <img
            src={item.thumbnailUrl}
            alt={item.altText}
            width={item.width ?? undefined}
            height={item.height ?? undefined}
            loading="lazy"
            decoding="async"
            className="absolute inset-0 size-full object-contain p-1 sm:p-2"
          />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-2 text-muted">
            <FileText aria-hidden className="size-8 sm:size-10" />
            <span className="text-xs font-semibold tracking-wide">{ext}</span>
          </span>
        )}
        <ExternalLink
          aria-hidden
          className="absolute right-2 top-2 size-4 text-muted opacity-0 transition-opacity group-hover:opacity-100"
        />
      </a>
      <div className="flex min-w-0 flex-1 flex-col gap-1 border-l border-line p-3 sm:border-l-0 sm:border-t">
        <p className="truncate text-sm font-semibold text-ink" title={item.originalName}>
          {item.originalName}
        </p>
        <p className="truncate font-mono text-xs text-muted" title={item.name}>
          {item.name}
        </p>
        <p className="text-xs text-muted">
          {formatFileSize(item.size)} ·{" "}
          <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
        </p>
        {item.width && item.height ? (
          <p className="text-xs text-muted">
            {item.width} × {item.height}
          </p>
        ) : null}
        {saved ? <p className="text-xs text-muted">{saved}</p> : null}
        {item.kind === "image" ? (
          <p className="line-clamp-2 text-xs text-muted">
            <span className="font-medium text-ink">Alt text: </span>
            {item.altText || <span className="italic">none</span>}
          </p>
        ) : null}
        <div className="-ml-2 mt-auto flex flex-wrap gap-x-0.5 gap-y-1 pt-2">
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="px-2"
            onClick={() => void copyUrl(item)}
            aria-label={`Copy URL of ${item.originalName}`}
          >
            <Copy aria-hidden />
            Copy URL
          </Button>
          {item.kind === "image" ? <AltTextDialog item={item} onSaved={onAltTextSaved} /> : null}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="px-2 text-danger hover:bg-red-50"
            onClick={(event) => onDelete(event.currentTarget)}
            aria-label={`Delete ${item.originalName}`}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

function AltTextDialog({ item, onSaved }: { item: MediaItem; onSaved: (item: MediaItem) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState(item.altText);
  const { fetcher, busy, fieldErrors } = useAdminFetcher<{
    ok: boolean;
    result?: MediaItem;
  }>({
    onSuccess: (data) => {
      if (data.result) onSaved(data.result);
      setOpen(false);
    },
  });
  useEffect(() => {
    if (open) setValue(item.altText);
  }, [open, item.altText]);
  // The OpenAI integration on: it can describe any image but an SVG drawing (no raster copy).
  const canSuggest = useWritingAssist() && item.mimeType !== "image/svg+xml";
  const error = fieldErrors.altText;
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="px-2"
          aria-label={`Edit alt text of ${item.originalName}`}
        >
          <Pencil aria-hidden />
          Alt text
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Alt text</DialogTitle>
          <DialogDescription>
            Describe {item.originalName} for people who cannot see it. Leave it empty for a
            decorative image.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="update-alt" />
          <input type="hidden" name="id" value={item.id} />
          <div className="space-y-2">
            <Label htmlFor={`${id}-alt`}>Alt text</Label>
            <Input
              id={`${id}-alt`}
              name="altText"
              value={value}
              maxLength={ALT_TEXT_MAX}
              onChange={(event) => setValue(event.currentTarget.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-alt-error` : undefined}
            />
            {error ? (
              <p id={`${id}-alt-error`} className="text-sm text-danger">
                {error}
              </p>
            ) : null}
            {canSuggest ? (
              <AltTextSuggestion mediaId={item.id} fieldId={`${id}-alt`} onUse={setValue} />
            ) : null}
          </div>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving…" : "Save alt text"}
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteDialog({
  item,
  onClose,
  onDeleted,
  returnFocus,
}: {
  item: MediaItem | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
  returnFocus: React.RefObject<HTMLElement | null>;
}) {
  const admin = useAdminFetcher<{ ok: boolean }>({
    onSuccess: () => {
      if (item) onDeleted(item.id);
      onClose();
    },
  });
  return (
    <PostConfirmDialog
      open={item !== null}
      onClose={onClose}
      title="Delete this file?"
      description={
        <>
          <strong className="break-all text-ink">{item?.originalName}</strong> will be removed from
          the library, and pages that show it will show nothing in its place. This cannot be undone.
        </>
      }
      confirmLabel="Delete file"
      busyLabel="Deleting…"
      fields={{ intent: "delete", id: item?.id }}
      admin={admin}
      onCloseAutoFocus={(event) => {
        // Back to the Delete button, or (the card being gone) to the upload form.
        event.preventDefault();
        const target = returnFocus.current?.isConnected
          ? returnFocus.current
          : document.querySelector<HTMLElement>("#media-files-heading");
        target?.focus();
      }}
    />
  );
}
