import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** The CSP nonce of this response on the server; empty in the browser, which hides it. */
export function useNonce() {
  return useContext(NonceContext);
}
