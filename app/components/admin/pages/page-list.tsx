import { ExternalLink, LayoutTemplate, Plus, Search, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { roleAllows, type UserRole } from "~/auth/roles";
import { statusLabels } from "~/components/admin/blog/post-values";
import { PostConfirmDialog, useShownWhileClosing } from "~/components/admin/kit/confirm-dialog";
import { SelectField, TextField } from "~/components/admin/kit/fields";
import { plural } from "~/components/admin/kit/format";
import { LabelledCell } from "~/components/admin/kit/labelled-cell";
import { LocalTime } from "~/components/admin/kit/local-time";
import { useReturnFocus } from "~/components/admin/kit/return-focus";
import {
  RowEditLink,
  RowMenuItem,
  RowMenuSeparator,
  RowMoreMenu,
} from "~/components/admin/kit/row-actions";
import { ACTIONS_COLUMN, RowActionsCell, TableHead } from "~/components/admin/kit/table";
import { useAdminFetcher } from "~/components/admin/use-admin-fetcher";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { type PageLinkState, pageLinkStateOf, type SiteMenus } from "~/pages/page-links";
import { HOME_ADDRESS, PAGE_KIND_LABELS, type PageKind } from "~/pages/page-schema";
import type { PageSummary } from "~/pages/pages.server";
import { NewPageDialog } from "./new-page-dialog";
import {
  AddToFooterDialog,
  PageMenuActions,
  PageMenuBadges,
  usePageLinkSubmitter,
} from "./page-menu-actions";

const statusStyles: Record<PageSummary["status"], string> = {
  draft: "bg-surface text-muted ring-line",
  scheduled: "bg-sky-50 text-sky-900 ring-sky-200",
  published: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  archived: "bg-amber-50 text-amber-900 ring-amber-200",
};

function StatusBadge({ status }: { status: PageSummary["status"] }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        statusStyles[status],
      )}
    >
      {statusLabels[status]}
    </span>
  );
}

const NOT_LINKED: PageLinkState = { inNavigation: false, footerSections: [] };

/** Whether a page is among those asked for: words of its title or address (any case), and kind. */
export function pageMatches(page: PageSummary, query: string, kind: PageKind | ""): boolean {
  if (kind && page.kind !== kind) return false;
  const haystack = `${page.title} ${page.path}`.toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * Every page (a table on wide screens, stacked rows on a phone): new, edit, view, delete, and a
 * published page's place in the site's navigation menu and footer (`menus`: null when they could
 * not be read, and then not offered). The footer is a settings editor: an admin's (`role`).
 */
export function PageList({
  pages,
  menus = null,
  role = "editor",
}: {
  pages: PageSummary[];
  menus?: SiteMenus | null;
  role?: UserRole;
}) {
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [footerFor, setFooterFor] = useState<PageSummary | null>(null);
  const focus = useReturnFocus(() => document.getElementById("new-page"));
  const linksOf = (page: PageSummary) => (menus ? pageLinkStateOf(menus, page.path) : NOT_LINKED);
  const links = usePageLinkSubmitter();
  const [query, setQuery] = useState("");
  const [kind, setKind] = useState<PageKind | "">("");
  const shown = pages.filter((page) => pageMatches(page, query, kind));
  const filtered = shown.length !== pages.length;
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold" aria-live="polite">
          {filtered
            ? `${shown.length} of ${plural(pages.length, "page")}`
            : plural(pages.length, "page")}
        </h3>
        <Button
          id="new-page"
          aria-haspopup="dialog"
          onClick={() => {
            focus.remember();
            setCreating(true);
          }}
        >
          <Plus aria-hidden /> New page
        </Button>
      </div>
      {pages.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-10 text-center">
          <LayoutTemplate aria-hidden className="mx-auto size-8 text-muted" />
          <p className="mt-3 font-semibold text-ink">No pages yet</p>
          <p className="mx-auto mt-1 max-w-md text-sm text-muted">
            Build a landing page, an offer or a legal notice from blocks, without a developer. Start
            from a template with New page.
          </p>
        </div>
      ) : (
        <search className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="relative flex-1">
            <TextField
              id="page-search"
              label="Find a page"
              type="search"
              placeholder="Title or address"
              value={query}
              onValue={setQuery}
              maxLength={100}
              className="pl-9"
            />
            <Search
              aria-hidden
              className="pointer-events-none absolute bottom-3 left-3 size-4 text-muted"
            />
          </div>
          <div className="sm:w-48">
            <SelectField
              id="page-kind-filter"
              label="Kind"
              value={kind}
              onValue={(value) => setKind(value as PageKind | "")}
            >
              <option value="">All kinds</option>
              {Object.entries(PAGE_KIND_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
        </search>
      )}
      {pages.length === 0 ? null : shown.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-line bg-white px-6 py-8 text-center">
          <p className="font-semibold text-ink">No page matches</p>
          <p className="mt-1 text-sm text-muted">Try other words, or show every page.</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => {
              setQuery("");
              setKind("");
            }}
          >
            Show all pages
          </Button>
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-line bg-white shadow-sm">
          <table className="w-full text-left text-sm md:table-fixed">
            <TableHead
              caption="Pages"
              columns={[
                { label: "Title", className: "w-[18%]" },
                { label: "Address", className: "w-[16%]" },
                { label: "Kind", className: "w-[10%]" },
                { label: "Status", className: "w-[12%]" },
                { label: "Updated", className: "w-[10%]" },
                // Edit, View and More on one line.
                { ...ACTIONS_COLUMN, className: "w-[34%]" },
              ]}
            />
            <tbody className="divide-y divide-line">
              {shown.map((page) => (
                <tr key={page.id} className="block py-3 md:table-row md:py-0">
                  <LabelledCell label="Title" align="middle">
                    <Link
                      to={`/admin/pages/${page.id}`}
                      className="font-semibold text-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                    >
                      {page.title}
                    </Link>
                    {page.noindex ? (
                      <span className="block text-xs text-muted">Hidden from search engines</span>
                    ) : null}
                  </LabelledCell>
                  <LabelledCell label="Address" align="middle">
                    <code className="break-words rounded bg-surface px-1.5 py-0.5 font-mono text-xs">
                      {page.path}
                    </code>
                  </LabelledCell>
                  <LabelledCell label="Kind" align="middle">
                    {PAGE_KIND_LABELS[page.kind]}
                  </LabelledCell>
                  <LabelledCell label="Status" align="middle">
                    <StatusBadge status={page.status} />
                    {page.status === "scheduled" && page.publishedAt ? (
                      <span className="mt-1 block text-xs text-muted">
                        <LocalTime iso={page.publishedAt} />
                      </span>
                    ) : null}
                    <PageMenuBadges state={linksOf(page)} />
                  </LabelledCell>
                  <LabelledCell label="Updated" align="middle">
                    <LocalTime iso={page.updatedAt} />
                  </LabelledCell>
                  <RowActionsCell>
                    <RowEditLink to={`/admin/pages/${page.id}`} name={page.title} />
                    {page.status === "published" ? (
                      <Button asChild variant="outline" size="sm">
                        <a href={page.path} target="_blank" rel="noopener">
                          <ExternalLink aria-hidden /> View
                          <span className="sr-only"> {page.title} (opens in a new tab)</span>
                        </a>
                      </Button>
                    ) : null}
                    {menus || page.path !== HOME_ADDRESS ? (
                      <RowMoreMenu name={page.title} remember={focus.remember}>
                        {menus ? (
                          <PageMenuActions
                            page={page}
                            state={linksOf(page)}
                            mayEditFooter={roleAllows(role, "admin")}
                            links={links}
                            onAddToFooter={() => setFooterFor(page)}
                          />
                        ) : null}
                        {/* The home page keeps its address: it is not deleted. */}
                        {page.path === HOME_ADDRESS ? null : (
                          <>
                            {menus ? <RowMenuSeparator /> : null}
                            <RowMenuItem
                              icon={<Trash2 aria-hidden />}
                              danger
                              opensDialog
                              onSelect={() => setDeleting(page)}
                            >
                              Delete
                            </RowMenuItem>
                          </>
                        )}
                      </RowMoreMenu>
                    ) : null}
                  </RowActionsCell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <NewPageDialog
        open={creating}
        onOpenChange={setCreating}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
      <DeletePageDialog
        page={deleting}
        linksOf={linksOf}
        onClose={() => setDeleting(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
      <AddToFooterDialog
        page={footerFor}
        onClose={() => setFooterFor(null)}
        onCloseAutoFocus={focus.onCloseAutoFocus}
      />
    </div>
  );
}

/**
 * "Delete this page?", with an optional address its old one sends visitors to from now on (a
 * 301), so links to it keep working.
 */
function DeletePageDialog({
  page,
  linksOf,
  onClose,
  onCloseAutoFocus,
}: {
  page: PageSummary | null;
  /** Where the site's menus link to a page: those links go with it. */
  linksOf: (page: PageSummary) => PageLinkState;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const shown = useShownWhileClosing(page);
  const [redirectTo, setRedirectTo] = useState("");
  const admin = useAdminFetcher({
    onSuccess: () => {
      setRedirectTo("");
      onClose();
    },
  });
  return (
    <PostConfirmDialog
      open={page !== null}
      onClose={() => {
        setRedirectTo("");
        onClose();
      }}
      title="Delete this page?"
      description={
        shown
          ? `“${shown.title}” and its history are deleted for good; ${shown.path} stops answering unless you send its visitors on.${linkedNote(linksOf(shown))}`
          : ""
      }
      confirmLabel="Delete page"
      busyLabel="Deleting…"
      icon={<Trash2 aria-hidden />}
      action="/admin/pages"
      fields={{ intent: "delete", id: shown?.id }}
      admin={admin}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <TextField
        id="delete-page-redirect"
        name="redirectTo"
        label="Redirect its address to"
        hint="Optional: a path on this site (/about) or an https:// address. Visitors and search engines are sent there (301)."
        error={admin.fieldErrors.redirectTo}
        value={redirectTo}
        onValue={setRedirectTo}
      />
    </PostConfirmDialog>
  );
}

/** What the delete dialog adds when the site's menus link to the page. */
function linkedNote(links: PageLinkState) {
  const where = [
    links.inNavigation ? "the navigation" : null,
    links.footerSections.length > 0 ? "the footer" : null,
  ].filter(Boolean);
  return where.length > 0
    ? ` It is linked from ${where.join(" and ")}; those links are removed.`
    : "";
}
