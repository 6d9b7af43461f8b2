import { useCallback, useEffect, useRef, useState } from "react";
import { createPath, useBlocker } from "react-router";
import { showToast } from "~/components/toaster";
import {
  fetchWidgets,
  loadWidget,
  openChatWhenReady,
  sendPageView,
  updateGoogleConsent,
} from "~/components/widgets/load-widgets";
import {
  type ConsentState,
  categoriesToAsk,
  decide,
  isGranted,
  neededCategories,
  type OptionalCategory,
  widgetCategory,
} from "~/consent/consent";
import {
  readConsentState,
  removeCategoryCookies,
  writeConsentCookie,
} from "~/consent/consent-browser";
import { onOpenCookieSettings } from "~/consent/cookie-settings";
import type { ChatWidget, PublicWidget, VoiceWidget } from "~/content/widgets";
import { allowsThirdPartyScripts } from "~/lib/third-party-pages";
import { ConsentBanner, type Decisions } from "./consent-banner";
import { WidgetPlaceholder } from "./widget-placeholder";

// Once per document: the host stays mounted across client-side navigations, and React's
// development double effects must not fetch or load anything twice.
let widgetsRequest: Promise<PublicWidget[] | null> | null = null;
const loaded = new Set<PublicWidget["name"]>();

type Mode = "closed" | "banner" | "settings";

/**
 * Everything a visitor's consent governs: the banner, the cookie settings, the placeholders of
 * the chat and voice widgets, and loading each third-party widget once its category is allowed.
 * Rendered only in the browser (a lazily loaded chunk), so every visitor gets the same page bytes.
 */
export default function ConsentHost({
  pathname,
  privatePage,
  startedOnPrivatePage,
}: {
  pathname: string;
  /** A page that carries a secret (app/lib/third-party-pages.ts): no widget, no banner. */
  privatePage: boolean;
  /**
   * This document was loaded as such a page: its CSP names no widget host, so no widget can run
   * in it, on any page; a move from one of its public pages is a full load (where they can).
   */
  startedOnPrivatePage: boolean;
}) {
  const [widgets, setWidgets] = useState<PublicWidget[] | null>(null);
  const [started, setStarted] = useState(() => loaded.size > 0);
  const widgetsMayRun = !privatePage && !startedOnPrivatePage;
  const [consent, setConsent] = useState<ConsentState>(readConsentState);
  const [mode, setMode] = useState<Mode>("closed");
  // Where focus goes back to when settings opened from the footer close.
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    widgetsRequest ??= fetchWidgets();
    let active = true;
    void widgetsRequest.then((list) => {
      if (active) setWidgets(list ?? []);
    });
    return () => {
      active = false;
    };
  }, []);

  const needed = widgets ? neededCategories(widgets) : [];
  const toAsk = categoriesToAsk(consent, needed);

  // A first visit, or a newly enabled integration of a category never asked about.
  useEffect(() => {
    if (widgets && toAsk.length > 0)
      setMode((current) => (current === "closed" ? "banner" : current));
  }, [widgets, toAsk.length]);

  useEffect(
    () =>
      onOpenCookieSettings(() => {
        opener.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        setMode("settings");
      }),
    [],
  );

  // Public pages only: no third-party script where a secret is on the page.
  useEffect(() => {
    if (!widgets || !widgetsMayRun) return;
    for (const widget of widgets) {
      if (loaded.has(widget.name) || !isGranted(consent, widgetCategory(widget))) continue;
      loaded.add(widget.name);
      setStarted(true);
      // Analytics counts the page it loads on; later moves are counted below.
      void loadWidget(widget, consent);
    }
  }, [widgets, consent, widgetsMayRun]);

  // A move inside the app to another public page: one page view (without the query).
  useEffect(() => {
    if (widgetsMayRun) sendPageView(pathname);
  }, [pathname, widgetsMayRun]);

  const choose = useCallback(
    (decisions: Decisions, { announce = true }: { announce?: boolean } = {}) => {
      const before = consent;
      const after: ConsentState = { ...before, choice: decide(before.choice, decisions) };
      writeConsentCookie(after.choice as NonNullable<ConsentState["choice"]>);
      setConsent(after);
      setMode("closed");
      const withdrawn = (Object.keys(decisions) as OptionalCategory[]).filter(
        (category) => !isGranted(after, category),
      );
      removeCategoryCookies(withdrawn);
      updateGoogleConsent(after);
      // What already runs cannot be unloaded: a reload stops it at once.
      const running = (widgets ?? []).some(
        (widget) => loaded.has(widget.name) && !isGranted(after, widgetCategory(widget)),
      );
      // What cannot start in this document (its policy forbids it) starts after a reload.
      const blocked =
        startedOnPrivatePage &&
        !privatePage &&
        (widgets ?? []).some((widget) => isGranted(after, widgetCategory(widget)));
      if (running || blocked) {
        window.location.reload();
        return;
      }
      if (opener.current?.isConnected) opener.current.focus();
      opener.current = null;
      if (announce) void showToast({ title: "Your cookie choices were saved." });
    },
    [consent, widgets, startedOnPrivatePage, privatePage],
  );

  if (!widgets) return null;
  const placeholders =
    mode === "closed" && !privatePage
      ? widgets.filter(
          (widget): widget is ChatWidget | VoiceWidget =>
            (widget.name === "chatwoot" || widget.name === "vapi") &&
            !isGranted(consent, widgetCategory(widget)),
        )
      : [];

  return (
    <>
      {!privatePage && (started || (startedOnPrivatePage && widgets.length > 0)) ? (
        <FullLoadAcrossSecretPages toPublicPages={startedOnPrivatePage} />
      ) : null}
      {mode !== "closed" && !(privatePage && mode === "banner") ? (
        <ConsentBanner
          widgets={widgets}
          consent={consent}
          needed={needed}
          toAsk={toAsk}
          view={mode === "settings" ? "settings" : "banner"}
          onSettings={() => setMode("settings")}
          onChoose={choose}
          onClose={
            toAsk.length === 0
              ? () => {
                  setMode("closed");
                  opener.current?.focus();
                  opener.current = null;
                }
              : () => setMode("banner")
          }
        />
      ) : null}
      {placeholders.map((widget) => (
        <WidgetPlaceholder
          key={widget.name}
          widget={widget}
          onAllow={() => {
            choose({ functional: true }, { announce: false });
            if (widget.name === "chatwoot") openChatWhenReady();
          }}
          onSettings={() => setMode("settings")}
        />
      ))}
    </>
  );
}

/**
 * A script that runs cannot be unloaded: while widgets run, a move to a page that carries a
 * secret (an invitation's token, the TOTP setup) is a full page load instead of a move inside the
 * app, so no widget sees that page and analytics never hears of it. In a document loaded as such
 * a page (whose policy lets no widget out), a move to a public page is a full load the other
 * way, so that its widgets can start. Mounted only on public pages, so it never meets the
 * admin's own blocker (unsaved changes).
 */
function FullLoadAcrossSecretPages({ toPublicPages }: { toPublicPages: boolean }) {
  const blocker = useBlocker(
    ({ nextLocation }) => allowsThirdPartyScripts(nextLocation.pathname) === toPublicPages,
  );
  useEffect(() => {
    if (blocker.state === "blocked") window.location.assign(createPath(blocker.location));
  }, [blocker]);
  return null;
}
