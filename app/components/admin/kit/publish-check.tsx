import { CircleCheck, TriangleAlert } from "lucide-react";
import { createContext, useCallback, useEffect, useId, useMemo, useState } from "react";
import type { LibraryFile } from "~/blog/image-alt";
import { selectInRichText } from "~/components/admin/rich-text/select-event";
import { type LinkFacts, type LinkFactsData, linkFactsFrom } from "~/pages/link-facts";
import type { MediaFacts, PublishWarning } from "~/pages/publish-check";

/**
 * What the page and post editors share of the check before publishing (app/pages/publish-check.ts):
 * the media library's alt texts it needs, the list of warnings that take staff to their field,
 * and the focus that follows. Admin-only: it brings the check (and marked) along.
 */

/** The site's pages and redirects for the blog's editors (the Blog tab's loader sets it). */
export const LinkFactsContext = createContext<LinkFactsData | null>(null);

/** Without the facts (the server could not gather them) no link is judged. */
export function useLinkFacts(data: LinkFactsData | null): LinkFacts {
  return useMemo(
    () =>
      data
        ? linkFactsFrom(data)
        : {
            siteOrigin: typeof window === "undefined" ? "http://localhost" : window.location.origin,
            exists: () => true,
            redirectsTo: () => null,
          },
    [data],
  );
}

const LOOKUP_DELAY_MS = 300;

/**
 * The library's alt texts of these files (`names` from libraryNamesOf / libraryNamesOfPage), asked
 * again when the window regains focus: staff may have described an image in the media library in
 * another tab meanwhile. Names not answered yet are `pending`: the check leaves their images be.
 */
export function useMediaFacts(names: readonly string[]): MediaFacts {
  const key = names.join(",");
  /** Looked-up names: the library's file, or null when the library has no such file. */
  const [known, setKnown] = useState<ReadonlyMap<string, LibraryFile | null>>(new Map());
  const [round, setRound] = useState(0);

  useEffect(() => {
    const again = () => setRound((n) => n + 1);
    window.addEventListener("focus", again);
    return () => window.removeEventListener("focus", again);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round asks again for the same names
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    // Typing a URL changes the names at every keystroke; ask once it settles.
    const timer = window.setTimeout(async () => {
      try {
        const response = await fetch(`/admin/blog/media?names=${encodeURIComponent(key)}`, {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        const answer = (await response.json()) as { ok: boolean; files?: LibraryFile[] };
        if (!response.ok || !answer.ok || !answer.files) return;
        const files = answer.files;
        setKnown((current) => {
          const next = new Map(current);
          for (const name of key.split(",")) {
            next.set(name, files.find((file) => file.name === name) ?? null);
          }
          return next;
        });
      } catch {
        // Aborted, or the server could not answer: those images stay unjudged (no warning for
        // them) until the next look-up; a warning is advice, never worth an error here.
      }
    }, LOOKUP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, round]);

  return useMemo(() => {
    const library = new Map<string, LibraryFile>();
    const pending = new Set<string>();
    for (const name of key ? key.split(",") : []) {
      const file = known.get(name);
      if (file) library.set(name, file);
      else if (file === undefined) pending.add(name);
    }
    return { library, pending };
  }, [key, known]);
}

/**
 * Where to put the focus: an element's id, another one if it is not there, text to select in it
 * (a textarea's or a rich-text editor's).
 */
export interface FocusTarget {
  id: string;
  fallback?: string | null;
  select?: string | null;
}

/**
 * Focus a field once the render that shows it is done (a block opened, the preview closed):
 * `focus(target)` asks, the effect answers after the next commit.
 */
export function useFieldFocus() {
  const [request, setRequest] = useState<{ target: FocusTarget } | null>(null);
  useEffect(() => {
    if (!request) return;
    const { id, fallback, select } = request.target;
    const element =
      document.getElementById(id) ?? (fallback ? document.getElementById(fallback) : null);
    if (!element) return;
    element.focus();
    element.scrollIntoView({ block: "center" });
    if (!select) return;
    if (element instanceof HTMLTextAreaElement) selectText(element, select);
    // A rich-text editor selects the place itself (rich-text/rich-text-editor.tsx).
    else selectInRichText(element, select);
  }, [request]);
  // A new object each time: asking twice for the same field focuses it twice.
  return useCallback((target: FocusTarget) => setRequest({ target }), []);
}

/** The paragraph (lines up to a blank one) of a text around `at`. */
function paragraphAround(value: string, at: number, end: number) {
  const before = value.lastIndexOf("\n\n", at);
  const after = value.indexOf("\n\n", end);
  return { start: before === -1 ? 0 : before + 2, end: after === -1 ? value.length : after };
}

/**
 * Selects the place a warning quotes in a textarea and scrolls it into view: the paragraph (or
 * heading line) holding the text. The quote is what the reader sees (markdown stripped, maybe cut
 * short), so a shorter start of it is tried when the whole is not in the field word for word.
 */
function selectText(element: HTMLTextAreaElement, text: string) {
  const value = element.value;
  const words = text.split(/\s+/).filter(Boolean);
  let found = -1;
  let length = 0;
  for (let count = words.length; count >= 1 && found === -1; count -= 1) {
    const piece = words.slice(0, count).join(" ");
    if (count < words.length && piece.length < 4) break;
    found = value.indexOf(piece);
    length = piece.length;
  }
  if (found === -1) return;
  const { start, end } = paragraphAround(value, found, found + length);
  element.setSelectionRange(start, end);
  // The textarea keeps its own scroll: bring the selection to its middle.
  const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 20;
  const line = value.slice(0, start).split("\n").length - 1;
  element.scrollTop = Math.max(0, line * lineHeight - element.clientHeight / 2);
}

/** What a warning points at in a text field, to select: the quoted text, or the link's address. */
export function warningSnippet(warning: PublishWarning): string | null {
  if (warning.code === "link-missing" || warning.code === "link-redirect") {
    return /^The link to (\S+) goes/.exec(warning.message)?.[1] ?? null;
  }
  if (warning.code === "image-alt") {
    return /^The image (.+) has no alt text/.exec(warning.message)?.[1] ?? null;
  }
  const quoted = /"(.+?)"(?=[ .,)])/.exec(warning.message)?.[1];
  return quoted ? quoted.replace(/…$/, "").trim() || null : null;
}

/**
 * The editor's "Before you publish" list: each warning a button to its place. Advice only: the
 * editors save and publish with warnings left.
 */
export function PublishCheckPanel({
  warnings,
  onJump,
  published,
  className,
}: {
  warnings: readonly PublishWarning[];
  onJump: (warning: PublishWarning) => void;
  /** Whether what is saved is published or scheduled: the count then says it is out with them. */
  published?: boolean;
  className?: string;
}) {
  const headingId = useId();
  const count = warnings.length === 1 ? "1 warning" : `${warnings.length} warnings`;
  return (
    <section aria-labelledby={headingId} data-publish-check="" className={className}>
      <h2 id={headingId} className="text-base font-semibold text-ink">
        Before you publish
      </h2>
      {warnings.length === 0 ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-emerald-800">
          <CircleCheck aria-hidden className="size-4 shrink-0" /> No problems found.
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            {published ? `Out with ${count}` : count}: worth a look, but none stops a save.
          </p>
          <ul className="mt-2 space-y-1">
            {warnings.map((warning, i) => (
              // The same warning can stand twice (two long paragraphs): the place keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt, never reordered
              <li key={i}>
                <button
                  type="button"
                  data-warning={warning.code}
                  onClick={() => onJump(warning)}
                  className="flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left text-sm text-amber-900 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-primary"
                >
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span>{warning.message}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** "2 warnings of the check before publishing remain." for the toast of a save that publishes. */
export function warningsLeftNote(count: number, status: string) {
  if (count === 0 || (status !== "published" && status !== "scheduled")) return undefined;
  return `${count === 1 ? "1 warning" : `${count} warnings`} of the check before publishing ${count === 1 ? "remains" : "remain"}.`;
}
