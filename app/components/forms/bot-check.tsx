import type { AltchaWidgetElement } from "altcha";
import type {} from "altcha/types/react";
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import type { BotCheckConfig } from "~/lib/bot-check";
import { loadScript } from "~/lib/nonce";

export interface BotCheckHandle {
  /**
   * The token for a submission: at once when the check has passed, else when the running check
   * ends (started now if it is not running); "" when the check cannot pass.
   */
  token(): Promise<string>;
  /** Clears the check after a submission, so the next one needs a fresh proof. */
  reset(): void;
}

/** ALTCHA's element; its methods exist only once it has drawn the widget. */
type WidgetElement = HTMLElement &
  Partial<Pick<AltchaWidgetElement, "getState" | "reset" | "verify">>;

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
/**
 * How long a submission waits for a check that has not passed yet: a challenge or script that
 * stalls must end in "Verification Required", not in a form that says "Sending…" for ever.
 */
const TOKEN_WAIT_MS = 30_000;

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

/** The widget once ALTCHA has drawn it. */
function altchaReady(element: WidgetElement) {
  if (element.getState) return Promise.resolve();
  return new Promise<void>((resolve) =>
    element.addEventListener("load", () => resolve(), { once: true }),
  );
}

/** The check's latest token, and the submissions waiting for the running check to end. */
function createProof() {
  let current = "";
  const waiting: ((token: string) => void)[] = [];
  return {
    current: () => current,
    /** A token lapsed or cleared (reset, expired, a new check under way): nothing waits on it. */
    clear() {
      current = "";
    },
    /** The check ended, with its token or "" when it failed: the waiting submissions go on. */
    settle(token: string) {
      current = token;
      for (const resolve of waiting.splice(0)) resolve(token);
    },
    next: () => new Promise<string>((resolve) => waiting.push(resolve)),
  };
}

/** What starts the check: the visitor's first touch of the form, by keyboard, pointer or typing. */
const FIRST_INTERACTION = ["focusin", "pointerdown", "input"] as const;

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
 * site has its keys. Either puts its token in the form field `botCheck`. Neither loads nor runs
 * before the visitor first touches the form: on page load they would take a phone's main thread
 * and bytes from a visitor who only reads the page.
 */
export function BotCheck({
  config,
  ref,
}: {
  config: BotCheckConfig;
  ref?: React.Ref<BotCheckHandle>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<WidgetElement>(null);
  const turnstileBox = useRef<HTMLDivElement>(null);
  const turnstileId = useRef<string | undefined>(undefined);
  const [proof] = useState(createProof);
  const [started, setStarted] = useState(false);
  const [failed, setFailed] = useState(false);

  useImperativeHandle(ref, () => ({
    token() {
      if (proof.current()) return Promise.resolve(proof.current());
      if (failed) return Promise.resolve("");
      const next = proof.next();
      setStarted(true);
      // A widget already drawn but idle (reset, failed or expired) starts again; one still
      // loading starts by itself once drawn, and Turnstile runs its check by itself.
      const element = widget.current;
      if (config.provider === "altcha" && element?.getState?.() !== "verifying") {
        void element?.verify?.();
      }
      return Promise.race([
        next,
        new Promise<string>((resolve) => setTimeout(() => resolve(""), TOKEN_WAIT_MS)),
      ]);
    },
    reset() {
      proof.clear();
      if (config.provider === "altcha") widget.current?.reset?.();
      else window.turnstile?.reset(turnstileId.current);
    },
  }));

  useEffect(() => {
    if (started) return;
    const form = box.current?.closest("form");
    // A field focused before the page's script ran has already been touched.
    if (!form || form.contains(document.activeElement)) {
      setStarted(true);
      return;
    }
    const start = () => setStarted(true);
    for (const type of FIRST_INTERACTION) form.addEventListener(type, start, { passive: true });
    return () => {
      for (const type of FIRST_INTERACTION) form.removeEventListener(type, start);
    };
  }, [started]);

  useEffect(() => {
    if (config.provider !== "altcha" || !started) return;
    const element = widget.current;
    if (!element) return;
    let cancelled = false;
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === "verified") proof.settle(detail.payload ?? "");
      else if (detail.state === "error") proof.settle("");
      else proof.clear();
    };
    element.addEventListener("statechange", onState);
    loadAltcha()
      .then(() => altchaReady(element))
      .then(() => {
        // The touch that loaded the widget came before it could see it; later ones after a reset
        // it sees itself (auto="onfocus").
        if (!cancelled && element.getState?.() === "unverified") void element.verify?.();
      })
      .catch((error) => {
        console.warn("The security check could not be loaded", error);
        setFailed(true);
        proof.settle("");
      });
    return () => {
      cancelled = true;
      element.removeEventListener("statechange", onState);
    };
  }, [config.provider, started, proof]);

  useEffect(() => {
    if (config.provider !== "turnstile" || !started) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const render = async () => {
      loadTurnstileScript();
      const api = await waitForTurnstile();
      if (cancelled) return;
      if (!api || !turnstileBox.current) {
        setFailed(true);
        proof.settle("");
        retry = setTimeout(render, TURNSTILE_RETRY_MS);
        return;
      }
      setFailed(false);
      turnstileId.current = api.render(turnstileBox.current, {
        sitekey: config.siteKey,
        "response-field-name": "botCheck",
        callback: (token: string) => proof.settle(token),
        "expired-callback": () => proof.clear(),
        "error-callback": () => proof.settle(""),
      });
    };
    void render();
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [config, started, proof]);

  return (
    <div ref={box} className="space-y-2">
      {config.provider === "altcha" ? (
        // Its drawn height is kept from the start, so that the button below does not move when the
        // widget appears after the visitor's first touch (none of it is drawn without JavaScript).
        <altcha-widget
          ref={widget}
          className="block min-h-[70px] noscript:min-h-0"
          challenge={config.challengeUrl}
          name="botCheck"
          auto="onfocus"
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
