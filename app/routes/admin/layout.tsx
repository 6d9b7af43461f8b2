import { LayoutDashboard } from "lucide-react";
import { useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Link,
  NavLink,
  Outlet,
  useLocation,
  useRouteError,
} from "react-router";
import { adminTabs } from "~/admin/tabs";
import { type NoAccess, requireRole } from "~/auth/permissions.server";
import { roleAllows } from "~/auth/roles";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin dashboard | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireRole(request, "editor");
  return { email: staff.email, role: staff.role };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const tabList = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // Only the tabs the role opens: their loaders would answer 403 to anyone else.
  const tabs = adminTabs.filter((tab) => roleAllows(loaderData.role, tab.role));
  // On a phone the bar is wider than the screen: bring the current tab into view.
  useEffect(() => {
    const current = adminTabs.find((tab) => tab.path === pathname.replace(/\/$/, ""));
    if (!current) return;
    tabList.current
      ?.querySelector(`a[href="${current.path}"]`)
      ?.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <LayoutDashboard aria-hidden className="size-7 text-primary" />
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Admin dashboard</h1>
        </div>
        <p className="text-sm text-muted">
          Signed in as <strong className="text-ink">{loaderData.email}</strong>
          {" · "}
          <Link to="/account/security" className="font-medium text-primary-strong hover:underline">
            Account security
          </Link>
        </p>
      </div>
      {/* Links, not ARIA tabs: each section is a page with its own URL, history entry and
          loader; the current one is marked aria-current. On a phone the bar scrolls sideways. */}
      <nav aria-label="Admin sections" className="mt-6 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <ul
          ref={tabList}
          className="flex w-max gap-1 rounded-lg bg-surface p-1 sm:w-auto sm:flex-wrap"
        >
          {tabs.map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={tab.path}
                end
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "block whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-primary",
                    isActive ? "bg-white text-ink shadow-sm" : "text-muted hover:text-ink",
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/**
 * A dashboard page the account may not open (requireRole's 403: an editor on an admin-only tab, or
 * a signed-in account that is not staff), or any other error of a dashboard page.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const linkClass = "font-semibold text-primary-strong underline underline-offset-4";
  if (isRouteErrorResponse(error) && error.status === 403) {
    const body = error.data as Partial<NoAccess> | null;
    return (
      <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">No access</h1>
        <p role="alert" className="text-lg text-muted">
          {body?.message ?? "You do not have access to this page."}
        </p>
        {body?.staff ? (
          <>
            <p className="text-muted">Ask an admin of the site if you need it.</p>
            <Link to="/admin" className={linkClass}>
              Back to the dashboard
            </Link>
          </>
        ) : (
          <Link to="/" className={linkClass}>
            Return to Home
          </Link>
        )}
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">
        {status === 404 ? "Page not found" : "Something went wrong"}
      </h1>
      <p role="alert" className="text-lg text-muted">
        {status === 404
          ? "There is no such page in the dashboard."
          : "An unexpected error occurred. Please try again in a moment."}
      </p>
      <Link to="/admin" className={linkClass}>
        Back to the dashboard
      </Link>
    </div>
  );
}
