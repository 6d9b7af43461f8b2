import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import type { UserRole } from "~/auth/roles";
import { BrandMark } from "~/components/site-header";
import { cn } from "~/lib/utils";
import type { ResponsiveImage } from "~/media/responsive";
import { AccountNav, SectionsNav } from "./shell-nav";

export interface ShellProps {
  siteName: string;
  logoUrl?: string | null;
  logo?: ResponsiveImage | null;
  /** The signed-in account; null while a guard's redirect is on its way. */
  user: { email: string; role: UserRole; isStaff: boolean } | null;
  children: React.ReactNode;
}

/**
 * The phone's menu: a disclosure that belongs to the page it was opened on (a move closes it),
 * closes on Escape or a click outside and then gives the focus back to its button.
 */
function useShellMenu() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const close = () => {
      setOpenOn(null);
      button.current?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return {
    open,
    button,
    panel,
    toggle: () => setOpenOn(open ? null : pathname),
    // A link chosen in the open menu: the menu closes with the move and its button keeps the
    // focus, instead of a link that is no longer shown.
    onNavigate: () => {
      if (!open) return;
      setOpenOn(null);
      button.current?.focus();
    },
  };
}

/**
 * The dashboard's own frame (/admin/*, /account/*), in place of the public header and footer:
 * a sidebar of grouped sections and the account on a wide screen, a bar with a menu on a phone.
 */
export function AdminShell({ siteName, logoUrl, logo, user, children }: ShellProps) {
  const menu = useShellMenu();
  const staff = Boolean(user?.isStaff);
  return (
    <div className="flex min-h-dvh flex-1 flex-col lg:flex-row">
      <header className="sticky top-0 z-40 border-b border-line bg-white lg:fixed lg:inset-y-0 lg:left-0 lg:flex lg:w-64 lg:flex-col lg:border-r lg:border-b-0 lg:bg-surface">
        <div className="flex h-16 shrink-0 items-center gap-3 px-4 lg:border-b lg:border-line lg:px-5">
          <Link
            to={staff ? "/admin" : "/"}
            className="flex min-w-0 items-center gap-2.5 rounded-md text-ink"
          >
            <BrandMark logoUrl={logoUrl} logo={logo} priority />
            <span className="min-w-0 leading-tight">
              <span className="block truncate text-sm font-bold">{siteName}</span>
              <span className="block text-xs text-muted">{staff ? "Dashboard" : "Account"}</span>
            </span>
          </Link>
          {user ? (
            <button
              ref={menu.button}
              type="button"
              className="ml-auto inline-flex h-10 items-center gap-2 rounded-lg border border-line bg-white px-3 text-sm font-semibold text-ink shadow-sm transition-colors hover:bg-surface lg:hidden"
              aria-expanded={menu.open}
              aria-controls="admin-menu"
              onClick={menu.toggle}
            >
              {menu.open ? (
                <X aria-hidden className="size-4" />
              ) : (
                <Menu aria-hidden className="size-4" />
              )}
              Menu
            </button>
          ) : null}
        </div>
        {user ? (
          <div
            ref={menu.panel}
            id="admin-menu"
            className={cn(
              "absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] flex-col gap-5 overflow-y-auto overscroll-contain border-b border-line bg-surface px-3 py-4 shadow-lg",
              "lg:static lg:flex lg:max-h-none lg:min-h-0 lg:flex-1 lg:border-b-0 lg:py-4 lg:shadow-none",
              menu.open ? "flex" : "hidden",
            )}
          >
            <div className="lg:flex-1">
              <SectionsNav role={user.role} onNavigate={menu.onNavigate} />
            </div>
            <AccountNav email={user.email} role={user.role} onNavigate={menu.onNavigate} />
          </div>
        ) : null}
      </header>
      {menu.open ? (
        <div aria-hidden className="fixed inset-0 top-16 z-30 bg-ink/30 lg:hidden" />
      ) : null}
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none lg:pl-64">
        {children}
      </main>
    </div>
  );
}
