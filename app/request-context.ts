import { createContext } from "react-router";

/** What the HTTP server knows about a request that loaders and actions need. */
export interface RequestInfo {
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  /** The client's address (behind a proxy: from X-Forwarded-For when TRUST_PROXY is set). */
  ip: string;
  /** The document will be kept whole (the document cache): render all of it before sending any. */
  wholeDocument: boolean;
  /**
   * The document is the one every reader gets (server/document-cache.ts): rendered with nobody's session, so the
   * root leaves who is signed in to the session's own call.
   */
  sharedDocument: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({
  nonce: "",
  ip: "",
  wholeDocument: false,
  sharedDocument: false,
});
