import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/utils";

/** The list URL for a search text, category and page; empty parts are left out. */
export function blogListHref({
  q,
  category,
  page,
}: {
  q?: string | null;
  category?: string | null;
  page?: number;
}) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (category) params.set("category", category);
  if (page && page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/blog?${search}` : "/blog";
}

/** How long typing must pause before the list follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A GET search form: the text lands in ?q=, the chosen category is kept. With JavaScript the list
 * follows the text as the visitor types (after a pause, one history entry per search: later
 * keystrokes replace it); without, the Search button submits it.
 */
export function ListSearch({ q, category }: { q: string; category: string | null }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const typing = useRef(false);
  const shown = useRef(q);
  shown.current = q;

  // Back, Forward or a category link changed the search: show it, unless the visitor is typing
  // (the box then leads, and a trimmed ?q= must not eat a space just typed).
  useEffect(() => {
    const box = input.current;
    if (box && document.activeElement !== box && box.value !== q) box.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/blog"
      role="search"
      className="mx-auto flex max-w-2xl gap-2"
      onSubmit={() => {
        clearTimeout(timer.current);
        typing.current = false;
      }}
    >
      <label htmlFor="blog-search" className="sr-only">
        Search articles
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          ref={input}
          id="blog-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={200}
          placeholder="Search articles..."
          className="h-11 pl-9"
          onChange={(event) => {
            const text = event.currentTarget.value.trim();
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              if (text === shown.current) return;
              // The first search of a run of typing is a new history entry; the rest replace it.
              navigate(blogListHref({ q: text, category }), {
                replace: typing.current,
                preventScrollReset: true,
              });
              typing.current = true;
            }, SEARCH_DEBOUNCE_MS);
          }}
          onBlur={() => {
            typing.current = false;
          }}
        />
      </div>
      {category ? <input type="hidden" name="category" value={category} /> : null}
      <Button type="submit" className="h-11">
        Search
      </Button>
    </Form>
  );
}

/** Category filter buttons as links; the current one is marked. */
export function ListCategoryFilter({
  categories,
  current,
  q,
}: {
  categories: { name: string; slug: string }[];
  current: string | null;
  q: string;
}) {
  const items = [{ name: "All Categories", slug: null as string | null }, ...categories];
  return (
    <nav aria-label="Categories" className="mt-6">
      <ul className="flex flex-wrap justify-center gap-2">
        {items.map((item) => {
          const active = item.slug === current;
          return (
            <li key={item.slug ?? "all"}>
              <Link
                to={blogListHref({ q, category: item.slug })}
                aria-current={active ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "inline-flex min-h-9 items-center rounded-full border px-4 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
                  active
                    ? "border-primary-strong bg-primary-strong text-white"
                    : "border-line bg-white text-ink hover:border-indigo-200 hover:bg-indigo-50",
                )}
              >
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
