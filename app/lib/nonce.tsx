// The per-request CSP nonce, handed from the server entry to the document's <Scripts> and <ScrollRestoration>.
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
