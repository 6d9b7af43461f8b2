import { LayoutDashboard } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink, Outlet, redirect, useLocation } from "react-router";
import { adminTabs } from "~/admin/tabs";
import { TWO_FACTOR_SETUP_PATH, twoFactorSetupRequired } from "~/auth/account-security.server";
import { requireAdmin } from "~/auth/session.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/layout";

export const meta: Route.MetaFunction = () => [
  { title: "Admin dashboard | AI Solutions" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  if (await twoFactorSetupRequired(admin)) throw redirect(TWO_FACTOR_SETUP_PATH);
  return { email: admin.email };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const tabList = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
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
          {adminTabs.map((tab) => (
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
