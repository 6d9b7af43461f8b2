import { Search } from "lucide-react";
import { Form, Link } from "react-router";
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

/** A GET search form: the text lands in ?q=, the chosen category is kept. */
export function ListSearch({ q, category }: { q: string; category: string | null }) {
  return (
    <Form method="get" action="/blog" role="search" className="mx-auto flex max-w-2xl gap-2">
      <label htmlFor="blog-search" className="sr-only">
        Search articles
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          id="blog-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={200}
          placeholder="Search articles..."
          className="h-11 pl-9"
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
