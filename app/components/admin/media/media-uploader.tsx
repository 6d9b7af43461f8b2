import { FileUp, UploadCloud, X } from "lucide-react";
import { useId, useRef, useState } from "react";
import { showToast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ProgressBar } from "~/components/ui/progress-bar";
import { cn } from "~/lib/utils";
import { formatFileSize } from "~/media/rules";
import { ALT_TEXT_MAX } from "~/schemas/admin/media";
import {
  MEDIA_ACCEPT,
  MEDIA_UPLOAD_URL,
  MediaUploadError,
  precheckMediaFile,
  type UploadedMedia,
  uploadMedia,
} from "../media-upload";

/**
 * Choose or drop a file, optionally describe it, upload it with a progress bar. Before
 * JavaScript loads, the same form posts to the upload route and comes back with the toast.
 */
export function MediaUploader({ onUploaded }: { onUploaded: (media: UploadedMedia) => void }) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState("");
  const [progress, setProgress] = useState<number | null>(null);
  // Every byte is sent; the server is resizing the image and has not answered yet.
  const [processing, setProcessing] = useState(false);
  const [dragging, setDragging] = useState(false);
  const uploading = progress !== null;
  const percent = processing ? 100 : Math.round((progress ?? 0) * 100);
  const stage = processing ? "Processing…" : "Uploading…";

  function choose(next: File | undefined) {
    if (!next) return;
    const refused = precheckMediaFile(next);
    if (refused) {
      void showToast({ type: "error", title: refused.title, description: refused.message });
      clear();
      return;
    }
    setFile(next);
  }

  function clear() {
    setFile(null);
    setAltText("");
    if (inputRef.current) inputRef.current.value = "";
  }

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (uploading) return;
    if (!file) {
      inputRef.current?.click();
      return;
    }
    setProgress(0);
    try {
      const media = await uploadMedia(file, {
        onProgress: setProgress,
        onProcessing: () => setProcessing(true),
        altText: altText.trim(),
      });
      void showToast({ type: "success", title: "File uploaded successfully" });
      clear();
      onUploaded(media);
    } catch (error) {
      const title = error instanceof MediaUploadError ? error.title : "Failed to upload file";
      void showToast({ type: "error", title, description: (error as Error).message });
    } finally {
      setProgress(null);
      setProcessing(false);
    }
  }

  return (
    <form
      method="post"
      action={MEDIA_UPLOAD_URL}
      encType="multipart/form-data"
      onSubmit={upload}
      className="mb-6 rounded-xl border border-line bg-white p-4 sm:p-5"
      aria-label="Upload a file"
    >
      <label
        htmlFor={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!uploading) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          if (!uploading) choose(event.dataTransfer.files[0]);
        }}
        className={cn(
          "flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary",
          dragging ? "border-primary bg-indigo-50" : "border-line bg-surface hover:bg-slate-100",
        )}
      >
        <UploadCloud aria-hidden className="size-8 text-primary" />
        <span className="text-sm font-semibold text-ink">
          Drop a file here, or <span className="text-primary-strong underline">choose one</span>
        </span>
        <span className="text-xs text-muted">
          Images (JPG, PNG, GIF, WebP, AVIF, SVG), PDF, DOC, DOCX or TXT, up to 10MB
        </span>
        <input
          ref={inputRef}
          id={`${id}-file`}
          name="file"
          type="file"
          accept={MEDIA_ACCEPT}
          disabled={uploading}
          aria-label="File to upload"
          className="sr-only"
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
      </label>

      {file ? (
        <div className="mt-4 space-y-4">
          <div className="flex items-center gap-3 rounded-lg border border-line px-3 py-2">
            <FileUp aria-hidden className="size-5 shrink-0 text-muted" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-ink" title={file.name}>
                {file.name}
              </p>
              <p className="text-xs text-muted">{formatFileSize(file.size)}</p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={clear}
              disabled={uploading}
              aria-label={`Remove ${file.name}`}
            >
              <X aria-hidden />
            </Button>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-alt`}>Alt text (optional)</Label>
            <Input
              id={`${id}-alt`}
              name="altText"
              value={altText}
              maxLength={ALT_TEXT_MAX}
              disabled={uploading}
              onChange={(event) => setAltText(event.currentTarget.value)}
              aria-describedby={`${id}-alt-hint`}
            />
            <p id={`${id}-alt-hint`} className="text-xs text-muted">
              Describes an image for people who cannot see it.
            </p>
          </div>
        </div>
      ) : null}

      {uploading ? (
        <div className="mt-4 space-y-1">
          <div className="flex justify-between text-xs text-muted">
            <span>{stage}</span>
            {processing ? null : <span aria-hidden>{percent}%</span>}
          </div>
          <ProgressBar
            label="Upload progress"
            percent={percent}
            valueText={processing ? stage : `${percent}%`}
            pulsing={processing}
          />
        </div>
      ) : null}

      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={uploading}>
          <UploadCloud aria-hidden />
          {uploading ? stage : "Upload"}
        </Button>
      </div>
    </form>
  );
}
