import { ChevronRight } from "lucide-react";
import { isRouteErrorResponse, Link, Outlet, useLocation, useRouteError } from "react-router";
import { adminGroups, sectionOfPath } from "~/admin/tabs";
import { type NoAccess, requireRole } from "~/auth/permissions.server";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin dashboard | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const staff = await requireRole(request, "editor");
  return { email: staff.email, role: staff.role };
}

export default function AdminLayout() {
  const { pathname } = useLocation();
  const tab = sectionOfPath(pathname);
  const group = adminGroups.find((g) => g.key === tab?.group && g.key !== "home");
  return (
    <>
      {/* The page's one h1 names the dashboard, beside the group of the section; the section's
          own title (each tab's TabHeader) follows below. */}
      <div className="border-b border-line bg-white">
        <div className="mx-auto flex h-12 max-w-6xl items-center gap-2 px-4 text-sm sm:px-6 lg:h-16 lg:px-10">
          <h1 className="font-semibold text-ink">Admin dashboard</h1>
          {group ? (
            <>
              <ChevronRight aria-hidden className="size-4 text-slate-400" />
              <p className="text-muted">{group.label}</p>
            </>
          ) : null}
        </div>
      </div>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-10 lg:py-8">
        <Outlet />
      </div>
    </>
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
