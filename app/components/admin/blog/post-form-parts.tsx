import { Eye, Pencil } from "lucide-react";
import { LocalTime } from "~/components/admin/kit/local-time";
import { Button } from "~/components/ui/button";
import { fieldAria } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";

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

/** The post's Markdown, with a Preview that the server renders (as the post page will). */
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
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          Content
          <span aria-hidden className="text-danger">
            {" "}
            *
          </span>
        </label>
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
      </div>
      <Textarea
        {...fieldAria(id, error, true)}
        name="content"
        rows={12}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        required
        className={previewing ? "hidden" : "font-mono"}
      />
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
      <p id={`${id}-hint`} className="text-sm text-muted">
        Markdown. Use Preview to see how the post page shows it.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
