/**
 * The `handle` of a route whose document is the same for every reader (the public content pages): the HTTP
 * front renders it as for an anonymous visitor, with nobody's session, and keeps it at its canonical address
 * (`cacheableDocumentAt`); who is signed in reaches the page after it, from the session's own call
 * (app/auth/session-user.ts).
 */
export const sharedDocument = { sharedDocument: true } as const;

/** Whether a route's `handle` says its document is the same for every reader. */
export function sharesDocument(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as { sharedDocument?: unknown }).sharedDocument === true;
}
