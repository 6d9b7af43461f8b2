import { Menu, Sparkles, X } from "lucide-react";
import { useState } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { ConsultationDialog } from "~/components/forms/consultation-dialog";
import { Picture } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { IMAGE_SIZES, type ResponsiveImage } from "~/media/responsive";

export const ANCHOR_SCROLL_DELAY_MS = 100;

interface HeaderProps {
  siteName: string;
  /** The admin's logo (branding settings); the built-in mark when null. */
  logoUrl?: string | null;
  /** The logo's responsive form, when it is a library image. */
  logo?: ResponsiveImage | null;
  navItems: { label: string; url: string }[];
  user: { email: string; isAdmin: boolean; isStaff: boolean } | null;
}

function scrollToAnchor(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

function scrollWhenRendered(id: string, giveUpAt: number) {
  if (document.getElementById(id)) scrollToAnchor(id);
  else if (Date.now() < giveUpAt) requestAnimationFrame(() => scrollWhenRendered(id, giveUpAt));
}

/** Home-page anchors scroll smoothly; from another page we go to / first and scroll shortly after. */
function useNavItemClick(onNavigate: () => void) {
  const location = useLocation();
  const navigate = useNavigate();
  return (event: React.MouseEvent<HTMLAnchorElement> | null, url: string) => {
    onNavigate();
    if (!event || !url.startsWith("/#")) return;
    event.preventDefault();
    const id = url.slice(2);
    if (location.pathname === "/") {
      scrollToAnchor(id);
      window.history.replaceState(null, "", url);
      return;
    }
    // Scroll once the home page is on screen, however long its data took to arrive and however
    // long a slow device takes to render it after that.
    Promise.resolve(navigate("/")).then(() =>
      setTimeout(() => scrollWhenRendered(id, Date.now() + 5_000), ANCHOR_SCROLL_DELAY_MS),
    );
  };
}

function NavList({
  links,
  onItemClick,
  className,
  linkClassName,
}: {
  links: HeaderProps["navItems"];
  onItemClick: ReturnType<typeof useNavItemClick>;
  className: string;
  linkClassName: string;
}) {
  return (
    <ul className={className}>
      {links.map((item) => (
        <li key={`${item.label}-${item.url}`}>
          {item.url.startsWith("/") && !item.url.startsWith("/#") ? (
            <Link
              to={item.url}
              onClick={() => onItemClick(null, item.url)}
              className={linkClassName}
            >
              {item.label}
            </Link>
          ) : (
            <a
              href={item.url}
              onClick={(event) => onItemClick(event, item.url)}
              className={linkClassName}
            >
              {item.label}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The logo beside the site name: the uploaded one, or a sparkle on the brand gradient. */
export function BrandMark({
  logoUrl,
  logo,
  priority = false,
}: {
  logoUrl?: string | null;
  logo?: ResponsiveImage | null;
  /** In the header: the first thing on every page, so never lazy. */
  priority?: boolean;
}) {
  if (logo) {
    return (
      <Picture
        image={logo}
        alt=""
        sizes={IMAGE_SIZES.logo}
        priority={priority}
        className="size-8 shrink-0 rounded-lg object-contain"
        testId="site-logo"
      />
    );
  }
  if (logoUrl) {
    return (
      <img
        src={logoUrl}
        alt=""
        data-testid="site-logo"
        className="size-8 shrink-0 rounded-lg object-contain"
      />
    );
  }
  return (
    <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-primary to-accent text-white">
      <Sparkles aria-hidden className="size-4" />
    </span>
  );
}

export function SiteHeader({ siteName, logoUrl, logo, navItems, user }: HeaderProps) {
  const location = useLocation();
  // The menu belongs to the page it was opened on, so it closes whenever the page changes.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === location.pathname;
  const onItemClick = useNavItemClick(() => setOpenOn(null));
  // Admins and editors open the dashboard.
  const links = user?.isStaff ? [...navItems, { label: "Admin", url: "/admin" }] : navItems;
  const showAccount = Boolean(user) || location.pathname.startsWith("/admin");

  const account = showAccount ? (
    <div className="flex items-center gap-3">
      {user ? (
        <Link
          to="/account/security"
          className="max-w-48 truncate text-sm text-muted hover:text-ink"
          title={`Account security for ${user.email}`}
        >
          {user.email}
        </Link>
      ) : null}
      <Form method="post" action="/sign-out">
        <Button type="submit" variant="outline" size="sm">
          Sign Out
        </Button>
      </Form>
    </div>
  ) : (
    <Link to="/auth" className="text-sm font-semibold text-ink hover:text-primary-strong">
      Sign In
    </Link>
  );

  const getStarted = <ConsultationDialog label="Get Started" />;

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-white/90 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6 lg:px-8"
      >
        <Link to="/" className="flex min-w-0 items-center gap-2 text-lg font-bold text-ink">
          <BrandMark logoUrl={logoUrl} logo={logo} priority />
          <span className="truncate">{siteName}</span>
        </Link>
        <NavList
          links={links}
          onItemClick={onItemClick}
          className="hidden flex-1 items-center gap-1 lg:flex"
          linkClassName="rounded-md px-3 py-2 text-sm font-medium text-muted hover:bg-surface hover:text-ink"
        />
        <div className="ml-auto hidden items-center gap-4 lg:flex">
          {account}
          {getStarted}
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setOpenOn(menuOpen ? null : location.pathname)}
        >
          {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
        </Button>
      </nav>
      <div
        id="mobile-menu"
        className={cn(
          "border-t border-line bg-white px-4 pb-6 lg:hidden",
          menuOpen ? "block" : "hidden",
        )}
      >
        <NavList
          links={links}
          onItemClick={onItemClick}
          className="flex flex-col py-2"
          linkClassName="block rounded-md px-3 py-3 text-base font-medium text-ink hover:bg-surface"
        />
        <div className="flex flex-col gap-3 border-t border-line pt-4">
          {account}
          {getStarted}
        </div>
      </div>
    </header>
  );
}
