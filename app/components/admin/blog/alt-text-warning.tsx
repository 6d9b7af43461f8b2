import { TriangleAlert } from "lucide-react";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import {
  altTextWarning,
  imagesWithoutAlt,
  type LibraryFile,
  libraryNamesOf,
} from "~/blog/image-alt";

/** Looked-up names: the library's file, or null when the library has no such file. */
type Known = ReadonlyMap<string, LibraryFile | null>;

const LOOKUP_DELAY_MS = 300;

/**
 * The library's alt texts of these files, asked again when the window regains focus: the editor
 * may have described an image in the media library in another tab meanwhile.
 */
function useLibraryFiles(names: readonly string[]) {
  const key = names.join(",");
  const [known, setKnown] = useState<Known>(new Map());
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

  return known;
}

/**
 * Before a post goes out: which of its images (featured and in the body) will have no alt text on
 * the page. Advice only: saving is never blocked.
 */
export function AltTextWarning({
  featuredImageUrl,
  content,
  active,
}: {
  featuredImageUrl: string;
  content: string;
  /** Whether the post is to be published. */
  active: boolean;
}) {
  const deferredContent = useDeferredValue(content);
  const names = useMemo(
    () => (active ? libraryNamesOf(featuredImageUrl, deferredContent) : []),
    [active, featuredImageUrl, deferredContent],
  );
  const known = useLibraryFiles(names);
  const warning = useMemo(() => {
    if (!active) return undefined;
    const library = new Map<string, LibraryFile>();
    const pending = new Set<string>();
    for (const name of names) {
      const file = known.get(name);
      if (file) library.set(name, file);
      else if (file === undefined) pending.add(name);
    }
    return altTextWarning(
      imagesWithoutAlt({
        featuredImageUrl,
        content: deferredContent,
        library,
        pending,
        // Only known files are compared with it, and none are before hydration.
        origin: typeof window === "undefined" ? undefined : window.location.origin,
      }),
    );
  }, [active, names, known, featuredImageUrl, deferredContent]);

  // The live region stays in the page so that a warning appearing in it is announced.
  return (
    <div role="status">
      {warning ? (
        <div className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <p>
            {warning}{" "}
            <a
              href="/admin/media?kind=images"
              target="_blank"
              rel="noopener"
              className="font-medium underline"
            >
              Open the media library in a new tab
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
