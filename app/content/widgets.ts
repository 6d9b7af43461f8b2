/**
 * The contract between the server and the browser for the third-party widgets: what
 * GET /api/integrations answers, and the browser-side constants. Kept apart from the integration
 * catalogue so that the lazily loaded widget code does not carry the catalogue.
 */

export interface ChatWidget {
  name: "chatwoot";
  websiteToken: string;
  /** http(s) URL without a trailing slash. */
  baseUrl: string;
}

export interface VoiceWidget {
  name: "vapi";
  publicKey: string;
  assistantId: string;
  buttonText?: string;
  buttonPosition?: string;
  buttonOffset?: string;
  buttonSize?: string;
  idleColor?: string;
  loadingColor?: string;
  activeColor?: string;
}

/** The consent categories the admin can put the custom code in (default marketing). */
export const customCodeCategories = ["functional", "analytics", "marketing"] as const;
export type CustomCodeCategory = (typeof customCodeCategories)[number];

export interface CustomCodeWidget {
  name: "custom-code";
  script: string;
  category: CustomCodeCategory;
}

/** gtag.js, loaded only after analytics consent. */
export interface GoogleAnalyticsWidget {
  name: "google_analytics";
  /** `G-` followed by letters and digits. */
  measurementId: string;
}

/** A widget the public site loads (an enabled one whose load conditions hold), public fields only. */
export type PublicWidget = ChatWidget | VoiceWidget | CustomCodeWidget | GoogleAnalyticsWidget;

/** Google's tag, as Google documents it; the measurement ID is appended. */
export const gtagScriptUrl = "https://www.googletagmanager.com/gtag/js?id=";

/** The voice button where the admin left a field empty (spec: public site, section 9). */
export const voiceButtonDefaults = {
  position: "bottom-left",
  offset: "20px",
  size: "60px",
  idleColor: "rgb(93, 254, 202)",
  idleTitle: "Have a quick question?",
  idleSubtitle: "Talk with our AI assistant",
  loadingColor: "rgb(93, 124, 202)",
  loadingTitle: "Connecting...",
  loadingSubtitle: "Please wait",
  activeColor: "rgb(255, 0, 0)",
  activeTitle: "Call is in progress...",
  activeSubtitle: "End the call.",
} as const;

/** The public voice-assistant SDK (loaded from its CDN, as its vendor documents). */
export const voiceSdkUrl =
  "https://cdn.jsdelivr.net/gh/VapiAI/html-script-tag@latest/dist/assets/index.js";

/**
 * A custom-code script given as a whole `<script …>…</script>` tag (anything else runs as plain
 * JavaScript). The browser (load-widgets) and the page cache's hash of it (server/security.ts)
 * must read the admin's text the same way.
 */
export const CUSTOM_SCRIPT_TAG = /^<script\b[^>]*>[\s\S]*<\/script\s*>$/i;
