/**
 * Which addresses are public pages, the ones the visit log counts: everything a visitor reads (home, posts,
 * pages, listings, tags, the logs) and not the dashboard, the account pages, the 403 page, the API, client
 * navigations' data requests or machine files. Shared by the HTTP front and by the page's own report of client
 * navigations, so both count the same pages.
 */
import { localizePath, parseLocalizedPath, type Locale } from "~/i18n/locales";

export interface PublicPage {
  locale: Locale;
  /** The canonical address, decoded: "/notes/x" for Persian (never "/fa/notes/x"), "/en/notes/x" for English. */
  routePath: string;
}

/** Page paths (without a locale prefix) that are not public pages; each covers what lies under it too. */
const privatePages = [
  "/manage",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/confirm-email",
  "/profile",
  "/403",
  "/preview",
  "/newsletter",
];
/** The longest address the log keeps; longer ones are not pages anyone links to. */
export const MAX_ROUTE_PATH = 512;

/** The public page an address names (its pathname, still percent-encoded or not), or null. */
export function publicPagePath(pathname: string): PublicPage | null {
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return null;
  if (pathname.startsWith("/api/") || pathname === "/api") return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname).normalize("NFC");
  } catch {
    return null;
  }
  // Client navigations' data requests. Files (feeds, the sitemap, images) are no HTML, which the front checks.
  if (decoded.endsWith(".data") || decoded.startsWith("/share-image/")) return null;
  // eslint-disable-next-line no-control-regex -- an address with control characters is no page
  if (decoded.length > MAX_ROUTE_PATH || /[\u0000-\u001f\u007f]/.test(decoded)) return null;
  const { locale, path } = parseLocalizedPath(decoded);
  // Routes match in any case: "/Manage" and "/en/PREVIEW/…" are those pages too.
  const lower = path.toLowerCase();
  if (privatePages.some((page) => lower === page || lower.startsWith(`${page}/`))) return null;
  return { locale, routePath: localizePath(path, locale) };
}
