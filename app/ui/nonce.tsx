import { createContext, use } from "react";

/**
 * The request's CSP nonce, provided by entry.server. Browsers hide nonce attributes from scripts, so on the
 * client it is empty and React keeps the server's attribute.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return use(NonceContext);
}
