import { type ConsentState, isGranted } from "~/consent/consent";
import {
  type ChatWidget,
  CUSTOM_SCRIPT_TAG,
  type CustomCodeWidget,
  type GoogleAnalyticsWidget,
  gtagScriptUrl,
  type PublicWidget,
  type VoiceWidget,
  voiceButtonDefaults,
  voiceSdkUrl,
} from "~/content/widgets";
import { loadScript, withNonce } from "~/lib/nonce";
import { allowsThirdPartyScripts } from "~/lib/third-party-pages";

interface VoiceButtonState {
  color: string;
  type: "pill";
  title: string;
  subtitle: string;
}

export interface VoiceButtonConfig {
  position: string;
  offset: string;
  width: string;
  height: string;
  idle: VoiceButtonState;
  loading: VoiceButtonState;
  active: VoiceButtonState;
}

declare global {
  interface Window {
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    $chatwoot?: { toggle(state?: "open" | "close"): void };
    vapiSDK?: {
      run(options: { apiKey: string; assistant: string; config: VoiceButtonConfig }): unknown;
    };
  }
}

/** The enabled integrations the public site may load, or null when the list could not be had. */
export async function fetchWidgets(): Promise<PublicWidget[] | null> {
  try {
    const response = await fetch("/api/integrations", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET /api/integrations answered ${response.status}`);
    const widgets: unknown = await response.json();
    if (!Array.isArray(widgets)) throw new Error("GET /api/integrations did not answer a list");
    return widgets as PublicWidget[];
  } catch (error) {
    console.warn("Could not load the site widgets:", error);
    return null;
  }
}

/**
 * Loads one widget the visitor has allowed; a failure is logged and the page goes on. Callers
 * make sure each widget is loaded at most once per page.
 */
export async function loadWidget(widget: PublicWidget, consent: ConsentState) {
  try {
    switch (widget.name) {
      case "chatwoot":
        return await loadChat(widget);
      case "vapi":
        return await loadVoice(widget);
      case "custom-code":
        return runCustomCode(widget);
      case "google_analytics":
        return await loadGoogleAnalytics(widget, consent);
      default:
        throw new Error("unknown widget type");
    }
  } catch (error) {
    console.warn(`Could not load the ${widget.name} widget:`, error);
  }
}

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Consent Mode v2 signals for a visitor's choice (analytics and marketing). */
export function googleConsent(consent: ConsentState) {
  const value = (granted: boolean) => (granted ? "granted" : "denied");
  const marketing = value(isGranted(consent, "marketing"));
  return {
    analytics_storage: value(isGranted(consent, "analytics")),
    ad_storage: marketing,
    ad_user_data: marketing,
    ad_personalization: marketing,
  };
}

/**
 * gtag.js as Google documents it, with Consent Mode v2: everything denied by default, then
 * updated to the visitor's choice before the tag's first hit.
 */
async function loadGoogleAnalytics(widget: GoogleAnalyticsWidget, consent: ConsentState) {
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js reads the Arguments object itself, not an array.
    // biome-ignore lint/complexity/noArguments: the documented gtag snippet
    window.dataLayer?.push(arguments);
  };
  window.gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    wait_for_update: 500,
  });
  window.gtag("consent", "update", googleConsent(consent));
  window.gtag("js", new Date());
  // Page views are ours to send (sendPageView), each with an address we chose.
  window.gtag("config", widget.measurementId, { send_page_view: false });
  sendPageView();
  await loadScript(`${gtagScriptUrl}${encodeURIComponent(widget.measurementId)}`);
}

/**
 * The address analytics is told for a page: no query (a token, an address, a search) and no
 * fragment; a page that carries a secret (app/lib/third-party-pages.ts) is only the site.
 */
export function analyticsAddress(href: string): string {
  try {
    const url = new URL(href);
    return allowsThirdPartyScripts(url.pathname) ? `${url.origin}${url.pathname}` : url.origin;
  } catch {
    return "";
  }
}

/** The address of the last page view sent: a page is counted once however often it is asked. */
let lastPageView: string | null = null;

/**
 * A page view for the page at `pathname` (the one shown now), when Google Analytics was loaded
 * (and allowed). gtag.js would otherwise send the full address, and the referrer (a link from an
 * invitation is one). Every later event of the tag (scrolls, clicks) carries the same addresses.
 */
export function sendPageView(pathname = window.location.pathname) {
  if (!window.gtag) return;
  const location = analyticsAddress(new URL(pathname, window.location.origin).href);
  if (location === lastPageView) return;
  lastPageView = location;
  const addresses = {
    page_location: location,
    page_referrer: document.referrer ? analyticsAddress(document.referrer) : "",
  };
  window.gtag("set", addresses);
  window.gtag("event", "page_view", addresses);
}

/** Tells a loaded gtag.js about a changed choice (it stops using its cookies when denied). */
export function updateGoogleConsent(consent: ConsentState) {
  window.gtag?.("consent", "update", googleConsent(consent));
}

async function loadChat(widget: ChatWidget) {
  const baseUrl = widget.baseUrl.replace(/\/+$/, "");
  await loadScript(`${baseUrl}/packs/js/sdk.js`);
  if (typeof window.chatwootSDK?.run !== "function") {
    throw new Error("the chat SDK did not define window.chatwootSDK");
  }
  window.chatwootSDK.run({ websiteToken: widget.websiteToken, baseUrl });
}

/** Opens the chat window once the chat SDK says it is ready (after "Allow and chat"). */
export function openChatWhenReady() {
  window.addEventListener("chatwoot:ready", () => window.$chatwoot?.toggle("open"), { once: true });
}

/** The call button: the admin's values where set, the spec's defaults elsewhere. */
export function voiceButtonConfig(widget: VoiceWidget): VoiceButtonConfig {
  const d = voiceButtonDefaults;
  const size = widget.buttonSize || d.size;
  return {
    position: widget.buttonPosition || d.position,
    offset: widget.buttonOffset || d.offset,
    width: size,
    height: size,
    idle: {
      color: widget.idleColor || d.idleColor,
      type: "pill",
      title: widget.buttonText || d.idleTitle,
      subtitle: d.idleSubtitle,
    },
    loading: {
      color: widget.loadingColor || d.loadingColor,
      type: "pill",
      title: d.loadingTitle,
      subtitle: d.loadingSubtitle,
    },
    active: {
      color: widget.activeColor || d.activeColor,
      type: "pill",
      title: d.activeTitle,
      subtitle: d.activeSubtitle,
    },
  };
}

async function loadVoice(widget: VoiceWidget) {
  await loadScript(voiceSdkUrl);
  if (typeof window.vapiSDK?.run !== "function") {
    throw new Error("the voice SDK did not define window.vapiSDK");
  }
  window.vapiSDK.run({
    apiKey: widget.publicKey,
    assistant: widget.assistantId,
    config: voiceButtonConfig(widget),
  });
}

/**
 * Runs the admin's script: a `<script …>…</script>` tag keeps its attributes and body, any other
 * text runs as an inline script. A script inserted through innerHTML would never run, hence the
 * copy into a created element.
 */
function runCustomCode(widget: CustomCodeWidget) {
  for (const earlier of document.querySelectorAll("script[data-custom-code]")) earlier.remove();
  const text = widget.script.trim();
  const script = document.createElement("script");
  if (CUSTOM_SCRIPT_TAG.test(text)) {
    const parsed = new DOMParser().parseFromString(text, "text/html").querySelector("script");
    if (!parsed) throw new Error("the custom script tag could not be parsed");
    for (const attribute of Array.from(parsed.attributes)) {
      // The page's nonce is the only one that can work.
      if (attribute.name !== "nonce") script.setAttribute(attribute.name, attribute.value);
    }
    script.text = parsed.text;
  } else {
    script.text = text;
  }
  script.setAttribute("data-custom-code", "");
  withNonce(script);
  if (script.src) {
    script.addEventListener("error", () =>
      console.warn(`Could not load the custom-code script ${script.src}`),
    );
  }
  document.body.appendChild(script);
}
