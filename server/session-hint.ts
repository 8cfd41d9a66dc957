/**
 * Keeps the session hint (app/auth/session-hint.ts) in step with the session cookie, for every answer the app
 * makes: an answer that sets the session cookie sets the hint with the same attributes but readable by the page's
 * script; one that clears it clears the hint. A request that holds a session cookie without the hint (a session
 * started before the hint existed) gets the hint with its answer, so its next shared document asks who it is.
 */
import type { Request as ExpressRequest } from "express";
import { sessionHintName, hasSessionHint } from "~/auth/session-hint";
import { sessionCookieName, sessionMaxAgeMs } from "~/auth/sessions.server";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { secureCookies } from "~/lib/site-origin.server";

/** The hint a Set-Cookie of the session cookie calls for: the same attributes, its value "1" or empty. */
function hintFor(setCookie: string): string | undefined {
  const [pair, ...attributes] = setCookie.split(";");
  const eq = pair!.indexOf("=");
  if (eq === -1 || pair!.slice(0, eq).trim() !== sessionCookieName) return undefined;
  const value = pair!.slice(eq + 1).trim() ? "1" : "";
  const kept = attributes.filter((attribute) => attribute.trim().toLowerCase() !== "httponly");
  return [`${sessionHintName}=${value}`, ...kept].join(";");
}

/** The answer's headers with the hint's Set-Cookie added where the session's calls for it. */
export function withSessionHint(req: ExpressRequest, request: Request, headers: Headers): [string, string][] {
  const entries = [...headers];
  const hints = headers
    .getSetCookie()
    .map(hintFor)
    .filter((hint) => hint !== undefined);
  const cookie = req.headers.cookie;
  if (!hints.length && readCookie(cookie, sessionCookieName) && !hasSessionHint(cookie)) {
    hints.push(
      serializeCookie(sessionHintName, "1", {
        secure: secureCookies(request),
        maxAge: Math.floor(sessionMaxAgeMs / 1000),
      }),
    );
  }
  return [...entries, ...hints.map((hint) => ["set-cookie", hint] as [string, string])];
}
