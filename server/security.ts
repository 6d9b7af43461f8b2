import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { Parser } from "htmlparser2";
import { CUSTOM_SCRIPT_TAG, type PublicWidget } from "~/content/widgets";
import { CROSS_SITE_REFUSAL, claimsAnotherSite } from "~/lib/same-origin.server";
import { allowsThirdPartyScripts } from "~/lib/third-party-pages";
import { hashSource } from "./page-csp";

export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

export interface WidgetSources {
  frame: string[];
  connect: string[];
}

// The voice SDK calls Vapi's API and runs the call over Daily (HTTPS, WebSocket, Daily's frames).
const voiceSources: WidgetSources = {
  frame: ["https://*.daily.co"],
  connect: ["https://api.vapi.ai", "https://*.daily.co", "wss://*.daily.co"],
};

// Google's documented hosts for GA4 (gtag.js sends its hits there); its pixels are under img-src https:.
const analyticsSources: WidgetSources = {
  frame: [],
  connect: [
    "https://*.google-analytics.com",
    "https://*.analytics.google.com",
    "https://*.googletagmanager.com",
  ],
};

/**
 * What the enabled widgets need beyond 'self': the chat widget renders an iframe from its own
 * server and talks to it over HTTP and WebSocket; the voice call reaches Vapi and Daily; Google
 * Analytics sends to Google's hosts. Scripts need nothing here: the widgets' scripts (gtag.js
 * too) are created by the app's own (nonced) code, which 'strict-dynamic' trusts.
 */
export function widgetCspSources(widgets: PublicWidget[]): WidgetSources {
  const frame = new Set<string>();
  const connect = new Set<string>();
  for (const widget of widgets) {
    if (widget.name === "chatwoot") {
      const { origin, protocol, host } = new URL(widget.baseUrl);
      frame.add(origin);
      connect.add(origin);
      connect.add(`${protocol === "https:" ? "wss:" : "ws:"}//${host}`);
    } else if (widget.name === "vapi" || widget.name === "google_analytics") {
      const sources = widget.name === "vapi" ? voiceSources : analyticsSources;
      for (const source of sources.frame) frame.add(source);
      for (const source of sources.connect) connect.add(source);
    }
  }
  return { frame: [...frame], connect: [...connect] };
}

/**
 * The text a browser runs for the custom-code integration, as `runCustomCode` in
 * app/components/widgets/load-widgets.ts gives it to the script element it creates: the body of a
 * `<script …>…</script>` tag, or the whole (trimmed) text. Line endings as an HTML parser leaves
 * them. Null for a tag with a `src`: an external script needs no hash.
 */
export function customCodeText(script: string): string | null {
  const text = script.trim();
  if (!CUSTOM_SCRIPT_TAG.test(text)) return text;
  let body = "";
  let depth: "before" | "inside" | "after" = "before";
  let external = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== "script" || depth !== "before") return;
        external = attributes.src !== undefined;
        depth = "inside";
      },
      ontext(data) {
        if (depth === "inside") body += data;
      },
      onclosetag(name) {
        if (name === "script" && depth === "inside") depth = "after";
      },
    },
    { decodeEntities: false },
  );
  parser.write(text);
  parser.end();
  if (external) return null;
  return body.replace(/\r\n?/g, "\n");
}

/**
 * SHA-256 sources for the inline scripts the widgets add (the custom code), for pages served
 * from the page cache, which carry no nonce. 'strict-dynamic' already trusts what the app's own
 * scripts create in Chromium; the hash makes the custom code run wherever the policy is read by
 * the letter.
 */
export function widgetScriptHashes(widgets: PublicWidget[]): string[] {
  const hashes: string[] = [];
  for (const widget of widgets) {
    if (widget.name !== "custom-code") continue;
    const text = customCodeText(widget.script);
    if (text) hashes.push(hashSource(text));
  }
  return hashes;
}

// Documents are what the policy governs; assets, health checks and APIs skip the lookup.
const NOT_A_PAGE = /^\/(?:assets\/|api\/|internal\/|healthz$|readyz$)|\.[a-z0-9]+$/i;

/**
 * Puts the enabled widgets' CSP sources in res.locals for securityHeaders, on the pages where
 * widgets may run. The list is the cached public projection, so a page costs no extra query; a
 * failure leaves the strict policy.
 */
export function widgetSources(list: () => Promise<PublicWidget[]>) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (
      (req.method === "GET" || req.method === "HEAD") &&
      !NOT_A_PAGE.test(req.path) &&
      // A page that carries a secret runs no widget, and its policy lets none reach out.
      allowsThirdPartyScripts(req.path)
    ) {
      try {
        res.locals.widgetSources = widgetCspSources(await list());
      } catch {
        // listPublicWidgets already logs and falls back; nothing to add here.
      }
    }
    next();
  };
}

function withWidgetSources(kind: keyof WidgetSources, always: string[]) {
  return (_req: unknown, res: unknown) => {
    const sources = ((res as Response).locals.widgetSources as WidgetSources | undefined)?.[kind];
    return ["'self'", ...always, ...(sources ?? [])].join(" ");
  };
}

/** Cloudflare Turnstile, when it is the bot check, renders its challenge in a frame of its own. */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";

/** Security headers; in development Vite injects inline scripts, so the CSP is left out there. */
export function securityHeaders({
  production,
  https,
  turnstile = false,
}: {
  production: boolean;
  https: boolean;
  turnstile?: boolean;
}) {
  const botCheck = turnstile ? [TURNSTILE_ORIGIN] : [];
  return helmet({
    contentSecurityPolicy: production
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: [
              (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
              "'strict-dynamic'",
            ],
            styleSrc: ["'self'", "'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:", "https:"],
            fontSrc: ["'self'"],
            connectSrc: [withWidgetSources("connect", botCheck)],
            frameSrc: [withWidgetSources("frame", botCheck)],
            // The bot check's proof-of-work runs in workers bundled with the app.
            workerSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: https ? [] : null,
          },
        }
      : false,
    strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  });
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * POSTs that another site's server sends by design and that a signature over the body, not a
 * cookie, authorises: SendGrid's Event Webhook (app/routes/resources/api-webhooks-sendgrid.ts
 * reads no cookie and refuses anything it cannot verify). The same-origin check protects cookie
 * sessions, which these never use, and a sender's HTTP client may send whatever Origin or Fetch
 * Metadata it likes; so these exact paths skip it, and nothing else does.
 */
export const SIGNED_WEBHOOK_PATHS: ReadonlySet<string> = new Set(["/api/webhooks/sendgrid"]);

/**
 * Refuses state-changing requests that a browser sent from another site. Requests without
 * browser headers (API clients with a key, the admin command) carry no cookies to abuse.
 * server/app.ts mounts one handler before this: the one-click unsubscribe (RFC 8058), which a
 * webmail client may POST from its own page; it takes exactly that request and nothing else
 * (server/one-click-unsubscribe.ts).
 */
export function sameOriginWrites(siteOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (req.method === "POST" && SIGNED_WEBHOOK_PATHS.has(req.path)) return next();
    if (claimsAnotherSite((name) => req.get(name), siteOrigin)) {
      res.status(403).json({ error: CROSS_SITE_REFUSAL });
      return;
    }
    next();
  };
}

/** better-auth's endpoints take a few short fields: the same cap as our own forms. */
export const AUTH_BODY_MAX_BYTES = 64 * 1024;

/**
 * Refuses a body over `maxBytes` before better-auth reads it (it would read any size): by its
 * Content-Length, which every browser sends for these calls, so one without it (a chunked
 * upload) is refused too.
 */
export function capBodies(maxBytes = AUTH_BODY_MAX_BYTES) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const length = req.get("content-length");
    if (length === undefined && req.get("transfer-encoding") !== undefined) {
      res.status(411).json({ error: "The request needs a Content-Length" });
      return;
    }
    if (Number(length ?? "0") > maxBytes) {
      res.status(413).json({ error: "The request is too large" });
      return;
    }
    next();
  };
}
