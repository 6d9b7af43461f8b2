import {
  type ChatWidget,
  CUSTOM_SCRIPT_TAG,
  type CustomCodeWidget,
  type PublicWidget,
  type VoiceWidget,
  voiceButtonDefaults,
  voiceSdkUrl,
} from "~/content/widgets";
import { loadScript, withNonce } from "~/lib/nonce";

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
    vapiSDK?: {
      run(options: { apiKey: string; assistant: string; config: VoiceButtonConfig }): unknown;
    };
  }
}

/** Fetches the widget list once and loads each widget; any failure is logged and the page goes on. */
export async function loadWidgets() {
  let widgets: unknown;
  try {
    const response = await fetch("/api/integrations", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`GET /api/integrations answered ${response.status}`);
    widgets = await response.json();
    if (!Array.isArray(widgets)) throw new Error("GET /api/integrations did not answer a list");
  } catch (error) {
    console.warn("Could not load the site widgets:", error);
    return;
  }
  await Promise.all(
    (widgets as PublicWidget[]).map(async (widget) => {
      try {
        await loadWidget(widget);
      } catch (error) {
        console.warn(`Could not load the ${widget.name} widget:`, error);
      }
    }),
  );
}

function loadWidget(widget: PublicWidget) {
  switch (widget.name) {
    case "chatwoot":
      return loadChat(widget);
    case "vapi":
      return loadVoice(widget);
    case "custom-code":
      return runCustomCode(widget);
    default:
      throw new Error("unknown widget type");
  }
}

async function loadChat(widget: ChatWidget) {
  const baseUrl = widget.baseUrl.replace(/\/+$/, "");
  await loadScript(`${baseUrl}/packs/js/sdk.js`);
  if (typeof window.chatwootSDK?.run !== "function") {
    throw new Error("the chat SDK did not define window.chatwootSDK");
  }
  window.chatwootSDK.run({ websiteToken: widget.websiteToken, baseUrl });
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
