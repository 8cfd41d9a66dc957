import { parseLocalizedPath } from "~/i18n/locales";
import { readCookie } from "~/lib/cookies";
import { isPublishedPage } from "./public-page.server";
import { visitorNameCookie } from "./visitor-name";
import { noteView, optsOut, visitLogWants, visitorNameOf } from "./visit-log.server";

/**
 * A view the page reports after a navigation inside the site (the server served no document for it). Noted like
 * a document view, from the same request details, when the address is a page the site has. Whether it was noted.
 */
export async function noteReportedView(request: Request, address: string, routePath: string): Promise<boolean> {
  const optedOut = optsOut(request.headers);
  if (!visitLogWants(optedOut) || !(await isPublishedPage(routePath))) return false;
  noteView({
    at: Date.now(),
    routePath,
    locale: parseLocalizedPath(routePath).locale,
    // Navigations inside the site come from the site itself.
    referrerHost: null,
    userAgent: request.headers.get("user-agent") ?? "",
    address,
    visitorName: visitorNameOf(readCookie(request.headers.get("cookie"), visitorNameCookie)),
    optedOut,
  });
  return true;
}
