import type {} from "altcha/types/react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import type { BotCheckConfig } from "~/lib/bot-check";
import { loadScript } from "~/lib/nonce";

export interface BotCheckHandle {
  /** Clears the check after a submission, so the next one needs a fresh proof. */
  reset(): void;
}

type WidgetElement = HTMLElement & { reset?: () => void };

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId?: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

/** The spec's timings for the third-party check: poll, give up, retry. */
const TURNSTILE_POLL_MS = 100;
const TURNSTILE_WAIT_MS = 30_000;
const TURNSTILE_RETRY_MS = 8_000;
const TURNSTILE_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit";

let altchaLoading: Promise<void> | undefined;

/** The widget, its proof-of-work worker and its styles load only where a form needs them. */
function loadAltcha() {
  altchaLoading ??= (async () => {
    const [, worker] = await Promise.all([
      import("altcha/external"),
      import("altcha/workers/pbkdf2?worker"),
      import("altcha/altcha.css"),
    ]);
    const registry = (window as unknown as { $altcha: { algorithms: Map<string, () => Worker> } })
      .$altcha;
    registry.algorithms.set("PBKDF2/SHA-256", () => new worker.default());
  })();
  altchaLoading.catch(() => {
    altchaLoading = undefined;
  });
  return altchaLoading;
}

let turnstileLoading: Promise<void> | undefined;

/** Adds the Turnstile script once; after a failure, the next retry adds it again. */
function loadTurnstileScript() {
  if (!turnstileLoading) {
    turnstileLoading = loadScript(TURNSTILE_SCRIPT).catch((error: unknown) => {
      turnstileLoading = undefined;
      console.warn("The Turnstile script could not be loaded", error);
    });
  }
  return turnstileLoading;
}

async function waitForTurnstile(): Promise<TurnstileApi | undefined> {
  const deadline = Date.now() + TURNSTILE_WAIT_MS;
  while (Date.now() < deadline) {
    if (window.turnstile) return window.turnstile;
    await new Promise((resolve) => setTimeout(resolve, TURNSTILE_POLL_MS));
  }
  return undefined;
}

/**
 * The contact form's bot check: ALTCHA's proof of work by default, Cloudflare Turnstile when the
 * site has its keys. Either puts its token in the form field `botCheck`; `onChange` reports it.
 */
export function BotCheck({
  config,
  onChange,
  ref,
}: {
  config: BotCheckConfig;
  onChange: (token: string) => void;
  ref?: React.Ref<BotCheckHandle>;
}) {
  const widget = useRef<WidgetElement>(null);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const turnstileId = useRef<string | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    reset() {
      onChangeRef.current("");
      if (config.provider === "altcha") widget.current?.reset?.();
      else window.turnstile?.reset(turnstileId.current);
    },
  }));

  useEffect(() => {
    if (config.provider !== "altcha") return;
    const element = widget.current;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      onChangeRef.current(detail.state === "verified" ? (detail.payload ?? "") : "");
    };
    element?.addEventListener("statechange", onState);
    loadAltcha().catch((error) => {
      console.warn("The security check could not be loaded", error);
      setFailed(true);
    });
    return () => element?.removeEventListener("statechange", onState);
  }, [config.provider]);

  useEffect(() => {
    if (config.provider !== "turnstile") return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const render = async () => {
      loadTurnstileScript();
      const api = await waitForTurnstile();
      if (cancelled) return;
      if (!api || !turnstileBox.current) {
        setFailed(true);
        retry = setTimeout(render, TURNSTILE_RETRY_MS);
        return;
      }
      setFailed(false);
      turnstileId.current = api.render(turnstileBox.current, {
        sitekey: config.siteKey,
        "response-field-name": "botCheck",
        callback: (token: string) => onChangeRef.current(token),
        "expired-callback": () => onChangeRef.current(""),
        "error-callback": () => onChangeRef.current(""),
      });
    };
    void render();
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [config]);

  return (
    <div className="space-y-2">
      {config.provider === "altcha" ? (
        <altcha-widget
          ref={widget}
          challenge={config.challengeUrl}
          name="botCheck"
          suppressHydrationWarning
        />
      ) : (
        <div ref={turnstileBox} />
      )}
      {failed ? (
        <p className="text-sm text-danger">
          The security check could not be loaded. Check your connection and reload the page.
        </p>
      ) : null}
      <noscript>
        <p className="text-sm text-muted">
          The security check needs JavaScript. Turn it on to send this form, or email us instead.
        </p>
      </noscript>
    </div>
  );
}
