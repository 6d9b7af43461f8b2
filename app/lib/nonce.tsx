import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response on the server; empty in the browser, which hides it. */
export function useNonce() {
  return useContext(NonceContext);
}

/**
 * The page's CSP nonce, in the browser. Browsers hide it from the attribute once the page has
 * loaded, but a script element's nonce property keeps it; scripts the app adds carry it.
 */
export function pageNonce() {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "";
}

// 'strict-dynamic' already trusts scripts that the app's own nonced code creates (Chromium even
// inline ones), but the CSP3 inline check asks for the nonce and there is no 'unsafe-inline' to
// fall back on, so every script we add carries it.
export function withNonce(script: HTMLScriptElement) {
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  return script;
}

/** Adds an external script under the page's nonce; settles when it has loaded or failed. */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = withNonce(document.createElement("script"));
    script.src = src;
    script.async = true;
    script.addEventListener("load", () => resolve());
    script.addEventListener("error", () => reject(new Error(`${src} did not load`)));
    document.body.appendChild(script);
  });
}
