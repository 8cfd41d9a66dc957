/**
 * The browser's identity name travels to the server in a cookie the page keeps in step with the local identity
 * (its random name, or the account's once signed in), so the visit log can name views, documents served from
 * the cache included. It changes nothing on a page, so the document cache ignores it like the language cookie.
 */
import { readCookie, serializeCookie } from "~/lib/cookies";

export const visitorNameCookie = "visitor-name";

/** Sets, updates or removes the cookie; nothing happens when it already says `name`. Browser only. */
export function keepVisitorNameCookie(name: string | null): void {
  const current = readCookie(document.cookie, visitorNameCookie) ?? null;
  if (current === name) return;
  const secure = location.protocol === "https:";
  document.cookie = name
    ? serializeCookie(visitorNameCookie, name, { maxAge: 365 * 24 * 60 * 60, secure })
    : serializeCookie(visitorNameCookie, "", { maxAge: 0, secure });
}
