/** The page's side of the visit log, loaded on use by PageViewReporter. */
import { readCookie, serializeCookie } from "~/lib/cookies";
import { publicPagePath } from "./public-page-path";
import { visitorNameCookie } from "./visitor-name";

/** Tells the server that a public page was shown after a navigation inside the site. */
export async function reportView(pathname: string): Promise<void> {
  if (!publicPagePath(pathname)) return;
  await fetch("/api/traffic/view", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: pathname }),
  });
}

/** Sets, updates or removes the identity's name cookie; nothing happens when it already says `name`. */
export function keepVisitorNameCookie(name: string | null): void {
  if ((readCookie(document.cookie, visitorNameCookie) ?? null) === name) return;
  const secure = location.protocol === "https:";
  document.cookie = serializeCookie(visitorNameCookie, name ?? "", { maxAge: name ? 365 * 24 * 60 * 60 : 0, secure });
}
