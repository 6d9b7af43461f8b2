import { Eye, Pencil } from "lucide-react";
import { LocalTime } from "~/components/admin/kit/local-time";
import { RichTextField } from "~/components/admin/rich-text/rich-text-field";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** Typing kept in this browser from an earlier visit: restore it or let it go. */
export function DraftOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: string;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-sky-300 bg-sky-50 p-3 text-sm text-ink sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        Unsaved changes from <LocalTime iso={savedAt} /> were kept in this browser. Restore them?
      </p>
      <div className="flex shrink-0 gap-2">
        <Button type="button" size="sm" onClick={onRestore}>
          Restore changes
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDiscard}>
          Discard
        </Button>
      </div>
    </div>
  );
}

/**
 * The post's text: rich text or its Markdown (RichTextField; markdown is what is stored), with a
 * Preview that the server renders (as the post page will).
 */
export function ContentField({
  id,
  value,
  error,
  onValue,
  previewing,
  onPreview,
  onEdit,
  preview,
}: {
  id: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
  previewing: boolean;
  onPreview: () => void;
  onEdit: () => void;
  preview: { state: string; data?: { html?: string } };
}) {
  return (
    <RichTextField
      id={id}
      label="Content"
      name="content"
      required
      rows={12}
      value={value}
      error={error}
      onValue={onValue}
      hint="Use Preview to see how the post page shows it."
      hidden={previewing}
      actions={
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-pressed={previewing}
          onClick={previewing ? onEdit : onPreview}
        >
          {previewing ? <Pencil aria-hidden /> : <Eye aria-hidden />}
          {previewing ? "Edit" : "Preview"}
        </Button>
      }
    >
      {previewing ? (
        <section
          aria-label="Preview"
          className="min-h-64 rounded-lg border border-line bg-surface p-4"
        >
          {preview.state !== "idle" ? (
            <p className="flex items-center gap-2 text-sm text-muted">
              <Spinner /> Rendering the preview…
            </p>
          ) : preview.data?.html !== undefined ? (
            value.trim() ? (
              <div
                className="prose max-w-none break-words text-ink [&_p]:mb-3"
                // Rendered and escaped on the server by renderPostHtml.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises it
                dangerouslySetInnerHTML={{ __html: preview.data.html }}
              />
            ) : (
              <p className="text-sm text-muted">Nothing to preview yet.</p>
            )
          ) : (
            <p className="text-sm text-danger">The preview could not be rendered.</p>
          )}
        </section>
      ) : null}
    </RichTextField>
  );
}
