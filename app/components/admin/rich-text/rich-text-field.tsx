import { Code } from "lucide-react";
import { lazy, type ReactNode, Suspense, useCallback, useState, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { fieldAria } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";

/** Tiptap and ProseMirror come in the editor's own chunk, never with a public page's script. */
const loadEditor = () => import("./rich-text-editor");
const RichTextEditor = lazy(loadEditor);

// Fetched once the admin's editor screen is idle, so that a block opened later (or by a warning
// of the check before publishing) shows its editor at once, with the focus in it.
if (typeof window !== "undefined") {
  window.setTimeout(() => void loadEditor().catch(() => undefined), 1_000);
}

const noSubscription = () => () => {};
/** False on the server and while hydrating (the textarea the server sent), true after. */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

const MARKDOWN_HINT = "Markdown: ## a heading, **bold**, [a link](/contact), - a list item.";
const UNFIT_NOTE =
  "This text has parts the rich-text editor cannot show as they are (HTML, for one), so it is edited as Markdown.";

/**
 * A markdown text edited as rich text (headings, lists, links, images, quotes, code), or as the
 * Markdown itself with the Markdown button. Markdown is what it takes and gives: the stored
 * format does not change. Before the page's script runs, and while the editor loads, it is the
 * plain Markdown textarea, which also posts the text with the form (`name`).
 */
export function RichTextField({
  id,
  label,
  hint,
  error,
  required,
  value,
  onValue,
  rows = 10,
  name,
  actions,
  hidden,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  value: string;
  onValue: (value: string) => void;
  rows?: number;
  /** The form field's name, for a form that posts before its script runs. */
  name?: string;
  /** More buttons beside the Markdown one (the post's Preview). */
  actions?: ReactNode;
  /** Hidden but kept (the post's Preview shows instead): the editor keeps its state and undo. */
  hidden?: boolean;
  /** Shown under the field, above the hint (the post's preview). */
  children?: ReactNode;
}) {
  const hydrated = useHydrated();
  const [markdown, setMarkdown] = useState(false);
  const [unfit, setUnfit] = useState(false);
  const onUnfit = useCallback(() => {
    setUnfit(true);
    setMarkdown(true);
  }, []);
  const rich = hydrated && !markdown;
  const labelId = `${id}-label`;
  const hintText = (
    <>
      {hint}
      {hint && !rich ? " " : null}
      {rich ? null : MARKDOWN_HINT}
      {unfit && markdown ? <span className="mt-1 block text-amber-900">{UNFIT_NOTE}</span> : null}
    </>
  );

  // While the editor loads, the hidden input posts the text: the stand-in textarea has no name.
  const textarea = (posted: boolean) => (
    <Textarea
      {...fieldAria(id, error, true)}
      name={posted ? name : undefined}
      rows={rows}
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      aria-required={required || undefined}
      className="font-mono"
    />
  );

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Label id={labelId} htmlFor={rich ? undefined : id}>
          {label}
          {required ? (
            <span aria-hidden className="text-danger">
              {" "}
              *
            </span>
          ) : null}
        </Label>
        <div className="flex flex-wrap gap-2">
          {hydrated && !hidden ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-pressed={markdown}
              onClick={() => {
                setMarkdown((on) => !on);
                setUnfit(false);
              }}
            >
              <Code aria-hidden /> Markdown
              <span className="sr-only"> view of {label.toLowerCase()}</span>
            </Button>
          ) : null}
          {actions}
        </div>
      </div>
      <div className={cn(hidden && "hidden")}>
        {rich ? (
          <>
            {name ? <input type="hidden" name={name} value={value} /> : null}
            <Suspense fallback={textarea(false)}>
              <RichTextEditor
                id={id}
                labelId={labelId}
                label={label}
                describedBy={fieldAria(id, error, true)["aria-describedby"]}
                invalid={Boolean(error)}
                required={required}
                value={value}
                onValue={onValue}
                onUnfit={onUnfit}
                rows={rows}
              />
            </Suspense>
          </>
        ) : (
          textarea(true)
        )}
      </div>
      {children}
      <div id={`${id}-hint`} className="text-sm text-muted">
        {hintText}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
