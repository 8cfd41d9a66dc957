import { readCookie } from "~/lib/cookies";

/**
 * A cookie the page's script can read, set and cleared with the session's own (which it cannot: HttpOnly) by the
 * HTTP front (server/session-hint.ts), with the same lifetime. It says only that this browser may hold a
 * session, so a document every reader shares asks who is signed in (`GET /api/auth/reader`) only when it does:
 * a visitor's page view stays one request. It grants nothing; the session cookie alone is checked.
 */
export const sessionHintName = "daftar_signed_in";

/** Whether a Cookie header (or document.cookie) holds the hint. */
export function hasSessionHint(cookie: string | null | undefined): boolean {
  return readCookie(cookie, sessionHintName) === "1";
}
