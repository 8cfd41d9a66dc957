import { localizePath, type Locale } from "~/i18n/locales";

/** The public origin: SITE_URL when set (behind proxies, for canonical links), else the request's own. */
export function siteOrigin(request: Request): string {
  const configured = process.env.SITE_URL?.trim().replace(/\/+$/, "");
  return configured || new URL(request.url).origin;
}

/** SITE_URL alone, for work done outside a request (rendering links as internal). */
export function configuredOrigin(): string | undefined {
  return process.env.SITE_URL?.trim().replace(/\/+$/, "") || undefined;
}

/** The canonical absolute URL of a page: Persian unprefixed, English under /en. */
export function pageUrl(origin: string, path: string, locale: Locale): string {
  return origin + localizePath(path, locale);
}

/** A site-relative URL ("/images/x.svg") made absolute; absolute URLs are returned as they are. */
export function absoluteUrl(origin: string, url: string): string {
  try {
    return new URL(url, origin + "/").href;
  } catch {
    return url;
  }
}
