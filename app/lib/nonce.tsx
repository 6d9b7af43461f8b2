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
