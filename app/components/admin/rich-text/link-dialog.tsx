import type { Editor } from "@tiptap/core";
import { Unlink } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { TextField } from "~/components/admin/kit/fields";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { LINK_TARGETS_URL, type LinkTarget, type LinkTargetsAnswer } from "./link-targets";

/** The targets, fetched once per page load: every link dialog of the page shares them. */
let targetsOnce: Promise<LinkTargetsAnswer> | null = null;

function loadTargets(): Promise<LinkTargetsAnswer> {
  targetsOnce ??= fetch(LINK_TARGETS_URL, { headers: { Accept: "application/json" } })
    .then((response) => response.json() as Promise<LinkTargetsAnswer>)
    .catch(() => ({ ok: false as const, error: "The pages and posts could not be loaded." }))
    .then((answer) => {
      // A failed load is asked again next time.
      if (!answer.ok) targetsOnce = null;
      return answer;
    });
  return targetsOnce;
}

const MAX_SHOWN = 30;

/**
 * Add, change or remove the link where the cursor is: an address typed in, or one of the site's
 * published pages and posts, searched by title or address.
 */
export function LinkDialog({
  editor,
  open,
  onOpenChange,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [initial] = useState(() => {
    const { from, to, empty } = editor.state.selection;
    return {
      href: String(editor.getAttributes("link").href ?? ""),
      // With nothing selected and no link to change, the dialog asks for the link's text too.
      needsText: empty && !editor.isActive("link"),
      selected: editor.state.doc.textBetween(from, to, " "),
    };
  });
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<LinkTargetsAnswer | null>(null);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    void loadTargets().then((loaded) => {
      if (live) setAnswer(loaded);
    });
    return () => {
      live = false;
    };
  }, []);

  const shown = useMemo(() => {
    const targets = answer?.ok ? answer.targets : [];
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return targets
      .filter((target) => {
        const haystack = `${target.title} ${target.address}`.toLowerCase();
        return words.every((word) => haystack.includes(word));
      })
      .slice(0, MAX_SHOWN);
  }, [answer, query]);

  function pick(target: LinkTarget) {
    setHref(target.address);
    if (initial.needsText && !text.trim()) setText(target.title);
    setError(undefined);
  }

  function apply(event: FormEvent) {
    event.preventDefault();
    // The dialog's own form, inside the post's form in the page: its submit stays here.
    event.stopPropagation();
    const address = href.trim();
    if (!address) {
      setError("Enter an address or choose a page.");
      return;
    }
    if (/^\s*(javascript|data|vbscript):/i.test(address)) {
      setError("Links go to web addresses (/about, https://…) or mailto:.");
      return;
    }
    const chain = editor.chain().focus();
    if (initial.needsText) {
      const label = text.trim() || address;
      chain
        .insertContent({
          type: "text",
          text: label,
          marks: [{ type: "link", attrs: { href: address } }],
        })
        .unsetMark("link")
        .run();
    } else {
      chain.extendMarkRange("link").setLink({ href: address }).run();
    }
    onOpenChange(false);
  }

  function remove() {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    onOpenChange(false);
  }

  const listId = `${id}-targets`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-xl"
        onCloseAutoFocus={(event) => {
          // Back to the text, where the link is.
          event.preventDefault();
          editor.commands.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{initial.href ? "Edit link" : "Add a link"}</DialogTitle>
          <DialogDescription>
            {initial.selected
              ? `Links “${initial.selected.slice(0, 80)}” to a page of the site or another address.`
              : "Link to a page of the site, a post, or another address."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={apply} className="space-y-4" noValidate>
          <TextField
            id={`${id}-href`}
            label="Address"
            hint="/contact, /blog/a-post, https://… or mailto:…"
            error={error}
            value={href}
            required
            autoFocus
            onValue={(value) => {
              setHref(value);
              setError(undefined);
            }}
          />
          {initial.needsText ? (
            <TextField
              id={`${id}-text`}
              label="Link text"
              hint="What the reader sees; the address if left empty."
              value={text}
              onValue={setText}
            />
          ) : null}
          <div className="space-y-2">
            <TextField
              id={`${id}-search`}
              label="Find a page or post"
              type="search"
              value={query}
              aria-controls={listId}
              onValue={setQuery}
            />
            {!answer ? (
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Spinner /> Loading the pages and posts…
              </p>
            ) : !answer.ok ? (
              <p className="text-sm text-danger">{answer.error}</p>
            ) : shown.length === 0 ? (
              <p className="text-sm text-muted">No published page or post matches.</p>
            ) : null}
            <ul
              id={listId}
              aria-label="Pages and posts"
              className="max-h-64 divide-y divide-line overflow-y-auto rounded-lg border border-line empty:hidden"
            >
              {shown.map((target) => (
                <li key={`${target.kind}:${target.address}`}>
                  <button
                    type="button"
                    aria-pressed={href.trim() === target.address}
                    onClick={() => pick(target)}
                    className="flex w-full flex-col items-start px-3 py-2 text-left text-sm hover:bg-surface focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary aria-pressed:bg-indigo-50"
                  >
                    <span className="font-medium text-ink">
                      {target.title}
                      <span className="font-normal text-muted">
                        {" "}
                        · {target.kind === "post" ? "Post" : "Page"}
                      </span>
                    </span>
                    <span className="text-muted">{target.address}</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-wrap justify-between gap-2">
            {initial.href ? (
              <Button type="button" variant="outline" onClick={remove}>
                <Unlink aria-hidden /> Remove link
              </Button>
            ) : (
              <span />
            )}
            <div className="flex gap-2">
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{initial.href ? "Update link" : "Add link"}</Button>
            </div>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
