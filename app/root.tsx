import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { getCurrentUser } from "~/auth/session.server";
import { useSessionHintCheck } from "~/components/session-hint-check";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Toaster, useFlashToast } from "~/components/toaster";
import { FullScreenSpinner } from "~/components/ui/spinner";
import { IntegrationWidgets } from "~/components/widgets/integration-widgets";
import { getEnv } from "~/env.server";
import { useInAdminShell } from "~/lib/admin-shell";
import { useNonce } from "~/lib/nonce";
import { takeToast } from "~/lib/toast.server";
import {
  brandStyle,
  getFooter,
  getSettingsMap,
  listNavItems,
  settingOrDefault,
  siteLogo,
  siteNameFrom,
} from "~/models/site.server";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesheet },
];

export async function loader({ request }: Route.LoaderArgs) {
  const [user, navItems, settings, footer, flash] = await Promise.all([
    getCurrentUser(request),
    listNavItems(),
    getSettingsMap(),
    getFooter(),
    takeToast(request),
  ]);
  const logo = await siteLogo(settings);
  return data(
    {
      user: user
        ? { email: user.email, role: user.role, isAdmin: user.isAdmin, isStaff: user.isStaff }
        : null,
      navItems,
      siteName: siteNameFrom(settings),
      tagline: settingOrDefault(settings, "site_tagline"),
      logoUrl: logo?.url ?? null,
      logo: logo?.image ?? null,
      brandDescription: settingOrDefault(settings, "brand_description"),
      siteUrl: getEnv().SITE_URL,
      brand: brandStyle(settings),
      footer,
      toast: flash.toast,
    },
    { headers: flash.headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en" style={data?.brand as React.CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { user, navItems, siteName, tagline, logoUrl, logo, toast, footer } =
    useLoaderData<typeof loader>();
  const brand = { siteName, logoUrl, logo };
  const navigation = useNavigation();
  // The staff's pages (routes/admin/shell.tsx) draw their own frame instead of the public one.
  const inShell = useInAdminShell();
  // The auth state of a page is settled on the server; while a client-side move to a guarded
  // or auth page waits for it, the whole screen shows a spinner.
  const checkingAuth =
    navigation.state === "loading" && /^\/(admin|auth)(\/|$)/.test(navigation.location.pathname);

  useFlashToast(toast);
  useSessionHintCheck(user !== null);

  return (
    <>
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-sm font-semibold text-ink shadow focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      {/* Next in the tab order, so the consent banner is reached before the page. */}
      <IntegrationWidgets />
      {inShell ? (
        <Outlet />
      ) : (
        <>
          <SiteHeader {...brand} navItems={navItems} user={user} />
          <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
            <Outlet />
          </main>
          <SiteFooter {...brand} tagline={tagline} footer={footer} />
        </>
      )}
      {checkingAuth ? <FullScreenSpinner /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let details = "An unexpected error occurred. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "404" : `${error.status}`;
    details = error.status === 404 ? "Oops! Page not found" : error.statusText || details;
  }
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="text-5xl font-bold">{title}</h1>
      <p className="text-lg text-muted">{details}</p>
      <a href="/" className="font-semibold text-primary-strong underline underline-offset-4">
        Return to Home
      </a>
    </main>
  );
}
