import { ImageIcon, Upload } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { MEDIA_ACCEPT, MediaUploadError, uploadMedia } from "~/components/admin/media-upload";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";

interface PickerImage {
  id: number;
  name: string;
  /** What a post links to: the full image. */
  url: string;
  /** What the picker shows: a small copy. */
  thumbnailUrl: string;
  width: number | null;
  height: number | null;
  altText: string;
}

/**
 * A dialog over the media library's images: thumbnails with their alt text, Load more, and an
 * upload of a new image; picking one hands its URL back (and the library's alt text for it).
 */
export function ImagePicker({
  open,
  onOpenChange,
  onPick,
  title = "Choose a featured image",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (url: string, altText: string) => void;
  title?: string;
}) {
  const [images, setImages] = useState<PickerImage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [uploading, setUploading] = useState<number | null>(null);
  // Every byte is sent; the server is resizing the image and has not answered yet.
  const [processing, setProcessing] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const uploadId = useId();

  const load = useCallback(async (offset: number) => {
    setLoading(true);
    setFailed(false);
    try {
      const response = await fetch(`/admin/blog/media?offset=${offset}`, {
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json()) as {
        ok: boolean;
        items: PickerImage[];
        hasMore: boolean;
      };
      if (!response.ok || !answer.ok) throw new Error(`status ${response.status}`);
      setImages((current) => (offset === 0 ? answer.items : [...current, ...answer.items]));
      setHasMore(answer.hasMore);
    } catch {
      setFailed(true);
      void showToast({ type: "error", title: "Failed to fetch media files" });
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (open) void load(0);
  }, [open, load]);

  async function upload(file: File) {
    setUploading(0);
    try {
      const uploaded = await uploadMedia(file, {
        onProgress: setUploading,
        onProcessing: () => setProcessing(true),
      });
      void showToast({ type: "success", title: "File uploaded successfully" });
      onPick(uploaded.url, "");
      onOpenChange(false);
    } catch (error) {
      const title = error instanceof MediaUploadError ? error.title : "Failed to upload file";
      const description = error instanceof Error ? error.message : undefined;
      void showToast({ type: "error", title, description });
    } finally {
      setUploading(null);
      setProcessing(false);
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Pick an image from the media library or upload a new one.
          </DialogDescription>
        </DialogHeader>
        <div className="mb-4 flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id={uploadId}
            type="file"
            accept={MEDIA_ACCEPT}
            className="sr-only"
            aria-label="Upload a new image"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              if (file) void upload(file);
            }}
          />
          <Button
            type="button"
            variant="outline"
            disabled={uploading !== null}
            onClick={() => fileInput.current?.click()}
          >
            {uploading !== null ? <Spinner /> : <Upload aria-hidden />}
            {uploading === null
              ? "Upload new image"
              : processing
                ? "Processing…"
                : `Uploading… ${Math.round(uploading * 100)}%`}
          </Button>
        </div>
        {failed && images.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line p-6 text-center text-sm text-muted">
            The images could not be loaded.{" "}
            <button type="button" className="font-semibold underline" onClick={() => void load(0)}>
              Try again
            </button>
          </p>
        ) : null}
        {!failed && !loading && images.length === 0 ? (
          <p className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-line p-8 text-center text-sm text-muted">
            <ImageIcon aria-hidden className="size-6" />
            No images in the media library yet. Upload one above.
          </p>
        ) : null}
        {images.length > 0 ? (
          <ul
            className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4"
            aria-label="Media library images"
          >
            {images.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(image.url, image.altText);
                    onOpenChange(false);
                  }}
                  className="group block w-full overflow-hidden rounded-lg border border-line bg-surface text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  aria-label={`Use ${image.altText || image.name}`}
                >
                  <img
                    src={image.thumbnailUrl}
                    alt={image.altText}
                    width={image.width ?? undefined}
                    height={image.height ?? undefined}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full object-cover transition-opacity group-hover:opacity-90"
                  />
                  <span className="block truncate px-2 py-1 text-xs text-muted">
                    {image.altText || image.name}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {loading ? (
          <p
            className="mt-4 flex items-center justify-center gap-2 text-sm text-muted"
            role="status"
          >
            <Spinner /> Loading images…
          </p>
        ) : null}
        {hasMore && !loading ? (
          <div className="mt-4 text-center">
            <Button type="button" variant="outline" onClick={() => void load(images.length)}>
              Load more
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
