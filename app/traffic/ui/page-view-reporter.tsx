import { useEffect } from "react";
import { useLocation } from "react-router";
import { useLocalProfile } from "~/keys/store";
import { readCookie } from "~/lib/cookies";
import { visitorNameCookie } from "../visitor-name";

/**
 * The address last counted: at first the document's own, which the server counted when it sent it. A remount
 * or a second run of the effect never reports a page twice.
 */
let counted = typeof window === "undefined" ? undefined : window.location.pathname + window.location.search;

// The reporting code is not part of the first load: it is fetched at the first navigation inside the site, or
// when the identity's name cookie needs writing.
const loadReport = () => import("../report-view");

/**
 * Reports the page views the server cannot see: navigations inside the site fetch data, not a document, and
 * data requests are also made for prefetching and refreshing, so they are not counted. Rendered only where the
 * page rendered without an error, so a 404 is not reported. Also keeps the identity's name in the cookie the
 * visit log reads.
 */
export function PageViewReporter() {
  const location = useLocation();
  const name = useLocalProfile()?.displayName ?? null;

  useEffect(() => {
    if ((readCookie(document.cookie, visitorNameCookie) ?? null) === name) return;
    void loadReport()
      .then((report) => report.keepVisitorNameCookie(name))
      .catch(() => undefined);
  }, [name]);

  useEffect(() => {
    const address = location.pathname + location.search;
    if (address === counted) return;
    counted = address;
    void loadReport()
      .then((report) => report.reportView(location.pathname))
      .catch(() => undefined);
  }, [location.pathname, location.search]);

  return null;
}
