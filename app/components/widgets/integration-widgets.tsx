import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { allowsThirdPartyScripts } from "~/lib/third-party-pages";

// The banner and the widget loader are a chunk of their own, fetched after the page is
// interactive, so a page pays almost nothing for them up front.
const ConsentHost = lazy(() => import("~/components/consent/consent-host"));

/**
 * Whether this document was loaded as a page that carries a secret (read once, in the browser,
 * before any move inside the app): such a page's CSP lets no widget reach its hosts.
 */
const startedOnPrivatePage =
  typeof window !== "undefined" && !allowsThirdPartyScripts(window.location.pathname);

/**
 * The visitor's consent and the third-party widgets (chat, voice assistant, analytics, custom
 * code) it governs. Rendered only in the browser: cached pages are the same bytes for everyone.
 * None of them runs on the pages of app/lib/third-party-pages.ts.
 */
export function IntegrationWidgets() {
  const { pathname } = useLocation();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConsentHost
        pathname={pathname}
        privatePage={!allowsThirdPartyScripts(pathname)}
        startedOnPrivatePage={startedOnPrivatePage}
      />
    </Suspense>
  );
}
