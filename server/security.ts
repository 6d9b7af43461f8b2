import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}

/** Security headers; in development Vite injects inline scripts, so the CSP is left out there. */
export function securityHeaders({ production, https }: { production: boolean; https: boolean }) {
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
            connectSrc: ["'self'"],
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
 * Refuses state-changing requests that a browser sent from another site. Requests without
 * browser headers (API clients with a key, the admin command) carry no cookies to abuse.
 */
export function sameOriginWrites(siteOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const crossSite =
      fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (crossSite || (origin !== undefined && origin !== siteOrigin)) {
      res.status(403).json({ error: "Cross-site requests are not allowed" });
      return;
    }
    next();
  };
}
