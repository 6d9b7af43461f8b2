import { AlertTriangle } from "lucide-react";
import { useEffect, useRef } from "react";
import { LocalTime } from "~/components/admin/kit/local-time";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";

/** One field of the post as each side has it; the panel shows those that differ first. */
export interface ConflictField {
  label: string;
  theirs: string;
  mine: string;
  long?: boolean;
}

/**
 * Someone else saved the post (or page: `noun`) after this editor opened it: their version and the admin's side by
 * side, and the choice. "Keep mine" saves the admin's text over theirs (knowingly, now); "Take
 * theirs" puts their text in the form and drops the admin's typing.
 */
export function EditConflict({
  noun = "post",
  savedByName,
  savedAt,
  fields,
  busy,
  onKeepMine,
  onTakeTheirs,
}: {
  noun?: string;
  savedByName: string;
  savedAt: string;
  fields: ConflictField[];
  busy: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}) {
  const differing = fields.filter((f) => f.theirs !== f.mine);
  const heading = useRef<HTMLHeadingElement>(null);
  // The save button is at the bottom of a long form: bring the choice to the admin's eyes (and
  // a screen reader's focus).
  useEffect(() => {
    heading.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section
      aria-labelledby="edit-conflict-title"
      className="space-y-4 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <div className="flex gap-3">
        <AlertTriangle aria-hidden className="mt-0.5 size-5 shrink-0 text-amber-700" />
        <div>
          <h3
            id="edit-conflict-title"
            ref={heading}
            tabIndex={-1}
            className="font-semibold text-ink focus:outline-none"
          >
            Someone else saved this {noun} while you were editing
          </h3>
          <p className="text-sm text-ink">
            {savedByName || "Another admin"} saved it <LocalTime iso={savedAt} />. Nothing was
            overwritten. Compare the two versions and choose which one to keep.
          </p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 text-sm font-semibold text-ink">
        <p>Their version (saved)</p>
        <p>Your version (not saved)</p>
      </div>
      <dl className="space-y-3">
        {differing.map((field) => (
          <div key={field.label}>
            <dt className="mb-1 text-sm font-medium text-ink">{field.label}</dt>
            <dd className="grid grid-cols-2 gap-3">
              {[field.theirs, field.mine].map((text, i) => (
                <div
                  key={i === 0 ? "theirs" : "mine"}
                  className={cn(
                    "min-w-0 whitespace-pre-wrap break-words rounded-md border border-line bg-white p-2 text-sm text-ink",
                    field.long ? "max-h-64 overflow-y-auto font-mono" : "",
                  )}
                >
                  {text || <span className="text-muted">(empty)</span>}
                </div>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onTakeTheirs} disabled={busy}>
          Take theirs
        </Button>
        <Button type="button" onClick={onKeepMine} disabled={busy}>
          Keep mine
        </Button>
      </div>
    </section>
  );
}
